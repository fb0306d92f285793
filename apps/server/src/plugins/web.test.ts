import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const script = `console.log(${JSON.stringify('رأي '.repeat(400))});\n`;
const page = '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>\n';

let t: TestApp;
let dist: string;

function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ray-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), page);
  writeWithCopies(path.join(dist, 'assets/app-3f9a1c.js'), script);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('sends the best compressed copy the browser accepts, cached for good since its name is hashed', async () => {
    const url = '/assets/app-3f9a1c.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers every page address with the app, revalidated on each visit, for GET and HEAD', async () => {
    const home = await t.app.inject({
      method: 'GET',
      url: '/posts/42',
      headers: { 'accept-encoding': 'br' },
    });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(page);

    const head = await t.app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths and missing files as 404s with an Arabic message', async () => {
    for (const url of ['/api/unknown', '/assets/missing-1234.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
