import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { AuditEntry } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { CreateReportResult, ReportDetail } from '@ray/shared/schemas/report';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let moderator: TestUser;
let admin: TestUser;
let reporter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
  reporter = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

function call(user: TestUser | null, options: InjectOptions) {
  return t.app.inject({ ...options, headers: user ? bearer(user.token) : {} });
}

async function ok<T>(user: TestUser, options: InjectOptions, status = 200): Promise<T> {
  const response = await call(user, options);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const log = (pageSize = 50) =>
  ok<Paged<AuditEntry>>(admin, { method: 'GET', url: `/api/admin/audit-log?pageSize=${pageSize}` });

async function anonymousReport(author: TestUser) {
  const post = await ok<Post>(
    author,
    { method: 'POST', url: '/api/posts', payload: { content: 'رأي مجهول مخالف', isAnonymous: true } },
    201,
  );
  const filed = await ok<CreateReportResult>(
    reporter,
    { method: 'POST', url: '/api/reports', payload: { PostId: post.id, Reason: 'Spam' } },
    201,
  );
  const detail = await ok<ReportDetail>(moderator, { method: 'GET', url: `/api/reports/${filed.report.id}` });
  return { post, detail };
}

describe('audit log', () => {
  it('records report decisions and hidden content with the acting staff member', async () => {
    const author = await registerUser(t.app);
    const { post, detail } = await anonymousReport(author);
    await ok(moderator, {
      method: 'PUT',
      url: `/api/reports/${detail.id}/process`,
      payload: { status: 3, note: 'خطاب كراهية' },
    });
    const [hidden, decided] = (await log()).items;
    expect(decided).toMatchObject({
      actorId: moderator.userId,
      actorName: 'سارة العتيبي',
      actorRole: 'moderator',
      action: 'report.status',
      targetType: 'report',
      targetId: String(detail.id),
      details: {
        status: 3,
        statusName: 'Approved',
        note: 'خطاب كراهية',
        contentType: 'post',
        contentId: post.id,
      },
    });
    expect(hidden).toMatchObject({
      action: 'post.hide',
      targetType: 'post',
      targetId: String(post.id),
      details: { reportId: detail.id },
    });
    expect(Date.parse(hidden!.createdAt)).not.toBeNaN();

    // A refused decision changes nothing and so records nothing.
    const before = (await log()).items[0]!.id;
    expect(
      (await call(admin, { method: 'PUT', url: `/api/reports/${detail.id}/process`, payload: { status: 4 } }))
        .statusCode,
    ).toBe(409);
    expect((await log()).items[0]!.id).toBe(before);
  });

  it("records actions on an anonymous author by the item and its handle, never the author's account", async () => {
    const author = await registerUser(t.app);
    const { post, detail } = await anonymousReport(author);
    const handle = detail.authorHandle!;
    const until = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    await ok(moderator, {
      method: 'POST',
      url: `/api/moderation/authors/${handle}/warn`,
      payload: { message: 'تنبيه أول' },
    });
    await ok(moderator, {
      method: 'POST',
      url: `/api/moderation/authors/${handle}/suspension`,
      payload: { until },
    });
    await ok(admin, { method: 'DELETE', url: `/api/moderation/authors/${handle}/suspension` });

    const entries = (await log()).items.slice(0, 3).reverse();
    expect(entries.map((entry) => entry.action)).toEqual([
      'author.warn',
      'author.suspend',
      'author.unsuspend',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        targetType: 'author',
        targetId: handle,
        details: expect.objectContaining({ contentType: 'post', contentId: post.id }) as unknown,
      });
    }
    expect(entries[0]!.details).toMatchObject({ message: 'تنبيه أول' });
    expect(entries[1]!.details).toMatchObject({ until });
    expect(entries[2]).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });
    const whole = JSON.stringify(await log());
    expect(whole).not.toContain(author.userId);
    expect(whole).not.toContain(author.username);

    // A signed user is named as such.
    const signed = await registerUser(t.app);
    await ok(moderator, {
      method: 'POST',
      url: `/api/moderation/users/${signed.userId}/suspension`,
      payload: { until },
    });
    expect((await log()).items[0]).toMatchObject({
      action: 'user.suspend',
      targetType: 'user',
      targetId: signed.userId,
      details: { until },
    });
  });

  it('records ad and configuration changes made by admins', async () => {
    const ad = await ok<{ id: number }>(
      admin,
      {
        method: 'POST',
        url: '/api/admin/ads',
        payload: { title: 'إعلان للسجل', targetUrl: 'https://example.com', placements: ['Sidebar'] },
      },
      201,
    );
    await ok(admin, { method: 'PUT', url: `/api/admin/ads/${ad.id}/status`, payload: { isActive: false } });
    await ok(admin, { method: 'PUT', url: '/api/config', payload: { maintenanceMode: false } });
    const [config, status, created] = (await log()).items;
    expect(created).toMatchObject({ action: 'ad.create', targetType: 'ad', targetId: String(ad.id) });
    expect(status).toMatchObject({ action: 'ad.status', details: { isActive: false } });
    expect(config).toMatchObject({
      action: 'config.update',
      targetType: 'config',
      details: { maintenanceMode: false },
    });
  });

  it('is read by admins only, newest first, paged by cursor', async () => {
    expect((await call(null, { method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    for (const user of [moderator, reporter]) {
      const refused = await call(user, { method: 'GET', url: '/api/admin/audit-log' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorResponse>().message).toBe(msg.forbidden);
    }
    const all = (await log()).items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = await log(2);
    expect(first.items.map((entry) => entry.id)).toEqual(all.slice(0, 2).map((entry) => entry.id));
    expect(first.pagination).toMatchObject({ hasNextPage: true, pageSize: 2 });
    const second = await ok<Paged<AuditEntry>>(admin, {
      method: 'GET',
      url: `/api/admin/audit-log?pageSize=2&cursor=${first.pagination.nextCursor}`,
    });
    expect(second.items.map((entry) => entry.id)).toEqual(all.slice(2, 4).map((entry) => entry.id));
    expect(first.pagination.totalCount).toBe(all.length);

    for (const query of ['?pageSize=0', '?pageSize=51', '?cursor=@@', '?cursor=bm9wZQ', '?page=x']) {
      const response = await call(admin, { method: 'GET', url: `/api/admin/audit-log${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(msg.invalidValue);
    }
  });

  it('is documented in OpenAPI', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    expect(Object.keys(paths['/api/admin/audit-log/'] ?? {})).toEqual(['get']);
  });
});
