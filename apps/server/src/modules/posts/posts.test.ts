import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { hashtags, posts, users } from '../../db/schema';
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
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  other = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function createPost(user: TestUser, payload: Record<string, unknown>) {
  return publishPost(t.app, user, payload);
}

describe('posts', () => {
  it('creates a post with hashtags, lists it first in the feed and shows the author', async () => {
    const post = await createPost(author, { content: 'رأيي في #القهوة_المختصة و #الرياض اليوم' });
    expect(post.hashtags.map((h) => h.hashtag.name)).toEqual(['القهوة_المختصة', 'الرياض']);
    expect(post.user.userId).toBe(author.userId);
    expect(post.isOwner).toBe(true);
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/paginated' });
    expect(feed.statusCode).toBe(200);
    expect(feed.json<Paged<Post>>().items[0]!.id).toBe(post.id);
  });

  it('writes concurrent posts naming the same tags in opposite orders, each tag counted once per post', async () => {
    // Against PostgreSQL (DATABASE_URL) the posts run concurrently; the embedded database takes them in turn.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/posts',
          headers: bearer(i % 2 === 0 ? author.token : other.token),
          payload: { content: i % 2 === 0 ? `رأي ${i} #قفل_أول #قفل_ثان` : `رأي ${i} #قفل_ثان #قفل_أول` },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    // Each post shows its tags in the order written, whatever order they were stored in.
    expect(responses[1]!.json<Post>().hashtags.map((h) => h.hashtag.name)).toEqual(['قفل_ثان', 'قفل_أول']);
    const counts = await t.database.db
      .select({ postCount: hashtags.postCount })
      .from(hashtags)
      .where(inArray(hashtags.name, ['قفل_أول', 'قفل_ثان']));
    expect(counts).toEqual([{ postCount: 40 }, { postCount: 40 }]);
  });

  it('requires sign-in to post and rejects an empty post with the Arabic message', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/posts', payload: { content: 'مرحبا' } });
    expect(visitor.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors.content).toContain(
      msg.postContentRequired,
    );
  });

  it('never shows the author of an anonymous post to others', async () => {
    const post = await createPost(author, { content: 'سر لا أستطيع قوله باسمي', isAnonymous: true });
    expect(post.user).toEqual({ userId: null, username: null, displayName: 'مجهول', avatarUrl: null });
    for (const headers of [{}, bearer(other.token)]) {
      const detail = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers });
      expect(detail.body).not.toContain(author.userId);
      expect(detail.body).not.toContain(author.username);
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/posts/paginated?userId=${author.userId}`,
    });
    expect(profile.json<Paged<Post>>().items.some((p) => p.id === post.id)).toBe(false);
  });

  it('lets only the author edit or delete, and keeps the voting type fixed', async () => {
    const post = await createPost(author, { content: 'منشور للتعديل لاحقاً' });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: bearer(other.token),
      payload: { content: 'محاولة تعديل من غيري' },
    });
    expect(foreign.statusCode).toBe(404);
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: bearer(author.token),
      payload: { content: 'تعديل مع نوع آخر', votingType: 'rating' },
    });
    expect(locked.statusCode).toBe(400);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: bearer(author.token),
      payload: { content: 'محتوى جديد مع #وسم' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>().hashtags).toEqual([{ hashtag: { name: 'وسم' } }]);
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/delete`,
      headers: bearer(author.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
  });

  it('reads every field of a post as stored, in its page, in every list and for every kind of viewer', async () => {
    const created = await createPost(author, {
      content: 'استطلاع عن #المطر و #الشتاء',
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا', 'ربما']),
      latitude: 24.7136,
      longitude: 46.6753,
      locationName: 'الرياض',
    });
    const image = '/uploads/original/0123456789abcdef0123456789abcdef.webp';
    await t.database.db
      .update(posts)
      .set({
        imageUrl: image,
        imageAlt: 'مطر على نافذة',
        commentCount: 3,
        updatedAt: sql`${posts.createdAt} + interval '1.5 seconds'`,
      })
      .where(eq(posts.id, created.id));
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(other.token),
      payload: { postId: created.id, value: 2 },
    });
    expect(vote.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/bookmarks',
      headers: bearer(other.token),
      payload: { postId: created.id },
    });
    expect(saved.statusCode).toBe(200);

    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    const [writer] = await t.database.db.select().from(users).where(eq(users.id, author.userId));
    const stored = {
      id: created.id,
      content: row!.content,
      isAnonymous: false,
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا', 'ربما']),
      imageUrl: image,
      thumbnailUrl: image.replace('/original/', '/thumb/'),
      imageAlt: 'مطر على نافذة',
      latitude: row!.latitude,
      longitude: row!.longitude,
      locationName: 'الرياض',
      createdAt: row!.createdAt.toISOString(),
      updatedAt: row!.updatedAt.toISOString(),
      editedAt: null,
      pollClosesAt: null,
      pollClosed: false,
      commentCount: 3,
      hashtags: [{ hashtag: { name: 'المطر' } }, { hashtag: { name: 'الشتاء' } }],
      votingStatistics: { type: 'poll', poolStats: { '0': 0, '1': 0, '2': 1 }, totalVotes: 1 },
      user: {
        userId: author.userId,
        username: writer!.username,
        displayName: `${writer!.firstName} ${writer!.lastName}`,
        avatarUrl: writer!.avatarUrl,
      },
      isHidden: false,
      mentions: [],
    };
    expect(row!.updatedAt.getTime() - row!.createdAt.getTime()).toBe(1500);

    const read = async (url: string, token?: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<Post | Paged<Post>>();
      return 'items' in body ? body.items.find((post) => post.id === created.id) : body;
    };
    const asVisitor = { ...stored, userVote: null, isBookmarked: false, isOwner: false };
    const asVoter = { ...stored, userVote: 2, isBookmarked: true, isOwner: false };
    const asAuthor = { ...stored, userVote: null, isBookmarked: false, isOwner: true };
    const tag = encodeURIComponent('المطر');
    for (const url of [
      `/api/posts/${created.id}`,
      '/api/posts/paginated',
      `/api/posts/paginated?userId=${author.userId}`,
      `/api/posts/paginated?hashtag=${tag}`,
    ]) {
      expect(await read(url), url).toEqual(asVisitor);
      expect(await read(url, other.token), url).toEqual(asVoter);
      expect(await read(url, author.token), url).toEqual(asAuthor);
    }
    expect(await read('/api/posts/paginated?pageType=Bookmarks', other.token)).toEqual(asVoter);
    expect(await read('/api/posts/paginated?pageType=MyPosts', author.token)).toEqual(asAuthor);
  });

  it('pages with a cursor without repeating posts', async () => {
    for (let i = 0; i < 5; i++) await createPost(other, { content: `منشور رقم ${i}` });
    const first = (await t.app.inject({ method: 'GET', url: '/api/posts/paginated?pageSize=3' })).json<
      Paged<Post>
    >();
    expect(first.pagination.hasNextPage).toBe(true);
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `/api/posts/paginated?pageSize=3&cursor=${first.pagination.nextCursor}`,
      })
    ).json<Paged<Post>>();
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...first.items.map((p) => p.id))).toBeGreaterThan(
      Math.max(...second.items.map((p) => p.id)),
    );
  });
});
