import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type {
  CreateReportResult,
  ModerationReport,
  Report,
  ReportDetail,
  ReportStats,
} from '@ray/shared/schemas/report';
import { posts } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let owner: TestUser;
let reporter: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  reporter = await registerUser(t.app);
  other = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const headersOf = (user: TestUser | null) => (user ? bearer(user.token) : {});

async function createPost(user: TestUser, payload: Record<string, unknown> = {}) {
  return publishPost(t.app, user, { content: 'منشور قد يخالف القواعد', ...payload });
}

async function addComment(user: TestUser, postId: number, isAnonymous = false) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: bearer(user.token),
    payload: { postId, content: 'تعليق مسيء', isAnonymous },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

const sendReport = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: headersOf(user),
    payload: payload as Record<string, unknown>,
  });

async function report(user: TestUser, payload: Record<string, unknown>) {
  const response = await sendReport(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateReportResult>().report;
}

const processReport = (user: TestUser | null, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/reports/${id}/process`, headers: headersOf(user), payload });

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: headersOf(user) });

describe('filing reports', () => {
  it("files a report with the spec's PascalCase fields and shows it, without identities, in my-reports", async () => {
    const post = await createPost(owner);
    const response = await sendReport(reporter, {
      PostId: post.id,
      Reason: 'FakeNews',
      AdditionalDetails: ' مصدر غير موثوق ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<CreateReportResult>();
    expect(body).toMatchObject({ success: true, message: msg.reportSent });
    expect(body.report).toMatchObject({
      postId: post.id,
      commentId: null,
      targetPostId: post.id,
      reason: 'FakeNews',
      additionalDetails: 'مصدر غير موثوق',
      status: 1,
      statusName: 'Pending',
      processedAt: null,
      excerpt: post.content,
    });
    expect(body.report).not.toHaveProperty('reporter');

    const mine = (await get(reporter, '/api/reports/my-reports')).json<Paged<Report>>();
    expect(mine.items.map((r) => r.id)).toContain(body.report.id);
    expect(JSON.stringify(mine)).not.toContain(reporter.userId);
    expect((await get(owner, '/api/reports/my-reports')).json<Paged<Report>>().items).toEqual([]);
  });

  it('accepts camelCase fields and the numeric reason of the first reading, for comments too', async () => {
    const post = await createPost(owner);
    const comment = await addComment(owner, post.id);
    const byNumber = await report(reporter, { commentId: comment.id, reason: 2 });
    expect(byNumber).toMatchObject({
      commentId: comment.id,
      postId: null,
      targetPostId: post.id,
      reason: 'Harassment',
      additionalDetails: null,
    });
  });

  it('asks visitors to sign in with the Arabic message', async () => {
    const post = await createPost(owner);
    for (const response of [
      await sendReport(null, { PostId: post.id, Reason: 'Spam' }),
      await get(null, '/api/reports/my-reports'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorResponse>().message).toBe(msg.loginToReport);
    }
  });

  it('refuses a second report of the same item with 409, concurrent ones included', async () => {
    const post = await createPost(owner);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => sendReport(reporter, { PostId: post.id, Reason: 'Spam' })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const conflicts = responses.filter((r) => r.statusCode === 409);
    expect(conflicts).toHaveLength(5);
    expect(conflicts[0]!.json<ErrorResponse>().message).toBe(serverMsg.reportDuplicate);
    expect((await sendReport(other, { PostId: post.id, Reason: 'Spam' })).statusCode).toBe(201);
  });

  it('rejects bad reports with 400 and the Arabic field message', async () => {
    const post = await createPost(owner);
    const cases: [unknown, string, string][] = [
      [{ PostId: post.id }, 'Reason', msg.reportReasonRequired],
      [{ postId: post.id }, 'reason', msg.reportReasonRequired],
      [{ PostId: post.id, Reason: 'Rude' }, 'Reason', msg.reportReasonRequired],
      [{ PostId: post.id, Reason: 9 }, 'Reason', msg.reportReasonRequired],
      [{ PostId: post.id, Reason: null }, 'Reason', msg.reportReasonRequired],
      [{ Reason: 'Spam' }, 'PostId', msg.reportTargetRequired],
      [{ PostId: post.id, CommentId: 1, Reason: 'Spam' }, 'PostId', msg.reportTargetRequired],
      [{ PostId: 'abc', Reason: 'Spam' }, 'PostId', msg.reportTargetRequired],
      [{ PostId: { id: 1 }, Reason: 'Spam' }, 'PostId', msg.reportTargetRequired],
      [
        { PostId: post.id, Reason: 'Spam', AdditionalDetails: 'x'.repeat(501) },
        'AdditionalDetails',
        msg.reportDetailsTooLong,
      ],
      [{ PostId: post.id, Reason: 'Spam', AdditionalDetails: 12 }, 'AdditionalDetails', msg.invalidValue],
    ];
    for (const [payload, field, message] of cases) {
      const response = await sendReport(reporter, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.[field], JSON.stringify(payload)).toContain(message);
    }
    expect(
      (await report(reporter, { PostId: post.id, Reason: 'Spam', AdditionalDetails: 'y'.repeat(500) }))
        .additionalDetails,
    ).toHaveLength(500);
  });

  it("refuses reports on what the caller cannot see (404) and on the caller's own content (400)", async () => {
    const missingPost = await sendReport(reporter, { PostId: 987654321, Reason: 'Spam' });
    expect(missingPost.statusCode).toBe(404);
    expect(missingPost.json<ErrorResponse>().message).toBe(msg.postNotFound);
    const missingComment = await sendReport(reporter, { CommentId: 987654321, Reason: 'Spam' });
    expect(missingComment.statusCode).toBe(404);
    expect(missingComment.json<ErrorResponse>().message).toBe(serverMsg.commentNotFound);

    const post = await createPost(owner);
    const comment = await addComment(other, post.id);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    const hiddenPost = await sendReport(reporter, { PostId: post.id, Reason: 'Spam' });
    expect(hiddenPost.statusCode).toBe(404);
    expect(hiddenPost.body).toBe(missingPost.body);
    expect((await sendReport(reporter, { CommentId: comment.id, Reason: 'Spam' })).statusCode).toBe(404);

    const mine = await createPost(reporter, { isAnonymous: true });
    const own = await sendReport(reporter, { PostId: mine.id, Reason: 'Spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json<ErrorResponse>().message).toBe(serverMsg.reportOwnContent);
  });
});

describe('moderation', () => {
  it('is for moderators and admins only: visitors 401, the reporter, the author and others 403', async () => {
    const post = await createPost(owner);
    const filed = await report(reporter, { PostId: post.id, Reason: 'Violence' });
    const calls = [
      (user: TestUser | null) => get(user, '/api/reports'),
      (user: TestUser | null) => get(user, '/api/reports?status=1'),
      (user: TestUser | null) => get(user, '/api/reports/stats'),
      (user: TestUser | null) => get(user, `/api/reports/${filed.id}`),
      (user: TestUser | null) => processReport(user, filed.id, { status: 2 }),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      for (const user of [reporter, owner, other]) {
        const response = await call(user);
        expect(response.statusCode).toBe(403);
        expect(response.json<ErrorResponse>().message).toBe(msg.forbidden);
      }
      for (const user of [moderator, admin]) expect((await call(user)).statusCode).toBe(200);
    }
  });

  it('lists the queue newest first with the reporter, filtered by status and paged by cursor', async () => {
    const post = await createPost(owner);
    const reporters = await Promise.all(Array.from({ length: 3 }, () => registerUser(t.app)));
    const filed: Report[] = [];
    for (const user of reporters) filed.push(await report(user, { PostId: post.id, Reason: 'Spam' }));

    const first = (await get(moderator, '/api/reports?status=1&pageSize=2')).json<Paged<ModerationReport>>();
    expect(first.items.map((r) => r.id)).toEqual([filed[2]!.id, filed[1]!.id]);
    expect(first.items[0]!.reporter).toMatchObject({
      userId: reporters[2]!.userId,
      username: reporters[2]!.username,
    });
    expect(first.items[0]).not.toHaveProperty('contentAuthor');
    expect(first.pagination.hasNextPage).toBe(true);
    const second = (
      await get(moderator, `/api/reports?status=1&pageSize=2&cursor=${first.pagination.nextCursor}`)
    ).json<Paged<ModerationReport>>();
    expect(second.items[0]!.id).toBe(filed[0]!.id);
    expect(first.pagination.totalCount).toBeGreaterThanOrEqual(3);
    const defaults = (await get(admin, '/api/reports')).json<Paged<ModerationReport>>();
    expect(defaults.pagination.pageSize).toBe(20);
  });

  it('approving hides the post from visitors and other users but not from its author or moderators, and resolves the other reports', async () => {
    const post = await createPost(owner, { content: 'خبر كاذب عن #الطقس' });
    const first = await report(reporter, { PostId: post.id, Reason: 'FakeNews' });
    const second = await report(other, { PostId: post.id, Reason: 'Spam' });

    const response = await processReport(moderator, first.id, { status: 3, note: 'مخالف' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ReportDetail>();
    expect(detail).toMatchObject({
      status: 3,
      statusName: 'Approved',
      moderatorId: moderator.userId,
      moderatorNote: 'مخالف',
      isContentHidden: true,
    });
    expect(detail.processedAt).not.toBeNull();
    expect(detail.post).toMatchObject({ id: post.id, isHidden: true });

    for (const user of [null, reporter, other]) {
      expect((await get(user, `/api/posts/${post.id}`)).statusCode).toBe(404);
      expect(
        (await get(user, '/api/posts/paginated')).json<Paged<Post>>().items.some((p) => p.id === post.id),
      ).toBe(false);
      expect((await get(user, `/api/comments?postId=${post.id}`)).statusCode).toBe(404);
    }
    for (const user of [owner, moderator, admin]) {
      const seen = await get(user, `/api/posts/${post.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Post>().isHidden).toBe(true);
    }

    const other2 = (await get(moderator, `/api/reports/${second.id}`)).json<ReportDetail>();
    expect(other2).toMatchObject({ status: 5, statusName: 'Resolved', moderatorId: moderator.userId });
    const reporterView = (await get(reporter, '/api/reports/my-reports'))
      .json<Paged<Report>>()
      .items.find((r) => r.id === first.id)!;
    expect(reporterView).toMatchObject({ status: 3, statusName: 'Approved', excerpt: null });
    expect(reporterView).not.toHaveProperty('moderatorId');
    expect(reporterView).not.toHaveProperty('moderatorNote');

    const again = await processReport(admin, first.id, { status: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toBe(serverMsg.reportAlreadyProcessed);
  });

  it('approving a comment report hides the comment for others, keeps it for its author and takes it off the count', async () => {
    const post = await createPost(owner);
    const comment = await addComment(other, post.id);
    const kept = await addComment(owner, post.id);
    const filed = await report(reporter, { CommentId: comment.id, Reason: 'Harassment' });
    expect((await processReport(admin, filed.id, { status: 3 })).statusCode).toBe(200);

    const ids = async (user: TestUser | null) =>
      (await get(user, `/api/comments?postId=${post.id}`)).json<Paged<Comment>>().items.map((c) => c.id);
    expect(await ids(null)).toEqual([kept.id]);
    expect(await ids(reporter)).toEqual([kept.id]);
    expect(await ids(owner)).toEqual([kept.id]);
    expect(await ids(other)).toEqual([comment.id, kept.id]);
    expect(await ids(moderator)).toEqual([comment.id, kept.id]);
    expect((await get(null, `/api/posts/${post.id}`)).json<Post>().commentCount).toBe(1);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/comments/${comment.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(null, `/api/posts/${post.id}`)).json<Post>().commentCount).toBe(1);
  });

  it('rejecting leaves the content visible; under review and resolve record the moderator', async () => {
    const post = await createPost(owner);
    const filed = await report(reporter, { PostId: post.id, Reason: 'Other' });
    const review = (await processReport(moderator, filed.id, { status: 2 })).json<ReportDetail>();
    expect(review).toMatchObject({ status: 2, statusName: 'UnderReview', moderatorId: moderator.userId });
    const rejected = (
      await processReport(admin, filed.id, { status: 4, note: 'لا مخالفة' })
    ).json<ReportDetail>();
    expect(rejected).toMatchObject({ status: 4, moderatorId: admin.userId, isContentHidden: false });
    expect((await get(null, `/api/posts/${post.id}`)).statusCode).toBe(200);

    const post2 = await createPost(owner);
    const filed2 = await report(reporter, { PostId: post2.id, Reason: 'Copyright' });
    expect((await processReport(moderator, filed2.id, { status: 5 })).json<ReportDetail>()).toMatchObject({
      status: 5,
      statusName: 'Resolved',
    });
    expect((await get(null, `/api/posts/${post2.id}`)).statusCode).toBe(200);
  });

  it('keeps the author of anonymous content hidden from moderators too, who get a handle instead', async () => {
    const post = await createPost(owner, { isAnonymous: true, content: 'منشور مجهول مخالف' });
    const filed = await report(reporter, { PostId: post.id, Reason: 'HateSpeech' });
    for (const staff of [moderator, admin]) {
      const response = await get(staff, `/api/reports/${filed.id}`);
      const detail = response.json<ReportDetail>();
      expect(detail.contentAuthor).toBeNull();
      expect(detail.authorHandle).toMatch(/^[A-Za-z0-9_-]{28}$/);
      expect(detail.post).toMatchObject({
        id: post.id,
        user: { userId: null, username: null, displayName: 'مجهول', avatarUrl: null },
        isOwner: false,
      });
      expect(detail.reporter.userId).toBe(reporter.userId);
      expect(response.body).not.toContain(owner.userId);
      expect(response.body).not.toContain(owner.username);
    }

    const queue = await get(moderator, '/api/reports?pageSize=50');
    expect(queue.body).toContain(String(filed.id));
    expect(queue.body).not.toContain(owner.userId);
    for (const user of [reporter, owner]) {
      const mine = await get(user, '/api/reports/my-reports');
      expect(mine.body).not.toContain(owner.userId);
      expect(mine.body).not.toContain(owner.username);
    }
    // The reported author has no way to learn who reported them.
    for (const url of ['/api/reports', `/api/reports/${filed.id}`, '/api/reports/my-reports']) {
      expect((await get(owner, url)).body).not.toContain(reporter.userId);
    }
  });

  it('counts reports per status and per reason', async () => {
    const before = (await get(admin, '/api/reports/stats')).json<ReportStats>();
    const post = await createPost(owner);
    const filed = await report(reporter, { PostId: post.id, Reason: 'Violence' });
    await report(other, { PostId: post.id, Reason: 'Violence' });
    await processReport(moderator, filed.id, { status: 4 });
    const after = (await get(admin, '/api/reports/stats')).json<ReportStats>();
    expect(after.total - before.total).toBe(2);
    expect(after.byReason.Violence - before.byReason.Violence).toBe(2);
    expect(after.byStatus.Rejected - before.byStatus.Rejected).toBe(1);
    expect(after.byStatus.Pending - before.byStatus.Pending).toBe(1);
    expect(Object.keys(after.byReason)).toHaveLength(8);
    expect(Object.keys(after.byStatus)).toEqual([
      'Pending',
      'UnderReview',
      'Approved',
      'Rejected',
      'Resolved',
    ]);
  });

  it('rejects bad moderation requests with 400 and answers 404 for an unknown report', async () => {
    const post = await createPost(owner);
    const filed = await report(reporter, { PostId: post.id, Reason: 'Spam' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'status', msg.invalidValue],
      [{ status: 1 }, 'status', msg.invalidValue],
      [{ status: 6 }, 'status', msg.invalidValue],
      [{ status: '3' }, 'status', msg.invalidValue],
      [{ status: 3, note: 'x'.repeat(501) }, 'note', msg.reportNoteTooLong],
    ];
    for (const [payload, field, message] of cases) {
      const response = await processReport(moderator, filed.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.[field]).toContain(message);
    }
    for (const query of [
      '?status=0',
      '?status=6',
      '?status=abc',
      '?pageSize=0',
      '?pageSize=51',
      '?cursor=@@',
    ]) {
      expect((await get(moderator, `/api/reports${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(moderator, '/api/reports/abc')).statusCode).toBe(400);
    const unknown = await get(moderator, '/api/reports/987654321');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().message).toBe(serverMsg.reportNotFound);
    expect((await processReport(moderator, 987654321, { status: 3 })).statusCode).toBe(404);
    expect((await get(moderator, `/api/reports/${filed.id}`)).json<ReportDetail>().status).toBe(1);
  });

  it('documents the report routes in OpenAPI', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    expect(Object.keys(paths['/api/reports/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    for (const path of ['/api/reports/my-reports', '/api/reports/stats', '/api/reports/{id}'])
      expect(paths[path]?.get, path).toBeDefined();
    expect(paths['/api/reports/{reportId}/process']?.put).toBeDefined();
  });
});
