import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { AuditEntry } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import type { AppConfig } from '@ray/shared/schemas/config';
import { registerWithRole } from '../../test/roles';
import {
  bearer,
  createTestApp,
  eventually,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { BUILT_PAGE, fakeWebBuild } from '../../test/web-build';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;

const MESSAGE = 'نحدّث خوادم رأي الليلة، ونعود خلال ساعة بإذن الله';

let web: string;

beforeAll(async () => {
  // A server bundle that renders every page as a line naming it.
  const build = fakeWebBuild(
    `export function configureServerRendering() {}
     export function pageAddress(url) { return url; }
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
  await setMaintenance(admin, { maintenanceMode: false });
});

function call(user: TestUser | null, options: InjectOptions, app = t.app) {
  return app.inject({ ...options, headers: { ...options.headers, ...(user ? bearer(user.token) : {}) } });
}

function setMaintenance(user: TestUser | null, payload: object) {
  return call(user, { method: 'PUT', url: '/api/config', payload });
}

async function turnOn() {
  const response = await setMaintenance(admin, { maintenanceMode: true, maintenanceMessage: MESSAGE });
  expect(response.statusCode, response.body).toBe(200);
}

function expectMaintenance(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json<ErrorResponse>()).toEqual({ success: false, code: 'MAINTENANCE', message: MESSAGE });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('maintenance mode', () => {
  it('is switched by admins only: 401 for a visitor, 403 for a user or a moderator, and nothing changes', async () => {
    expect((await setMaintenance(null, { maintenanceMode: true })).statusCode).toBe(401);
    for (const user of [member, moderator]) {
      const refused = await setMaintenance(user, { maintenanceMode: true, maintenanceMessage: MESSAGE });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorResponse>()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: msg.forbidden,
      });
    }
    const config = await call(null, { method: 'GET', url: '/api/config' });
    expect(config.json<AppConfig>().maintenanceMode).toBe(false);
    expect((await call(null, { method: 'GET', url: '/api/posts/paginated' })).statusCode).toBe(200);
  });

  it('refuses an empty or overlong message from an admin with 400 in Arabic', async () => {
    for (const maintenanceMessage of ['   ', 'ص'.repeat(501)]) {
      const response = await setMaintenance(admin, { maintenanceMode: true, maintenanceMessage });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().errors).toEqual({ maintenanceMessage: [msg.invalidValue] });
    }
    expect((await call(null, { method: 'GET', url: '/api/posts/paginated' })).statusCode).toBe(200);
  });

  it('records who switched it on and off, with the message, in the audit log', async () => {
    await turnOn();
    await setMaintenance(admin, { maintenanceMode: false });
    const log = await call(admin, { method: 'GET', url: '/api/admin/audit-log?pageSize=2' });
    const [off, on] = log.json<Paged<AuditEntry>>().items;
    expect(on).toMatchObject({
      action: 'config.update',
      targetType: 'config',
      targetId: 'app-config',
      details: { maintenanceMode: true, maintenanceMessage: MESSAGE },
    });
    expect(off).toMatchObject({ action: 'config.update', details: { maintenanceMode: false } });
    expect(on?.actorId).toBe(admin.userId);
  });

  it('answers visitors, users and moderators 503 with the admins’ message while it is on', async () => {
    await turnOn();
    expectMaintenance(await call(null, { method: 'GET', url: '/api/posts/paginated' }));
    expectMaintenance(await call(null, { method: 'GET', url: '/api/posts/trending/paginated' }));
    expectMaintenance(await call(member, { method: 'GET', url: '/api/posts/paginated' }));
    expectMaintenance(
      await call(member, { method: 'POST', url: '/api/posts', payload: { content: 'رأي أثناء الصيانة' } }),
    );
    expectMaintenance(await call(moderator, { method: 'GET', url: '/api/notifications/user' }));
    expectMaintenance(
      await call(null, {
        method: 'POST',
        url: '/api/account/register',
        payload: { email: 'late@example.com', username: 'late', password: 'Secret123' },
      }),
    );
  });

  it('still tells everyone it is on, and lets users read their own profile and stay signed in', async () => {
    await turnOn();
    const config = await call(null, { method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json<AppConfig>()).toMatchObject({ maintenanceMode: true, maintenanceMessage: MESSAGE });
    expect((await call(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const profile = await call(member, { method: 'GET', url: '/api/users/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ role: string }>().role).toBe('user');
    const renewed = await call(null, {
      method: 'POST',
      url: '/api/account/refresh-token',
      payload: { refreshToken: member.refreshToken },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('lets an admin sign in and use the whole API while it is on', async () => {
    await turnOn();
    const login = await call(null, {
      method: 'POST',
      url: '/api/account/login',
      payload: { username: admin.email, password: admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const signedIn = { ...admin, token: login.json<{ token: string }>().token };
    expect((await call(signedIn, { method: 'GET', url: '/api/posts/paginated' })).statusCode).toBe(200);
    const post = await call(signedIn, {
      method: 'POST',
      url: '/api/posts',
      payload: { content: 'تجربة النشر أثناء الصيانة' },
    });
    expect(post.statusCode, post.body).toBe(201);
    expect((await call(signedIn, { method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(200);
    const off = await setMaintenance(signedIn, { maintenanceMode: false });
    expect(off.statusCode).toBe(200);
    expect((await call(member, { method: 'GET', url: '/api/posts/paginated' })).statusCode).toBe(200);
  });

  it('sends the pages without a first screen rendered on the server while it is on', async () => {
    const page = () => call(null, { method: 'GET', url: '/trends' });
    expect((await page()).body).toContain('<p>rendered /trends</p>');
    await turnOn();
    const during = await page();
    expect(during.statusCode).toBe(200);
    expect(during.body).toBe(BUILT_PAGE);
    await setMaintenance(admin, { maintenanceMode: false });
    expect((await page()).body).toContain('<p>rendered /trends</p>');
  });

  it('lets a user sign in, but their calls still answer maintenance', async () => {
    await turnOn();
    const login = await call(null, {
      method: 'POST',
      url: '/api/account/login',
      payload: { username: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    const signedIn = { ...member, token: login.json<{ token: string }>().token };
    expectMaintenance(await call(signedIn, { method: 'GET', url: '/api/bookmarks' }));
  });

  it('reaches another instance of the app within the configuration’s cache time, both ways', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const visit = () => call(null, { method: 'GET', url: '/api/posts/paginated' }, other.app);
      expect((await visit()).statusCode).toBe(200);
      await turnOn();
      // 400 attempts 20 ms apart: longer than the 5 seconds each instance keeps the configuration.
      expectMaintenance(
        await eventually(async () => ((r) => (r.statusCode === 503 ? r : undefined))(await visit()), 400),
      );
      await setMaintenance(admin, { maintenanceMode: false });
      await eventually(async () => ((await visit()).statusCode === 200 ? true : undefined), 400);
    } finally {
      await other.close();
    }
  }, 30_000);
});
