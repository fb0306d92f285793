import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const page = '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>\n';
const manifest = `${JSON.stringify({ name: 'رأي', short_name: 'رأي', dir: 'rtl', lang: 'ar', start_url: '/' })}\n`;
const worker = 'self.addEventListener("fetch", () => {});\n';
const offline = '<!doctype html><html lang="ar" dir="rtl"><body><h1>غير متصل</h1></body></html>\n';
// The PNG signature and nothing else: the route's content type comes from the name.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ray-web-app-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(dist, 'manifest.webmanifest.br'), brotliCompressSync(manifest));
  writeFileSync(path.join(dist, 'sw.js'), worker);
  writeFileSync(path.join(dist, 'offline.html'), offline);
  writeFileSync(path.join(dist, 'icons/icon-192.png'), png);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the installable app', () => {
  it('sends the web app manifest as application/manifest+json, revalidated on each visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'رأي', dir: 'rtl', lang: 'ar' });

    const compressed = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(manifest);
  });

  it('sends the service worker as JavaScript with no-cache, so the browser finds a new version at once', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(worker);
    // Served from the root, its default scope is the whole site: no widening header is needed or sent.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });

  it('lets the pages load the worker and the manifest from this origin, and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const policy = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources] as const;
        }),
    );
    // worker-src falls back to child-src, then script-src; manifest-src to default-src.
    const workerSources =
      policy.get('worker-src') ??
      policy.get('child-src') ??
      policy.get('script-src') ??
      policy.get('default-src');
    const manifestSources = policy.get('manifest-src') ?? policy.get('default-src');
    expect(workerSources).toEqual(["'self'"]);
    expect(manifestSources).toEqual(["'self'"]);
  });

  it('sends the offline page and the icons from the top of the build, revalidated', async () => {
    const offlinePage = await t.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offlinePage.statusCode).toBe(200);
    expect(offlinePage.headers['content-type']).toMatch(/^text\/html/);
    expect(offlinePage.headers['cache-control']).toBe('no-cache');
    expect(offlinePage.body).toContain('غير متصل');

    const icon = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.rawPayload.equals(png)).toBe(true);
  });

  it('keeps a missing icon a 404 with an Arabic message, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/icons/icon-999.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
  });
});
