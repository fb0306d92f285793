import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Notification } from '@ray/shared/realtime';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Post } from '@ray/shared/schemas/post';
import type { CreateReportResult, ReportDetail } from '@ray/shared/schemas/report';
import type { CurrentUser, PublicUser } from '@ray/shared/schemas/user';
import type { SuspensionResult } from '@ray/shared/schemas/moderation';
import { users } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';
import { formatSuspensionEnd } from '../../lib/timestamps';

let t: TestApp;
let moderator: TestUser;
let admin: TestUser;
let reporter: TestUser;
let bystander: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
  reporter = await registerUser(t.app);
  bystander = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;

function call(user: TestUser | null, options: InjectOptions) {
  return t.app.inject({ ...options, headers: user ? bearer(user.token) : {} });
}

async function ok<T>(user: TestUser, options: InjectOptions, status = 200): Promise<T> {
  const response = await call(user, options);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const post = (user: TestUser, payload: Record<string, unknown> = {}) =>
  ok<Post>(
    user,
    { method: 'POST', url: '/api/posts', payload: { content: 'رأي قد يخالف القواعد', ...payload } },
    201,
  );

const comment = (user: TestUser, postId: number, isAnonymous = true) =>
  ok<Comment>(
    user,
    { method: 'POST', url: '/api/comments', payload: { postId, content: 'تعليق مسيء', isAnonymous } },
    201,
  );

async function reportOn(target: { PostId: number } | { CommentId: number }, by: TestUser = reporter) {
  const filed = await ok<CreateReportResult>(
    by,
    { method: 'POST', url: '/api/reports', payload: { ...target, Reason: 'Harassment' } },
    201,
  );
  return ok<ReportDetail>(moderator, { method: 'GET', url: `/api/reports/${filed.report.id}` });
}

const warn = (user: TestUser | null, path: string, payload: unknown) =>
  call(user, {
    method: 'POST',
    url: `/api/moderation/${path}/warn`,
    payload: payload as Record<string, unknown>,
  });

const suspend = (user: TestUser | null, path: string, payload: unknown) =>
  call(user, {
    method: 'POST',
    url: `/api/moderation/${path}/suspension`,
    payload: payload as Record<string, unknown>,
  });

const lift = (user: TestUser | null, path: string) =>
  call(user, { method: 'DELETE', url: `/api/moderation/${path}/suspension` });

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('author handles', () => {
  it('hide the author of anonymous content from staff and give one unrelated, stable handle per item', async () => {
    const author = await registerUser(t.app);
    const first = await post(author, { isAnonymous: true });
    const second = await post(author, { isAnonymous: true });
    const onFirst = await comment(author, first.id);

    const a = await reportOn({ PostId: first.id });
    const b = await reportOn({ PostId: second.id });
    const c = await reportOn({ CommentId: onFirst.id });
    for (const detail of [a, b, c]) {
      expect(detail.contentAuthor).toBeNull();
      expect(detail.authorHandle).toMatch(/^[A-Za-z0-9_-]{28}$/);
      expect(JSON.stringify(detail)).not.toContain(author.userId);
    }
    expect(new Set([a.authorHandle, b.authorHandle, c.authorHandle]).size).toBe(3);

    // Stable: another report on the same item, read by an admin, gives the same handle.
    const again = await reportOn({ PostId: first.id }, bystander);
    expect(again.authorHandle).toBe(a.authorHandle);
    const byAdmin = await ok<ReportDetail>(admin, { method: 'GET', url: `/api/reports/${again.id}` });
    expect(byAdmin.authorHandle).toBe(a.authorHandle);
  });

  it('show the author of signed content as before, with no handle', async () => {
    const author = await registerUser(t.app);
    const signed = await post(author);
    const detail = await reportOn({ PostId: signed.id });
    expect(detail.contentAuthor).toMatchObject({ userId: author.userId, username: author.username });
    expect(detail.authorHandle).toBeNull();
    // A signed comment on an anonymous post names the commenter, and still not the post's author.
    const anonymousAuthor = await registerUser(t.app);
    const anonymous = await post(anonymousAuthor, { isAnonymous: true });
    const signedComment = await comment(author, anonymous.id, false);
    const onComment = await reportOn({ CommentId: signedComment.id });
    expect(onComment.contentAuthor?.userId).toBe(author.userId);
    expect(onComment.authorHandle).toBeNull();
    expect(JSON.stringify(onComment)).not.toContain(anonymousAuthor.userId);
  });

  it('refuse a malformed handle with 400 and a tampered or foreign one with 404, in Arabic', async () => {
    const author = await registerUser(t.app);
    const handle = (await reportOn({ PostId: (await post(author, { isAnonymous: true })).id })).authorHandle!;
    const swap = (at: number) =>
      handle.slice(0, at) + (handle[at] === 'A' ? 'B' : 'A') + handle.slice(at + 1);
    for (const tampered of [swap(0), swap(13), swap(27), 'A'.repeat(28)]) {
      for (const response of [
        await warn(moderator, `authors/${tampered}`, { message: 'تنبيه' }),
        await suspend(moderator, `authors/${tampered}`, { until: inDays(1) }),
        await lift(admin, `authors/${tampered}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorResponse>().message).toBe(serverMsg.contentNotFound);
      }
    }
    for (const malformed of ['short', `${handle}x`, `${handle.slice(1)}%2B`]) {
      const response = await warn(moderator, `authors/${malformed}`, { message: 'تنبيه' });
      expect(response.statusCode, malformed).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(msg.authorHandleInvalid);
    }
    const unknownUser = await warn(moderator, 'users/00000000-0000-4000-8000-000000000000', {
      message: 'تنبيه',
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json<ErrorResponse>().message).toBe(msg.userNotFound);
    expect((await warn(moderator, 'users/not-a-uuid', { message: 'تنبيه' })).statusCode).toBe(400);

    // The item gone, its handle leads nowhere.
    const gone = await post(author, { isAnonymous: true });
    const goneHandle = (await reportOn({ PostId: gone.id })).authorHandle!;
    await ok(author, { method: 'POST', url: `/api/posts/${gone.id}/delete` });
    expect((await warn(moderator, `authors/${goneHandle}`, { message: 'تنبيه' })).statusCode).toBe(404);
  });

  it('are for staff: visitors 401, users (the author included) 403, lifting for admins only', async () => {
    const author = await registerUser(t.app);
    const handle = (await reportOn({ PostId: (await post(author, { isAnonymous: true })).id })).authorHandle!;
    const calls = [
      (user: TestUser | null) => warn(user, `authors/${handle}`, { message: 'تنبيه' }),
      (user: TestUser | null) => suspend(user, `authors/${handle}`, { until: inDays(1) }),
      (user: TestUser | null) => lift(user, `authors/${handle}`),
      (user: TestUser | null) => warn(user, `users/${author.userId}`, { message: 'تنبيه' }),
      (user: TestUser | null) => suspend(user, `users/${author.userId}`, { until: inDays(1) }),
      (user: TestUser | null) => lift(user, `users/${author.userId}`),
    ];
    for (const [index, attempt] of calls.entries()) {
      expect((await attempt(null)).statusCode).toBe(401);
      for (const user of [author, reporter]) {
        const response = await attempt(user);
        expect(response.statusCode).toBe(403);
        expect(response.json<ErrorResponse>().message).toBe(msg.forbidden);
      }
      const lifting = index === 2 || index === 5;
      expect((await attempt(moderator)).statusCode).toBe(lifting ? 403 : 200);
      expect((await attempt(admin)).statusCode).toBe(200);
    }
  });
});

describe('warning an author', () => {
  it("notifies the real author with the moderator's message, and tells staff nothing about them", async () => {
    const author = await registerUser(t.app);
    const anonymous = await post(author, { isAnonymous: true, content: 'منشور مجهول فيه إساءة' });
    const detail = await reportOn({ PostId: anonymous.id });
    const response = await warn(moderator, `authors/${detail.authorHandle!}`, {
      message: '  يرجى احترام الآخرين في منشوراتك  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: serverMsg.warningSent });
    expect(response.body).not.toContain(author.userId);
    expect(response.body).not.toContain(author.username);

    const inbox = await ok<Notification[]>(author, {
      method: 'GET',
      url: '/api/notifications/user?limit=50',
    });
    expect(inbox[0]).toMatchObject({
      type: 'other',
      senderName: 'فريق الإشراف',
      message: 'تنبيه من فريق الإشراف: يرجى احترام الآخرين في منشوراتك',
      postId: anonymous.id,
      isRead: false,
    });
    expect(JSON.stringify(inbox)).not.toContain(moderator.userId);
    // Nobody else hears of it.
    const others = await ok<Notification[]>(reporter, { method: 'GET', url: '/api/notifications/user' });
    expect(JSON.stringify(others)).not.toContain('يرجى احترام الآخرين');

    const signed = await registerUser(t.app);
    expect((await warn(admin, `users/${signed.userId}`, { message: 'تنبيه مباشر' })).statusCode).toBe(200);
    const direct = await ok<Notification[]>(signed, { method: 'GET', url: '/api/notifications/user' });
    expect(direct[0]).toMatchObject({
      type: 'other',
      message: 'تنبيه من فريق الإشراف: تنبيه مباشر',
      postId: null,
    });
  });

  it('rejects a missing, blank or too long message with the Arabic field error', async () => {
    const author = await registerUser(t.app);
    const handle = (await reportOn({ PostId: (await post(author, { isAnonymous: true })).id })).authorHandle!;
    const cases: [unknown, string][] = [
      [{}, msg.warningRequired],
      [{ message: '   ' }, msg.warningRequired],
      [{ message: 42 }, msg.warningRequired],
      [{ message: 'ا'.repeat(501) }, msg.warningTooLong],
      [{ message: 'تنبيه\u0000' }, serverMsg.invalidCharacters],
    ];
    for (const [payload, message] of cases) {
      const response = await warn(moderator, `authors/${handle}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.message).toContain(message);
    }
    expect((await warn(moderator, `authors/${handle}`, { message: 'ا'.repeat(500) })).statusCode).toBe(200);
  });
});

describe('suspending an author', () => {
  async function attempts(user: TestUser, postId: number, commentId: number, ownPostId: number) {
    return [
      await call(user, { method: 'POST', url: '/api/posts', payload: { content: 'منشور سريع' } }),
      await call(user, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: 'منشور متقدم باستطلاع', votingType: 'poll', pollOptions: '["أ","ب"]' },
      }),
      await call(user, {
        method: 'PUT',
        url: `/api/posts/${ownPostId}`,
        payload: { content: 'نص معدّل للمنشور' },
      }),
      await call(user, { method: 'POST', url: '/api/comments', payload: { postId, content: 'رد' } }),
      await call(user, { method: 'PUT', url: `/api/comments/${commentId}`, payload: { content: 'معدّل' } }),
      await call(user, { method: 'POST', url: '/api/votes', payload: { postId, value: 1 } }),
    ];
  }

  it('blocks posting, commenting and voting with 403 and the date until it ends, then allows them again', async () => {
    const author = await registerUser(t.app);
    const anonymous = await post(author, { isAnonymous: true });
    const target = await post(bystander);
    const ownComment = await comment(author, target.id, false);
    const handle = (await reportOn({ PostId: anonymous.id })).authorHandle!;

    const until = inDays(3);
    const response = await suspend(moderator, `authors/${handle}`, { until });
    expect(response.statusCode).toBe(200);
    const end = formatSuspensionEnd(new Date(until));
    expect(response.json<SuspensionResult>()).toEqual({
      success: true,
      message: serverMsg.suspended(end),
      suspendedUntil: until,
    });
    expect(response.body).not.toContain(author.userId);

    for (const refused of await attempts(author, target.id, ownComment.id, anonymous.id)) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<ErrorResponse>()).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
        message: msg.accountSuspended(end),
      });
    }
    expect(msg.accountSuspended(end)).toContain('حسابك موقوف عن النشر والتعليق والتصويت حتى');
    // Reading, bookmarking and deleting their own content stay open.
    expect((await call(author, { method: 'GET', url: '/api/posts/paginated' })).statusCode).toBe(200);

    // The user sees the suspension on their own profile; nobody sees it on the public one.
    const me = await ok<CurrentUser>(author, { method: 'GET', url: '/api/users/profile' });
    expect(me.suspendedUntil).toBe(until);
    const publicProfile = await call(bystander, { method: 'GET', url: `/api/users/${author.userId}` });
    expect(publicProfile.statusCode).toBe(200);
    expect(publicProfile.json<PublicUser>()).not.toHaveProperty('suspendedUntil');
    expect(publicProfile.body).not.toContain(until.slice(0, 10));

    // Told in real time through a notification, with the date.
    const inbox = await ok<Notification[]>(author, { method: 'GET', url: '/api/notifications/user' });
    expect(inbox[0]).toMatchObject({ type: 'other', senderName: 'فريق الإشراف' });
    expect(inbox[0]!.message).toContain(end);

    // Once the date has passed, everything works again.
    await t.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, author.userId));
    const statuses = (await attempts(author, target.id, ownComment.id, anonymous.id)).map(
      (r) => r.statusCode,
    );
    expect(statuses).toEqual([201, 201, 200, 201, 200, 200]);
    expect(
      (await ok<CurrentUser>(author, { method: 'GET', url: '/api/users/profile' })).suspendedUntil,
    ).toBeNull();
  });

  it('answers the same through a second handle of an already suspended author as for a fresh one', async () => {
    const author = await registerUser(t.app);
    const first = (await reportOn({ PostId: (await post(author, { isAnonymous: true })).id })).authorHandle!;
    const anonymousComment = await comment(author, (await post(bystander)).id);
    const second = (await reportOn({ CommentId: anonymousComment.id })).authorHandle!;
    const fresh = await registerUser(t.app);
    const freshHandle = (await reportOn({ PostId: (await post(fresh, { isAnonymous: true })).id }))
      .authorHandle!;

    const until = inDays(10);
    const byFirst = await suspend(moderator, `authors/${first}`, { until: inDays(20) });
    expect(byFirst.statusCode).toBe(200);
    const bySecond = await suspend(moderator, `authors/${second}`, { until });
    const byFresh = await suspend(moderator, `authors/${freshHandle}`, { until });
    expect(bySecond.statusCode).toBe(200);
    expect(bySecond.body).toBe(byFresh.body);
    // A warning and a lifting answer alike too.
    expect((await warn(moderator, `authors/${second}`, { message: 'تنبيه' })).body).toBe(
      (await warn(moderator, `authors/${freshHandle}`, { message: 'تنبيه' })).body,
    );

    // The earlier, longer suspension still holds: a second report never shortens it.
    const me = await ok<CurrentUser>(author, { method: 'GET', url: '/api/users/profile' });
    expect(Date.parse(me.suspendedUntil!)).toBeGreaterThan(Date.parse(until));

    const liftedOnce = await lift(admin, `authors/${second}`);
    const liftedAgain = await lift(admin, `authors/${first}`);
    const neverSuspended = await lift(
      admin,
      `authors/${(await reportOn({ PostId: (await post(bystander, { isAnonymous: true })).id })).authorHandle!}`,
    );
    expect(liftedOnce.statusCode).toBe(200);
    expect(liftedOnce.body).toBe(liftedAgain.body);
    expect(liftedOnce.body).toBe(neverSuspended.body);
    expect(liftedOnce.json()).toEqual({ success: true, message: serverMsg.suspensionLifted });
    expect(
      (await ok<CurrentUser>(author, { method: 'GET', url: '/api/users/profile' })).suspendedUntil,
    ).toBeNull();
    expect(
      (await call(author, { method: 'POST', url: '/api/posts', payload: { content: 'عدت للنشر' } }))
        .statusCode,
    ).toBe(201);
  });

  it('suspends a signed author directly, answering with the end in force', async () => {
    const author = await registerUser(t.app);
    const until = inDays(2);
    const response = await suspend(admin, `users/${author.userId}`, { until });
    expect(response.json<SuspensionResult>().suspendedUntil).toBe(until);
    const longer = await suspend(moderator, `users/${author.userId}`, { until: inDays(1) });
    expect(longer.json<SuspensionResult>().suspendedUntil).toBe(until);
    const refused = await call(author, {
      method: 'POST',
      url: '/api/votes',
      payload: { postId: 1, value: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await lift(admin, `users/${author.userId}`)).statusCode).toBe(200);
  });

  it('rejects a missing, malformed, too near or too far end with the Arabic field error', async () => {
    const author = await registerUser(t.app);
    const handle = (await reportOn({ PostId: (await post(author, { isAnonymous: true })).id })).authorHandle!;
    const cases: [unknown, string][] = [
      [{}, msg.suspendUntilRequired],
      [{ until: '' }, msg.suspendUntilRequired],
      [{ until: 'غداً' }, msg.suspendUntilRequired],
      [{ until: 1767225600000 }, msg.suspendUntilRequired],
      [{ until: '2030-13-01T00:00:00Z' }, msg.suspendUntilRequired],
      [{ until: new Date(Date.now() + 30 * 60_000).toISOString() }, msg.suspendUntilTooSoon],
      [{ until: new Date(Date.now() - DAY).toISOString() }, msg.suspendUntilTooSoon],
      [{ until: inDays(366) }, msg.suspendUntilTooFar],
    ];
    for (const [payload, message] of cases) {
      const response = await suspend(moderator, `authors/${handle}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.until).toContain(message);
    }
    const withOffset = new Date(Date.now() + 2 * HOUR).toISOString().replace('Z', '+00:00');
    expect((await suspend(moderator, `authors/${handle}`, { until: withOffset })).statusCode).toBe(200);
    expect((await suspend(moderator, `authors/${handle}`, { until: inDays(364) })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the moderation routes', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    expect(Object.keys(paths['/api/moderation/authors/{handle}/warn'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/moderation/authors/{handle}/suspension'] ?? {}).sort()).toEqual([
      'delete',
      'post',
    ]);
    expect(Object.keys(paths['/api/moderation/users/{userId}/warn'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/moderation/users/{userId}/suspension'] ?? {}).sort()).toEqual([
      'delete',
      'post',
    ]);
  });
});
