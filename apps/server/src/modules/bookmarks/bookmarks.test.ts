import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { BookmarkResult } from '@ray/shared/schemas/bookmark';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
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

async function createPost(user: TestUser, content = 'منشور يستحق الحفظ') {
  return publishPost(t.app, user, { content });
}

const save = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookmarks',
    headers: user ? bearer(user.token) : {},
    payload: payload as Record<string, unknown>,
  });
const unsave = (user: TestUser | null, postId: number | string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/bookmarks/${postId}`,
    headers: user ? bearer(user.token) : {},
  });
const exists = async (user: TestUser, postId: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/bookmarks/${postId}/exists`, headers: bearer(user.token) })
  ).json<{ exists: boolean }>().exists;
const saved = async (user: TestUser, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/bookmarks${query}`, headers: bearer(user.token) })).json<
    Paged<Post>
  >();

describe('bookmarks', () => {
  it('asks visitors to sign in on every bookmark call', async () => {
    const post = await createPost(owner);
    const calls = [
      save(null, { postId: post.id }),
      unsave(null, post.id),
      t.app.inject({ method: 'GET', url: '/api/bookmarks' }),
      t.app.inject({ method: 'GET', url: `/api/bookmarks/${post.id}/exists` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorResponse>().message).toBe(msg.loginToBookmark);
    }
  });

  it('saves a post once however often it is saved, lists it and removes it idempotently', async () => {
    const post = await createPost(owner);
    const first = await save(other, { postId: post.id });
    expect(first.statusCode).toBe(200);
    expect(first.json<BookmarkResult>()).toEqual({
      success: true,
      message: msg.bookmarkAdded,
      isBookmarked: true,
    });
    const repeats = await Promise.all(Array.from({ length: 5 }, () => save(other, { postId: post.id })));
    expect(repeats.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    expect(await exists(other, post.id)).toBe(true);
    expect(await exists(owner, post.id)).toBe(false);
    const list = await saved(other);
    expect(list.items.map((p) => p.id)).toEqual([post.id]);
    expect(list.items[0]!.isBookmarked).toBe(true);
    expect(list.pagination.totalCount).toBe(1);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${post.id}`,
      headers: bearer(other.token),
    });
    expect(detail.json<Post>().isBookmarked).toBe(true);

    const removed = await unsave(other, post.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<BookmarkResult>()).toEqual({
      success: true,
      message: msg.bookmarkRemoved,
      isBookmarked: false,
    });
    expect(await exists(other, post.id)).toBe(false);
    expect((await saved(other)).items).toEqual([]);
    expect((await unsave(other, post.id)).statusCode).toBe(200);
  });

  it('answers GET /api/bookmarks exactly like the Bookmarks feed of the posts, most recently saved first, paged by cursor', async () => {
    const user = await registerUser(t.app);
    const a = await createPost(owner, 'المنشور الأول');
    const b = await createPost(owner, 'المنشور الثاني');
    const c = await createPost(owner, 'المنشور الثالث');
    for (const post of [b, c, a]) expect((await save(user, { postId: post.id })).statusCode).toBe(200);

    const page = await saved(user, '?pageSize=2');
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/posts/paginated?pageType=Bookmarks&pageSize=2',
      headers: bearer(user.token),
    });
    expect(page).toEqual(feed.json());
    expect(page.items.map((p) => p.id)).toEqual([a.id, c.id]);
    expect(page.pagination).toMatchObject({ hasNextPage: true, totalCount: 3 });
    const next = await saved(user, `?pageSize=2&cursor=${page.pagination.nextCursor}`);
    expect(next.items.map((p) => p.id)).toEqual([b.id]);
    expect(next.pagination.hasNextPage).toBe(false);
  });

  it('answers 404 for missing posts and for hidden posts the caller cannot see', async () => {
    const missing = await save(other, { postId: 987654321 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().message).toBe(msg.postNotFound);

    const post = await createPost(owner);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    const hidden = await save(other, { postId: post.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(await exists(other, post.id)).toBe(false);
    for (const user of [owner, moderator, admin]) {
      expect((await save(user, { postId: post.id })).statusCode).toBe(200);
      expect(await exists(user, post.id)).toBe(true);
    }
  });

  it("keeps each user's bookmarks private: owner, other user, moderator and admin each see only their own", async () => {
    const post = await createPost(owner);
    const actors = [owner, other, moderator, admin];
    expect((await save(other, { postId: post.id })).statusCode).toBe(200);
    for (const user of actors) {
      expect(await exists(user, post.id)).toBe(user === other);
      expect((await saved(user)).items.some((p) => p.id === post.id)).toBe(user === other);
    }
    // Removing someone else's bookmark is impossible: a DELETE only ever touches the caller's own.
    expect((await unsave(moderator, post.id)).statusCode).toBe(200);
    expect(await exists(other, post.id)).toBe(true);
  });

  it('rejects bad input with 400 and the Arabic message', async () => {
    const cases: [unknown, string][] = [
      [{}, msg.postIdRequired],
      [{ postId: 'abc' }, msg.postIdRequired],
      [{ postId: 0 }, msg.postIdRequired],
      [{ postId: 1.5 }, msg.postIdRequired],
      [{ postId: null }, msg.postIdRequired],
      [{ postId: [1] }, msg.postIdRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await save(other, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.postId).toContain(message);
    }
    for (const response of [
      await unsave(other, 'abc'),
      await t.app.inject({ method: 'GET', url: '/api/bookmarks/abc/exists', headers: bearer(other.token) }),
      await t.app.inject({ method: 'GET', url: '/api/bookmarks?pageSize=500', headers: bearer(other.token) }),
      await t.app.inject({ method: 'GET', url: '/api/bookmarks?cursor=%%%', headers: bearer(other.token) }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('documents the bookmark routes in OpenAPI', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/bookmarks/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(paths['/api/bookmarks/{postId}']?.delete).toBeDefined();
    expect(paths['/api/bookmarks/{postId}/exists']?.get).toBeDefined();
  });
});
