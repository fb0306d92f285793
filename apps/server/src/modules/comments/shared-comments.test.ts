import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import { ANONYMOUS_AUTHOR, type Post } from '@ray/shared/schemas/post';
import { REPORT_STATUS } from '@ray/shared/schemas/report';
import { commentOn } from '../../test/actions';
import { registerWithRole } from '../../test/roles';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

/**
 * A post's comments and search results are answers visitors share (plugins/http-caching.ts). Each case reads as a
 * visitor first, so that a shared answer is there to be (wrongly) reused after the write.
 */

let t: TestApp;
let author: TestUser;
let writer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  writer = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(user ? bearer(user.token) : {}) } });
const commentsOf = async (postId: number, user?: TestUser) => {
  const response = await get(`/api/comments?postId=${postId}&pageSize=50`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Comment>>().items;
};

/** Files a report on a post or comment and has a moderator approve it, which hides what it names. */
async function hideThroughReport(reporter: TestUser, target: { postId: number } | { commentId: number }) {
  const filed = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(reporter.token),
    payload: { ...target, reason: 'Spam' },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const moderator = await registerWithRole(t, 'moderator');
  const decided = await t.app.inject({
    method: 'PUT',
    url: `/api/reports/${filed.json<{ report: { id: number } }>().report.id}/process`,
    headers: bearer(moderator.token),
    payload: { status: REPORT_STATUS.approved },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

describe("a post's comments for visitors", () => {
  it('are shared with caching headers, and revalidate to 304 while nothing changed', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور بتعليقات للزوار' });
    await commentOn(t.app, writer, post.id, 'تعليق أول');
    const first = await get(`/api/comments?postId=${post.id}`);
    expect(first.headers['cache-control']).toMatch(/^public, /);
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = String(first.headers.etag);
    expect(
      (await get(`/api/comments?postId=${post.id}`, undefined, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    // A parameter the route does not read neither splits nor changes the shared answer.
    expect((await get(`/api/comments?postId=${post.id}&utm=x`)).headers.etag).toBe(etag);
    const member = await get(`/api/comments?postId=${post.id}`, writer);
    expect(member.headers['cache-control']).toBe('private, no-cache');
    expect(member.json<Paged<Comment>>().items[0]).toMatchObject({ isOwner: true });
  });

  it('show a new, an edited and a deleted comment at once', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور تتغير تعليقاته' });
    expect(await commentsOf(post.id)).toEqual([]);
    const comment = await commentOn(t.app, writer, post.id, 'نص التعليق الأول');
    expect((await commentsOf(post.id)).map((item) => item.content)).toEqual(['نص التعليق الأول']);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${comment.id}`,
      headers: bearer(writer.token),
      payload: { content: 'نص التعليق بعد التعديل' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await commentsOf(post.id)).map((item) => item.content)).toEqual(['نص التعليق بعد التعديل']);

    const reply = await commentOn(t.app, author, post.id, 'رد على التعليق', { parentId: comment.id });
    expect((await commentsOf(post.id))[0]?.replyCount).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${reply.id}`,
      headers: bearer(author.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await commentsOf(post.id))[0]?.replyCount).toBe(0);
  });

  it('leave a comment moderators hid at once, and never name the author of an anonymous one', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور عليه تعليق مبلغ عنه' });
    const hidden = await commentOn(t.app, writer, post.id, 'تعليق سيخفيه المشرفون', { isAnonymous: true });
    const shown = await get(`/api/comments?postId=${post.id}`);
    expect(shown.json<Paged<Comment>>().items[0]).toMatchObject({ id: hidden.id, user: ANONYMOUS_AUTHOR });
    expect(shown.body).not.toContain(writer.userId);
    expect(shown.body).not.toContain(writer.username);

    await hideThroughReport(author, { commentId: hidden.id });
    expect(await commentsOf(post.id)).toEqual([]);
    // Its writer still sees it, marked hidden.
    expect((await commentsOf(post.id, writer))[0]).toMatchObject({ id: hidden.id, isHidden: true });
  });

  it("answer 404 for a post moderators hid, though visitors' copy was there", async () => {
    const post = await publishPost(t.app, author, { content: 'منشور سيخفى مع تعليقاته' });
    await commentOn(t.app, writer, post.id, 'تعليق على منشور سيخفى');
    expect(await commentsOf(post.id)).toHaveLength(1);
    await hideThroughReport(writer, { postId: post.id });
    expect((await get(`/api/comments?postId=${post.id}`)).statusCode).toBe(404);
  });
});

describe('search results for visitors', () => {
  const search = async (query: string, user?: TestUser) => {
    const response = await get(`/api/posts/search?query=${encodeURIComponent(query)}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const ids = (response: { body: string }) =>
    (JSON.parse(response.body) as Paged<Post>).items.map((post) => post.id);

  it('are public for visitors only, and leave an author at once when their post is made anonymous', async () => {
    const first = await publishPost(t.app, author, { content: 'الزعفران الإيراني الأصيل' });
    const second = await publishPost(t.app, writer, { content: 'الزعفران الإسباني الأحمر' });
    const before = await search('الزعفران');
    expect(before.headers['cache-control']).toMatch(/^public, /);
    expect(ids(before).sort()).toEqual([first.id, second.id].sort());
    expect(before.body).toContain(writer.username);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${second.id}`,
      headers: bearer(writer.token),
      payload: { content: 'الزعفران الإسباني الأحمر', isAnonymous: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await search('الزعفران');
    expect(after.json<Paged<Post>>().items.find((post) => post.id === second.id)?.user).toEqual(
      ANONYMOUS_AUTHOR,
    );
    expect(after.body).not.toContain(writer.userId);
    expect(after.body).not.toContain(writer.username);

    const member = await search('الزعفران', author);
    expect(member.headers['cache-control']).toBe('private, no-cache');
    expect(member.json<Paged<Post>>().items.find((post) => post.id === first.id)).toMatchObject({
      isOwner: true,
    });
  });

  it("gives a reader who muted a word their own results, not the visitors'", async () => {
    const post = await publishPost(t.app, author, { content: 'الكركديه البارد في الصيف' });
    expect(ids(await search('الكركديه'))).toEqual([post.id]);
    const reader = await registerUser(t.app);
    const muted = await t.app.inject({
      method: 'POST',
      url: '/api/users/muted-words',
      headers: bearer(reader.token),
      payload: { word: 'البارد' },
    });
    expect(muted.statusCode, muted.body).toBe(201);
    expect(ids(await search('الكركديه', reader))).toEqual([]);
  });
});
