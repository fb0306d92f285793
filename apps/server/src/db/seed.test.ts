import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../lib/create-storage';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './seed';
import { DEMO_POSTS } from './seed-content';

let t: TestApp;
let seededAt: number;

const DAY = 86_400_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  seededAt = Date.now();
  await seedDemo(t.database.db, { adminEmails: [], storage: await createStorage(t.env) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo community', () => {
  it('never has an author comment on or answer under their own post', async () => {
    const own = await rows<{ id: number }>(sql`
      select c.id from comments c join posts p on p.id = c.post_id where c.author_id = p.author_id`);
    expect(own).toEqual([]);
    const [{ count } = { count: 0 }] = await rows<{ count: number }>(
      sql`select count(*)::int as count from comments`,
    );
    expect(count).toBeGreaterThan(DEMO_POSTS.length);
  });

  it('says different things: no comment twice under one post, and few repeats across the demo', async () => {
    const repeats = await rows<{ post_id: number }>(sql`
      select post_id from comments group by post_id, content having count(*) > 1`);
    expect(repeats).toEqual([]);
    const [stats] = await rows<{ total: number; distinct: number; writers: number }>(sql`
      select count(*)::int as total, count(distinct content)::int as distinct,
             count(distinct author_id)::int as writers
      from comments where parent_id is null`);
    expect(stats!.distinct / stats!.total).toBeGreaterThan(0.3);
    expect(stats!.writers).toBeGreaterThanOrEqual(12);
  });

  it('has every voting type, with vote counts that differ from post to post', async () => {
    const types = await rows<{ voting_type: string; posts: number }>(sql`
      select voting_type, count(*)::int as posts from posts group by voting_type order by voting_type`);
    expect(types.map((row) => row.voting_type)).toEqual(['like-dislike', 'poll', 'rating']);
    for (const row of types) expect(row.posts).toBeGreaterThanOrEqual(10);

    const counts = (
      await rows<{ votes: number }>(sql`
        select count(v.post_id)::int as votes from posts p left join votes v on v.post_id = p.id group by p.id`)
    ).map((row) => row.votes);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(15);
    expect(Math.min(...counts)).toBeLessThanOrEqual(6);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(8);
    // The counters on the posts agree with the votes cast.
    const mismatched = await rows<{ id: number }>(sql`
      select p.id from posts p where p.up_votes + p.down_votes + p.rating_count
        + coalesce((select sum(c)::int from unnest(p.poll_counts) as c), 0)
        <> (select count(*) from votes v where v.post_id = p.id)`);
    expect(mismatched).toEqual([]);
    const authorsVoting = await rows<{ post_id: number }>(sql`
      select v.post_id from votes v join posts p on p.id = v.post_id where v.user_id = p.author_id`);
    expect(authorsVoting).toEqual([]);
  });

  it('spreads its posts over weeks, newest minutes ago, and no comment before its post or in the future', async () => {
    const [span] = await rows<{ newest: string; oldest: string }>(sql`
      select max(created_at) as newest, min(created_at) as oldest from posts`);
    const newest = new Date(span!.newest).getTime();
    const oldest = new Date(span!.oldest).getTime();
    expect(seededAt - newest).toBeGreaterThan(5 * 60_000);
    expect(seededAt - newest).toBeLessThan(DAY / 12);
    expect(newest - oldest).toBeGreaterThan(21 * DAY);
    // Recent days are busier than older ones, and no two posts share a moment.
    const [{ lastWeek, distinctTimes } = { lastWeek: 0, distinctTimes: 0 }] = await rows<{
      lastWeek: number;
      distinctTimes: number;
    }>(sql`
      select count(*) filter (where created_at > now() - interval '7 days')::int as "lastWeek",
             count(distinct created_at)::int as "distinctTimes"
      from posts`);
    expect(lastWeek).toBeGreaterThanOrEqual(10);
    expect(distinctTimes).toBe(DEMO_POSTS.length);

    const misplaced = await rows<{ id: number }>(sql`
      select c.id from comments c join posts p on p.id = c.post_id
      where c.created_at < p.created_at or c.created_at > now()`);
    expect(misplaced).toEqual([]);
    const answersBefore = await rows<{ id: number }>(sql`
      select r.id from comments r join comments c on c.id = r.parent_id where r.created_at < c.created_at`);
    expect(answersBefore).toEqual([]);
  });

  it('has hashtags that trend like a community’s: a few popular, most used once or twice', async () => {
    const uses = (
      await rows<{ uses: number }>(sql`
        select count(*)::int as uses from post_hashtags group by hashtag_id order by uses desc`)
    ).map((row) => row.uses);
    expect(uses.length).toBeGreaterThanOrEqual(30);
    const median = uses[Math.floor(uses.length / 2)]!;
    expect(uses[0]).toBeGreaterThanOrEqual(6);
    expect(uses[0]).toBeGreaterThanOrEqual(4 * median);
    expect(uses.filter((count) => count <= 2).length / uses.length).toBeGreaterThan(0.6);
    // This week has a trend of its own: a tag on three or more of its posts.
    const [week] = await rows<{ uses: number }>(sql`
      select count(*)::int as uses from post_hashtags where created_at > now() - interval '7 days'
      group by hashtag_id order by uses desc limit 1`);
    expect(week!.uses).toBeGreaterThanOrEqual(3);
  });
});
