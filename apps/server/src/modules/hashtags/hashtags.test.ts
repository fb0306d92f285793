import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Hashtag, TrendingHashtag } from '@ray/shared/schemas/hashtag';
import type { Post } from '@ray/shared/schemas/post';
import { postHashtags, posts } from '../../db/schema';
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
  for (let i = 0; i < 5; i++) users.push(await registerUser(t.app));
});
afterAll(async () => {
  await t.close();
});

async function createPost(user: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return publishPost(t.app, user, { content, ...extra });
}

/** One GET, its body read as the shape the test expects. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    tags: () => response.json<Hashtag[]>(),
    trending: () => response.json<TrendingHashtag[]>(),
    page: () => response.json<Paged<Post>>(),
    error: () => response.json<ErrorBody>(),
  };
}

async function hide(postId: number) {
  await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, postId));
}

/** Moves a post and its tag uses back in time. */
async function age(postId: number, hours: number) {
  const at = sql`now() - make_interval(hours => ${hours})`;
  await t.database.db.update(posts).set({ createdAt: at }).where(eq(posts.id, postId));
  await t.database.db.update(postHashtags).set({ createdAt: at }).where(eq(postHashtags.postId, postId));
}

const tagPath = (name: string) => `/api/hashtags/${encodeURIComponent(name)}/posts`;

describe('trending hashtags', () => {
  it('ranks by distinct authors: one account with ten posts stays below three accounts with one each', async () => {
    const [spammer, a, b, c] = users as [TestUser, TestUser, TestUser, TestUser];
    for (let i = 0; i < 10; i++) await createPost(spammer, `إعلان رقم ${i} #عروض_حصرية`);
    for (const user of [a, b, c]) await createPost(user, 'مباراة الليلة رائعة #الهلال');

    const reply = await get('/api/hashtags/trending?count=2&days=7');
    const status = reply.status;
    const body = reply.trending();
    expect(status).toBe(200);
    expect(body.map((tag) => tag.name)).toEqual(['الهلال', 'عروض_حصرية']);
    expect(body[0]).toMatchObject({ usageCount: 3, postCount: 3 });
    expect(body[1]).toMatchObject({ usageCount: 1, postCount: 10 });
  });

  it('ignores hidden posts and forgets deleted ones', async () => {
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    const hidden = await createPost(a, 'منشور سيخفيه المشرف #وسم_مراقب');
    await createPost(b, 'منشور عادي #وسم_مراقب');
    const onlyHidden = await createPost(c, 'وحيد ومخفي #وسم_مخفي_فقط');
    const deleted = await createPost(c, 'سأحذفه #وسم_محذوف');
    await hide(hidden.id);
    await hide(onlyHidden.id);
    const removal = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${deleted.id}/delete`,
      headers: bearer(c.token),
    });
    expect(removal.statusCode).toBe(200);

    const body = (await get('/api/hashtags/trending?count=50&days=7')).trending();
    expect(body.find((tag) => tag.name === 'وسم_مراقب')?.usageCount).toBe(1);
    expect(body.some((tag) => tag.name === 'وسم_مخفي_فقط')).toBe(false);
    expect(body.some((tag) => tag.name === 'وسم_محذوف')).toBe(false);
  });

  it('counts only the chosen period and gives one zero-filled entry per Saudi calendar day', async () => {
    const [a, b] = users as [TestUser, TestUser];
    const old = await createPost(a, 'ذكريات الأسبوع الماضي #ذكريات');
    await createPost(b, 'ذكريات اليوم #ذكريات');
    await age(old.id, 72);

    const week = await get('/api/hashtags/trending?count=49&days=7');
    const weekly = week.trending().find((tag) => tag.name === 'ذكريات')!;
    expect(weekly.usageCount).toBe(2);
    expect(weekly.daily).toHaveLength(8);
    expect(weekly.daily.every((entry) => /^\d{4}-\d{2}-\d{2}$/.test(entry.day))).toBe(true);
    expect(weekly.daily.map((entry) => entry.day)).toEqual(
      [...weekly.daily.map((entry) => entry.day)].sort(),
    );
    expect(weekly.daily.reduce((sum, entry) => sum + entry.count, 0)).toBe(2);
    expect(weekly.daily.at(-1)!.count).toBe(1);

    const today = await get('/api/hashtags/trending?count=49&days=1');
    const daily = today.trending().find((tag) => tag.name === 'ذكريات')!;
    expect(daily.usageCount).toBe(1);
    expect(daily.daily).toHaveLength(2);
  });

  it('keeps a computed list for a minute, then reads the window again while still showing the last list', async () => {
    const first = await get('/api/hashtags/trending?count=48&days=30');
    expect(first.trending().some((tag) => tag.name === 'وسم_جديد_للتو')).toBe(false);
    for (const user of users.slice(0, 4)) await createPost(user, 'موضوع الساعة #وسم_جديد_للتو');

    const cached = await get('/api/hashtags/trending?count=48&days=30');
    expect(cached.trending()).toEqual(first.trending());

    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    const monotonic = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 61_000);
    try {
      // The first request after the minute does not wait: it gets the last list and starts the new one.
      const expired = await get('/api/hashtags/trending?count=48&days=30');
      expect(expired.trending()).toEqual(first.trending());
      const fresh = await eventually(async () => {
        const list = (await get('/api/hashtags/trending?count=48&days=30')).trending();
        return list[0]?.name === 'وسم_جديد_للتو' ? list : undefined;
      });
      expect(fresh[0]).toMatchObject({ name: 'وسم_جديد_للتو', usageCount: 4 });
    } finally {
      clock.mockRestore();
      monotonic.mockRestore();
    }
  });

  it('uses the defaults of 10 tags over 7 days', async () => {
    const reply = await get('/api/hashtags/trending');
    const status = reply.status;
    const body = reply.trending();
    expect(status).toBe(200);
    expect(body.length).toBeLessThanOrEqual(10);
    expect(body[0]!.daily).toHaveLength(8);
  });

  it.each(['days=0', 'days=31', 'days=-1', 'days=abc', 'days=2.5', 'days='])(
    'rejects %s with the Arabic message',
    async (param) => {
      const reply = await get(`/api/hashtags/trending?${param}`);
      const status = reply.status;
      const body = reply.error();
      expect(status).toBe(400);
      expect(body.errors?.days).toContain(msg.trendingDaysInvalid);
    },
  );

  it.each(['count=0', 'count=51', 'count=x'])('rejects %s with the Arabic message', async (param) => {
    const reply = await get(`/api/hashtags/trending?${param}`);
    const status = reply.status;
    const body = reply.error();
    expect(status).toBe(400);
    expect(body.errors?.count).toContain(msg.trendingCountInvalid);
  });
});

describe('hashtag list and search', () => {
  it('lists the most used tags first and honours the limit', async () => {
    const reply = await get('/api/hashtags?limit=3');
    const status = reply.status;
    const body = reply.tags();
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({ name: 'عروض_حصرية', postCount: 10, usageCount: 10 });
    const counts = body.map((tag) => tag.postCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect((await get('/api/hashtags?limit=0')).status).toBe(400);
    expect((await get('/api/hashtags?limit=101')).status).toBe(400);
  });

  it('finds tags by prefix or part of the normalised key, the exact tag first', async () => {
    const [a, b] = users as [TestUser, TestUser];
    await createPost(a, 'أحب #التمر و #التمر_السكري');
    await createPost(b, 'ونخلة #نخل_التمر');
    for (const query of ['التمر', '#التمر', 'التَّمْر', 'التمـــر']) {
      const reply = await get(`/api/hashtags/search?query=${encodeURIComponent(query)}`);
      const status = reply.status;
      const body = reply.tags();
      expect(status, query).toBe(200);
      expect(
        body.map((tag) => tag.name),
        query,
      ).toEqual(['التمر', 'التمر_السكري', 'نخل_التمر']);
    }
    const partial = await get(`/api/hashtags/search?query=${encodeURIComponent('سكر')}`);
    expect(partial.tags().map((tag) => tag.name)).toEqual(['التمر_السكري']);
  });

  it('treats LIKE and SQL metacharacters as plain text', async () => {
    for (const query of ['%', '\\', "' OR 1=1 --", '.*', '(', '%%']) {
      const reply = await get(`/api/hashtags/search?query=${encodeURIComponent(query)}`);
      const status = reply.status;
      const body = reply.tags();
      expect(status, query).toBe(200);
      expect(body, query).toEqual([]);
    }
    const underscore = await get('/api/hashtags/search?query=_');
    expect(underscore.status).toBe(200);
    expect(underscore.tags().length).toBeGreaterThan(0);
    expect(underscore.tags().every((tag) => tag.name.includes('_'))).toBe(true);
    expect(underscore.tags().some((tag) => tag.name === 'الهلال' || tag.name === 'التمر')).toBe(false);
  });

  it('rejects an empty or overlong query with the Arabic message', async () => {
    for (const query of ['', '   ', '#', ' # ']) {
      const reply = await get(`/api/hashtags/search?query=${encodeURIComponent(query)}`);
      const status = reply.status;
      const body = reply.error();
      expect(status, query).toBe(400);
      expect(body.errors?.query, query).toContain(msg.searchQueryRequired);
    }
    expect((await get('/api/hashtags/search')).status).toBe(400);
    const long = await get(`/api/hashtags/search?query=${'ق'.repeat(1000)}`);
    expect(long.status).toBe(400);
    expect(long.error().errors?.query).toContain(msg.searchQueryTooLong);
  });

  it('shows a tag in its most used written form, whatever form created it', async () => {
    const [a, b, c, d, e] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await createPost(a, 'صباح #القهوه');
    const search = async () =>
      (await get(`/api/hashtags/search?query=${encodeURIComponent('القهوة')}`)).tags()[0]!;
    expect((await search()).name).toBe('القهوه');
    await createPost(b, 'مساء #القهوة');
    expect((await search()).name).toBe('القهوه');
    await createPost(c, 'ليل #القهوة');
    expect(await search()).toMatchObject({ name: 'القهوة', postCount: 3 });
    const edited = await createPost(d, 'منشور بلا وسم بعد');
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${edited.id}`,
      headers: bearer(d.token),
      payload: { content: 'بعد التعديل #القهوه' },
    });
    expect(update.statusCode).toBe(200);
    await createPost(e, 'فجر #القهوه');
    expect((await search()).name).toBe('القهوه');
  });

  it('counts the written forms again when posts using the shown one are deleted or edited', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const search = async () =>
      (await get(`/api/hashtags/search?query=${encodeURIComponent('المكتبة')}`)).tags()[0]!;
    await createPost(a, 'زيارة #المكتبه');
    const second = await createPost(b, 'كتاب من #المكتبة');
    const third = await createPost(c, 'قراءة في #المكتبة');
    expect(await search()).toMatchObject({ name: 'المكتبة', postCount: 3 });

    const remove = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${second.id}/delete`,
      headers: bearer(b.token),
    });
    expect(remove.statusCode).toBe(200);
    // One use of each form left: a tie keeps the name shown.
    expect(await search()).toMatchObject({ name: 'المكتبة', postCount: 2 });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${third.id}`,
      headers: bearer(c.token),
      payload: { content: 'قراءة في البيت بلا وسم' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await search()).toMatchObject({ name: 'المكتبه', postCount: 1 });
    // A use in the form shown keeps it; a use in the other form alone does not outweigh it.
    await createPost(d, 'رف جديد في #المكتبه');
    expect(await search()).toMatchObject({ name: 'المكتبه', postCount: 2 });
    await createPost(b, 'عودة إلى #المكتبة');
    expect(await search()).toMatchObject({ name: 'المكتبه', postCount: 3 });
  });
});

describe('posts of a hashtag', () => {
  let tagged: Post[];

  beforeAll(async () => {
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    tagged = [];
    tagged.push(await createPost(a, 'أول منشور عن #الرياض_الخضراء'));
    tagged.push(await createPost(b, 'ثاني منشور عن #الرياض_الخضراء'));
    tagged.push(await createPost(c, 'ثالث منشور عن #الرِّياض_الخضراء', { isAnonymous: true }));
    tagged.push(await createPost(a, 'رابع منشور عن #الرياض_الخضراء'));
    // Two votes on the second post and one on the first make them the popular ones.
    for (const [post, voters] of [
      [tagged[1]!, [a, c]],
      [tagged[0]!, [b]],
    ] as const) {
      for (const voter of voters) {
        const vote = await t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(voter.token),
          payload: { postId: post.id, value: 1 },
        });
        expect(vote.statusCode).toBe(200);
      }
    }
  });

  it("answers the same posts, newest first, for every spelling of the tag and in the feed's shape", async () => {
    const expected = tagged
      .slice(0, 4)
      .map((post) => post.id)
      .reverse();
    for (const name of ['الرياض_الخضراء', '#الرياض_الخضراء', 'الرِّياض_الخضراء', 'الرياض_الخضـــراء']) {
      const reply = await get(tagPath(name));
      const status = reply.status;
      const body = reply.page();
      expect(status, name).toBe(200);
      expect(
        body.items.map((post) => post.id),
        name,
      ).toEqual(expected);
      expect(body.pagination.totalCount).toBe(4);
    }
    const feed = await get(`/api/posts/paginated?hashtag=${encodeURIComponent('الرياض_الخضراء')}`);
    const page = await get(tagPath('الرياض_الخضراء'));
    expect(page.page()).toEqual(feed.page());
  });

  it('never carries the author of an anonymous post', async () => {
    const anonymous = tagged[2]!;
    const body = (await get(`${tagPath('الرياض_الخضراء')}?sortBy=popular`, bearer(users[3]!.token))).page();
    const item = body.items.find((post) => post.id === anonymous.id)!;
    expect(item.user).toEqual({ userId: null, username: null, displayName: 'مجهول', avatarUrl: null });
    expect(JSON.stringify(item)).not.toContain(users[2]!.userId);
    expect(JSON.stringify(item)).not.toContain(users[2]!.username);
  });

  it('orders by engagement with sortBy=popular and pages with the cursor without repeats', async () => {
    const first = await get(`${tagPath('الرياض_الخضراء')}?sortBy=popular&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.page().items.map((post) => post.id)).toEqual([tagged[1]!.id, tagged[0]!.id]);
    expect(first.page().pagination).toMatchObject({ hasNextPage: true, totalCount: 4 });
    const second = await get(
      `${tagPath('الرياض_الخضراء')}?sortBy=popular&pageSize=2&cursor=${first.page().pagination.nextCursor}`,
    );
    expect(second.page().items.map((post) => post.id)).toEqual([tagged[3]!.id, tagged[2]!.id]);
    expect(second.page().pagination.hasNextPage).toBe(false);
    expect(second.page().pagination.nextCursor).toBeNull();
  });

  it('answers an empty page for a tag nobody used', async () => {
    const reply = await get(tagPath('وسم_لا_يوجد'));
    const status = reply.status;
    const body = reply.page();
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.pagination).toMatchObject({ totalCount: 0, hasNextPage: false });
    const popular = await get(`${tagPath('وسم_لا_يوجد')}?sortBy=popular`);
    expect(popular.page().items).toEqual([]);
  });

  it('rejects a bad sort, a bad cursor and a name without letters', async () => {
    expect((await get(`${tagPath('الرياض_الخضراء')}?sortBy=oldest`)).status).toBe(400);
    expect((await get(`${tagPath('الرياض_الخضراء')}?sortBy=popular&cursor=bm90LWEtY3Vyc29y`)).status).toBe(
      400,
    );
    const empty = await get(tagPath('#'));
    expect(empty.status).toBe(400);
    expect(empty.error().errors?.name).toContain(msg.hashtagNameRequired);
    expect((await get(tagPath('و'.repeat(150)))).status).toBe(400);
  });

  it('leaves hidden posts out for visitors', async () => {
    const [, , , d] = users as [TestUser, TestUser, TestUser, TestUser];
    const post = await createPost(d, 'منشور مخالف #وسم_للإخفاء');
    await createPost(d, 'منشور سليم #وسم_للإخفاء');
    await hide(post.id);
    for (const sortBy of ['recent', 'popular']) {
      const body = (await get(`${tagPath('وسم_للإخفاء')}?sortBy=${sortBy}`)).page();
      expect(
        body.items.some((item) => item.id === post.id),
        sortBy,
      ).toBe(false);
      expect(body.items).toHaveLength(1);
    }
  });
});
