import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import { ANONYMOUS_AUTHOR, type Post } from '@ray/shared/schemas/post';
import { vote } from '../../test/actions';
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
 * A signed-in reader gets the posts visitors share with their own vote, bookmark and authorship added; a reader
 * whose lists differ in more (blocks, mutes, muted words, posts only they see, staff) gets a read of their own.
 * Each case reads as a visitor first, so the shared answer is there to be (wrongly) reused.
 */

let t: TestApp;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  other = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const feed = '/api/posts/paginated?pageSize=50';
const read = async (url: string, user?: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
  return {
    status: response.statusCode,
    body: response.body,
    page: () => response.json<Paged<Post>>(),
    post: () => response.json<Post>(),
  };
};
const idsOf = (page: Paged<Post>) => page.items.map((post) => post.id);
const send = (user: TestUser, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

describe('signed-in readers and the answers visitors share', () => {
  it("carries the reader's own vote, bookmark and authorship, an anonymous post's included, never its author", async () => {
    const reader = await registerUser(t.app);
    const signed = await publishPost(t.app, author, { content: 'منشور موقّع للقراء' });
    const mine = await publishPost(t.app, reader, { content: 'منشوري المجهول', isAnonymous: true });
    await read(feed);
    await read(`/api/posts/${mine.id}`);
    await vote(t.app, reader, signed.id, 1);
    expect((await send(reader, 'POST', '/api/bookmarks', { postId: signed.id })).statusCode).toBe(200);

    const page = (await read(feed, reader)).page();
    expect(page.items.find((post) => post.id === signed.id)).toMatchObject({
      userVote: 1,
      isBookmarked: true,
      isOwner: false,
    });
    const own = page.items.find((post) => post.id === mine.id)!;
    expect(own).toMatchObject({ isOwner: true, user: ANONYMOUS_AUTHOR });
    const detail = await read(`/api/posts/${mine.id}`, reader);
    expect(detail.post()).toMatchObject({ isOwner: true, user: ANONYMOUS_AUTHOR });
    expect(detail.body).not.toContain(reader.userId);
    // Someone else sees the same post as not theirs.
    expect((await read(`/api/posts/${mine.id}`, other)).post().isOwner).toBe(false);
  });

  it("sends the visitors' fields as they were sent, with only the reader's state changed", async () => {
    const reader = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'منشور يقرؤه الزائر والعضو' });
    await vote(t.app, reader, post.id, 1);
    const visitors = await read(feed);
    const response = await t.app.inject({ method: 'GET', url: feed, headers: bearer(reader.token) });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const publicPart = ({ userVote: _v, isBookmarked: _b, isOwner: _o, ...rest }: Post) => rest;
    const own = response.json<Paged<Post>>();
    expect(own.items.map(publicPart)).toEqual(visitors.page().items.map(publicPart));
    expect(Object.keys(own.items[0]!)).toEqual(Object.keys(visitors.page().items[0]!));
    expect(own.items.find((item) => item.id === post.id)?.userVote).toBe(1);
  });

  it('leaves out the signed posts of someone the reader muted, and of someone across a block', async () => {
    const reader = await registerUser(t.app);
    const muted = await registerUser(t.app);
    const blocker = await registerUser(t.app);
    const mutedPost = await publishPost(t.app, muted, { content: 'منشور من شخص مكتوم' });
    const blockerPost = await publishPost(t.app, blocker, { content: 'منشور ممن حظر القارئ' });
    expect(idsOf((await read(feed)).page())).toEqual(expect.arrayContaining([mutedPost.id, blockerPost.id]));
    expect((await send(reader, 'POST', `/api/users/${muted.userId}/mute`)).statusCode).toBe(200);
    expect((await send(blocker, 'POST', `/api/users/${reader.userId}/block`)).statusCode).toBe(200);

    const ids = idsOf((await read(feed, reader)).page());
    expect(ids).not.toContain(mutedPost.id);
    expect(ids).not.toContain(blockerPost.id);
    expect((await read(`/api/posts/${blockerPost.id}`, reader)).status).toBe(404);
    // The one who blocked no longer sees the reader's posts either, and visitors still see both.
    expect(idsOf((await read(feed)).page())).toContain(blockerPost.id);
  });

  it('leaves out posts with a word the reader muted', async () => {
    const reader = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'حديث عن البطيخ الأحمر' });
    await read(feed);
    expect((await send(reader, 'POST', '/api/users/muted-words', { word: 'البطيخ' })).statusCode).toBe(201);
    expect(idsOf((await read(feed, reader)).page())).not.toContain(post.id);
    expect(idsOf((await read(feed, other)).page())).toContain(post.id);
  });

  it('shows an author the post moderators hid, which visitors no longer get', async () => {
    const writer = await registerUser(t.app);
    const post = await publishPost(t.app, writer, { content: 'منشور سيخفيه المشرفون' });
    await t.database.db.execute(sql`update posts set hidden_at = now() where id = ${post.id}`);
    t.app.ctx.publicAnswers.evict({ posts: [post.id], lists: true });
    expect(idsOf((await read(feed)).page())).not.toContain(post.id);
    expect((await read(`/api/posts/${post.id}`)).status).toBe(404);

    const own = (await read(feed, writer)).page().items.find((item) => item.id === post.id);
    expect(own).toMatchObject({ isHidden: true, isOwner: true });
    expect((await read(`/api/posts/${post.id}`, writer)).post().isHidden).toBe(true);
    const moderator = await registerWithRole(t, 'moderator');
    expect(idsOf((await read(feed, moderator)).page())).toContain(post.id);
  });

  it("keeps the lists that are one reader's own: their profile with its anonymous posts, bookmarks, following", async () => {
    const writer = await registerUser(t.app);
    const anonymous = await publishPost(t.app, writer, { content: 'مجهول في ملفي', isAnonymous: true });
    const profile = `/api/posts/paginated?userId=${writer.userId}`;
    expect(idsOf((await read(profile)).page())).not.toContain(anonymous.id);
    expect(idsOf((await read(profile, writer)).page())).toContain(anonymous.id);
    expect(idsOf((await read(profile, other)).page())).not.toContain(anonymous.id);
    expect((await read('/api/posts/paginated?pageType=Bookmarks')).status).toBe(401);
    expect((await read('/api/posts/paginated?pageType=Bookmarks', writer)).status).toBe(200);
  });
});
