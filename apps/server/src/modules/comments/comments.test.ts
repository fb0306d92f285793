import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { comments, posts } from '../../db/schema';
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
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  other = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const headersOf = (user: TestUser | null) => (user ? bearer(user.token) : {});

async function createPost(user: TestUser, payload: Record<string, unknown> = {}) {
  return publishPost(t.app, user, { content: 'منشور للنقاش حول القهوة', ...payload });
}

function postComment(user: TestUser | null, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/comments', headers: headersOf(user), payload });
}

async function addComment(user: TestUser, postId: number, content = 'تعليق جميل', isAnonymous = false) {
  const response = await postComment(user, { postId, content, isAnonymous });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

async function listComments(user: TestUser | null, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/comments?${query}`, headers: headersOf(user) });
}

async function commentCountOf(postId: number) {
  const [row] = await t.database.db
    .select({ commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.commentCount;
}

async function realCommentCount(postId: number) {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(comments)
    .where(sql`${comments.postId} = ${postId} and ${comments.hiddenAt} is null`);
  return row!.count;
}

function errorsOf(body: string) {
  return (JSON.parse(body) as ErrorResponse).errors ?? {};
}

describe('adding comments', () => {
  it('adds a comment with its author, shows it to visitors and counts it on the post', async () => {
    const post = await createPost(owner);
    const comment = await addComment(other, post.id, '  رأي جميل  ');
    expect(comment).toMatchObject({
      postId: post.id,
      content: 'رأي جميل',
      isAnonymous: false,
      isOwner: true,
      isHidden: false,
    });
    expect(comment.user).toMatchObject({
      userId: other.userId,
      username: other.username,
      displayName: 'سارة العتيبي',
    });

    const list = await listComments(null, `postId=${post.id}`);
    expect(list.statusCode).toBe(200);
    const page = list.json<Paged<Comment>>();
    expect(page.items.map((c) => c.id)).toEqual([comment.id]);
    expect(page.items[0]!.isOwner).toBe(false);
    expect(page.pagination.totalCount).toBe(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(detail.json<Post>().commentCount).toBe(1);
  });

  it('asks visitors to sign in with the Arabic message', async () => {
    const post = await createPost(owner);
    const response = await postComment(null, { postId: post.id, content: 'مرحبا' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe(msg.loginToComment);
    expect(await commentCountOf(post.id)).toBe(0);
  });

  it('rejects missing, blank, oversized and mistyped fields with Arabic field messages', async () => {
    const post = await createPost(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'content', msg.commentRequired],
      [{}, 'postId', msg.postIdRequired],
      [{ postId: post.id, content: '   ' }, 'content', msg.commentRequired],
      [{ postId: post.id, content: 'ب'.repeat(1001) }, 'content', msg.commentTooLong],
      [{ postId: post.id, content: 42 }, 'content', msg.commentRequired],
      [{ postId: post.id, content: ['نص'] }, 'content', msg.commentRequired],
      [{ postId: 'abc', content: 'نص' }, 'postId', msg.postIdRequired],
      [{ postId: true, content: 'نص' }, 'postId', msg.postIdRequired],
      [{ postId: -3, content: 'نص' }, 'postId', msg.postIdRequired],
      [{ postId: post.id, content: 'نص', isAnonymous: 'yes' }, 'isAnonymous', msg.invalidValue],
      [{ postId: post.id, content: 'نص\u0000مخفي' }, 'content', serverMsg.invalidCharacters],
    ];
    for (const [payload, field, message] of cases) {
      const response = await postComment(other, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorsOf(response.body)[field], JSON.stringify(payload)).toContain(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { ...bearer(other.token), 'content-type': 'application/json' },
      payload: '{"postId": 1, "content": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorResponse>().message).toBe(serverMsg.badJson);
    expect(await commentCountOf(post.id)).toBe(0);
  });

  it('accepts a comment of exactly 1000 characters and a numeric-string post id', async () => {
    const post = await createPost(owner);
    const response = await postComment(other, { postId: String(post.id), content: 'ت'.repeat(1000) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Comment>().content).toHaveLength(1000);
  });

  it('refuses comments on missing posts and on posts hidden by moderation, even from their author', async () => {
    const missing = await postComment(other, { postId: 987654321, content: 'أين المنشور؟' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().message).toBe(msg.postNotFound);

    const post = await createPost(owner);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    for (const user of [other, owner, moderator]) {
      const response = await postComment(user, { postId: post.id, content: 'تعليق على منشور مخفي' });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect(await commentCountOf(post.id)).toBe(0);
  });
});

describe('listing comments', () => {
  it('lists oldest first by default, newest first on request, and pages with a cursor without repeats', async () => {
    const post = await createPost(owner);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await addComment(i % 2 ? owner : other, post.id, `تعليق رقم ${i}`)).id);

    const first = (await listComments(null, `postId=${post.id}&pageSize=2`)).json<Paged<Comment>>();
    expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination).toMatchObject({ hasNextPage: true, totalCount: 5, pageSize: 2 });
    const second = (
      await listComments(null, `postId=${post.id}&pageSize=2&cursor=${first.pagination.nextCursor}`)
    ).json<Paged<Comment>>();
    const third = (
      await listComments(null, `postId=${post.id}&pageSize=2&cursor=${second.pagination.nextCursor}`)
    ).json<Paged<Comment>>();
    expect([...second.items, ...third.items].map((c) => c.id)).toEqual(ids.slice(2));
    expect(third.pagination.hasNextPage).toBe(false);
    expect(third.pagination.nextCursor).toBeNull();

    const newest = (await listComments(null, `postId=${post.id}&order=newest&pageSize=3`)).json<
      Paged<Comment>
    >();
    expect(newest.items.map((c) => c.id)).toEqual([...ids].reverse().slice(0, 3));
    const older = (
      await listComments(
        null,
        `postId=${post.id}&order=newest&pageSize=3&cursor=${newest.pagination.nextCursor}`,
      )
    ).json<Paged<Comment>>();
    expect(older.items.map((c) => c.id)).toEqual([ids[1], ids[0]]);

    const byPage = (await listComments(null, `postId=${post.id}&pageSize=2&page=2`)).json<Paged<Comment>>();
    expect(byPage.items.map((c) => c.id)).toEqual(ids.slice(2, 4));
  });

  it('rejects a bad list query with 400 and the Arabic message', async () => {
    const post = await createPost(owner);
    const cases: [string, string, string][] = [
      ['', 'postId', msg.postIdRequired],
      ['postId=abc', 'postId', msg.postIdRequired],
      ['postId=0', 'postId', msg.postIdRequired],
      [`postId=${post.id}&pageSize=0`, 'pageSize', msg.invalidValue],
      [`postId=${post.id}&pageSize=51`, 'pageSize', msg.invalidValue],
      [`postId=${post.id}&order=random`, 'order', msg.invalidValue],
      [`postId=${post.id}&cursor=${'a'.repeat(201)}`, 'cursor', msg.invalidValue],
      [`postId=${post.id}&cursor=bm90LWEtY3Vyc29y`, 'cursor', msg.invalidValue],
      [`postId=${post.id}&page=500`, 'page', msg.invalidValue],
    ];
    for (const [query, field, message] of cases) {
      const response = await listComments(null, query);
      expect(response.statusCode, query).toBe(400);
      expect(errorsOf(response.body)[field], query).toContain(message);
    }
  });

  it('answers 404 for the comments of a missing post, and of a hidden post to all but its author and moderators', async () => {
    expect((await listComments(null, 'postId=987654321')).statusCode).toBe(404);
    const post = await createPost(owner);
    await addComment(other, post.id);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    for (const user of [null, other])
      expect((await listComments(user, `postId=${post.id}`)).statusCode).toBe(404);
    for (const user of [owner, moderator, admin]) {
      const response = await listComments(user, `postId=${post.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<Paged<Comment>>().items).toHaveLength(1);
    }
  });

  it('shows a hidden comment only to its author, moderators and admins', async () => {
    const post = await createPost(owner);
    const visible = await addComment(owner, post.id, 'تعليق ظاهر');
    const hidden = await addComment(other, post.id, 'تعليق سيُخفى');
    await t.database.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, hidden.id));

    const seen = async (user: TestUser | null) =>
      (await listComments(user, `postId=${post.id}`)).json<Paged<Comment>>().items.map((c) => c.id);
    expect(await seen(null)).toEqual([visible.id]);
    expect(await seen(owner)).toEqual([visible.id]);
    expect(await seen(other)).toEqual([visible.id, hidden.id]);
    expect(await seen(moderator)).toEqual([visible.id, hidden.id]);
    expect(await seen(admin)).toEqual([visible.id, hidden.id]);
    const own = (await listComments(other, `postId=${post.id}`))
      .json<Paged<Comment>>()
      .items.find((c) => c.id === hidden.id);
    expect(own?.isHidden).toBe(true);
  });
});

describe('editing and deleting comments', () => {
  it('lets only the author edit or delete: others, moderators and admins get the same 404 as a missing comment', async () => {
    const post = await createPost(owner);
    const comment = await addComment(other, post.id, 'النص الأصلي');
    const missingPut = await t.app.inject({
      method: 'PUT',
      url: '/api/comments/987654321',
      headers: bearer(owner.token),
      payload: { content: 'تعديل' },
    });
    const missingDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/comments/987654321',
      headers: bearer(owner.token),
    });
    expect(missingPut.statusCode).toBe(404);
    expect(missingPut.json<ErrorResponse>().message).toBe(serverMsg.commentNotFound);
    expect(missingDelete.statusCode).toBe(404);

    for (const user of [owner, moderator, admin]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/comments/${comment.id}`,
        headers: bearer(user.token),
        payload: { content: 'تعديل من غير الكاتب' },
      });
      expect(put.statusCode).toBe(404);
      expect(put.body).toBe(missingPut.body);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/comments/${comment.id}`,
        headers: bearer(user.token),
      });
      expect(del.statusCode).toBe(404);
      expect(del.body).toBe(missingDelete.body);
    }
    const visitorPut = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${comment.id}`,
      payload: { content: 'زائر' },
    });
    const visitorDelete = await t.app.inject({ method: 'DELETE', url: `/api/comments/${comment.id}` });
    expect([visitorPut.statusCode, visitorDelete.statusCode]).toEqual([401, 401]);

    const [row] = await t.database.db
      .select({ content: comments.content })
      .from(comments)
      .where(eq(comments.id, comment.id));
    expect(row?.content).toBe('النص الأصلي');
    expect(await commentCountOf(post.id)).toBe(1);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${comment.id}`,
      headers: bearer(other.token),
      payload: { content: ' النص المعدل ' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Comment>()).toMatchObject({ id: comment.id, content: 'النص المعدل', isOwner: true });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${comment.id}`,
      headers: bearer(other.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: msg.commentDeleted });
    expect(await commentCountOf(post.id)).toBe(0);
  });

  it('rejects a bad edit or a bad id with 400 and the Arabic message', async () => {
    const post = await createPost(owner);
    const comment = await addComment(other, post.id);
    const cases: [string, unknown, string, string][] = [
      [`/api/comments/${comment.id}`, {}, 'content', msg.commentRequired],
      [`/api/comments/${comment.id}`, { content: '' }, 'content', msg.commentRequired],
      [`/api/comments/${comment.id}`, { content: 'x'.repeat(1001) }, 'content', msg.commentTooLong],
      [`/api/comments/${comment.id}`, { content: null }, 'content', msg.commentRequired],
      ['/api/comments/abc', { content: 'نص' }, 'id', msg.invalidValue],
      ['/api/comments/-1', { content: 'نص' }, 'id', msg.invalidValue],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(other.token),
        payload: payload as Record<string, unknown>,
      });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(errorsOf(response.body)[field]).toContain(message);
    }
    const badDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/comments/1.5',
      headers: bearer(other.token),
    });
    expect(badDelete.statusCode).toBe(400);
  });

  it('keeps commentCount exact after concurrent creates and deletes, skipping comments already hidden', async () => {
    const post = await createPost(owner);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postComment(i % 2 ? other : owner, { postId: post.id, content: `تعليق متزامن ${i}` }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(await commentCountOf(post.id)).toBe(12);

    const mine = created.map((r) => r.json<Comment>()).filter((c) => c.user.userId === other.userId);
    const deletions = await Promise.all(
      mine
        .slice(0, 4)
        .flatMap((c) =>
          [1, 2].map(() =>
            t.app.inject({ method: 'DELETE', url: `/api/comments/${c.id}`, headers: bearer(other.token) }),
          ),
        ),
    );
    expect(deletions.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(deletions.filter((r) => r.statusCode === 404)).toHaveLength(4);
    expect(await commentCountOf(post.id)).toBe(8);

    const hidden = mine[4]!;
    await t.database.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, hidden.id));
    await t.database.db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} - 1` })
      .where(eq(posts.id, post.id));
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/comments/${hidden.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(await commentCountOf(post.id)).toBe(7);
    expect(await realCommentCount(post.id)).toBe(7);
    expect((await listComments(null, `postId=${post.id}`)).json<Paged<Comment>>().pagination.totalCount).toBe(
      7,
    );
  });
});

describe('anonymous comments', () => {
  it("never show their author to anyone: comments, post detail, feeds, profiles or the reporter's reports", async () => {
    const writer = await registerUser(t.app);
    const reporter = await registerUser(t.app);
    const post = await createPost(owner, { content: 'ما رأيكم في #القهوة_العربية ؟' });
    const anonymous = await addComment(writer, post.id, 'رأيي الصريح بدون اسم', true);
    expect(anonymous.user).toEqual({ userId: null, username: null, displayName: 'مجهول', avatarUrl: null });
    expect(anonymous.isOwner).toBe(true);

    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(reporter.token),
      payload: { CommentId: anonymous.id, Reason: 'Harassment' },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.body).not.toContain(writer.userId);

    const urls = [
      `/api/comments?postId=${post.id}`,
      `/api/comments?postId=${post.id}&order=newest`,
      `/api/posts/${post.id}`,
      '/api/posts/paginated',
      `/api/posts/paginated?userId=${owner.userId}`,
      `/api/posts/paginated?hashtag=${encodeURIComponent('القهوة_العربية')}`,
      `/api/users/${owner.userId}`,
      `/api/users/${owner.userId}/followers`,
    ];
    for (const viewer of [null, other, reporter, owner, writer]) {
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers: headersOf(viewer) });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain(writer.userId);
        expect(response.body, url).not.toContain(writer.username);
      }
    }
    const myReports = await t.app.inject({
      method: 'GET',
      url: '/api/reports/my-reports',
      headers: bearer(reporter.token),
    });
    expect(myReports.statusCode).toBe(200);
    expect(myReports.body).toContain(String(anonymous.id));
    expect(myReports.body).not.toContain(writer.userId);
    expect(myReports.body).not.toContain(writer.username);

    const ownView = (await listComments(writer, `postId=${post.id}`)).json<Paged<Comment>>().items[0]!;
    expect(ownView).toMatchObject({
      id: anonymous.id,
      user: { userId: null, username: null, displayName: 'مجهول', avatarUrl: null },
      isOwner: true,
    });

    // Staff do not learn the author either: the report view carries the comment and a handle for its author.
    const reportId = report.json<{ report: { id: number } }>().report.id;
    const moderation = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${reportId}`,
      headers: bearer(moderator.token),
    });
    expect(moderation.statusCode).toBe(200);
    expect(moderation.body).toContain(String(anonymous.id));
    expect(moderation.json<{ authorHandle: string | null }>().authorHandle).not.toBeNull();
    expect(moderation.body).not.toContain(writer.userId);
    expect(moderation.body).not.toContain(writer.username);
  });
});

describe('OpenAPI', () => {
  it('documents the comment routes with their schemas', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>().paths;
    expect(paths['/api/comments/']?.post?.requestBody).toBeDefined();
    expect(paths['/api/comments/']?.get?.responses['200']).toBeDefined();
    expect(paths['/api/comments/{id}']?.put?.requestBody).toBeDefined();
    expect(paths['/api/comments/{id}']?.delete?.responses['200']).toBeDefined();
  });
});
