import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { blocks, posts, users } from '../../db/schema';
import { bookmark, follow, vote } from '../../test/actions';
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

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function followingPage(viewer: TestUser, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/posts/paginated?pageType=Following${query}`,
    headers: bearer(viewer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Post>>();
}

async function suggestions(viewer: TestUser, limit = 20) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/suggestions?limit=${limit}`,
    headers: bearer(viewer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: UserListItem[] }>().items.map((user) => user.userId);
}

describe('the following feed', () => {
  it('shows the signed, visible posts of followed people only, newest first', async () => {
    const reader = await registerUser(t.app);
    const followed = await registerUser(t.app);
    const other = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    await follow(t.app, reader, followed);
    await follow(t.app, reader, other);

    const first = await publishPost(t.app, followed, { content: 'رأي أول لمن أتابعه' });
    const anonymous = await publishPost(t.app, followed, { content: 'رأي بلا اسم', isAnonymous: true });
    const hidden = await publishPost(t.app, other, { content: 'رأي أخفاه المشرفون' });
    await publishPost(t.app, stranger, { content: 'رأي لا أتابع كاتبه' });
    await publishPost(t.app, reader, { content: 'رأيي أنا' });
    const latest = await publishPost(t.app, other, { content: 'أحدث رأي لمن أتابعه' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));

    const page = await followingPage(reader);
    expect(page.items.map((post) => post.id)).toEqual([latest.id, first.id]);
    expect(page.items.map((post) => post.user.userId)).toEqual([other.userId, followed.userId]);
    expect(page.items.some((post) => post.id === anonymous.id || post.isAnonymous)).toBe(false);
    expect(page.pagination.hasNextPage).toBe(false);
  });

  it('never shows a followed person anonymous or hidden posts, to staff neither', async () => {
    const moderator = await registerWithRole(t, 'moderator');
    const followed = await registerUser(t.app);
    await follow(t.app, moderator, followed);
    const anonymous = await publishPost(t.app, followed, {
      content: 'رأي بلا اسم لا يكشفه أحد',
      isAnonymous: true,
    });
    const hidden = await publishPost(t.app, followed, { content: 'رأي مخفي لا يظهر للمتابعين' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));

    const page = await followingPage(moderator);
    expect(page.items).toEqual([]);
    expect(JSON.stringify(page)).not.toContain(String(anonymous.id));
  });

  it('pages with the cursor through many authors without repeating or skipping a post', async () => {
    const reader = await registerUser(t.app);
    const authors = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const written: number[] = [];
    for (const author of authors) await follow(t.app, reader, author);
    for (let index = 0; index < 14; index += 1) {
      const author = authors[index % authors.length]!;
      written.push((await publishPost(t.app, author, { content: `رأي متابع رقم ${index}` })).id);
    }

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Paged<Post> = await followingPage(
        reader,
        `&pageSize=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(5);
      expect(page.pagination.totalCount).toBe(14);
      seen.push(...page.items.map((post) => post.id));
      cursor = page.pagination.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...written].reverse());
  });

  it('finds followed posts older than the newest thousand posts of everyone, by cursor too', async () => {
    const reader = await registerUser(t.app);
    const followed = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    await follow(t.app, reader, followed);
    const old = await publishPost(t.app, followed, { content: 'رأي قديم لمن أتابعه' });
    // More than a thousand newer posts by someone else: the old post lies outside the window read first.
    await t.database.db.execute(
      sql`insert into posts (author_id, content, content_normalized, voting_type)
        select ${stranger.userId}::uuid, 'رأي رقم ' || n, 'راي رقم ' || n, 'like-dislike'
        from generate_series(1, 1100) n`,
    );
    const recent = await publishPost(t.app, followed, { content: 'رأي جديد لمن أتابعه' });
    await publishPost(t.app, stranger, { content: 'أحدث رأي لشخص لا أتابعه' });

    expect((await followingPage(reader)).items.map((post) => post.id)).toEqual([recent.id, old.id]);
    const first = await followingPage(reader, '&pageSize=1');
    expect(first.items.map((post) => post.id)).toEqual([recent.id]);
    const second = await followingPage(reader, `&pageSize=1&cursor=${first.pagination.nextCursor}`);
    expect(second.items.map((post) => post.id)).toEqual([old.id]);
    expect(second.pagination.hasNextPage).toBe(false);
  });

  it('keeps up with follows, unfollows, anonymity changes, blocks and deletions', async () => {
    const reader = await registerUser(t.app);
    const author = await registerUser(t.app);
    const before = await publishPost(t.app, author, { content: 'رأي كُتب قبل المتابعة' });
    const ids = async () => (await followingPage(reader)).items.map((post) => post.id);

    // A follow brings what was written before it.
    await follow(t.app, reader, author);
    expect(await ids()).toEqual([before.id]);
    const after = await publishPost(t.app, author, { content: 'رأي كُتب بعد المتابعة' });
    expect(await ids()).toEqual([after.id, before.id]);

    // Made anonymous, a post leaves; signed again, it comes back in its place.
    const edit = async (id: number, isAnonymous: boolean) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/posts/${id}`,
        headers: bearer(author.token),
        payload: { content: 'رأي كُتب قبل المتابعة', isAnonymous },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit(before.id, true);
    expect(await ids()).toEqual([after.id]);
    const [row] = await t.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from following_posts where post_id = ${before.id}`,
      )
      .then((result) => (result as { rows: { n: number }[] }).rows);
    expect(row?.n).toBe(0);
    await edit(before.id, false);
    expect(await ids()).toEqual([after.id, before.id]);

    // A deleted post leaves; an unfollow takes the rest away.
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${after.id}/delete`,
      headers: bearer(author.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ids()).toEqual([before.id]);
    const unfollow = await t.app.inject({
      method: 'POST',
      url: '/api/users/unfollow',
      headers: bearer(reader.token),
      payload: { followerId: reader.userId, followedId: author.userId },
    });
    expect(unfollow.statusCode, unfollow.body).toBe(200);
    expect(await ids()).toEqual([]);

    // A block ends the follow, and with it the rows.
    await follow(t.app, reader, author);
    expect(await ids()).toEqual([before.id]);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/users/${reader.userId}/block`,
      headers: bearer(author.token),
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(await ids()).toEqual([]);
    const [left] = await t.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from following_posts where reader_id = ${reader.userId}`,
      )
      .then((result) => (result as { rows: { n: number }[] }).rows);
    expect(left?.n).toBe(0);
  });

  it("shares each post's public part, and shows edits, counts and the reader's own vote at once", async () => {
    const reader = await registerUser(t.app);
    const other = await registerUser(t.app);
    const author = await registerUser(t.app);
    const mentioned = await registerUser(t.app);
    await follow(t.app, reader, author);
    await follow(t.app, other, author);
    const post = await publishPost(t.app, author, { content: `أول رأي مع @${mentioned.username}` });
    const only = async (viewer: TestUser) => {
      const [item, ...rest] = (await followingPage(viewer)).items;
      expect(rest).toEqual([]);
      return item!;
    };

    // Another reader's page holds the part; this reader gets it with their own state, mentions included.
    expect((await only(other)).userVote).toBeNull();
    const first = await only(reader);
    expect(first).toMatchObject({ id: post.id, userVote: null, isBookmarked: false, isOwner: false });
    expect(first.user.userId).toBe(author.userId);
    expect(first.mentions).toEqual([{ username: mentioned.username, userId: mentioned.userId }]);

    // The reader's own vote shows in their next read, and the count moves for everyone.
    await vote(t.app, reader, post.id);
    const voted = await only(reader);
    expect(voted.userVote).toBe(1);
    expect(voted.votingStatistics).toEqual({ type: 'like-dislike', upVotes: 1, downVotes: 0 });
    const seen = await only(other);
    expect(seen.userVote).toBeNull();
    expect(seen.votingStatistics).toEqual({ type: 'like-dislike', upVotes: 1, downVotes: 0 });

    // An edit shows at once, a bookmark is the reader's alone.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: bearer(author.token),
      payload: { content: 'رأي بعد التعديل', isAnonymous: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await bookmark(t.app, reader, post.id);
    expect(await only(reader)).toMatchObject({ content: 'رأي بعد التعديل', isBookmarked: true, userVote: 1 });
    expect(await only(other)).toMatchObject({
      content: 'رأي بعد التعديل',
      isBookmarked: false,
      mentions: [],
    });
  });

  it('refuses a visitor with the Arabic unauthorized message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts/paginated?pageType=Following' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe(msg.unauthorized);
  });

  it('refuses a page number past the first and a broken cursor with 400', async () => {
    const reader = await registerUser(t.app);
    for (const query of ['&page=2', '&cursor=bm9wZQ']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts/paginated?pageType=Following${query}`,
        headers: bearer(reader.token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(msg.invalidValue);
    }
  });
});

describe('people suggestions', () => {
  it('suggests those followed by the people one follows, the most shared first, never oneself or the followed', async () => {
    const newcomer = await registerUser(t.app);
    const friendA = await registerUser(t.app);
    const friendB = await registerUser(t.app);
    const popular = await registerUser(t.app);
    const lessPopular = await registerUser(t.app);
    await follow(t.app, newcomer, friendA);
    await follow(t.app, newcomer, friendB);
    await follow(t.app, friendA, popular);
    await follow(t.app, friendB, popular);
    await follow(t.app, friendA, lessPopular);
    await follow(t.app, friendA, friendB);
    await follow(t.app, friendB, newcomer);

    const suggested = await suggestions(newcomer);
    expect(suggested.slice(0, 2)).toEqual([popular.userId, lessPopular.userId]);
    expect(suggested).not.toContain(newcomer.userId);
    expect(suggested).not.toContain(friendA.userId);
    expect(suggested).not.toContain(friendB.userId);
  });

  it('falls back on the authors of the most signed posts of the week, anonymous posts not counted', async () => {
    const newcomer = await registerUser(t.app);
    const busy = await registerUser(t.app);
    const quiet = await registerUser(t.app);
    const secret = await registerUser(t.app);
    for (let index = 0; index < 6; index += 1)
      await publishPost(t.app, busy, { content: `رأي نشيط رقم ${index}` });
    await publishPost(t.app, quiet, { content: 'رأي وحيد هذا الأسبوع' });
    for (let index = 0; index < 8; index += 1)
      await publishPost(t.app, secret, { content: `رأي بلا اسم رقم ${index}`, isAnonymous: true });

    const suggested = await suggestions(newcomer);
    expect(suggested).toContain(busy.userId);
    expect(suggested).toContain(quiet.userId);
    expect(suggested.indexOf(busy.userId)).toBeLessThan(suggested.indexOf(quiet.userId));
    expect(suggested).not.toContain(secret.userId);
    expect(suggested).not.toContain(newcomer.userId);
    expect(await suggestions(newcomer, 1)).toHaveLength(1);
  });

  it('leaves out people on either side of a block with the viewer', async () => {
    const viewer = await registerUser(t.app);
    const blockedByViewer = await registerUser(t.app);
    const blockingViewer = await registerUser(t.app);
    for (const author of [blockedByViewer, blockingViewer])
      await publishPost(t.app, author, { content: 'رأي من شخص في قائمة الحظر' });
    expect(await suggestions(viewer)).toEqual(
      expect.arrayContaining([blockedByViewer.userId, blockingViewer.userId]),
    );
    await t.database.db.insert(blocks).values([
      { blockerId: viewer.userId, blockedId: blockedByViewer.userId },
      { blockerId: blockingViewer.userId, blockedId: viewer.userId },
    ]);
    const suggested = await suggestions(viewer);
    expect(suggested).not.toContain(blockedByViewer.userId);
    expect(suggested).not.toContain(blockingViewer.userId);
  });

  it('needs a signed-in user and a limit from 1 to 20', async () => {
    const anonymousCall = await t.app.inject({ method: 'GET', url: '/api/users/suggestions' });
    expect(anonymousCall.statusCode).toBe(401);
    expect(anonymousCall.json<ErrorResponse>().message).toBe(msg.unauthorized);
    const viewer = await registerUser(t.app);
    for (const limit of ['0', '21', 'abc']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/suggestions?limit=${limit}`,
        headers: bearer(viewer.token),
      });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json<ErrorResponse>().errors?.limit).toContain(msg.invalidValue);
    }
  });
});

describe('people search paging', () => {
  it('pages through every match once with the cursor, prefix matches first', async () => {
    const people = await Promise.all(
      Array.from({ length: 7 }, (_, index) => registerUser(t.app, { username: `pgsrch${index}` })),
    );
    const inside = await registerUser(t.app, { username: `xpgsrchx` });
    // Followers decide the order among prefix matches.
    await t.database.db
      .update(users)
      .set({ followersCount: 5 })
      .where(inArray(users.id, [people[3]!.userId]));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: LightMyRequestResponse = await t.app.inject({
        method: 'GET',
        url: `/api/users/search?q=pgsrch&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Paged<UserListItem>>();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((user) => user.userId));
      cursor = page.pagination.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen[0]).toBe(people[3]!.userId);
    expect(seen.at(-1)).toBe(inside.userId);
  });

  it('tells the signed-in viewer whom they follow and refuses a broken cursor', async () => {
    const viewer = await registerUser(t.app);
    const person = await registerUser(t.app, { username: 'flwsrch1' });
    await follow(t.app, viewer, person);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/search?q=flwsrch',
      headers: bearer(viewer.token),
    });
    expect(response.json<Paged<UserListItem>>().items).toEqual([
      expect.objectContaining({ userId: person.userId, isFollowing: true }),
    ]);
    const broken = await t.app.inject({ method: 'GET', url: '/api/users/search?q=flwsrch&cursor=eHl6' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorResponse>().errors?.cursor).toContain(msg.invalidValue);
  });
});
