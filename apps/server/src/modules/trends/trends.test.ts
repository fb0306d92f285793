import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { posts } from '../../db/schema';
import {
  bearer,
  createTestApp,
  eventually,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

let t: TestApp;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 4; i++) users.push(await registerUser(t.app));
});
afterAll(async () => {
  await t.close();
});

async function createPost(user: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return publishPost(t.app, user, { content, ...extra });
}

async function like(post: Post, voters: TestUser[]) {
  for (const voter of voters) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(voter.token),
      payload: { postId: post.id, value: 1 },
    });
    expect(response.statusCode).toBe(200);
  }
}

async function ageHours(post: Post, hours: number) {
  await t.database.db
    .update(posts)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(posts.id, post.id));
}

async function trending(query: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/posts/trending/paginated?${query}`,
    headers,
  });
  return { status: response.statusCode, body: response.json<Paged<Post>>() };
}

const tag = (name: string) => `hashtag=${encodeURIComponent(name)}`;

describe('trending posts', () => {
  it('ranks engagement decayed by age: a liked fresh post, then a quiet fresh one, then a liked old one', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const old = await createPost(a, 'قديم ومحبوب #ترتيب_الترند');
    const quiet = await createPost(a, 'جديد وهادئ #ترتيب_الترند');
    const liked = await createPost(a, 'جديد ومحبوب #ترتيب_الترند');
    await like(old, [b, c, d]);
    await like(liked, [b, c, d]);
    await ageHours(old, 48);

    const { status, body } = await trending(tag('ترتيب_الترند'));
    expect(status).toBe(200);
    expect(body.items.map((post) => post.id)).toEqual([liked.id, quiet.id, old.id]);
    expect(body.pagination).toMatchObject({ totalCount: 3, hasNextPage: false, nextCursor: null });
  });

  it('keeps only the chosen period and never shows hidden posts', async () => {
    const [a] = users as [TestUser];
    const recent = await createPost(a, 'منشور اليوم #نافذة_الترند');
    const lastWeek = await createPost(a, 'منشور قبل أيام #نافذة_الترند');
    const hidden = await createPost(a, 'منشور مخفي #نافذة_الترند');
    await ageHours(lastWeek, 24 * 3);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));

    const day = await trending(`days=1&${tag('نافذة_الترند')}`);
    expect(day.body.items.map((post) => post.id)).toEqual([recent.id]);
    const week = await trending(`days=7&${tag('نافذة_الترند')}`, bearer(a.token));
    expect(week.body.items.map((post) => post.id).sort()).toEqual([recent.id, lastWeek.id].sort());
  });

  it('includes anonymous posts without their author', async () => {
    const [a, b] = users as [TestUser, TestUser];
    const anonymous = await createPost(a, 'رأي بلا اسم #مجهول_في_الترند', { isAnonymous: true });
    await like(anonymous, [b]);
    for (const headers of [{}, bearer(b.token)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts/trending/paginated?${tag('مجهول_في_الترند')}`,
        headers,
      });
      const body = response.json<Paged<Post>>();
      expect(body.items.map((post) => post.id)).toEqual([anonymous.id]);
      expect(body.items[0]!.user).toEqual({
        userId: null,
        username: null,
        displayName: 'مجهول',
        avatarUrl: null,
      });
      expect(response.body).not.toContain(a.userId);
      expect(response.body).not.toContain(a.username);
    }
  });

  it('pages with the cursor and with page numbers without repeating posts', async () => {
    const [a] = users as [TestUser];
    for (let i = 0; i < 5; i++) await createPost(a, `منشور رقم ${i} #صفحات_الترند`);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Paged<Post> } = await trending(
        `pageSize=2&${tag('صفحات_الترند')}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.pagination.totalCount).toBe(5);
      seen.push(...page.body.items.map((post) => post.id));
      cursor = page.body.pagination.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const third = await trending(`pageSize=2&page=3&${tag('صفحات_الترند')}`);
    expect(third.body.items.map((post) => post.id)).toEqual(seen.slice(4));
    expect(third.body.pagination.hasNextPage).toBe(false);
  });

  it('uses 7 days and 10 posts by default, accepts categoryId and an empty hashtag', async () => {
    const { status, body } = await trending('categoryId=sports&hashtag=');
    expect(status).toBe(200);
    expect(body.pagination.pageSize).toBe(10);
    expect(body.items.length).toBeLessThanOrEqual(10);
    expect(body.pagination.totalCount).toBeGreaterThan(10);
  });

  it('answers an empty page for a tag nobody used', async () => {
    const { status, body } = await trending(tag('وسم_غير_موجود'));
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.pagination.totalCount).toBe(0);
  });

  it.each(['days=0', 'days=31', 'days=365', 'days=x'])(
    'rejects %s with the Arabic message',
    async (query) => {
      const { status, body } = await trending(query);
      expect(status).toBe(400);
      expect((body as unknown as ErrorBody).errors?.days).toContain(msg.trendingDaysInvalid);
    },
  );

  it('keeps a ranking for a minute', async () => {
    const [a] = users as [TestUser];
    await createPost(a, 'أول منشور #ذاكرة_الترند');
    expect((await trending(tag('ذاكرة_الترند'))).body.pagination.totalCount).toBe(1);
    await createPost(a, 'ثاني منشور #ذاكرة_الترند');
    expect((await trending(tag('ذاكرة_الترند'))).body.pagination.totalCount).toBe(1);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    const monotonic = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 61_000);
    try {
      // After the minute the last ranking is still answered while the new one is computed.
      expect((await trending(tag('ذاكرة_الترند'))).body.pagination.totalCount).toBe(1);
      const total = await eventually(async () => {
        const count = (await trending(tag('ذاكرة_الترند'))).body.pagination.totalCount;
        return count === 2 ? count : undefined;
      });
      expect(total).toBe(2);
    } finally {
      clock.mockRestore();
      monotonic.mockRestore();
    }
  });

  it('is routed beside GET /api/posts/:id and documented', async () => {
    const [a] = users as [TestUser];
    const post = await createPost(a, 'منشور للتأكد من المسارات');
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/trending' })).statusCode).toBe(400);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/posts/trending/paginated',
      '/api/posts/search',
      '/api/hashtags/',
      '/api/hashtags/trending',
      '/api/hashtags/search',
      '/api/hashtags/{name}/posts',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
