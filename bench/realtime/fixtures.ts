/**
 * The database of the run and its people: listeners are written straight into the tables (a user, one post and
 * one session each) and get access tokens signed with the server's own secret, issuer and audience; the
 * commenter signs in through the real login API.
 */
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { AccessTokens } from '../../apps/server/src/lib/tokens';
import { REALTIME_BENCH_DATABASE } from './config';

export interface Listener {
  userId: string;
  sessionId: string;
  postId: number;
  token: string;
}

export const COMMENTER_EMAIL = 'rt-commenter@bench.ray.test';
const COMMENTER_PASSWORD = 'Bench-Realtime-2024';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string) {
  await dropDatabase(adminUrl);
  await withClient(adminUrl, (client) => client.query(`create database ${REALTIME_BENCH_DATABASE}`));
}

export async function dropDatabase(adminUrl: string) {
  await withClient(adminUrl, (client) =>
    client.query(`drop database if exists ${REALTIME_BENCH_DATABASE} with (force)`),
  );
}

export async function postgresVersion(url: string): Promise<string> {
  return withClient(
    url,
    async (client) =>
      (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v,
  );
}

/** The same signer as app.ts builds, so the server accepts these tokens as its own. */
export function tokenSigner(secret: string, issuer: string, ttlSeconds: number) {
  return new AccessTokens({ secret, issuer, audience: 'ray-api', accessTtlSeconds: ttlSeconds });
}

/** `count` users, each with one post and one active session, in one statement. */
export async function insertListeners(
  benchUrl: string,
  count: number,
  tokens: AccessTokens,
): Promise<Listener[]> {
  const rows = await withClient(benchUrl, async (client) => {
    const result = await client.query<{ n: number; user_id: string; session_id: string; post_id: string }>(
      `with numbers as (select n from generate_series(1, $1::int) as n),
       new_users as (
         insert into users (email, username, username_key, first_name, last_name, posts_count)
         select 'rt-' || n || '@bench.ray.test', 'rt' || n, 'rt' || n, 'مستمع', n::text, 1 from numbers
         returning id, username
       ),
       new_posts as (
         insert into posts (author_id, content, content_normalized, voting_type)
         select id, 'منشور للقياس ' || username, 'منشور للقياس ' || username, 'like-dislike' from new_users
         returning id, author_id
       ),
       new_sessions as (
         insert into sessions (user_id, expires_at)
         select id, now() + interval '1 day' from new_users
         returning id, user_id
       )
       select substr(u.username, 3)::int as n, u.id as user_id, s.id as session_id, p.id as post_id
       from new_users u join new_posts p on p.author_id = u.id join new_sessions s on s.user_id = u.id
       order by n`,
      [count],
    );
    return result.rows;
  });
  return Promise.all(
    rows.map(async (row) => ({
      userId: row.user_id,
      sessionId: row.session_id,
      postId: Number(row.post_id),
      token: await tokens.sign({ userId: row.user_id, sessionId: row.session_id, role: 'user' }),
    })),
  );
}

/** The commenter has a real password and signs in like any client. */
export async function signInCommenter(benchUrl: string, serverUrl: string): Promise<string> {
  const passwordHash = await hashPassword(COMMENTER_PASSWORD);
  await withClient(benchUrl, (client) =>
    client.query(
      `insert into users (email, username, username_key, password_hash, first_name, last_name)
       values ($1, 'rtcommenter', 'rtcommenter', $2, 'معلّق', 'القياس')`,
      [COMMENTER_EMAIL, passwordHash],
    ),
  );
  const response = await fetch(`${serverUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: COMMENTER_EMAIL, password: COMMENTER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`commenter login: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error('commenter login answered without a token');
  return body.token;
}

/**
 * A poll by the commenter that `voterIds` all voted on, closing `closesInSeconds` from now: the server's poll job
 * (every minute) then tells every voter at once. Votes and counts are written straight into the tables.
 */
export async function pollWithVoters(
  benchUrl: string,
  voterIds: string[],
  closesInSeconds: number,
): Promise<number> {
  return withClient(benchUrl, async (client) => {
    // Voter n (from 1) picks option n mod 2, so the counts are known before the rows are written.
    const second = Math.ceil(voterIds.length / 2);
    const result = await client.query<{ id: string }>(
      `with poll as (
         insert into posts (author_id, content, content_normalized, voting_type, poll_options, poll_counts,
           poll_closes_at)
         select id, 'استطلاع القياس: أي الخيارين؟', 'استطلاع القياس: اي الخيارين؟', 'poll', '["الأول","الثاني"]',
           array[$3::int, $4::int], now() + make_interval(secs => $2)
         from users where username_key = 'rtcommenter'
         returning id
       ), cast_votes as (
         insert into votes (post_id, user_id, value)
         select poll.id, voter, (row_number() over ()) % 2 from poll, unnest($1::uuid[]) as voter
       )
       select id from poll`,
      [voterIds, closesInSeconds, voterIds.length - second, second],
    );
    return Number(result.rows[0]!.id);
  });
}

/** When the poll job marked the poll closed (its run's clock), in epoch milliseconds; null while it has not. */
export async function pollNotifiedAt(benchUrl: string, postId: number): Promise<number | null> {
  return withClient(benchUrl, async (client) => {
    const result = await client.query<{ at: Date | null }>(
      'select poll_closed_notified_at as at from posts where id = $1',
      [postId],
    );
    return result.rows[0]?.at?.getTime() ?? null;
  });
}
