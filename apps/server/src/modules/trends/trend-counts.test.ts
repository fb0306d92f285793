import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@ray/shared/schemas/post';
import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';
import { postHashtags, posts } from '../../db/schema';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The trend rankings read counts that triggers keep as posts are written (migration 0008). Whatever is done to
 * posts, their tags and their engagement, those counts must equal the ones computed afresh from the posts.
 */

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

async function request(
  method: 'POST' | 'PUT',
  url: string,
  user: TestUser,
  payload?: Record<string, unknown>,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

async function createPost(user: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return (await request('POST', '/api/posts', user, { content, ...extra })).json<Post>();
}

async function setHidden(postId: number, hidden: boolean) {
  await t.database.db
    .update(posts)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(posts.id, postId));
}

/** Moves a post and its tag uses back in time. */
async function age(postId: number, at: ReturnType<typeof sql>) {
  await t.database.db.update(posts).set({ createdAt: at }).where(eq(posts.id, postId));
  await t.database.db.update(postHashtags).set({ createdAt: at }).where(eq(postHashtags.postId, postId));
}

/** Every kept count, in a stable order. */
async function counts() {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  return {
    posts: await read(sql`select post_id, created_at, hot from post_trends order by post_id`),
    authorDays: await read(sql`select * from hashtag_author_days order by hashtag_id, day, author_id`),
    days: await read(sql`select * from hashtag_days where authors > 0 order by hashtag_id, day`),
    windowAuthors: await read(sql`select * from hashtag_window_authors order by days, hashtag_id, author_id`),
    windows: await read(sql`select * from hashtag_windows where authors > 0 order by days, hashtag_id`),
  };
}

async function trending(days: number, count: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/hashtags/trending?count=${count}&days=${days}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<TrendingHashtag[]>();
}

describe('trend counts', () => {
  it('equal the counts computed afresh after posts are written, edited, voted on, hidden, shown, aged and deleted', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const first = await createPost(a, 'أول رأي #قهوة_الصباح #الرياض');
    const second = await createPost(b, 'رأي ثان #قهوة_الصباح', { votingType: 'rating' });
    const third = await createPost(c, 'رأي ثالث #الرياض #قهوة_الصباح', {
      votingType: 'poll',
      pollOptions: ['نعم', 'لا'],
    });
    const anonymous = await createPost(a, 'رأي بلا اسم #قهوة_الصباح', { isAnonymous: true });
    const doomed = await createPost(d, 'سيحذف #الرياض');
    const removedWithAccount = await createPost(d, 'يحذف مع الحساب #الرياض #شاي_العصر');

    await request('POST', '/api/votes', b, { postId: first.id, value: 1 });
    await request('POST', '/api/votes', c, { postId: first.id, value: -1 });
    await request('POST', '/api/votes', a, { postId: second.id, value: 4 });
    await request('POST', '/api/votes', d, { postId: third.id, value: 1 });
    await request('POST', '/api/comments', d, { postId: first.id, content: 'تعليق على الرأي' });
    await request('POST', '/api/votes', b, { postId: first.id, value: 1 }); // taken back

    // Tags changed by an edit, a post hidden, another hidden and shown again, one aged, one deleted.
    await request('PUT', `/api/posts/${second.id}`, b, { content: 'رأي ثان بعد التعديل #شاي_العصر' });
    await setHidden(third.id, true);
    await setHidden(anonymous.id, true);
    await setHidden(anonymous.id, false);
    await age(first.id, sql`now() - interval '3 days'`);
    await request('POST', `/api/posts/${doomed.id}/delete`, d);
    // As when an account is deleted: the post row goes first, its tag uses with it.
    await t.database.db.delete(posts).where(eq(posts.id, removedWithAccount.id));

    await t.database.db.execute(sql`select trend_roll_off()`);
    const kept = await counts();
    expect(kept.windows.length).toBeGreaterThan(0);
    expect(kept.posts.some((row) => row.post_id === third.id)).toBe(false);
    expect(kept.posts.some((row) => row.post_id === doomed.id)).toBe(false);

    await t.database.db.execute(sql`select trend_counts_rebuild()`);
    expect(await counts()).toEqual(kept);
  });

  it('count a tag use out of a period once it has left it', async () => {
    const [a, b] = users as [TestUser, TestUser];
    const leaving = await createPost(a, 'قبل يوم تقريباً #وسم_يغادر');
    await createPost(b, 'الآن #وسم_يغادر');
    // Two seconds before it leaves the one-day period.
    await age(leaving.id, sql`now() - interval '1 day' + interval '2 seconds'`);

    const before = (await trending(1, 46)).find((tag) => tag.name === 'وسم_يغادر');
    expect(before?.usageCount).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Another count is another ranking, computed now, after the use has left the day.
    const after = (await trending(1, 45)).find((tag) => tag.name === 'وسم_يغادر');
    expect(after?.usageCount).toBe(1);
    expect((await trending(7, 45)).find((tag) => tag.name === 'وسم_يغادر')?.usageCount).toBe(2);
  });
});
