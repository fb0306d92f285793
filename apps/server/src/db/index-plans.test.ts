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
    "a reader's following feed",
    `select t.post_id from following_posts t join posts p on p.id = t.post_id
      where t.reader_id = ${ID} and not p.is_anonymous and p.hidden_at is null order by t.post_id desc limit 11`,
    'following_posts_reader_id_post_id_pk',
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
