import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import { ANONYMOUS_AUTHOR, type Post } from '@ray/shared/schemas/post';
import { REPORT_STATUS } from '@ray/shared/schemas/report';
import { commentOn, vote } from '../test/actions';
import { registerWithRole } from '../test/roles';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../test/test-app';
import { MEMBER_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from './http-caching';

let t: TestApp;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  reader = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const feed = '/api/posts/paginated?pageSize=10';
const namesOf = (page: Paged<Post>) => page.items.map((post) => post.user.username);

describe('answers shared by visitors', () => {
  it('tags a visitor answer, lets shared caches keep it for seconds, and revalidates it with 304', async () => {
    await publishPost(t.app, author, { content: 'منشور للزوار' });
    const first = await get(feed);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
    expect(first.headers['vary']).toMatch(/authorization/i);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(feed, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another tag, or none, gets the whole answer.
    expect((await get(feed, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('gives a signed-in reader a private answer with their own state, never the shared one', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور يصوّت عليه القارئ' });
    await get(`/api/posts/${post.id}`);
    await vote(t.app, reader, post.id, 1);
    const own = await get(`/api/posts/${post.id}`, bearer(reader.token));
    expect(own.headers['cache-control']).toBe(MEMBER_CACHE_CONTROL);
    expect(own.headers['vary']).toMatch(/authorization/i);
    expect(own.json<Post>().userVote).toBe(1);
    const revalidated = await get(`/api/posts/${post.id}`, {
      ...bearer(reader.token),
      'if-none-match': own.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('ignores query parameters the route does not read', async () => {
    const plain = await get(feed);
    const tagged = await get(`${feed}&utm_source=x&_=123`);
    expect(tagged.headers.etag).toBe(plain.headers.etag);
  });

  it('shows visitors a new post, a vote and a comment at once', async () => {
    const before = await get(feed);
    const post = await publishPost(t.app, author, { content: 'منشور جديد يظهر للزوار فوراً' });
    const after = await get(feed);
    expect(after.json<Paged<Post>>().items[0]!.id).toBe(post.id);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    await get(`/api/posts/${post.id}`);
    await vote(t.app, reader, post.id, 1);
    await commentOn(t.app, reader, post.id, 'تعليق يغيّر العدد');
    const read = (await get(`/api/posts/${post.id}`)).json<Post>();
    expect(read.votingStatistics).toMatchObject({ upVotes: 1 });
    expect(read.commentCount).toBe(1);
    const listed = (await get(feed)).json<Paged<Post>>().items.find((item) => item.id === post.id);
    expect(listed).toMatchObject({ votingStatistics: { upVotes: 1 }, commentCount: 1 });
  });

  it('never serves a post made anonymous with its author, not even for a moment', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور سيصبح مجهولاً' });
    const detail = `/api/posts/${post.id}`;
    expect((await get(detail)).json<Post>().user.username).toBe(author.username);
    expect(namesOf((await get(feed)).json<Paged<Post>>())).toContain(author.username);

    const edited = await t.app.inject({
      method: 'PUT',
      url: detail,
      headers: bearer(author.token),
      payload: { content: 'منشور سيصبح مجهولاً', isAnonymous: true },
    });
    expect(edited.statusCode).toBe(200);
    const read = await get(detail);
    expect(read.json<Post>().user).toEqual(ANONYMOUS_AUTHOR);
    expect(read.body).not.toContain(author.username);
    const page = (await get(feed)).json<Paged<Post>>();
    expect(page.items.find((item) => item.id === post.id)?.user).toEqual(ANONYMOUS_AUTHOR);
  });

  it('forgets a deleted post at once', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور سيحذف' });
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(200);
    await get(feed);
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/delete`,
      headers: bearer(author.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await get(feed)).json<Paged<Post>>().items.map((item) => item.id)).not.toContain(post.id);
  });

  it('forgets a post hidden by a moderator at once', async () => {
    const moderator = await registerWithRole(t, 'moderator');
    const post = await publishPost(t.app, author, { content: 'منشور سيخفيه المشرف' });
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(200);
    await get(feed);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(reader.token),
      payload: { postId: post.id, reason: 'FakeNews' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { report } = filed.json<{ report: { id: number } }>();
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/reports/${report.id}/process`,
      headers: bearer(moderator.token),
      payload: { status: REPORT_STATUS.approved },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await get(feed)).json<Paged<Post>>().items.map((item) => item.id)).not.toContain(post.id);
  });

  it("shows an author's new name at once", async () => {
    const writer = await registerUser(t.app);
    const post = await publishPost(t.app, writer, { content: 'منشور قبل تغيير الاسم' });
    expect((await get(`/api/posts/${post.id}`)).json<Post>().user.displayName).not.toContain('اسم جديد');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(writer.token),
      payload: { firstName: 'اسم', lastName: 'جديد' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(`/api/posts/${post.id}`)).json<Post>().user.displayName).toBe('اسم جديد');
  });

  it('caches no refusal: a missing post stays 404 without a tag', async () => {
    const missing = await get('/api/posts/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).not.toBe(VISITOR_CACHE_CONTROL);
  });
});
