import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from './test/test-app';

/**
 * Fields only the server sets (author, owner, counters, role, dates, status, ids) are ignored on every write:
 * a client that sends them gets exactly what it would have got without them.
 */

let t: TestApp;
let caller: TestUser;
let victim: TestUser;

const FORGED = {
  id: 424_242,
  authorId: '',
  userId: '',
  reporterId: '',
  followerCount: 500,
  upVotes: 99,
  downVotes: 7,
  ratingSum: 50,
  ratingCount: 10,
  commentCount: 12,
  postsCount: 40,
  followersCount: 40,
  isOwner: true,
  isHidden: true,
  hiddenAt: '2020-01-01T00:00:00.000Z',
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  role: 'admin',
  status: 3,
};

beforeAll(async () => {
  t = await createTestApp();
  caller = await registerUser(t.app);
  victim = await registerUser(t.app);
  Object.assign(FORGED, { authorId: victim.userId, userId: victim.userId, reporterId: victim.userId });
});

afterAll(async () => {
  await t.close();
});

async function row<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await t.database.db.execute(query);
  return (result as { rows: unknown[] }).rows[0] as T;
}

async function write(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, user = caller) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    payload: { ...FORGED, ...payload },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
}

const recent = (value: Date | string) => Date.now() - new Date(value).getTime() < 60_000;

describe('fields a client must not set', () => {
  it('creating and editing a post', async () => {
    const created = await write('POST', '/api/posts', { content: 'منشور يحاول تزوير حقوله' });
    const id = created.id as number;
    expect(id).not.toBe(FORGED.id);
    const check = async () => {
      const post = await row<{
        author_id: string;
        up_votes: number;
        down_votes: number;
        comment_count: number;
        hidden_at: Date | null;
        created_at: Date;
      }>(
        sql`select author_id, up_votes, down_votes, comment_count, hidden_at, created_at from posts where id = ${id}`,
      );
      expect(post.author_id).toBe(caller.userId);
      expect([post.up_votes, post.down_votes, post.comment_count]).toEqual([0, 0, 0]);
      expect(post.hidden_at).toBeNull();
      expect(recent(post.created_at)).toBe(true);
    };
    await check();
    await write('PUT', `/api/posts/${id}`, { content: 'منشور معدل يحاول تزوير حقوله مرة أخرى' });
    await check();
    const victimPosts = await row<{ posts_count: number }>(
      sql`select posts_count from users where id = ${victim.userId}`,
    );
    expect(victimPosts.posts_count).toBe(0);
  });

  it('commenting and editing a comment', async () => {
    const post = await write('POST', '/api/posts', { content: 'منشور للتعليق عليه' });
    const comment = await write('POST', '/api/comments', { postId: post.id, content: 'تعليق يحاول التزوير' });
    await write('PUT', `/api/comments/${String(comment.id)}`, { content: 'تعليق معدل يحاول التزوير' });
    const stored = await row<{ author_id: string; created_at: Date; hidden_at: Date | null }>(
      sql`select author_id, created_at, hidden_at from comments where id = ${comment.id as number}`,
    );
    expect(stored.author_id).toBe(caller.userId);
    expect(recent(stored.created_at)).toBe(true);
    expect(stored.hidden_at).toBeNull();
    const counted = await row<{ comment_count: number }>(
      sql`select comment_count from posts where id = ${post.id as number}`,
    );
    expect(counted.comment_count).toBe(1);
  });

  it('voting, bookmarking and reporting', async () => {
    const post = await write('POST', '/api/posts', { content: 'منشور للتصويت عليه' }, victim);
    await write('POST', '/api/votes', { postId: post.id, value: 1 });
    await write('POST', '/api/bookmarks', { postId: post.id });
    await write('POST', '/api/reports', { PostId: post.id, Reason: 1 });
    const postId = post.id as number;
    const vote = await row<{ user_id: string; n: number }>(
      sql`select min(user_id::text) as user_id, count(*)::int as n from votes where post_id = ${postId}`,
    );
    expect(vote).toEqual({ user_id: caller.userId, n: 1 });
    const bookmark = await row<{ user_id: string }>(
      sql`select user_id from bookmarks where post_id = ${postId}`,
    );
    expect(bookmark.user_id).toBe(caller.userId);
    const report = await row<{ reporter_id: string; status: number }>(
      sql`select reporter_id, status from reports where post_id = ${postId}`,
    );
    expect(report).toEqual({ reporter_id: caller.userId, status: 1 });
    const counts = await row<{ up_votes: number }>(sql`select up_votes from posts where id = ${postId}`);
    expect(counts.up_votes).toBe(1);
  });

  it('editing the profile', async () => {
    await write('PUT', '/api/users/profile', {
      firstName: 'سارة',
      lastName: 'الحربي',
      bio: 'نبذة',
      email: 'x@y.z',
    });
    const user = await row<{ role: string; email: string; posts_count: number; followers_count: number }>(
      sql`select role, email, posts_count, followers_count from users where id = ${caller.userId}`,
    );
    expect(user.role).toBe('user');
    expect(user.email).toBe(caller.email);
    expect(user.followers_count).toBe(0);
  });
});
