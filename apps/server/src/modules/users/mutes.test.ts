import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';
import type { Post } from '@ray/shared/schemas/post';
import { MUTED_WORDS_MAX, type MutedWord, type RestrictedUser } from '@ray/shared/schemas/privacy';
import type { PublicProfile } from '@ray/shared/schemas/profile';
import { mutedWords, notifications } from '../../db/schema';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => (user ? bearer(user.token) : {});
const get = (url: string, viewer: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as(viewer) });

async function post(author: TestUser, content: string, isAnonymous = false): Promise<Post> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: as(author),
    payload: { content, isAnonymous },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

async function ids(url: string, viewer: TestUser | null): Promise<number[]> {
  const response = await get(url, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Post>>().items.map((item) => item.id);
}

const mute = (by: TestUser, other: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/users/${other}/mute`, headers: as(by) });
const addWord = (by: TestUser | null, word: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/muted-words', headers: as(by), payload: { word } });
const FEED = '/api/posts/paginated?pageSize=50';

describe('POST and DELETE /api/users/{id}/mute', () => {
  it('needs a signed-in caller, refuses oneself with 400 and an unknown user with 404', async () => {
    const me = await registerUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${me.userId}/mute` })).statusCode).toBe(
      401,
    );
    const self = await mute(me, me.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json<ErrorResponse>().message).toBe(serverMsg.cannotMuteSelf);
    const missing = await mute(me, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().message).toBe(msg.userNotFound);
  });

  it('hides the muted person’s signed posts and comments from the muter only, without telling them', async () => {
    const muter = await registerUser(t.app);
    const muted = await registerUser(t.app);
    const other = await registerUser(t.app);
    const signed = await post(muted, 'منشور موقع من شخص مكتوم');
    const anonymous = await post(muted, 'منشور مجهول من شخص مكتوم', true);
    const host = await post(other, 'منشور يستضيف التعليقات');
    const signedComment = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: as(muted),
      payload: { postId: host.id, content: 'تعليق موقع' },
    });
    const anonymousComment = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: as(muted),
      payload: { postId: host.id, content: 'تعليق مجهول', isAnonymous: true },
    });
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/users/follow',
      headers: as(muter),
      payload: { followerId: muter.userId, followedId: muted.userId },
    });
    expect(followed.statusCode).toBe(200);
    expect(await ids('/api/posts/paginated?pageType=Following', muter)).toContain(signed.id);
    const notificationsBefore = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, muted.userId));

    for (let i = 0; i < 2; i += 1) {
      const response = await mute(muter, muted.userId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ isMuted: true });
    }

    const feed = await ids(FEED, muter);
    expect(feed).not.toContain(signed.id);
    expect(feed).toContain(anonymous.id);
    expect(await ids(FEED, other)).toContain(signed.id);
    // Following someone does not bring back what was muted, and a mute does not end the follow.
    expect(await ids('/api/posts/paginated?pageType=Following', muter)).not.toContain(signed.id);
    const search = await ids(`/api/posts/search?query=${encodeURIComponent('مكتوم')}`, muter);
    expect(search).not.toContain(signed.id);
    expect(search).toContain(anonymous.id);
    // The muted person's own profile and post page stay open to the muter.
    expect(await ids(`/api/posts/paginated?userId=${muted.userId}`, muter)).toContain(signed.id);
    expect((await get(`/api/posts/${signed.id}`, muter)).statusCode).toBe(200);

    const comments = (await get(`/api/comments?postId=${host.id}`, muter))
      .json<Paged<Comment>>()
      .items.map((item) => item.id);
    expect(comments).not.toContain(signedComment.json<Comment>().id);
    expect(comments).toContain(anonymousComment.json<Comment>().id);

    expect((await get(`/api/users/${muted.userId}`, muter)).json<PublicProfile>()).toMatchObject({
      isMuted: true,
      isBlocked: false,
      isUnavailable: false,
    });
    expect((await get(`/api/users/${muter.userId}`, muted)).json<PublicProfile>()).toMatchObject({
      isMuted: false,
      isUnavailable: false,
    });
    const notificationsAfter = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, muted.userId));
    expect(notificationsAfter).toEqual(notificationsBefore);
    // The muted person may still answer the muter's posts: a mute only shapes what the muter reads.
    const muterPost = await post(muter, 'منشور من الكاتم');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: as(muted),
      payload: { postId: muterPost.id, content: 'رد من المكتوم' },
    });
    expect(answer.statusCode).toBe(201);

    const list = (await get('/api/users/mutes', muter)).json<Paged<RestrictedUser>>();
    expect(list.items.map((item) => item.userId)).toEqual([muted.userId]);
    expect((await get('/api/users/mutes', muted)).json<Paged<RestrictedUser>>().items).toEqual([]);

    expect((await mute(muter, muted.userId, 'DELETE')).json()).toEqual({ isMuted: false });
    expect(await ids(FEED, muter)).toContain(signed.id);
  });
});

describe('muted words and hashtags', () => {
  it('validates the word in Arabic and needs a signed-in caller', async () => {
    const me = await registerUser(t.app);
    expect((await addWord(null, 'كلمة')).statusCode).toBe(401);
    const cases: [unknown, string][] = [
      ['', msg.mutedWordRequired],
      ['   ', msg.mutedWordRequired],
      ['ك'.repeat(51), msg.mutedWordTooLong],
      ['#', msg.mutedWordInvalid],
      [42, msg.mutedWordRequired],
    ];
    for (const [word, message] of cases) {
      const response = await addWord(me, word);
      expect(response.statusCode, String(word)).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(message);
    }
  });

  it('hides posts containing the Arabic-normalised word from feeds and search, anonymous ones too', async () => {
    const me = await registerUser(t.app);
    const author = await registerUser(t.app);
    const signed = await post(author, 'أحببت المباراة الأخيرة كثيراً');
    const anonymous = await post(author, 'المباراه كانت مملة', true);
    const unrelated = await post(author, 'يوم جميل في الحديقة');
    const own = await post(me, 'مباراة كتبتها أنا');

    const added = await addWord(me, 'مباراة');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<MutedWord>()).toMatchObject({ word: 'مباراة', isHashtag: false });
    const [stored] = await t.database.db
      .select()
      .from(mutedWords)
      .where(eq(mutedWords.id, added.json<MutedWord>().id));
    expect(stored!.wordNormalized).toBe('مباراه');

    const feed = await ids(FEED, me);
    expect(feed).not.toContain(signed.id);
    expect(feed).not.toContain(anonymous.id);
    expect(feed).toContain(unrelated.id);
    expect(feed).toContain(own.id);
    const search = await ids(`/api/posts/search?query=${encodeURIComponent('مباراة')}`, me);
    expect(search).not.toContain(signed.id);
    expect(search).not.toContain(anonymous.id);
    expect(await ids(FEED, author)).toContain(signed.id);

    const duplicate = await addWord(me, 'مُبَاراه');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorResponse>().message).toBe(serverMsg.mutedWordDuplicate);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/muted-words/${added.json<MutedWord>().id}`,
      headers: as(me),
    });
    expect(removed.statusCode).toBe(200);
    expect(await ids(FEED, me)).toContain(signed.id);
  });

  it('hides posts carrying a muted hashtag from the feed, its page and the trending tags', async () => {
    const me = await registerUser(t.app);
    const authors = [await registerUser(t.app), await registerUser(t.app)];
    const tagged = [];
    for (const author of authors) tagged.push(await post(author, 'رأيي في #وسم_مكتوم_تجربة اليوم'));
    const other = await post(authors[0]!, 'منشور عن #وسم_ظاهر_تجربة');

    const trendingNames = async (viewer: TestUser | null) =>
      (await get('/api/hashtags/trending?count=50', viewer)).json<TrendingHashtag[]>().map((tag) => tag.name);
    expect(await trendingNames(me)).toContain('وسم_مكتوم_تجربة');

    const added = await addWord(me, '#وسم_مكتوم_تجربة');
    expect(added.statusCode).toBe(201);
    expect(added.json<MutedWord>().isHashtag).toBe(true);

    const feed = await ids(FEED, me);
    for (const item of tagged) expect(feed).not.toContain(item.id);
    expect(feed).toContain(other.id);
    const page = await ids(`/api/hashtags/${encodeURIComponent('وسم_مكتوم_تجربة')}/posts`, me);
    expect(page).toEqual([]);
    expect(
      await ids(`/api/hashtags/${encodeURIComponent('وسم_مكتوم_تجربة')}/posts`, authors[1]!),
    ).toHaveLength(2);

    const mine = await trendingNames(me);
    expect(mine).not.toContain('وسم_مكتوم_تجربة');
    expect(mine).toContain('وسم_ظاهر_تجربة');
    expect(await trendingNames(authors[0]!)).toContain('وسم_مكتوم_تجربة');
    expect(await trendingNames(null)).toContain('وسم_مكتوم_تجربة');
  });

  it('hides posts matching a muted word or hashtag from the trending posts, for the muter only', async () => {
    const me = await registerUser(t.app);
    const author = await registerUser(t.app);
    const worded = await post(author, 'أفضل كنافة في المدينة');
    const anonymous = await post(author, 'الكنافه هنا باردة دائماً', true);
    const tagged = await post(author, 'رأيي في #حلويات_رائجة_تجربة');
    const plain = await post(author, 'منشور رائج لا يطابق شيئاً');
    // The ranking is shared by everyone for a minute; what each reader sees of it is filtered per reader.
    const trending = '/api/posts/trending/paginated?days=1&pageSize=50';
    expect(await ids(trending, me)).toEqual(
      expect.arrayContaining([worded.id, anonymous.id, tagged.id, plain.id]),
    );

    for (const word of ['كُنافة', '#حلويات_رائجة_تجربة'])
      expect((await addWord(me, word)).statusCode, word).toBe(201);

    const mine = await ids(trending, me);
    for (const hidden of [worded, anonymous, tagged]) expect(mine, hidden.content).not.toContain(hidden.id);
    expect(mine).toContain(plain.id);
    for (const other of [author, null])
      expect(await ids(trending, other)).toEqual(
        expect.arrayContaining([worded.id, anonymous.id, tagged.id, plain.id]),
      );
  });

  it('lists the caller’s words only, pages them, caps them at 100 and removes only the caller’s', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    await t.database.db.insert(mutedWords).values(
      Array.from({ length: MUTED_WORDS_MAX - 1 }, (_, index) => ({
        userId: me.userId,
        word: `كلمة${index}`,
        wordNormalized: `كلمه${index}`,
      })),
    );
    expect((await addWord(me, 'الأخيرة')).statusCode).toBe(201);
    const full = await addWord(me, 'زائدة');
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorResponse>().message).toBe(serverMsg.mutedWordsFull(MUTED_WORDS_MAX));

    const first = (await get('/api/users/muted-words?pageSize=50', me)).json<Paged<MutedWord>>();
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.word).toBe('الأخيرة');
    expect(first.pagination.totalCount).toBe(MUTED_WORDS_MAX);
    const second = (
      await get(`/api/users/muted-words?pageSize=50&cursor=${first.pagination.nextCursor}`, me)
    ).json<Paged<MutedWord>>();
    expect(second.items).toHaveLength(50);
    expect(second.pagination.hasNextPage).toBe(false);
    expect((await get('/api/users/muted-words', other)).json<Paged<MutedWord>>().items).toEqual([]);

    const id = first.items[0]!.id;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/muted-words/${id}`,
      headers: as(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorResponse>().message).toBe(serverMsg.mutedWordNotFound);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/users/muted-words/abc', headers: as(me) });
    expect(bad.statusCode).toBe(400);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/muted-words/${id}`,
      headers: as(me),
    });
    expect(own.statusCode).toBe(200);
    expect((await addWord(me, 'زائدة')).statusCode).toBe(201);
  });
});
