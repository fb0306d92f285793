/**
 * What the benchmark asks of the server: the fixtures read from ray_bench once (ids, a deep cursor, the busiest
 * post, bench users signed in through the API), and one autocannon request list per scenario.
 */
import type autocannon from 'autocannon';
import type pg from 'pg';
import { encodeCursor } from '../apps/server/src/lib/cursor';

export type ScenarioKind = 'baseline' | 'read' | 'write';

export interface Scenario {
  key: string;
  label: string;
  kind: ScenarioKind;
  /** Which server answers: the app or the bare node:http process. */
  server: 'app' | 'bare';
  connections?: number;
  requests: autocannon.Request[];
  /** A read the runner sends once first, to check that the scenario answers 2xx before loading it. */
  probe?: { path: string; token?: string | undefined };
  /** Run once before the probe (a revalidation first learns the entity tag it sends). */
  prepare?: (baseUrl: string) => Promise<void>;
  /** Every answer is expected to be 304 Not Modified rather than 2xx. */
  revalidates?: boolean;
}

export interface BenchUser {
  userId: string;
  email: string;
  token: string;
}

export interface Fixtures {
  maxPostId: number;
  /** Position in the visitor feed of the deep cursor, and the cursor that starts right after it. */
  cursorPosition: number;
  deepCursor: string;
  detailIds: number[];
  busiestPost: { id: number; comments: number };
  prolificAuthor: { id: string; posts: number };
  popularTag: { name: string; posts: number };
  /** Popular tag names, for new posts. */
  tagNames: string[];
  votable: { id: number; votingType: string; options: number }[];
  searchWords: string[];
  users: BenchUser[];
}

export const BENCH_PASSWORD = 'RayBench2030load';

const DEEP_POSITION = 100_000;

/** Ids and names the scenarios use, read once before the load starts. */
export async function loadFixtures(
  client: pg.ClientBase,
  users: BenchUser[],
  searchWords: string[],
): Promise<Fixtures> {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const result = await client.query<T>(text, values);
    if (result.rows.length === 0) throw new Error(`no row for fixture query: ${text}`);
    return result.rows[0]!;
  };
  const { max } = await one<{ max: number }>(`select max(id)::int as max from posts`);
  const { count } = await one<{ count: number }>(
    `select count(*)::int as count from posts where hidden_at is null`,
  );
  const cursorPosition = Math.min(DEEP_POSITION, Math.floor(count / 2));
  // The last post a visitor has seen after scrolling to `cursorPosition`, through the feed's own order.
  const { id: deepId } = await one<{ id: number }>(
    `select id::int from posts where hidden_at is null order by id desc offset $1 limit 1`,
    [cursorPosition - 1],
  );
  const detail = await client.query<{ id: number }>(
    `select id::int from posts where hidden_at is null and id in (
       select 1 + floor(random() * $1)::int from generate_series(1, 3000)) limit 2000`,
    [max],
  );
  const busiest = await one<{ id: number; comments: number }>(
    `select id::int, comment_count as comments from posts where hidden_at is null order by comment_count desc limit 1`,
  );
  const author = await one<{ id: string; posts: number }>(
    `select id, posts_count as posts from users order by posts_count desc limit 1`,
  );
  const tags = await client.query<{ name: string; posts: number }>(
    `select name, post_count as posts from hashtags order by post_count desc, id limit 200`,
  );
  const votable = await client.query<{ id: number; voting_type: string; options: number | null }>(
    `select id::int, voting_type, jsonb_array_length(poll_options) as options from posts
      where hidden_at is null and id in (select 1 + floor(random() * $1)::int from generate_series(1, 25000))
      limit 20000`,
    [max],
  );
  return {
    maxPostId: max,
    cursorPosition,
    deepCursor: encodeCursor(deepId),
    detailIds: detail.rows.map((row) => row.id),
    busiestPost: busiest,
    prolificAuthor: author,
    popularTag: tags.rows[0]!,
    tagNames: tags.rows.map((row) => row.name),
    votable: votable.rows.map((row) => ({
      id: row.id,
      votingType: row.voting_type,
      options: row.options ?? 0,
    })),
    searchWords,
    users,
  };
}

/** How many authors each bench user follows, for the following feed. */
export const FOLLOWED_AUTHORS = 200;

/**
 * Makes every bench user follow `count` authors with signed posts, chosen at random, and sets the follow counts
 * of everyone concerned to match; the follows' trigger gives each of them the signed posts of those people in
 * `following_posts`, which the following feed reads.
 */
export async function followAuthors(client: pg.ClientBase, users: BenchUser[], count: number) {
  const ids = users.map((user) => user.userId);
  await client.query(
    `insert into follows (follower_id, followed_id)
      select bench.id, author.id from unnest($1::uuid[]) as bench(id)
      cross join lateral (
        select u.id from users u where u.posts_count > 0 and u.id <> bench.id order by random() limit $2
      ) author
      on conflict do nothing`,
    [ids, count],
  );
  await client.query(
    `update users u set
      following_count = (select count(*) from follows f where f.follower_id = u.id),
      followers_count = (select count(*) from follows f where f.followed_id = u.id)
      where u.id = any($1::uuid[])
        or u.id in (select f.followed_id from follows f where f.follower_id = any($1::uuid[]))`,
    [ids],
  );
  // As after the seed: fresh statistics, and a visibility map that lets the follows be read from the index.
  await client.query('vacuum analyze follows, following_posts, users');
}

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Context = Record<string, unknown>;

/** The bench user of a connection: assigned once per connection, in turn. */
function userOf(fixtures: Fixtures) {
  let next = 0;
  return (context: object): BenchUser => {
    const ctx = context as Context;
    if (ctx.user === undefined) {
      ctx.user = fixtures.users[next % fixtures.users.length];
      next += 1;
    }
    return ctx.user as BenchUser;
  };
}

function rotating<T>(items: T[]) {
  let index = 0;
  return () => {
    const item = items[index % items.length]!;
    index += 1;
    return item;
  };
}

/** A valid first vote: mostly likes, ratings 1 to 5 and poll options in turn. */
function voteValue(post: { votingType: string; options: number }, n: number): number {
  if (post.votingType === 'like-dislike') return n % 4 === 0 ? -1 : 1;
  if (post.votingType === 'rating') return 1 + (n % 5);
  return n % post.options;
}

export function buildScenarios(fixtures: Fixtures): Scenario[] {
  const feed = '/api/posts/paginated';
  const signedIn = userOf(fixtures);
  const firstToken = fixtures.users[0]!.token;
  const detailId = rotating(fixtures.detailIds);
  const searchWord = rotating(fixtures.searchWords);
  const tagPath = `/api/hashtags/${encodeURIComponent(fixtures.popularTag.name)}/posts`;
  const get = (path: string): autocannon.Request[] => [{ method: 'GET', path }];

  // Votes: request n goes to sampled post n mod S from user (n div S) mod U, so concurrent votes land on
  // different posts, no (user, post) pair repeats and every vote is a first one (a poll takes one vote only).
  let voteCount = 0;
  const users = fixtures.users;
  const voteRequest = (request: autocannon.Request): autocannon.Request => {
    const n = voteCount;
    voteCount += 1;
    const user = users[Math.floor(n / fixtures.votable.length) % users.length]!;
    const post = fixtures.votable[n % fixtures.votable.length]!;
    const value = voteValue(post, n);
    return {
      ...request,
      headers: { ...json, ...bearer(user.token) },
      body: JSON.stringify({ postId: post.id, value }),
    };
  };

  let postCount = 0;
  const words = fixtures.searchWords;
  const createRequest = (request: autocannon.Request): autocannon.Request => {
    const n = postCount;
    postCount += 1;
    const user = users[n % users.length]!;
    const first = fixtures.tagNames[n % fixtures.tagNames.length]!;
    const second = fixtures.tagNames[(n * 7 + 3) % fixtures.tagNames.length]!;
    const tags = first === second ? `#${first}` : `#${first} #${second}`;
    const votingType = ['like-dislike', 'rating', 'poll'][n % 3]!;
    const body = {
      content: `رأي تجريبي رقم ${n} عن ${words[n % words.length]} ${tags}`,
      votingType,
      ...(votingType === 'poll' ? { pollOptions: JSON.stringify(['نعم', 'لا', 'ربما']) } : {}),
    };
    return { ...request, headers: { ...json, ...bearer(user.token) }, body: JSON.stringify(body) };
  };

  // Bookmarks: each connection saves a post, then removes it, then saves the next one.
  const bookmarkPost = rotating(fixtures.detailIds);
  const bookmarkRequest = (request: autocannon.Request, context: object): autocannon.Request => {
    const ctx = context as Context;
    const user = signedIn(context);
    const saved = ctx.saved as number | undefined;
    if (saved !== undefined) {
      ctx.saved = undefined;
      return { ...request, method: 'DELETE', path: `/api/bookmarks/${saved}`, headers: bearer(user.token) };
    }
    const postId = bookmarkPost();
    ctx.saved = postId;
    return {
      ...request,
      method: 'POST',
      path: '/api/bookmarks',
      headers: { ...json, ...bearer(user.token) },
      body: JSON.stringify({ postId }),
    };
  };

  // Revalidation: the visitor's feed as a browser or a CDN asks again for it, with the tag of the copy it holds.
  let feedTag = '';
  const html = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  const postPage = `/posts/${fixtures.detailIds[0]}`;

  return [
    {
      key: 'hello',
      label: 'baseline: /bench/hello',
      kind: 'baseline',
      server: 'app',
      requests: get('/bench/hello'),
      probe: { path: '/bench/hello' },
    },
    {
      key: 'raw',
      label: 'baseline: /bench/raw (10 posts, 1 query)',
      kind: 'baseline',
      server: 'app',
      requests: get('/bench/raw'),
      probe: { path: '/bench/raw' },
    },
    {
      key: 'bare',
      label: 'baseline: bare node:http',
      kind: 'baseline',
      server: 'bare',
      requests: get('/'),
      probe: { path: '/' },
    },
    {
      key: 'health',
      label: 'GET /api/health',
      kind: 'read',
      server: 'app',
      requests: get('/api/health'),
      probe: { path: '/api/health' },
    },
    {
      key: 'feed',
      label: 'feed page 1, visitor',
      kind: 'read',
      server: 'app',
      requests: get(feed),
      probe: { path: feed },
    },
    {
      key: 'feedRevalidated',
      label: 'feed page 1, visitor, revalidated (304)',
      kind: 'read',
      server: 'app',
      revalidates: true,
      prepare: async (baseUrl) => {
        feedTag = (await fetch(`${baseUrl}${feed}`)).headers.get('etag') ?? '';
        if (!feedTag) throw new Error('the visitor feed answered without an entity tag');
      },
      requests: [
        {
          method: 'GET',
          path: feed,
          setupRequest: (request) => ({ ...request, headers: { 'if-none-match': feedTag } }),
        },
      ],
    },
    {
      key: 'pageHome',
      label: 'server-rendered home page, visitor (HTML)',
      kind: 'read',
      server: 'app',
      requests: [{ method: 'GET', path: '/', headers: html }],
      probe: { path: '/' },
    },
    {
      key: 'pagePost',
      label: 'server-rendered post page, visitor (HTML)',
      kind: 'read',
      server: 'app',
      requests: [{ method: 'GET', path: postPage, headers: html }],
      probe: { path: postPage },
    },
    {
      key: 'feedSignedIn',
      label: 'feed page 1, signed in',
      kind: 'read',
      server: 'app',
      requests: [
        {
          method: 'GET',
          path: feed,
          setupRequest: (request, context) => ({ ...request, headers: bearer(signedIn(context).token) }),
        },
      ],
      probe: { path: feed, token: firstToken },
    },
    {
      key: 'feedFollowing',
      label: `following feed page 1 (${FOLLOWED_AUTHORS} followed)`,
      kind: 'read',
      server: 'app',
      requests: [
        {
          method: 'GET',
          path: `${feed}?pageType=Following`,
          setupRequest: (request, context) => ({ ...request, headers: bearer(signedIn(context).token) }),
        },
      ],
      probe: { path: `${feed}?pageType=Following`, token: firstToken },
    },
    {
      key: 'feedDeep',
      label: `feed by cursor at item ${fixtures.cursorPosition.toLocaleString('en')}`,
      kind: 'read',
      server: 'app',
      requests: get(`${feed}?cursor=${fixtures.deepCursor}`),
      probe: { path: `${feed}?cursor=${fixtures.deepCursor}` },
    },
    {
      key: 'detail',
      label: 'post detail (2,000 posts in turn)',
      kind: 'read',
      server: 'app',
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/posts/${detailId()}` }) },
      ],
      probe: { path: `/api/posts/${fixtures.detailIds[0]}` },
    },
    {
      key: 'comments',
      label: `comments of the busiest post (${fixtures.busiestPost.comments})`,
      kind: 'read',
      server: 'app',
      requests: get(`/api/comments?postId=${fixtures.busiestPost.id}`),
      probe: { path: `/api/comments?postId=${fixtures.busiestPost.id}` },
    },
    {
      key: 'profile',
      label: `a user's posts (${fixtures.prolificAuthor.posts} posts)`,
      kind: 'read',
      server: 'app',
      requests: get(`${feed}?userId=${fixtures.prolificAuthor.id}`),
      probe: { path: `${feed}?userId=${fixtures.prolificAuthor.id}` },
    },
    {
      key: 'hashtag',
      label: `hashtag page (${fixtures.popularTag.posts} posts)`,
      kind: 'read',
      server: 'app',
      requests: get(tagPath),
      probe: { path: tagPath },
    },
    {
      key: 'trendingPosts',
      label: 'trending posts',
      kind: 'read',
      server: 'app',
      requests: get('/api/posts/trending/paginated'),
      probe: { path: '/api/posts/trending/paginated' },
    },
    {
      key: 'trendingTags',
      label: 'trending hashtags',
      kind: 'read',
      server: 'app',
      requests: get('/api/hashtags/trending'),
      probe: { path: '/api/hashtags/trending' },
    },
    {
      key: 'search',
      label: `search (${fixtures.searchWords.length} words in turn)`,
      kind: 'read',
      server: 'app',
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/posts/search?query=${encodeURIComponent(searchWord())}`,
          }),
        },
      ],
      probe: { path: `/api/posts/search?query=${encodeURIComponent(fixtures.searchWords[0]!)}` },
    },
    {
      key: 'vote',
      label: `vote (${fixtures.users.length} users, ${fixtures.votable.length.toLocaleString('en')} posts)`,
      kind: 'write',
      server: 'app',
      requests: [{ method: 'POST', path: '/api/votes', setupRequest: voteRequest }],
    },
    {
      key: 'createPost',
      label: 'create post with two hashtags',
      kind: 'write',
      server: 'app',
      requests: [{ method: 'POST', path: '/api/posts', setupRequest: createRequest }],
    },
    {
      key: 'bookmark',
      label: 'bookmark toggle (save / remove)',
      kind: 'write',
      server: 'app',
      requests: [{ setupRequest: bookmarkRequest }],
    },
  ];
}

export function overloadScenario(connections: number): Scenario {
  return {
    key: 'overload',
    label: `feed page 1, visitor, ${connections} connections`,
    kind: 'read',
    server: 'app',
    connections,
    requests: [{ method: 'GET', path: '/api/posts/paginated' }],
  };
}
