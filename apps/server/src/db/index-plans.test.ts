import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The lists read newest first must be read straight from an index, in order, and stop after a page: no sort of
 * everything a user, a status or a recipient ever had. An index whose order does not match `order by … desc`
 * (for instance `desc nulls last`) shows up here as a Sort node.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const ID = "'00000000-0000-0000-0000-000000000001'::uuid";

const LISTS: [string, string, string][] = [
  [
    "a user's posts",
    `select id from posts where author_id = ${ID} order by id desc limit 10`,
    'posts_author_idx',
  ],
  [
    "a user's bookmarks",
    `select id from bookmarks where user_id = ${ID} order by id desc limit 10`,
    'bookmarks_user_order_idx',
  ],
  [
    "a user's notifications",
    `select id from notifications where recipient_id = ${ID} order by id desc limit 20`,
    'notifications_recipient_idx',
  ],
  [
    'the moderation queue of one status',
    'select id from reports where status = 1 order by id desc limit 20',
    'reports_status_idx',
  ],
  [
    "a reporter's reports",
    `select id from reports where reporter_id = ${ID} order by id desc limit 20`,
    'reports_reporter_idx',
  ],
  [
    "a user's followers",
    `select follower_id from follows where followed_id = ${ID} order by created_at desc, follower_id desc limit 10`,
    'follows_followed_idx',
  ],
  [
    'whom a user follows',
    `select followed_id from follows where follower_id = ${ID} order by created_at desc, followed_id desc limit 10`,
    'follows_follower_idx',
  ],
  [
    'hashtags by use',
    'select id from hashtags order by post_count desc, id asc limit 10',
    'hashtags_post_count_idx',
  ],
];

describe('newest-first lists read an index in order', () => {
  it.each(LISTS)('%s', async (_name, query, indexName) => {
    const db = t.database.db;
    const plan = await db.transaction(async (tx) => {
      // Empty tables would be scanned whole; planning as if they were large is what matters here.
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      await tx.execute(sql.raw('set local enable_bitmapscan = off'));
      const result = await tx.execute(sql.raw(`explain (format json) ${query}`));
      const rows = (result as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      return parsed[0].Plan;
    });
    const all = nodes(plan);
    expect(all.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(all.map((node) => node['Index Name'])).toContain(indexName);
  });
});

async function planOf(query: string): Promise<PlanNode> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local enable_seqscan = off'));
    await tx.execute(sql.raw('set local enable_bitmapscan = off'));
    const result = await tx.execute(sql.raw(`explain (format json) ${query}`));
    const rows = (result as { rows: Record<string, unknown>[] }).rows;
    const json = Object.values(rows[0]!)[0];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    return parsed[0].Plan;
  });
}

describe('the following feed', () => {
  it('reads the newest signed posts from posts_signed_idx alone, keeping those of followed people by a hash', async () => {
    const all = nodes(
      await planOf(`select w.id from (
          select w.id, w.author_id from posts w where not w.is_anonymous and w.hidden_at is null
          order by w.id desc limit 1000
        ) w
        where w.author_id in (select f.followed_id from follows f where f.follower_id = ${ID})
        order by w.id desc limit 11`),
    );
    const window = all.find((node) => node['Index Name'] === 'posts_signed_idx');
    expect(window?.['Node Type']).toBe('Index Only Scan');
    expect(all.map((node) => node['Index Name'])).not.toContain('posts_author_idx');
    expect(all.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });

  it('reads older posts per followed person from posts_signed_author_idx, never scanning all posts', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      await tx.execute(sql.raw('set local enable_bitmapscan = off'));
      const result = await tx.execute(
        sql.raw(`explain (format json) select latest.id from follows f
          cross join lateral (
            select p.id from posts p
            where p.author_id = f.followed_id and not p.is_anonymous and p.hidden_at is null and p.id < 1000
            order by p.id desc limit 21
          ) latest
          where f.follower_id = ${ID}
          order by latest.id desc limit 21`),
      );
      const rows = (result as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      return parsed[0].Plan;
    });
    const all = nodes(plan);
    const postScans = all.filter((node) => node['Index Name']?.startsWith('posts_'));
    expect(postScans.map((node) => node['Index Name'])).toEqual(['posts_signed_author_idx']);
    expect(all.map((node) => node['Node Type'])).toContain('Nested Loop');
    expect(all.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });
});
