/**
 * Fills ray_bench with a large, deterministic data set in bulk SQL (INSERT ... SELECT over generate_series), then
 * sets every denormalised counter from the rows themselves. Secondary indexes and foreign keys of the bulk
 * tables are dropped during the load and rebuilt afterwards from their own definitions, so the schema ends
 * exactly as the migrations made it, only built faster.
 */
import pg from 'pg';
import { normalizeArabic } from '@ray/shared/arabic';
import { extractHashtags, hashtagKey } from '@ray/shared/hashtags';
import { openDatabase } from '../apps/server/src/db/client';
import { DEMO_COMMENTS, DEMO_POSTS } from '../apps/server/src/db/seed-content';

/** Every demo comment, whatever the voting type of the post it was written for. */
const ALL_DEMO_COMMENTS = Object.values(DEMO_COMMENTS).flat();
import { MIGRATIONS, type BenchConfig, type Sizes } from './config';
import { checkCounters, checkContentSample } from './verify';

/** Tables whose triggers keep the trend rankings' counts (migration 0008). */
const TREND_COUNTED = ['posts', 'post_hashtags'];

export type Log = (line: string) => void;

export interface SeedTiming {
  step: string;
  rows: number | null;
  seconds: number;
}

/** Tables loaded in bulk: their secondary indexes and foreign keys are rebuilt after the load. */
const BULK_TABLES = ['users', 'posts', 'hashtags', 'post_hashtags', 'votes', 'comments', 'bookmarks'];
/** Composite primary keys nothing refers to: cheaper to build once than to maintain row by row. */
const REBUILT_PRIMARY_KEYS = ['post_hashtags', 'votes', 'bookmarks'];

const FIRST_NAMES = [
  'نورة',
  'فهد',
  'ريم',
  'عبدالله',
  'سارة',
  'خالد',
  'لمى',
  'تركي',
  'هيفاء',
  'محمد',
  'أحمد',
  'فاطمة',
  'عائشة',
  'يوسف',
  'مريم',
  'سلطان',
  'جود',
  'ماجد',
  'العنود',
  'بندر',
];
const LAST_NAMES = [
  'القحطاني',
  'العتيبي',
  'الشهري',
  'الدوسري',
  'الحربي',
  'الزهراني',
  'المطيري',
  'الغامدي',
  'السبيعي',
  'الشمري',
  'العنزي',
  'المالكي',
  'البلوي',
  'الرشيدي',
];
const PLACES: [number, number, string][] = [
  [24.71, 46.68, 'الرياض'],
  [21.54, 39.17, 'جدة'],
  [26.43, 50.1, 'الدمام'],
  [18.22, 42.5, 'أبها'],
  [26.61, 37.92, 'العلا'],
  [21.39, 39.86, 'مكة المكرمة'],
];

/** Arabic words of the demo content, most frequent first, with their normalised forms. */
export function vocabulary(): { words: string[]; normalized: string[] } {
  const counts = new Map<string, number>();
  const texts = [...DEMO_POSTS.map((post) => post.content), ...ALL_DEMO_COMMENTS];
  for (const text of texts) {
    const withoutTags = text.replace(/#[\p{L}\p{N}\p{M}_]+/gu, ' ');
    for (const word of withoutTags.match(/[\u0621-\u065F\u0670]+/g) ?? []) {
      if (normalizeArabic(word).length < 2) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const words = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  return { words, normalized: words.map(normalizeArabic) };
}

/** A small deterministic generator, so every run seeds the same tags. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo tags first (the most used), then two-word tags, all with distinct normalised keys. */
function hashtagPool(count: number, words: string[]): { names: string[]; keys: string[] } {
  const names: string[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    const key = hashtagKey(name);
    if (seen.has(key) || names.length >= count) return;
    seen.add(key);
    names.push(name);
    keys.push(key);
  };
  for (const post of DEMO_POSTS) for (const tag of extractHashtags(post.content)) add(tag.name);
  const rand = random(4242);
  const longWords = words.filter((word) => word.length >= 3);
  while (names.length < count) {
    const first = longWords[Math.floor(rand() * longWords.length)]!;
    const second = longWords[Math.floor(rand() * longWords.length)]!;
    add(rand() < 0.3 ? first : `${first}_${second}`);
    if (rand() < 0.001 && names.length < count) add(`${first}_${second}_${names.length}`);
  }
  return { names, keys };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A stride coprime with `n`: i * stride mod n then never repeats within n consecutive i. */
function strideFor(n: number, start: number): number {
  let stride = start;
  while (gcd(stride, n) !== 1) stride += 1;
  return stride;
}

async function timed<T>(
  timings: SeedTiming[],
  log: Log,
  step: string,
  work: () => Promise<T>,
  rowsOf: (result: T) => number | null = () => null,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const rows = rowsOf(result);
  timings.push({ step, rows, seconds });
  log(
    `  ${step.padEnd(34)} ${rows === null ? ''.padStart(11) : rows.toLocaleString('en').padStart(11)}  ${seconds.toFixed(1)} s`,
  );
  return result;
}

const rowCount = (result: pg.QueryResult) => result.rowCount ?? 0;

interface SavedDefinition {
  table: string;
  name: string;
  /** Statement that recreates it. */
  create: string;
  kind: 'primary key' | 'index' | 'foreign key';
}

/** The definitions to drop before the load, as PostgreSQL itself prints them. */
async function savedDefinitions(client: pg.Client): Promise<SavedDefinition[]> {
  const indexes = await client.query<{ table: string; name: string; def: string }>(
    `select t.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as def
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by 1, 2`,
    [BULK_TABLES],
  );
  const constraints = await client.query<{ table: string; name: string; def: string; type: string }>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def, c.contype as type
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1)
        and (c.contype = 'f' or (c.contype = 'p' and t.relname = any($2)))
      order by 1, 2`,
    [BULK_TABLES, REBUILT_PRIMARY_KEYS],
  );
  return [
    ...constraints.rows.map((row): SavedDefinition => ({
      table: row.table,
      name: row.name,
      create: `alter table "${row.table}" add constraint "${row.name}" ${row.def}`,
      kind: row.type === 'p' ? 'primary key' : 'foreign key',
    })),
    ...indexes.rows.map((row): SavedDefinition => ({ ...row, create: row.def, kind: 'index' })),
  ];
}

/** Every index and constraint of the public schema, to prove the rebuilt schema is the migrated one. */
async function schemaFingerprint(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ line: string }>(
    `select 'index ' || pg_get_indexdef(indexrelid) as line from pg_index x
       join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace where n.nspname = 'public'
     union all
     select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       from pg_constraint where connamespace = 'public'::regnamespace
     order by 1`,
  );
  return result.rows.map((row) => row.line);
}

async function sessionClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Session settings of the loader only; the server's own configuration is left alone.
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set max_parallel_maintenance_workers = 1`);
  return client;
}

export async function recreateDatabase(adminUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
}

/** Seeds a fresh database of the config (ray_bench, or the 1 % one); returns the time of every step. */
export async function seedBenchDatabase(config: BenchConfig, log: Log): Promise<SeedTiming[]> {
  const timings: SeedTiming[] = [];
  const sizes: Sizes = config.sizes;
  const { users: N, posts: P, votes: V, comments: C, bookmarks: B, hashtags: H } = sizes;

  await timed(timings, log, 'create database', () => recreateDatabase(config.adminUrl, config.database));
  await timed(timings, log, 'migrations', async () => {
    const database = await openDatabase({
      databaseUrl: config.benchUrl,
      migrationsFolder: MIGRATIONS,
      poolSize: 1,
    });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });

  const client = await sessionClient(config.benchUrl);
  try {
    const migrated = await schemaFingerprint(client);
    // A uniform number in [0, 1) from a row number and a salt: the same on every run, independent per salt.
    await client.query(`create function pg_temp.u01(a bigint, salt bigint) returns float8
      language sql immutable parallel safe
      as $$ select (hashint8extended(a, salt) & 2147483647)::float8 / 2147483648.0 $$`);
    // A seeded user's id from its number: a random-looking version-4 UUID, computable anywhere without a join.
    await client.query(`create function pg_temp.uid(n bigint) returns uuid
      language sql immutable parallel safe
      as $$ select overlay(overlay(md5('ray-bench-user:' || n) placing '4' from 13) placing '8' from 17)::uuid $$`);

    const saved = await savedDefinitions(client);
    await timed(timings, log, 'drop indexes and foreign keys', async () => {
      for (const item of saved.filter((entry) => entry.kind === 'foreign key'))
        await client.query(`alter table "${item.table}" drop constraint "${item.name}"`);
      for (const item of saved.filter((entry) => entry.kind === 'primary key'))
        await client.query(`alter table "${item.table}" drop constraint "${item.name}"`);
      for (const item of saved.filter((entry) => entry.kind === 'index'))
        await client.query(`drop index "${item.name}"`);
    });
    // The trend counts' triggers would count the bulk load row by row; they are computed in one pass afterwards.
    for (const table of TREND_COUNTED) await client.query(`alter table "${table}" disable trigger user`);

    // Posts are spread evenly over the last 60 days, in id order like real ones.
    const end = Date.now() - 60_000;
    const start = end - 60 * 86_400_000;
    const stepMs = (end - start) / P;
    const postTime = (id: string) =>
      `(to_timestamp(${start / 1000}) + (${id} - 1) * interval '${stepMs.toFixed(3)} milliseconds')`;
    const voteStride = strideFor(N, 104_729);
    const bookmarkStride = strideFor(P, 7_919);

    await timed(
      timings,
      log,
      'users',
      () =>
        client.query(
          `insert into users (id, email, username, username_key, first_name, last_name, role, created_at, updated_at)
           select pg_temp.uid(i), 'user' || i || '@bench.ray.test', 'user' || i, 'user' || i,
                  ($1::text[])[1 + i % cardinality($1::text[])], ($2::text[])[1 + (i / 7) % cardinality($2::text[])],
                  'user', t, t
             from generate_series(1::bigint, ${N}) i,
                  lateral (select to_timestamp(${start / 1000}) - interval '90 days' + i * interval '1 second') ts(t)`,
          [FIRST_NAMES, LAST_NAMES],
        ),
      rowCount,
    );

    const vocab = vocabulary();
    const tags = hashtagPool(H, vocab.words);
    await timed(
      timings,
      log,
      'hashtags',
      () =>
        client.query(
          `insert into hashtags (id, key, name, created_at) overriding system value
           select n, key, name, to_timestamp(${start / 1000}) from unnest($1::text[], $2::text[]) with ordinality as t(key, name, n)`,
          [tags.keys, tags.names],
        ),
      rowCount,
    );

    // 20% of posts carry one to three tags, the popular ones far more often than the rest.
    await timed(
      timings,
      log,
      'tags of posts (plan)',
      async () => {
        const result = await client.query(
          `create temp table bench_post_tags as
           select distinct on (post_id, hashtag_id) post_id, k, hashtag_id from (
             select i as post_id, k, 1 + floor(${H} * power(pg_temp.u01(i * 8 + k, 29), 2.5))::bigint as hashtag_id
               from generate_series(1::bigint, ${P}) i
               cross join lateral generate_series(1, 1 + floor(pg_temp.u01(i, 31) * 3)::int) k
              where pg_temp.u01(i, 37) < 0.2
           ) s order by post_id, hashtag_id, k`,
        );
        await client.query(`create index on bench_post_tags (post_id)`);
        await client.query(`analyze bench_post_tags`);
        return result;
      },
      rowCount,
    );

    // Content: 5 to 24 words drawn with a Zipf-like skew, then the post's tags written as #name; the
    // normalised copy is built from the same draws, word by word, exactly as normalizeArabic would write it.
    await timed(
      timings,
      log,
      'posts',
      () =>
        client.query(
          `insert into posts (id, author_id, content, content_normalized, is_anonymous, voting_type, poll_options,
                              poll_counts, latitude, longitude, location_name, created_at, updated_at)
           overriding system value
           select i, pg_temp.uid(1 + floor(${N} * power(pg_temp.u01(i, 19), 2))::bigint),
                  w.content || coalesce(' ' || t.tags, ''), w.normalized || coalesce(' ' || t.tag_keys, ''),
                  pg_temp.u01(i, 17) < 0.05, kind.voting_type,
                  case when kind.voting_type = 'poll' then kind.options end,
                  case when kind.voting_type = 'poll' then array_fill(0, array[jsonb_array_length(kind.options)]) end,
                  case when place.n is not null then ($4::float8[])[place.n] end,
                  case when place.n is not null then ($5::float8[])[place.n] end,
                  case when place.n is not null then ($6::text[])[place.n] end,
                  ${postTime('i')}, ${postTime('i')}
             from generate_series(1::bigint, ${P}) i
             cross join lateral (
               select string_agg(($1::text[])[x.ix], ' ' order by x.k) as content,
                      string_agg(($2::text[])[x.ix], ' ' order by x.k) as normalized
                 from (select k, 1 + floor(cardinality($1::text[]) * power(pg_temp.u01(i * 64 + k, 7), 2))::int as ix
                         from generate_series(1, 5 + floor(pg_temp.u01(i, 3) * 20)::int) k) x
             ) w
             cross join lateral (
               select string_agg('#' || h.name, ' ' order by bt.k) as tags,
                      string_agg('#' || h.key, ' ' order by bt.k) as tag_keys
                 from bench_post_tags bt join hashtags h on h.id = bt.hashtag_id
                where bt.post_id = i
             ) t
             cross join lateral (
               select case when pg_temp.u01(i, 11) < 0.6 then 'like-dislike'
                           when pg_temp.u01(i, 11) < 0.8 then 'rating' else 'poll' end as voting_type,
                      ($3::jsonb) -> floor(pg_temp.u01(i, 13) * jsonb_array_length($3::jsonb))::int as options
             ) kind
             cross join lateral (
               select case when pg_temp.u01(i, 23) < 0.1
                      then 1 + floor(pg_temp.u01(i, 29) * ${PLACES.length})::int end as n
             ) place`,
          [
            vocab.words,
            vocab.normalized,
            JSON.stringify(DEMO_POSTS.flatMap((post) => (post.pollOptions ? [post.pollOptions] : []))),
            PLACES.map((place) => place[0]),
            PLACES.map((place) => place[1]),
            PLACES.map((place) => place[2]),
          ],
        ),
      rowCount,
    );

    await timed(
      timings,
      log,
      'post_hashtags',
      () =>
        client.query(
          `insert into post_hashtags (hashtag_id, post_id, name, created_at)
           select bt.hashtag_id, bt.post_id, h.name, ${postTime('bt.post_id')}
             from bench_post_tags bt join hashtags h on h.id = bt.hashtag_id`,
        ),
      rowCount,
    );

    // Votes: the i-th vote goes to post P - floor(P * (i/V)^2), so newer posts get more of them and each post's
    // votes are consecutive i; the voter is (post hash + i * stride) mod N, distinct within a post.
    await timed(
      timings,
      log,
      'votes',
      () =>
        client.query(
          `insert into votes (post_id, user_id, value, created_at, updated_at)
           select p.id, pg_temp.uid(1 + ((hashint8extended(p.id, 5) & 1048575) + g.i * ${voteStride}) % ${N}),
                  case p.voting_type
                    when 'like-dislike' then case when pg_temp.u01(g.i, 41) < 0.78 then 1 else -1 end
                    when 'rating' then 1 + floor(power(pg_temp.u01(g.i, 43), 0.6) * 5)::int
                    else floor(pg_temp.u01(g.i, 47) * jsonb_array_length(p.poll_options))::int
                  end,
                  vt.t, vt.t
             from generate_series(0::bigint, ${V - 1}) g(i)
             join posts p on p.id = ${P} - floor(${P} * power(g.i::float8 / ${V}, 2))::bigint
             cross join lateral (select least(now(), p.created_at + pg_temp.u01(g.i, 53) * interval '3 days') as t) vt`,
        ),
      rowCount,
    );

    await timed(
      timings,
      log,
      'comments',
      () =>
        client.query(
          `insert into comments (post_id, author_id, content, is_anonymous, created_at, updated_at)
           select post_id, pg_temp.uid(1 + floor(pg_temp.u01(i, 59) * ${N})::bigint),
                  ($1::text[])[1 + floor(pg_temp.u01(i, 61) * cardinality($1::text[]))::int],
                  pg_temp.u01(i, 67) < 0.05, t, t
             from (
               select g.i, x.post_id,
                      least(now(), ${postTime('x.post_id')} + pg_temp.u01(g.i, 71) * interval '2 days') as t
                 from generate_series(0::bigint, ${C - 1}) g(i)
                 cross join lateral (select ${P} - floor(${P} * power(g.i::float8 / ${C}, 2))::bigint as post_id) x
             ) s
            order by post_id, t`,
          [ALL_DEMO_COMMENTS],
        ),
      rowCount,
    );

    await timed(
      timings,
      log,
      'bookmarks',
      () =>
        client.query(
          `insert into bookmarks (user_id, post_id, created_at)
           select pg_temp.uid(u + 1), post_id,
                  ${postTime('post_id')} + pg_temp.u01(i, 73) * (now() - ${postTime('post_id')})
             from generate_series(0::bigint, ${B - 1}) i
             cross join lateral (select floor(i::float8 * ${N} / ${B})::bigint as u) who
             cross join lateral (
               select 1 + ((hashint8extended(u, 9) & 1048575) + i * ${bookmarkStride}) % ${P} as post_id
             ) what
            order by 3`,
        ),
      rowCount,
    );

    await timed(
      timings,
      log,
      'counters: posts',
      () =>
        client.query(
          `update posts p set
              up_votes = case when p.voting_type = 'like-dislike' then coalesce(a.up, 0) else 0 end,
              down_votes = case when p.voting_type = 'like-dislike' then coalesce(a.down, 0) else 0 end,
              rating_sum = case when p.voting_type = 'rating' then coalesce(a.rating_sum, 0) else 0 end,
              rating_count = case when p.voting_type = 'rating' then coalesce(a.votes, 0) else 0 end,
              poll_counts = case when p.voting_type = 'poll' then array(
                select coalesce((a.per_value ->> o::text)::int, 0)
                  from generate_series(0, jsonb_array_length(p.poll_options) - 1) o order by o) end,
              comment_count = coalesce(a.comments, 0)
             from (
               select coalesce(v.post_id, c.post_id) as post_id, v.up, v.down, v.rating_sum, v.votes, v.per_value,
                      c.comments
                 from (
                   select post_id, sum(n) filter (where value = 1)::int as up,
                          sum(n) filter (where value = -1)::int as down, sum(value * n)::int as rating_sum,
                          sum(n)::int as votes, jsonb_object_agg(value, n) as per_value
                     from (select post_id, value, count(*) as n from votes group by post_id, value) pv
                    group by post_id
                 ) v
                 full join (
                   select post_id, count(*)::int as comments from comments where hidden_at is null group by post_id
                 ) c on c.post_id = v.post_id
             ) a
            where p.id = a.post_id`,
        ),
      rowCount,
    );
    await timed(
      timings,
      log,
      'counters: users',
      () =>
        client.query(
          `update users u set posts_count = a.n
             from (select author_id, count(*)::int as n from posts where not is_anonymous group by author_id) a
            where u.id = a.author_id`,
        ),
      rowCount,
    );
    await timed(
      timings,
      log,
      'counters: hashtags',
      () =>
        client.query(
          `update hashtags h set post_count = a.n
             from (select hashtag_id, count(*)::int as n from post_hashtags group by hashtag_id) a
            where h.id = a.hashtag_id`,
        ),
      rowCount,
    );
    for (const table of TREND_COUNTED) await client.query(`alter table "${table}" enable trigger user`);
    await timed(timings, log, 'trend counts', () => client.query(`select trend_counts_rebuild()`));
    await client.query(`alter table posts alter column id restart with ${P + 1}`);
    await client.query(`alter table hashtags alter column id restart with ${H + 1}`);
    await client.query(`drop table bench_post_tags`);

    // The counter updates left a dead copy of every post; rewrite before indexing so the table has its real size.
    await timed(timings, log, 'compact posts (vacuum full)', () =>
      client.query(`vacuum full posts, users, hashtags`),
    );

    await timed(timings, log, 'rebuild indexes and keys', () => rebuild(config.benchUrl, saved, log));

    const rebuilt = await schemaFingerprint(client);
    if (JSON.stringify(rebuilt) !== JSON.stringify(migrated))
      throw new Error('the rebuilt schema differs from the migrated one');

    await timed(timings, log, 'vacuum analyze', () => client.query(`vacuum (analyze)`));

    const counters = await checkCounters(client);
    log(
      `  counters after seeding: ${counters.ok ? 'OK' : `MISMATCH ${JSON.stringify(counters.mismatches)}`}`,
    );
    if (!counters.ok) throw new Error('seeded counters do not match their rows');
    const sample = await checkContentSample(client);
    log(`  content sample (normalised text, tags as the app extracts them): ${sample}`);
    await client.query(`comment on database ${config.database} is '${JSON.stringify(sizes)}'`);
  } finally {
    await client.end();
  }
  return timings;
}

/** The sizes the config's database was last seeded with, or null when it is missing or was not finished. */
export async function seededSizes(config: BenchConfig): Promise<Sizes | null> {
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  try {
    const result = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [config.database],
    );
    const comment = result.rows[0]?.comment;
    return comment ? (JSON.parse(comment) as Sizes) : null;
  } finally {
    await admin.end();
  }
}

/**
 * Primary keys, then indexes, then foreign keys (validated against the loaded rows), on two connections: one
 * per core. The largest builds start first.
 */
async function rebuild(url: string, saved: SavedDefinition[], log: Log) {
  const order = { 'primary key': 0, index: 1, 'foreign key': 2 } as const;
  const weight = (item: SavedDefinition) =>
    (item.create.includes(' USING gin ') ? 100 : 0) +
    ({ votes: 50, posts: 40, comments: 30 }[item.table] ?? 0);
  const queue = [...saved].sort((a, b) => order[a.kind] - order[b.kind] || weight(b) - weight(a));
  const phases = [0, 1, 2].map((phase) => queue.filter((item) => order[item.kind] === phase));
  const workers = await Promise.all([sessionClient(url), sessionClient(url)]);
  try {
    for (const phase of phases) {
      const pending = [...phase];
      await Promise.all(
        workers.map(async (worker) => {
          for (let item = pending.shift(); item; item = pending.shift()) {
            const started = performance.now();
            await worker.query(item.create);
            log(`    ${item.kind} ${item.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
          }
        }),
      );
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.end()));
  }
}
