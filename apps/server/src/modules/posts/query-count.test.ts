import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { notifications } from '../../db/schema';
import { follow } from '../../test/actions';
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
      const bookmark = await t.app.inject({
        method: 'POST',
        url: '/api/bookmarks',
        headers: bearer(viewer.token),
        payload: { postId: post.id },
      });
      expect(bookmark.statusCode, bookmark.body).toBe(200);
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
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return [...statements];
    };
    // The voter's session is checked once, then cached; that read is not part of what is counted here.
    await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(voter.token) });
    // One call locks the post, changes the vote and its counters and tells the author (first like only). The
    // author has no socket open, so no unread count is read for a real-time push.
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
