import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { appConfigSchema, runtimeConfigSchema } from '@ray/shared/schemas/config';
import { THEME_SCRIPT } from '@ray/shared/theme';
import { loadEnv } from './env';
import { registerConfirmed } from './test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from './test/test-app';

interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com, Chief@Example.COM, Deputy@Example.COM' });
  admin = await registerConfirmed(t, { email: 'boss@example.com' });
  member = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('health', () => {
  it('answers GET /api/health with 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers GET /api/ready with 200 while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', database: 'up' });
  });
});

describe('security headers', () => {
  // Pages themselves are checked with the web app's files (web-app-files.test.ts), which these tests do not build.
  const pages = [{ name: 'the runtime configuration script', url: '/config/env.js', status: 200 }];
  const answers = [
    { name: 'an API route', method: 'GET' as const, url: '/api/health', status: 200 },
    { name: 'an unknown API route', method: 'GET' as const, url: '/api/no-such-route', status: 404 },
    { name: 'a refused request', method: 'GET' as const, url: '/api/users/profile', status: 401 },
    { name: 'a failed validation', method: 'POST' as const, url: '/api/account/login', status: 400 },
  ];

  it.each(pages)('puts a strict policy on $name', async ({ url, status }) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const csp = directives(response.headers['content-security-policy']);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain('*');
    // The theme's script, which must run before the first paint, is the only inline one, allowed by its hash.
    expect(scriptSrc).toEqual([
      "'self'",
      "'sha256-" + createHash('sha256').update(THEME_SCRIPT).digest('base64') + "'",
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // No inline style attribute but two fixed, hashed ones; only style elements may be inline (the scroll lock).
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('style-src-attr')).toEqual([
      "'unsafe-hashes'",
      "'sha256-" + createHash('sha256').update('outline:none').digest('base64') + "'",
      "'sha256-" + createHash('sha256').update('animation-duration:0s').digest('base64') + "'",
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.each(answers)('lets $name load nothing and be framed nowhere', async ({ method, url, status }) => {
    const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(status);
    const csp = directives(response.headers['content-security-policy']);
    expect([...csp.keys()]).toEqual(['default-src', 'frame-ancestors']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps the API documentation under the policy of pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(directives(response.headers['content-security-policy']).get('object-src')).toEqual(["'none'"]);
  });

  it.each(['/verify-email?token=secret', '/reset-password?token=secret&email=a%40b.co'])(
    'lets nothing loaded from %s repeat its address as the Referer',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('does not announce the framework', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('grants no cross-origin access unless origins are configured', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses requests past the limit with 429, Retry-After and an Arabic message, with security headers', async () => {
    const address = '10.250.0.1';
    for (let i = 1; i <= 3; i++) {
      const response = await limited.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: address,
      });
      expect(response.statusCode, `request ${i}`).toBe(200);
      expect(Object.keys(response.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    const refused = await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: msg.rateLimited,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(refused.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);

    const other = await limited.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.250.0.2',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers %s on an unknown /api route with 404 JSON in Arabic',
    async (method) => {
      const response = await t.app.inject({ method, url: '/api/does-not-exist/42' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<ErrorBody>()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: serverMsg.routeNotFound,
      });
    },
  );

  it('answers an unknown upload with 404, not a page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/uploads/avatar/0123456789abcdef0123456789abcdef.webp',
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses to serve files outside the uploads folder', async () => {
    mkdirSync(path.join(t.env.DATA_DIR, 'uploads', 'avatar'), { recursive: true });
    writeFileSync(path.join(t.env.DATA_DIR, 'uploads', 'avatar', 'inside.txt'), 'PUBLIC-FILE');
    writeFileSync(path.join(t.env.DATA_DIR, 'outside.txt'), 'TOP-SECRET');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatar/inside.txt' })).body).toBe(
      'PUBLIC-FILE',
    );
    for (const url of [
      '/uploads/../outside.txt',
      '/uploads/avatar/../../outside.txt',
      '/uploads/%2e%2e/outside.txt',
      '/uploads/..%2foutside.txt',
      '/uploads/avatar/..%2f..%2foutside.txt',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('TOP-SECRET');
    }
  });

  it('refuses dot-files in the uploads folder', async () => {
    mkdirSync(path.join(t.env.DATA_DIR, 'uploads'), { recursive: true });
    writeFileSync(path.join(t.env.DATA_DIR, 'uploads', '.hidden'), 'HIDDEN');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/.hidden' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('HIDDEN');
  });
});

describe('runtime configuration script', () => {
  it('sets window.__APP_CONFIG__ to a valid configuration, fresh on every load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config/env.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const sandbox: { window: { __APP_CONFIG__?: unknown } } = { window: {} };
    vm.runInNewContext(response.body, sandbox);
    const config = runtimeConfigSchema.parse(sandbox.window.__APP_CONFIG__);
    expect(config.features).toEqual({ darkMode: false, beta: false });
    // Spec section 9: infinite-scroll thresholds 500 and 800; ads auto-refresh off, interval 30000 ms.
    expect(config.infiniteScroll).toEqual({ feedPx: 500, listPx: 800 });
    expect(config.ads).toEqual({ autoRefresh: false, refreshIntervalMs: 30_000 });
  });

  it('serves the infinite-scroll thresholds and the ads auto-refresh set in the environment', async () => {
    const configured = await createTestApp({
      INFINITE_SCROLL_FEED_PX: '300',
      INFINITE_SCROLL_LIST_PX: '1200',
      ADS_AUTO_REFRESH: 'true',
      ADS_REFRESH_INTERVAL_MS: '45000',
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/config/env.js' });
      const sandbox: { window: { __APP_CONFIG__?: unknown } } = { window: {} };
      vm.runInNewContext(response.body, sandbox);
      const config = runtimeConfigSchema.parse(sandbox.window.__APP_CONFIG__);
      expect(config.infiniteScroll).toEqual({ feedPx: 300, listPx: 1200 });
      expect(config.ads).toEqual({ autoRefresh: true, refreshIntervalMs: 45_000 });
    } finally {
      await configured.close();
    }
  });

  it('refuses to start with an ads refresh interval under 5 seconds', () => {
    expect(() => loadEnv({ DATA_DIR: '/tmp/ray-env-test', ADS_REFRESH_INTERVAL_MS: '100' })).toThrow(
      /ADS_REFRESH_INTERVAL_MS/,
    );
  });
});

describe('remote configuration', () => {
  const put = (payload: object, token?: string) =>
    t.app.inject({ method: 'PUT', url: '/api/config', headers: token ? bearer(token) : {}, payload });
  const get = () => t.app.inject({ method: 'GET', url: '/api/config' });

  it('returns the maintenance flag, message and support contact, maintenance off by default', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const config = appConfigSchema.strict().parse(response.json());
    expect(config.maintenanceMode).toBe(false);
    expect(config.maintenanceMessage.length).toBeGreaterThan(0);
    expect(config.supportContact).toBe(t.env.SUPPORT_EMAIL);
  });

  it('makes the confirmed addresses of ADMIN_EMAILS admins, whatever their letter case', async () => {
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(admin.token),
    });
    expect(profile.json<{ role: string }>().role).toBe('admin');
    const chief = await registerConfirmed(t, { email: 'chief@example.com' });
    const chiefProfile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(chief.token),
    });
    expect(chiefProfile.json<{ role: string }>().role).toBe('admin');
    // Listed but not confirmed: no role yet.
    const deputy = await registerUser(t.app, { email: 'deputy@example.com' });
    const deputyProfile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(deputy.token),
    });
    expect(deputyProfile.json<{ role: string }>().role).toBe('user');
    const memberProfile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(member.token),
    });
    expect(memberProfile.json<{ role: string }>().role).toBe('user');
  });

  it('answers a visitor with 401', async () => {
    const response = await put({ maintenanceMode: true });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().code).toBe('UNAUTHORIZED');
  });

  it('answers a signed-in user who is not an admin with 403', async () => {
    const response = await put({ maintenanceMode: true }, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ success: false, code: 'FORBIDDEN', message: msg.forbidden });
    expect((await get()).json<{ maintenanceMode: boolean }>().maintenanceMode).toBe(false);
  });

  it('lets an admin turn maintenance on and off, and the next read shows it', async () => {
    const message = 'صيانة مجدولة حتى الساعة العاشرة مساءً';
    const response = await put({ maintenanceMode: true, maintenanceMessage: message }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ maintenanceMode: true, maintenanceMessage: message });

    const read = await get();
    expect(read.json()).toEqual({
      maintenanceMode: true,
      maintenanceMessage: message,
      supportContact: t.env.SUPPORT_EMAIL,
      darkMode: false,
    });

    const off = await put({ maintenanceMode: false }, admin.token);
    expect(off.statusCode).toBe(200);
    expect((await get()).json()).toEqual({
      maintenanceMode: false,
      maintenanceMessage: message,
      supportContact: t.env.SUPPORT_EMAIL,
      darkMode: false,
    });
  });

  it('refuses a bad change from an admin with 400 in Arabic', async () => {
    const response = await put({ maintenanceMode: 'yes', maintenanceMessage: '' }, admin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({
      maintenanceMode: [msg.invalidValue],
      maintenanceMessage: [msg.invalidValue],
    });
    expect((await get()).json<{ maintenanceMode: boolean }>().maintenanceMode).toBe(false);
  });
});

describe('API documentation', () => {
  it('serves the documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('lists the identity and main API routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/account/login'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/users/profile'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
    expect(document.paths['/config/env.js']).toBeUndefined();
  });
});

describe('request size', () => {
  it('answers a JSON body over 100 KB with 413, never 500', async () => {
    const payload = JSON.stringify({ username: 'sara@example.com', password: 'x'.repeat(150 * 1024) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: msg.payloadTooLarge,
    });
  });

  it('answers a large JSON body on a signed-in route with 413 too', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(member.token),
      payload: { firstName: 'سارة', bio: 'ب'.repeat(120 * 1024) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const payload = JSON.stringify({
      username: 'sara@example.com',
      password: 'Secret123',
      padding: 'x'.repeat(90 * 1024),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: '127.8.0.1',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('body types', () => {
  it('refuses a multipart body on a route that reads JSON with 415 and the Arabic message', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...bearer(member.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="bio"\r\n\r\nمرحبا\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: serverMsg.badJson,
    });
  });
});

describe('draining before shutdown', () => {
  it('refuses new requests with 503, Retry-After and Connection: close, but still reports health', async () => {
    const own = await createTestApp();
    try {
      const before = await own.app.inject({ method: 'GET', url: '/api/posts/paginated' });
      expect(before.statusCode).toBe(200);
      own.app.drain();
      const refused = await own.app.inject({ method: 'GET', url: '/api/posts/paginated' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers.connection).toBe('close');
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: msg.serviceUnavailable,
      });
      const ready = await own.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      const health = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      await own.close();
    }
  });
});
