import { sql } from 'drizzle-orm';
import type { DigestFrequency, PreferenceKind } from '@ray/shared/notification-preferences';
import type { Executor } from '../../db/client';
import {
  comments,
  follows,
  notificationPreferences,
  notifications,
  posts,
  users,
  votes,
} from '../../db/schema';

/** Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`. */
type Rows<T> = { rows: T[] };
type Timestamp = string | Date;

const toDate = (value: Timestamp) => (value instanceof Date ? value : new Date(value));
/** A `json_agg` arrives parsed from one driver and as text from another. */
const fromJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export interface DigestReader {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  timeZone: string;
  frequency: Exclude<DigestFrequency, 'off'>;
  sentAt: Date | null;
}

/**
 * One batch of the people who asked for a digest, after `afterId` in id order: the partial index users_digest_idx
 * holds exactly them. Only addresses that were confirmed, of accounts that are neither guests nor suspended at
 * `now`: mail goes to no one who has not shown that the address is theirs.
 */
export async function digestReaders(
  db: Executor,
  afterId: string | null,
  limit: number,
  now: Date,
): Promise<{ readers: DigestReader[]; last: string | null }> {
  // The page is cut on the index alone, so that a batch full of skipped accounts still moves the job forward.
  const result = (await db.execute(sql`with page as (
      select id from ${users}
      where digest_frequency <> 'off' ${afterId ? sql`and id > ${afterId}::uuid` : sql``}
      order by id
      limit ${limit}
    )
    select u.id, u.email, u.first_name, u.last_name, u.username, u.time_zone, u.digest_frequency,
      u.digest_sent_at, (select id::text from page order by id desc limit 1) as last
    from page join ${users} u on u.id = page.id
    where u.digest_frequency <> 'off' and u.email is not null and u.email_verified_at is not null
      and not u.is_guest and (u.suspended_until is null or u.suspended_until <= ${now.toISOString()}::timestamptz)
    union all
    select null, null, null, null, null, null, null, null, (select id::text from page order by id desc limit 1)
    order by 1 nulls last`)) as Rows<{
    id: string | null;
    email: string;
    first_name: string;
    last_name: string;
    username: string;
    time_zone: string;
    digest_frequency: Exclude<DigestFrequency, 'off'>;
    digest_sent_at: Timestamp | null;
    last: string | null;
  }>;
  const last = result.rows.at(-1)?.last ?? null;
  const readers = result.rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            username: row.username,
            timeZone: row.time_zone,
            frequency: row.digest_frequency,
            sentAt: row.digest_sent_at === null ? null : toDate(row.digest_sent_at),
          },
        ],
  );
  return { readers, last };
}

/**
 * Takes each reader's period for this run: marks the digest as sent at `now` where none went out since the
 * period's start, and answers who was taken with the time of their previous digest. One statement whichever
 * instance or run gets there first; a second one finds the rows already marked and takes nothing.
 */
export async function claimPeriods(
  db: Executor,
  claims: { userId: string; periodStart: Date; frequency: Exclude<DigestFrequency, 'off'> }[],
  now: Date,
): Promise<Map<string, Date | null>> {
  if (claims.length === 0) return new Map();
  const result = (await db.execute(sql`with wanted as (
      select * from unnest(
        ${sql.param(claims.map((claim) => claim.userId))}::uuid[],
        ${sql.param(claims.map((claim) => claim.periodStart.toISOString()))}::timestamptz[],
        ${sql.param(claims.map((claim) => claim.frequency))}::text[]
      ) as w (user_id, period_start, frequency)
    ), previous as (
      select u.id, u.digest_sent_at from ${users} u join wanted w on w.user_id = u.id
      order by u.id
      for update of u
    )
    update ${users} u set digest_sent_at = ${now.toISOString()}::timestamptz
    from wanted w, previous p
    where u.id = w.user_id and p.id = u.id and u.digest_frequency = w.frequency
      and (u.digest_sent_at is null or u.digest_sent_at < w.period_start)
    returning u.id, p.digest_sent_at as previous`)) as Rows<{ id: string; previous: Timestamp | null }>;
  return new Map(
    result.rows.map((row) => [row.id, row.previous === null ? null : toDate(row.previous)] as const),
  );
}

/** The kinds each of `userIds` turned off for the digest; a kind without a stored row follows the defaults. */
export async function digestChoices(
  db: Executor,
  userIds: string[],
): Promise<Map<string, Map<PreferenceKind, boolean>>> {
  const choices = new Map<string, Map<PreferenceKind, boolean>>();
  if (userIds.length === 0) return choices;
  const result = (await db.execute(sql`select user_id, kind, digest from ${notificationPreferences}
    where user_id = any(${sql.param(userIds)}::uuid[])`)) as Rows<{
    user_id: string;
    kind: PreferenceKind;
    digest: boolean;
  }>;
  for (const row of result.rows) {
    const mine = choices.get(row.user_id) ?? new Map<PreferenceKind, boolean>();
    mine.set(row.kind, row.digest);
    choices.set(row.user_id, mine);
  }
  return choices;
}

/** One reader's window and what their digest may speak of. */
export interface DigestWindow {
  userId: string;
  since: Date;
  /** Voting types whose votes count ('like-dislike', 'rating', 'poll'); none leaves the section out. */
  votingTypes: string[];
  followers: boolean;
  /** Comments on the reader's posts. */
  comments: boolean;
  /** Replies to the reader's comments on other people's posts. */
  replies: boolean;
  mentions: boolean;
}

/** A person as the digest names them; null when anonymous (the digest then writes «مجهول»). */
export interface NamedPerson {
  firstName: string;
  lastName: string;
  username: string;
}

export interface DigestExcerpt {
  postId: number;
  content: string;
  writer: NamedPerson | null;
}

export interface DigestFacts {
  followers: { count: number; newest: NamedPerson[] };
  topPosts: { postId: number; content: string; votes: number }[];
  comments: { count: number; latest: DigestExcerpt[] };
  mentions: { count: number; latest: DigestExcerpt[] };
}

const NEWEST_FOLLOWERS = 3;
const TOP_POSTS = 3;
const LATEST_EXCERPTS = 2;

/**
 * What happened to each reader of a batch since their window's start, in four statements whatever the size of the
 * batch: new followers, their most voted posts, new comments and replies, mentions. Sections a reader turned off
 * are not read. The writer of an anonymous comment or mention is never read at all, so it cannot leak.
 */
export async function digestFacts(
  db: Executor,
  windows: DigestWindow[],
  until: Date,
  excerptLength: number,
): Promise<Map<string, DigestFacts>> {
  // What happens while the batch is written belongs to the next digest, which starts where this one ends.
  const end = sql`${until.toISOString()}::timestamptz`;
  const facts = new Map<string, DigestFacts>(
    windows.map((window) => [
      window.userId,
      {
        followers: { count: 0, newest: [] },
        topPosts: [],
        comments: { count: 0, latest: [] },
        mentions: { count: 0, latest: [] },
      },
    ]),
  );
  const excerpt = (column: string) =>
    sql.raw(`case when char_length(${column}) > ${excerptLength}
      then left(${column}, ${excerptLength}) || '…' else ${column} end`);
  const readers = (selected: DigestWindow[]) => sql`unnest(
      ${sql.param(selected.map((window) => window.userId))}::uuid[],
      ${sql.param(selected.map((window) => window.since.toISOString()))}::timestamptz[],
      ${sql.param(selected.map((window) => window.votingTypes.join(',')))}::text[],
      ${sql.param(selected.map((window) => window.comments))}::boolean[],
      ${sql.param(selected.map((window) => window.replies))}::boolean[]
    ) as r (user_id, since, voting_types, comments, replies)`;
  type Person = { first_name: string; last_name: string; username: string };
  const person = (row: Person): NamedPerson => ({
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
  });
  type Excerpt = { post_id: number | string; content: string; writer: Person | null };
  const excerpts = (value: unknown): DigestExcerpt[] =>
    ((fromJson(value) as Excerpt[] | null) ?? []).map((row) => ({
      postId: Number(row.post_id),
      content: row.content,
      writer: row.writer ? person(row.writer) : null,
    }));

  const following = windows.filter((window) => window.followers);
  if (following.length > 0) {
    const result = (await db.execute(sql`select r.user_id,
        (select count(*)::int from ${follows} f where f.followed_id = r.user_id and f.created_at >= r.since and f.created_at < ${end}) as count,
        (select json_agg(json_build_object('first_name', u.first_name, 'last_name', u.last_name,
            'username', u.username) order by n.created_at desc, n.follower_id desc)
          from (select f.follower_id, f.created_at from ${follows} f
            where f.followed_id = r.user_id and f.created_at >= r.since and f.created_at < ${end}
            order by f.created_at desc, f.follower_id desc limit ${NEWEST_FOLLOWERS}) n
          join ${users} u on u.id = n.follower_id) as newest
      from ${readers(following)}`)) as Rows<{ user_id: string; count: number; newest: unknown }>;
    for (const row of result.rows) {
      const mine = facts.get(row.user_id)!;
      mine.followers = {
        count: row.count,
        newest: ((fromJson(row.newest) as Person[] | null) ?? []).map(person),
      };
    }
  }

  const voted = windows.filter((window) => window.votingTypes.length > 0);
  if (voted.length > 0) {
    const result = (await db.execute(sql`select r.user_id, top.id, top.content, top.votes
      from ${readers(voted)}
      cross join lateral (
        select p.id, ${excerpt('p.content')} as content, count(*)::int as votes
        from ${posts} p join ${votes} v on v.post_id = p.id
        where p.author_id = r.user_id and p.hidden_at is null
          and p.voting_type = any(string_to_array(r.voting_types, ','))
          and v.created_at >= r.since and v.created_at < ${end} and v.user_id <> r.user_id
        group by p.id
        order by votes desc, p.id desc
        limit ${TOP_POSTS}
      ) top
      order by r.user_id, top.votes desc, top.id desc`)) as Rows<{
      user_id: string;
      id: number | string;
      content: string;
      votes: number;
    }>;
    for (const row of result.rows)
      facts
        .get(row.user_id)!
        .topPosts.push({ postId: Number(row.id), content: row.content, votes: row.votes });
  }

  const discussed = windows.filter((window) => window.comments || window.replies);
  if (discussed.length > 0) {
    // Comments by others on the reader's posts (when comments are on), and replies by others to the reader's
    // comments on someone else's post (when replies are on); hidden ones and those under hidden posts never.
    const mine = sql`from ${comments} c
        join ${posts} p on p.id = c.post_id
        left join ${comments} parent on parent.id = c.parent_id
        where c.created_at >= r.since and c.created_at < ${end} and c.author_id <> r.user_id
          and c.hidden_at is null and p.hidden_at is null
          and ((r.comments and p.author_id = r.user_id)
            or (r.replies and p.author_id <> r.user_id and parent.author_id = r.user_id))`;
    const result = (await db.execute(sql`select r.user_id,
        (select count(*)::int ${mine}) as count,
        (select json_agg(json_build_object('post_id', l.post_id, 'content', l.content, 'writer',
            case when l.is_anonymous then null else json_build_object('first_name', u.first_name,
              'last_name', u.last_name, 'username', u.username) end) order by l.id desc)
          from (select c.id, c.post_id, ${excerpt('c.content')} as content, c.is_anonymous,
              case when c.is_anonymous then null else c.author_id end as author_id
            ${mine} order by c.id desc limit ${LATEST_EXCERPTS}) l
          left join ${users} u on u.id = l.author_id) as latest
      from ${readers(discussed)}`)) as Rows<{ user_id: string; count: number; latest: unknown }>;
    for (const row of result.rows)
      facts.get(row.user_id)!.comments = { count: row.count, latest: excerpts(row.latest) };
  }

  const mentioned = windows.filter((window) => window.mentions);
  if (mentioned.length > 0) {
    // A mention is known only by its notification (the writer of a mention is never stored elsewhere), whose
    // actor is already null for anonymous content. Mentions the reader turned off in the app were never written.
    const mine = sql`from ${notifications} n
        where n.recipient_id = r.user_id and n.kind = 'mention' and n.created_at >= r.since and n.created_at < ${end}`;
    const result = (await db.execute(sql`select r.user_id,
        (select count(*)::int ${mine}) as count,
        (select json_agg(json_build_object('post_id', l.post_id, 'content', l.content, 'writer',
            case when u.id is null then null else json_build_object('first_name', u.first_name,
              'last_name', u.last_name, 'username', u.username) end) order by l.id desc)
          from (select n.id, n.post_id, coalesce(n.content, '') as content, n.actor_id
            ${mine} and n.post_id is not null order by n.id desc limit ${LATEST_EXCERPTS}) l
          left join ${users} u on u.id = l.actor_id) as latest
      from ${readers(mentioned)}`)) as Rows<{ user_id: string; count: number; latest: unknown }>;
    for (const row of result.rows)
      facts.get(row.user_id)!.mentions = { count: row.count, latest: excerpts(row.latest) };
  }
  return facts;
}

/** Gives a claimed period back after its mail could not be sent, unless a later run has claimed it since. */
export async function releaseClaim(db: Executor, userId: string, claimedAt: Date, previous: Date | null) {
  await db.execute(sql`update ${users} set digest_sent_at = ${previous?.toISOString() ?? null}::timestamptz
    where id = ${userId}::uuid and digest_sent_at = ${claimedAt.toISOString()}::timestamptz`);
}

/** Leaves the digest: the one-click unsubscribe. Answers whether the account exists. */
export async function turnDigestOff(db: Executor, userId: string): Promise<boolean> {
  const result = (await db.execute(sql`update ${users} set digest_frequency = 'off'
    where id = ${userId}::uuid returning id`)) as Rows<{ id: string }>;
  return result.rows.length === 1;
}
