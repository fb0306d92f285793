import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { notifications } from '../../db/schema';
import { bookmark, follow } from '../../test/actions';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/** Every statement the app sends through Drizzle while `counting` is on. */
const statements: string[] = [];
let counting = false;

let t: TestApp;
let author: TestUser;
let viewer: TestUser;
const voted = new Map<number, number>();
const bookmarked = new Set<number>();

const VOTING = [
  { votingType: 'like-dislike' },
  { votingType: 'rating' },
  { votingType: 'poll', pollOptions: JSON.stringify(['نعم', 'لا', 'ربما']) },
] as const;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      queryLogger: {
        logQuery(query) {
          if (counting) statements.push(query);
        },
      },
    },
  );
  author = await registerUser(t.app);
  viewer = await registerUser(t.app);
  for (let index = 0; index < 45; index += 1) {
    const voting = VOTING[index % VOTING.length]!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: `رأي رقم ${index} عن #القهوة و #الرياض_${index % 4}`, ...voting },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    if (index % 2 === 0) {
      const value = voting.votingType === 'like-dislike' ? 1 : voting.votingType === 'rating' ? 4 : 2;
      const vote = await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(viewer.token),
        payload: { postId: post.id, value },
      });
      expect(vote.statusCode, vote.body).toBe(200);
      voted.set(post.id, value);
    }
    if (index % 3 === 0) {
      await bookmark(t.app, viewer, post.id);
      bookmarked.add(post.id);
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function feedStatements(pageSize: number) {
  statements.length = 0;
  counting = true;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/posts/paginated?pageSize=${pageSize}`,
    headers: bearer(viewer.token),
  });
  counting = false;
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json<Paged<Post>>(), count: statements.length };
}

describe('feed query count', () => {
  it('reads a page of 40 posts with the same few statements as a page of 10, votes and bookmarks included', async () => {
    // The first request fills the per-process caches (session check, feed total) that later pages reuse.
    await feedStatements(5);
    const ten = await feedStatements(10);
    const forty = await feedStatements(40);

    expect(ten.page.items).toHaveLength(10);
    expect(forty.page.items).toHaveLength(40);
    for (const post of forty.page.items) {
      expect(post.userVote).toBe(voted.get(post.id) ?? null);
      expect(post.isBookmarked).toBe(bookmarked.has(post.id));
      expect(post.hashtags).toHaveLength(2);
      expect(post.user.userId).toBe(author.userId);
    }
    expect(ten.count).toBeGreaterThanOrEqual(1);
    expect(forty.count).toBe(ten.count);
    expect(forty.count).toBeLessThanOrEqual(4);
  });
});

describe('signed-in feed from the answer visitors share', () => {
  it("adds the reader's own votes and bookmarks to a shared page with one statement", async () => {
    // A visitor's read puts the page in the shared answers; the reader's own state is the one statement left.
    await t.app.inject({ method: 'GET', url: '/api/posts/paginated?pageSize=40' });
    await feedStatements(5);
    const forty = await feedStatements(40);
    expect(forty.count).toBe(1);
    expect(forty.page.items).toHaveLength(40);
    for (const post of forty.page.items) {
      expect(post.userVote).toBe(voted.get(post.id) ?? null);
      expect(post.isBookmarked).toBe(bookmarked.has(post.id));
      expect(post.isOwner).toBe(false);
    }
  });
});

describe('following feed query count', () => {
  it('reads a page of 40 followed posts with the same few statements as a page of 10', async () => {
    await follow(t.app, viewer, author);
    const following = async (pageSize: number) => {
      statements.length = 0;
      counting = true;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts/paginated?pageType=Following&pageSize=${pageSize}`,
        headers: bearer(viewer.token),
      });
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return { page: response.json<Paged<Post>>(), count: statements.length };
    };
    await following(5);
    const ten = await following(10);
    const forty = await following(40);

    expect(ten.page.items).toHaveLength(10);
    expect(forty.page.items).toHaveLength(40);
    for (const post of forty.page.items) {
      expect(post.userVote).toBe(voted.get(post.id) ?? null);
      expect(post.isBookmarked).toBe(bookmarked.has(post.id));
      expect(post.user.userId).toBe(author.userId);
    }
    expect(ten.count).toBeGreaterThanOrEqual(1);
    expect(forty.count).toBe(ten.count);
    expect(forty.count).toBeLessThanOrEqual(4);
    // Once every post's public part is held, the page is the one statement that picks the posts with the
    // reader's own state.
    const again = await following(40);
    expect(again.count).toBe(1);
    expect(again.page).toEqual(forty.page);
  });
});

describe('vote query count', () => {
  it('records a like, a switch and a take-back with one call to the database each', async () => {
    const voter = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: 'رأي لعد استعلامات التصويت' },
    });
    const post = created.json<Post>();
    const vote = async (value: number) => {
      statements.length = 0;
      counting = true;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(voter.token),
        payload: { postId: post.id, value },
      });
      // What the vote started in the background (a push to the author's devices) counts too.
      await t.app.ctx.background.drain();
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return [...statements];
    };
    // The voter's session is checked once, then cached; that read is not part of what is counted here.
    await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(voter.token) });
    // One call locks the post, changes the vote and its counters and tells the author (first like only). The
    // author has no socket open, so no unread count is read for a real-time push, and no device subscribed, so
    // nothing is looked up for a web push either.
    const first = await vote(1);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^select \* from cast_vote\(/);
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.userId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notification).toMatchObject({ kind: 'like', postId: post.id, actorId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A switch to a dislike and taking it back: one call each.
    expect(await vote(-1)).toHaveLength(1);
    expect(await vote(-1)).toHaveLength(1);
  });
});

describe('feed query count for a reader who blocks, mutes and mutes words', () => {
  it('reads a page of 40 posts with the same few statements as a page of 10, the hidden ones left out', async () => {
    const reader = await registerUser(t.app);
    const blocked = await registerUser(t.app);
    const muted = await registerUser(t.app);
    const hidden: number[] = [];
    const publish = async (user: TestUser, content: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(user.token),
        payload: { content },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Post>().id;
    };
    for (let index = 0; index < 6; index += 1) {
      hidden.push(await publish(blocked, `منشور من محظور رقم ${index}`));
      hidden.push(await publish(muted, `منشور من مكتوم رقم ${index}`));
      hidden.push(await publish(author, `منشور عن البطيخ رقم ${index}`));
      hidden.push(await publish(author, `منشور رقم ${index} عن #الشاي`));
    }
    for (const [action, person] of [
      ['block', blocked],
      ['mute', muted],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/users/${person.userId}/${action}`,
        headers: bearer(reader.token),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const word of ['البطيخ', '#الشاي', 'كلمة لا ترد', '#وسم_لا_يرد']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/muted-words',
        headers: bearer(reader.token),
        payload: { word },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const feed = async (pageSize: number) => {
      statements.length = 0;
      counting = true;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts/paginated?pageSize=${pageSize}`,
        headers: bearer(reader.token),
      });
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return { page: response.json<Paged<Post>>(), count: statements.length };
    };
    await feed(5);
    const ten = await feed(10);
    const forty = await feed(40);

    expect(ten.page.items).toHaveLength(10);
    expect(forty.page.items).toHaveLength(40);
    for (const post of forty.page.items) {
      expect(hidden).not.toContain(post.id);
      expect(post.user.userId).toBe(author.userId);
    }
    expect(ten.count).toBeGreaterThanOrEqual(1);
    expect(forty.count).toBe(ten.count);
    expect(forty.count).toBeLessThanOrEqual(4);
  });
});

describe('edit history query count', () => {
  it('reads 20 earlier versions, and the next cursor page, with the same statements as 5', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: 'النص الأول لمنشور سيعدل كثيرًا' },
    });
    const post = created.json<Post>();
    const EDITS = 24;
    for (let index = 1; index <= EDITS; index += 1) {
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        headers: bearer(author.token),
        payload: { content: `النص بعد التعديل رقم ${index}` },
      });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    const history = async (pageSize: number, cursor?: string | null) => {
      statements.length = 0;
      counting = true;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts/${post.id}/history?pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(viewer.token),
      });
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return { page: response.json<Paged<{ content: string }>>(), count: statements.length };
    };
    await history(1);
    const five = await history(5);
    const twenty = await history(20);
    const next = await history(20, twenty.page.pagination.nextCursor);

    expect(five.page.items).toHaveLength(5);
    expect(twenty.page.items).toHaveLength(20);
    expect(next.page.items).toHaveLength(EDITS - 20);
    expect(twenty.page.items[0]!.content).toBe(`النص بعد التعديل رقم ${EDITS - 1}`);
    expect(next.page.items.at(-1)!.content).toBe(post.content);
    expect(twenty.count).toBe(five.count);
    expect(next.count).toBe(five.count);
    expect(twenty.count).toBeLessThanOrEqual(3);
  });
});
