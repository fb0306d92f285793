import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { Notification } from '@ray/shared/realtime';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
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
let author: TestUser;
let sara: TestUser;
let omar: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  sara = await registerUser(t.app);
  omar = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

const headersOf = (user: TestUser | null) => (user ? bearer(user.token) : {});

function send(user: TestUser | null, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/comments', headers: headersOf(user), payload });
}

async function comment(user: TestUser, payload: Record<string, unknown>) {
  const response = await send(user, { content: 'تعليق', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

function replies(user: TestUser | null, id: number, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/comments/${id}/replies?${query}`,
    headers: headersOf(user),
  });
}

async function topLevel(user: TestUser | null, postId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/comments?postId=${postId}&pageSize=50`,
    headers: headersOf(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Comment>>();
}

async function counters(postId: number, commentId: number) {
  const [post] = await t.database.db
    .select({ commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [row] = await t.database.db
    .select({ replyCount: comments.replyCount })
    .from(comments)
    .where(eq(comments.id, commentId));
  return { post: post!.commentCount, replies: row?.replyCount };
}

async function notificationsOf(user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/user?limit=50',
    headers: bearer(user.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Notification[]>();
}

/** Hides a comment the way moderation does: a report, approved by a moderator. */
async function hideByModeration(commentId: number) {
  const reporter = await registerUser(t.app);
  const filed = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(reporter.token),
    payload: { commentId, reason: 'FakeNews' },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = filed.json<{ report: { id: number } }>().report.id;
  const processed = await t.app.inject({
    method: 'PUT',
    url: `/api/reports/${id}/process`,
    headers: bearer(moderator.token),
    payload: { status: 3 },
  });
  expect(processed.statusCode, processed.body).toBe(200);
}

describe('replies', () => {
  it('files a reply under its comment, out of the top-level list, counted on the comment only', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور للردود' });
    const top = await comment(sara, { postId: post.id });
    const reply = await comment(omar, { postId: post.id, parentId: top.id, content: 'ردّ على سارة' });
    expect(reply).toMatchObject({ parentId: top.id, replyCount: 0, content: 'ردّ على سارة' });

    const list = await topLevel(null, post.id);
    expect(list.items.map((item) => item.id)).toEqual([top.id]);
    expect(list.items[0]).toMatchObject({ replyCount: 1, parentId: null });
    expect(list.pagination.totalCount).toBe(1);
    expect(await counters(post.id, top.id)).toEqual({ post: 1, replies: 1 });

    const under = (await replies(null, top.id)).json<Paged<Comment>>();
    expect(under.items.map((item) => item.id)).toEqual([reply.id]);
    expect(under.pagination.totalCount).toBe(1);
  });

  it('files a reply to a reply under the same top-level comment, starting with the answered name', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const top = await comment(sara, { postId: post.id });
    const first = await comment(omar, { postId: post.id, parentId: top.id, content: 'أوافق' });
    const second = await comment(sara, { postId: post.id, parentId: first.id, content: 'شكرًا' });
    expect(second.parentId).toBe(top.id);
    expect(second.content).toBe(`@${omar.username} شكرًا`);
    expect(second.mentions).toEqual([{ username: omar.username, userId: omar.userId }]);
    expect((await counters(post.id, top.id)).replies).toBe(2);

    // Already naming the person answered: no second mention.
    const third = await comment(sara, {
      postId: post.id,
      parentId: first.id,
      content: `نعم @${omar.username.toUpperCase()}`,
    });
    expect(third.content).toBe(`نعم @${omar.username.toUpperCase()}`);
  });

  it('never names an anonymous person answered', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const top = await comment(sara, { postId: post.id });
    const hidden = await comment(omar, { postId: post.id, parentId: top.id, isAnonymous: true });
    const answer = await comment(sara, { postId: post.id, parentId: hidden.id, content: 'ردّ' });
    expect(answer.content).toBe('ردّ');
    expect(JSON.stringify(answer)).not.toContain(omar.username);
  });

  it('refuses a reply on another post (400) or to a missing or hidden comment (404)', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const elsewhere = await publishPost(t.app, author, { content: 'منشور آخر' });
    const top = await comment(sara, { postId: post.id });

    const wrongPost = await send(omar, { postId: elsewhere.id, parentId: top.id, content: 'ردّ' });
    expect(wrongPost.statusCode).toBe(400);
    expect(wrongPost.json<ErrorResponse>().message).toBe(serverMsg.replyOtherPost);

    const missing = await send(omar, { postId: post.id, parentId: 987654321, content: 'ردّ' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().message).toBe(serverMsg.commentNotFound);

    const bad = await send(omar, { postId: post.id, parentId: 'abc', content: 'ردّ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().message).toBe(msg.postIdRequired);

    expect((await send(null, { postId: post.id, parentId: top.id, content: 'ردّ' })).statusCode).toBe(401);

    await hideByModeration(top.id);
    // Hidden: no new replies, whoever asks (its author included), and its replies are not listed to others.
    expect((await send(sara, { postId: post.id, parentId: top.id, content: 'ردّ' })).statusCode).toBe(404);
    expect((await send(omar, { postId: post.id, parentId: top.id, content: 'ردّ' })).statusCode).toBe(404);
    expect((await replies(omar, top.id)).statusCode).toBe(404);
    expect((await replies(null, 987654321)).statusCode).toBe(404);
    expect((await replies(null, top.id, 'cursor=%21%21')).statusCode).toBe(400);
  });

  it('keeps every counter exact through replies, hiding and deletion', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const top = await comment(sara, { postId: post.id });
    const other = await comment(omar, { postId: post.id });
    const a = await comment(omar, { postId: post.id, parentId: top.id });
    const b = await comment(author, { postId: post.id, parentId: top.id });
    const c = await comment(sara, { postId: post.id, parentId: a.id });
    expect(await counters(post.id, top.id)).toEqual({ post: 2, replies: 3 });

    await hideByModeration(b.id);
    expect(await counters(post.id, top.id)).toEqual({ post: 2, replies: 2 });
    // The hidden reply is no longer listed to others.
    const listed = (await replies(null, top.id)).json<Paged<Comment>>();
    expect(listed.items.map((item) => item.id)).toEqual([a.id, c.id]);

    // Deleting a hidden reply changes nothing more; deleting a visible one takes it off.
    const deleteAs = (user: TestUser, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: bearer(user.token) });
    expect((await deleteAs(author, b.id)).statusCode).toBe(200);
    expect(await counters(post.id, top.id)).toEqual({ post: 2, replies: 2 });
    expect((await deleteAs(sara, c.id)).statusCode).toBe(200);
    expect(await counters(post.id, top.id)).toEqual({ post: 2, replies: 1 });

    // Deleting the top-level comment removes its replies and counts it off the post once.
    expect((await deleteAs(sara, top.id)).statusCode).toBe(200);
    const [gone] = await t.database.db.select().from(comments).where(eq(comments.id, a.id));
    expect(gone).toBeUndefined();
    expect((await counters(post.id, other.id)).post).toBe(1);
    expect((await topLevel(null, post.id)).items.map((item) => item.id)).toEqual([other.id]);
  });

  it('pages replies oldest first with a cursor', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const top = await comment(sara, { postId: post.id });
    const written: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      written.push((await comment(omar, { postId: post.id, parentId: top.id, content: `ردّ ${index}` })).id);
    }
    const first = (await replies(null, top.id, 'pageSize=2')).json<Paged<Comment>>();
    expect(first.items.map((item) => item.id)).toEqual(written.slice(0, 2));
    expect(first.pagination).toMatchObject({ hasNextPage: true, totalCount: 5 });
    const second = (await replies(null, top.id, `pageSize=2&cursor=${first.pagination.nextCursor!}`)).json<
      Paged<Comment>
    >();
    expect(second.items.map((item) => item.id)).toEqual(written.slice(2, 4));
    const third = (await replies(null, top.id, `pageSize=2&cursor=${second.pagination.nextCursor!}`)).json<
      Paged<Comment>
    >();
    expect(third.items.map((item) => item.id)).toEqual(written.slice(4));
    expect(third.pagination).toMatchObject({ hasNextPage: false, nextCursor: null });
  });

  it('tells the answered comment author, never the replier, and keeps an anonymous replier unnamed', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور' });
    const top = await comment(sara, { postId: post.id });
    await comment(sara, { postId: post.id, parentId: top.id, content: 'ردّ على نفسي' });
    expect((await notificationsOf(sara)).filter((item) => item.postId === post.id)).toEqual([]);

    const reply = await comment(omar, {
      postId: post.id,
      parentId: top.id,
      content: 'ردّ سري',
      isAnonymous: true,
    });
    expect(reply.user).toEqual({ userId: null, username: null, displayName: 'مجهول', avatarUrl: null });
    const told = (await notificationsOf(sara)).filter((item) => item.postId === post.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'reply', senderName: 'مجهول', content: 'ردّ سري' });
    expect(JSON.stringify(told)).not.toContain(omar.username);

    for (const viewer of [null, author, sara, moderator]) {
      const listed = await replies(viewer, top.id);
      const body = listed.body;
      expect(body).not.toContain(omar.userId);
      expect(body).not.toContain(omar.username);
    }
  });
});
