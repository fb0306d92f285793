import { rmSync } from 'node:fs';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { AuditEntry } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import { runtimeConfigSchema, type AppConfig } from '@ray/shared/schemas/config';
import { LocalFileStorage } from '../../lib/storage';
import { web as webPlugin } from '../../plugins/web';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';
import { fakeWebBuild } from '../../test/web-build';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;

let web: string;

beforeAll(async () => {
  // A server bundle that renders the home page only: the others go out as the plain app.
  const build = fakeWebBuild(
    `export function configureServerRendering() {}
     export function pageAddress(url) { return url === '/' ? url : null; }
     export async function renderPage(url) { return { head: '', html: '<p>rendered ' + url + '</p>', state: '{}' }; }`,
  );
  web = build.dir;
  t = await createTestApp({ WEB_DIST_DIR: build.distDir });
  admin = await registerWithRole(t, 'admin');
  moderator = await registerWithRole(t, 'moderator');
  member = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});
afterEach(async () => {
  await offer(admin, { darkMode: false });
});

function offer(user: TestUser | null, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/config',
    headers: user ? bearer(user.token) : {},
    payload,
  });
}

async function runtimeDarkMode(): Promise<boolean> {
  const response = await t.app.inject({ method: 'GET', url: '/config/env.js' });
  const sandbox: { window: { __APP_CONFIG__?: unknown } } = { window: {} };
  vm.runInNewContext(response.body, sandbox);
  return runtimeConfigSchema.parse(sandbox.window.__APP_CONFIG__).features.darkMode;
}

/** The page's `<html>` tag, read from each copy the server sends: plain, gzip and brotli. */
async function htmlTags(url: string): Promise<string[]> {
  const tags: string[] = [];
  for (const encoding of ['identity', 'gzip', 'br']) {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    const body =
      response.headers['content-encoding'] === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : response.rawPayload;
    tags.push(/<html[^>]*>/.exec(body.toString('utf8'))?.[0] ?? '');
  }
  return tags;
}

describe('the dark theme offered by admins', () => {
  it('is off by default: no page says it is offered, nor the runtime configuration', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<AppConfig>().darkMode).toBe(false);
    expect(await runtimeDarkMode()).toBe(false);
    for (const url of ['/', '/settings'])
      for (const tag of await htmlTags(url)) expect(tag).toBe('<html lang="ar" dir="rtl">');
  });

  it('is switched by admins only: 401 for a visitor, 403 for a user or a moderator', async () => {
    expect((await offer(null, { darkMode: true })).statusCode).toBe(401);
    for (const user of [member, moderator]) {
      const refused = await offer(user, { darkMode: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorResponse>().message).toBe(msg.forbidden);
    }
    expect(await runtimeDarkMode()).toBe(false);
  });

  it('refuses a value that is not true or false with 400 in Arabic', async () => {
    const response = await offer(admin, { darkMode: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors).toEqual({ darkMode: [msg.invalidValue] });
  });

  it('once on, every page and the runtime configuration say so at once, rendered or not; off again, none', async () => {
    const on = await offer(admin, { darkMode: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<AppConfig>().darkMode).toBe(true);
    expect(await runtimeDarkMode()).toBe(true);
    for (const url of ['/', '/settings']) {
      for (const tag of await htmlTags(url))
        expect(tag).toBe('<html data-dark-mode="on" lang="ar" dir="rtl">');
    }
    // The maintenance switch leaves it as it is.
    await offer(admin, { maintenanceMode: false });
    expect(await runtimeDarkMode()).toBe(true);

    await offer(admin, { darkMode: false });
    expect(await runtimeDarkMode()).toBe(false);
    for (const url of ['/', '/settings'])
      for (const tag of await htmlTags(url)) expect(tag).toBe('<html lang="ar" dir="rtl">');
  });

  it('records who offered it and who took it back in the audit log', async () => {
    await offer(admin, { darkMode: true });
    await offer(admin, { darkMode: false });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?pageSize=2',
      headers: bearer(admin.token),
    });
    const [off, on] = log.json<Paged<AuditEntry>>().items;
    expect(on).toMatchObject({ action: 'config.update', targetType: 'config', details: { darkMode: true } });
    expect(off).toMatchObject({ action: 'config.update', details: { darkMode: false } });
    expect(on?.actorId).toBe(admin.userId);
  });

  it('leaves the pages light, and answered, while the setting cannot be read', async () => {
    const app = Fastify();
    const build = fakeWebBuild('export {}');
    try {
      await app.register(webPlugin, {
        storage: new LocalFileStorage(build.dir),
        webDistDir: build.distDir,
        runtimeConfig: () => ({
          apiBaseUrl: '',
          identityBaseUrl: '',
          socialProviders: [],
          features: { darkMode: false, beta: false },
          infiniteScroll: { feedPx: 500, listPx: 800 },
          ads: { autoRefresh: false, refreshIntervalMs: 30_000 },
        }),
        pageBudget: async () => 0,
        darkMode: () => Promise.reject(new Error('the database is away')),
      });
      const page = await app.inject({ method: 'GET', url: '/trends' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="ar" dir="rtl">');
    } finally {
      await app.close();
      rmSync(build.dir, { recursive: true, force: true });
    }
  });
});
