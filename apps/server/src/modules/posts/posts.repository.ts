import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blocks,
  bookmarks,
  followingPosts,
  follows,
  hashtags,
  mutedWords,
  mutes,
  postHashtags,
  posts,
  users,
  votes,
} from '../../db/schema';
import { isoTimestamp } from '../../lib/timestamps';
import { postNotMutedFor, signedNotBlocked, signedShownTo } from '../users/visibility';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;

export interface Viewer {
  userId: string;
  /** Moderators and admins also see hidden posts. */
  seesHidden: boolean;
}

/** The viewer's id as a parameter of a prepared statement (see `opaque`); null for a visitor. */
type ViewerId = SQL | null;

/**
 * A post as every list and detail reads it, with its author, its tags and the viewer's own vote and bookmark:
 * one JSON array per row, built by PostgreSQL, its entries in the order of this type. One value per row instead
 * of 26 columns spares the driver and Drizzle the decoding of each column (a third of a page's time on the
 * server), for a few microseconds of PostgreSQL's.
 *
 * An anonymous row carries no author at all: its author id, username, names and avatar are null, and whether the
 * viewer wrote it is answered by PostgreSQL (`isOwner`), so the author never leaves the database for it.
 */
type PostTuple = [
  id: number,
  /** Null for an anonymous post. */
  authorId: string | null,
  content: string,
  isAnonymous: boolean,
  votingType: PostRow['votingType'],
  pollOptions: string[] | null,
  imageUrl: string | null,
  latitude: number | null,
  longitude: number | null,
  locationName: string | null,
  upVotes: number,
  downVotes: number,
  ratingSum: number,
  ratingCount: number,
  pollCounts: number[] | null,
  commentCount: number,
  hiddenAt: string | null,
  createdAt: string,
  updatedAt: string,
  /** This and the next three are null for an anonymous post. */
  username: string | null,
  firstName: string | null,
  lastName: string | null,
  avatarUrl: string | null,
  hashtags: string[] | null,
  userVote: number | null,
  isBookmarked: boolean,
  isOwner: boolean,
  imageAlt: string | null,
  editedAt: string | null,
  pollClosesAt: string | null,
];

function postTuple(viewerId: ViewerId) {
  const p = posts;
  const u = users;
  const tags = sql`(select json_agg(ph.name order by ph.created_at, ph.position, ph.hashtag_id)
    from ${postHashtags} ph where ph.post_id = ${p.id})`;
  const userVote =
    viewerId === null
      ? sql`null`
      : sql`(select v.value from ${votes} v where v.post_id = ${p.id} and v.user_id = ${viewerId})`;
  const isBookmarked =
    viewerId === null
      ? sql`false`
      : sql`exists(select 1 from ${bookmarks} b where b.post_id = ${p.id} and b.user_id = ${viewerId})`;
  const isOwner = viewerId === null ? sql`false` : sql`(${p.authorId} = ${viewerId})`;
  const signed = (column: SQLWrapper) => sql`case when ${p.isAnonymous} then null else ${column} end`;
  return sql<PostTuple>`json_build_array(${p.id}, ${signed(p.authorId)}, ${p.content}, ${p.isAnonymous},
    ${p.votingType}, ${p.pollOptions}, ${p.imageUrl}, ${p.latitude}, ${p.longitude}, ${p.locationName},
    ${p.upVotes}, ${p.downVotes}, ${p.ratingSum}, ${p.ratingCount}, ${p.pollCounts}, ${p.commentCount},
    ${p.hiddenAt}, ${p.createdAt}, ${p.updatedAt}, ${signed(u.username)}, ${signed(u.firstName)},
    ${signed(u.lastName)}, ${signed(u.avatarUrl)}, ${tags}, ${userVote}, ${isBookmarked}, ${isOwner},
    ${p.imageAlt}, ${p.editedAt}, ${p.pollClosesAt})`;
}

function toRecord(tuple: PostTuple) {
  const [
    id,
    authorId,
    content,
    isAnonymous,
    votingType,
    pollOptions,
    imageUrl,
    latitude,
    longitude,
    locationName,
    upVotes,
    downVotes,
    ratingSum,
    ratingCount,
    pollCounts,
    commentCount,
    hiddenAt,
    createdAt,
    updatedAt,
    username,
    firstName,
    lastName,
    avatarUrl,
    tags,
    userVote,
    isBookmarked,
    isOwner,
    imageAlt,
    editedAt,
    pollClosesAt,
  ] = tuple;
  return {
    post: {
      id,
      authorId,
      content,
      isAnonymous,
      votingType,
      pollOptions,
      imageUrl,
      latitude,
      longitude,
      locationName,
      upVotes,
      downVotes,
      ratingSum,
      ratingCount,
      pollCounts,
      commentCount,
      hiddenAt,
      createdAt: isoTimestamp(createdAt),
      updatedAt: isoTimestamp(updatedAt),
      imageAlt,
      editedAt: editedAt === null ? null : isoTimestamp(editedAt),
      pollClosesAt: pollClosesAt === null ? null : isoTimestamp(pollClosesAt),
    },
    /** Null for an anonymous post. */
    author:
      authorId !== null && username !== null && firstName !== null && lastName !== null
        ? { userId: authorId, username, firstName, lastName, avatarUrl }
        : null,
    hashtags: tags,
    userVote,
    isBookmarked,
    isOwner,
  };
}

export type PostRecord = ReturnType<typeof toRecord>;

/** Hidden posts stay visible to their author and to moderators only. */
export function visibleTo(viewer: Viewer | null): SQL | undefined {
  if (viewer?.seesHidden) return undefined;
  return viewer ? or(isNull(posts.hiddenAt), eq(posts.authorId, viewer.userId)) : isNull(posts.hiddenAt);
}

/**
 * Every read of posts runs as a prepared statement, built once per process and planned once per connection.
 * Statements differ by what they select (the shape below), by the kind of viewer (which decides the visibility
 * rule and whether the viewer's vote and bookmark are read), by how the page starts, and by how many rows they
 * read.
 */
type ViewerKind = 'visitor' | 'member' | 'staff';

const kindOf = (viewer: Viewer | null): ViewerKind =>
  viewer === null ? 'visitor' : viewer.seesHidden ? 'staff' : 'member';

function visibilityFor(kind: ViewerKind, viewerId: ViewerId): SQL | undefined {
  if (kind === 'staff') return undefined;
  return kind === 'member' && viewerId !== null
    ? or(isNull(posts.hiddenAt), eq(posts.authorId, viewerId))
    : isNull(posts.hiddenAt);
}

/** A post page across a block answers like a missing post; staff keep every post page for moderation. */
function openTo(kind: ViewerKind, viewerId: ViewerId): SQL | undefined {
  return kind === 'member' && viewerId !== null
    ? signedNotBlocked(viewerId, posts.authorId, posts.isAnonymous)
    : undefined;
}

/**
 * What a signed-in viewer's lists leave out (users/visibility.ts): signed posts across a block or by someone the
 * viewer muted, and posts with a word or tag the viewer muted. One author's own list leaves out only a block:
 * someone muted still has their profile.
 */
function shownTo(kind: ViewerKind, viewerId: ViewerId, of: string): SQL | undefined {
  if (kind === 'visitor' || viewerId === null) return undefined;
  if (of === 'author' || of === 'public')
    return signedNotBlocked(viewerId, posts.authorId, posts.isAnonymous);
  return and(signedShownTo(viewerId, posts.authorId, posts.isAnonymous), postNotMutedFor(viewerId, posts));
}

const statements = new WeakMap<Executor, Map<string, unknown>>();

function prepared<T>(db: Executor, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}

/**
 * A parameter of a page's statement, hidden from the planner inside a scalar subquery. A page reads the same
 * index in the same order whatever the author, tag or cursor, but planned with the actual value (`author_id = $1`,
 * `id < $2`) the statement can look cheaper than its generic plan, and PostgreSQL then plans it again on every
 * execution instead of keeping the plan it made once. Unknown to every plan alike, the value no longer tips it.
 */
function opaque(name: string, type: 'bigint' | 'uuid'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/**
 * A LIMIT written into the statement's text. Sent as a parameter, `LIMIT $1` is planned for an unknown number of
 * rows (a tenth of the table); that generic plan looks far dearer than the one made for the actual value, so
 * PostgreSQL would plan the prepared statement again on every execution (half of the feed's time in the
 * database). Drizzle writes an SQL value given to `.limit()` as it is.
 */
function fixedLimit(rows: number): number {
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * The rows a page reads: its size and one more (which says whether another page follows), rounded up to the next
 * ten and one, so that a few statements serve every page size.
 */
function rowsToRead(pageSize: number): number {
  return Math.ceil(pageSize / 10) * 10 + 1;
}

/**
 * Where a page starts: the first page, after a cursor's key, or (clients still using `page`) at an offset. An
 * offset stays visible to the planner, which plans such a page for its offset each time.
 */
type Start = 'first' | 'cursor' | 'offset';

export interface PagePosition {
  afterId?: number | undefined;
  offset?: number | undefined;
  limit: number;
}

const startOf = (page: PagePosition): Start =>
  page.afterId !== undefined ? 'cursor' : page.offset ? 'offset' : 'first';

/** Which posts a list shows, newest first. */
export type PostFilter =
  | { of: 'all' }
  /** One author's posts; `withAnonymous` only for the author's own list. */
  | { of: 'author'; authorId: string; withAnonymous: boolean }
  | { of: 'hashtag'; hashtagId: number };

function listStatement(
  db: Executor,
  of: PostFilter['of'] | 'public',
  kind: ViewerKind,
  start: Start,
  rows: number,
) {
  const name = `posts_${of}_${kind}_${start}_${rows}`;
  return prepared(db, name, () => {
    const viewerId = kind === 'visitor' ? null : opaque('viewerId', 'uuid');
    let query = db
      .select({ post: postTuple(viewerId) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .$dynamic();
    // A hashtag's posts are read through the tag's (hashtag, post) key, newest first.
    const key = of === 'hashtag' ? postHashtags.postId : posts.id;
    if (of === 'hashtag') {
      query = query.innerJoin(
        postHashtags,
        and(eq(postHashtags.postId, posts.id), eq(postHashtags.hashtagId, opaque('hashtagId', 'bigint'))),
      );
    }
    return query
      .where(
        and(
          of === 'author' || of === 'public' ? eq(posts.authorId, opaque('authorId', 'uuid')) : undefined,
          of === 'public' ? eq(posts.isAnonymous, false) : undefined,
          visibilityFor(kind, viewerId),
          shownTo(kind, viewerId, of),
          start === 'cursor' ? lt(key, opaque('afterId', 'bigint')) : undefined,
        ),
      )
      .orderBy(desc(key))
      .limit(fixedLimit(rows))
      .offset(start === 'offset' ? sql.placeholder('offset') : 0)
      .prepare(name);
  });
}

/** One page of posts, newest first: at least `limit + 1` rows so the caller knows whether another page exists. */
export async function listPosts(
  db: Executor,
  viewer: Viewer | null,
  filter: PostFilter,
  page: PagePosition,
): Promise<PostRecord[]> {
  const of = filter.of === 'author' && !filter.withAnonymous ? 'public' : filter.of;
  const rows = await listStatement(db, of, kindOf(viewer), startOf(page), rowsToRead(page.limit)).execute({
    viewerId: viewer?.userId,
    authorId: filter.of === 'author' ? filter.authorId : undefined,
    hashtagId: filter.of === 'hashtag' ? filter.hashtagId : undefined,
    afterId: page.afterId,
    offset: page.offset,
  });
  return rows.map((row) => toRecord(row.post));
}

/**
 * A page of the following feed: the reader's rows of `following_posts` (the signed posts of the people they
 * follow, kept by triggers, migration 0014) read newest first from its primary key, each checked against its post,
 * until the page is full. Its cost is the signed-in feed's, whatever the number of people followed or of posts.
 * It reads which posts, with the reader's own vote and bookmark of each; what everyone sees of those posts comes
 * from the parts shared by all readers (post-parts.ts).
 *
 * Anonymous posts are never in those rows: following someone must not reveal which anonymous posts are theirs.
 * Hidden posts are skipped, even for staff: this is a reading list, not a moderation view. Blocks, mutes and muted
 * words leave out what they leave out of every list.
 */
function followingStatement(db: Executor, start: 'first' | 'cursor', rows: number) {
  const name = `posts_following_${start}_${rows}`;
  return prepared(db, name, () => {
    const viewerId = opaque('viewerId', 'uuid');
    return db
      .select({
        id: posts.id,
        userVote: sql<number | null>`(select v.value from ${votes} v
          where v.post_id = ${posts.id} and v.user_id = ${viewerId})`,
        isBookmarked: sql<boolean>`exists(select 1 from ${bookmarks} b
          where b.post_id = ${posts.id} and b.user_id = ${viewerId})`,
        isOwner: sql<boolean>`${posts.authorId} = ${viewerId}`,
      })
      .from(followingPosts)
      .innerJoin(posts, eq(posts.id, followingPosts.postId))
      .where(
        and(
          eq(followingPosts.readerId, viewerId),
          start === 'cursor' ? lt(followingPosts.postId, opaque('afterId', 'bigint')) : undefined,
          sql`not ${posts.isAnonymous}`,
          isNull(posts.hiddenAt),
          shownTo('member', viewerId, 'following'),
        ),
      )
      .orderBy(desc(followingPosts.postId))
      .limit(fixedLimit(rows))
      .prepare(name);
  });
}

/** One page of the following feed, newest first: at least `limit + 1` posts (see `listPosts`), with own state. */
export async function listFollowingPosts(
  db: Executor,
  viewerId: string,
  page: { afterId?: number | undefined; limit: number },
): Promise<(OwnState & { id: number })[]> {
  const start = page.afterId !== undefined ? 'cursor' : 'first';
  const rows = await followingStatement(db, start, rowsToRead(page.limit)).execute({
    viewerId,
    afterId: page.afterId,
  });
  return rows;
}

/** The signed posts of the people a user follows, from the counts kept on their rows. */
export async function countFollowingPosts(db: Executor, userId: string): Promise<number> {
  const [row] = await prepared(db, 'posts_following_count', () =>
    db
      .select({ count: sql<number>`coalesce(sum(${users.postsCount}), 0)::int` })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followedId))
      .where(eq(follows.followerId, sql.placeholder('userId')))
      .prepare('posts_following_count'),
  ).execute({ userId });
  return row?.count ?? 0;
}

function bookmarksStatement(db: Executor, kind: ViewerKind, start: Start, rows: number) {
  const name = `posts_bookmarks_${kind}_${start}_${rows}`;
  return prepared(db, name, () => {
    const viewerId = opaque('viewerId', 'uuid');
    return db
      .select({ post: postTuple(viewerId), bookmarkId: bookmarks.id })
      .from(bookmarks)
      .innerJoin(posts, eq(posts.id, bookmarks.postId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(
        and(
          eq(bookmarks.userId, viewerId),
          visibilityFor(kind, viewerId),
          shownTo(kind, viewerId, 'bookmarks'),
          start === 'cursor' ? lt(bookmarks.id, opaque('afterId', 'bigint')) : undefined,
        ),
      )
      .orderBy(desc(bookmarks.id))
      .limit(fixedLimit(rows))
      .offset(start === 'offset' ? sql.placeholder('offset') : 0)
      .prepare(name);
  });
}

/** A page of the viewer's bookmarks, most recently saved first, keyed on the bookmark's own id. */
export async function listBookmarkedPosts(
  db: Executor,
  viewer: Viewer,
  page: PagePosition,
): Promise<(PostRecord & { bookmarkId: number })[]> {
  const rows = await bookmarksStatement(db, kindOf(viewer), startOf(page), rowsToRead(page.limit)).execute({
    viewerId: viewer.userId,
    afterId: page.afterId,
    offset: page.offset,
  });
  return rows.map((row) => ({ ...toRecord(row.post), bookmarkId: row.bookmarkId }));
}

function postStatement(db: Executor, kind: ViewerKind) {
  const name = `posts_one_${kind}`;
  return prepared(db, name, () => {
    const viewerId = kind === 'visitor' ? null : opaque('viewerId', 'uuid');
    return db
      .select({ post: postTuple(viewerId) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.id, opaque('id', 'bigint')), visibilityFor(kind, viewerId), openTo(kind, viewerId)))
      .limit(fixedLimit(1))
      .prepare(name);
  });
}

export async function findPost(
  db: Executor,
  id: number,
  viewer: Viewer | null,
): Promise<PostRecord | undefined> {
  const [row] = await postStatement(db, kindOf(viewer)).execute({ id, viewerId: viewer?.userId });
  return row && toRecord(row.post);
}

function postsByIdsStatement(db: Executor, kind: ViewerKind) {
  const name = `posts_ids_${kind}`;
  return prepared(db, name, () => {
    const viewerId = kind === 'visitor' ? null : opaque('viewerId', 'uuid');
    return db
      .select({ post: postTuple(viewerId) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(
        and(
          sql`${posts.id} = any(${sql.placeholder('ids')}::bigint[])`,
          visibilityFor(kind, viewerId),
          shownTo(kind, viewerId, 'ranked'),
        ),
      )
      .prepare(name);
  });
}

/** The given posts in one query, in no particular order: the caller puts them back in its own ranking. */
export async function findPostsByIds(
  db: Executor,
  ids: number[],
  viewer: Viewer | null,
): Promise<PostRecord[]> {
  if (ids.length === 0) return [];
  const rows = await postsByIdsStatement(db, kindOf(viewer)).execute({ ids, viewerId: viewer?.userId });
  return rows.map((row) => toRecord(row.post));
}

/** Posts shown to everyone: the feed's total. */
export async function countVisiblePosts(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(isNull(posts.hiddenAt));
  return row?.count ?? 0;
}

/** All of an author's posts, anonymous and hidden ones included: the total of the author's own list. */
export async function countPostsBy(db: Executor, authorId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.authorId, authorId));
  return row?.count ?? 0;
}

/** An author's posts that others see on the profile: the count kept on the author's row. */
export async function countPublicPostsBy(db: Executor, authorId: string): Promise<number> {
  const [row] = await prepared(db, 'posts_public_count', () =>
    db
      .select({ count: users.postsCount })
      .from(users)
      .where(eq(users.id, sql.placeholder('authorId')))
      .prepare('posts_public_count'),
  ).execute({ authorId });
  return row?.count ?? 0;
}

export async function countBookmarks(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId));
  return row?.count ?? 0;
}

export async function findHashtagByKey(db: Executor, key: string) {
  const [row] = await prepared(db, 'hashtag_by_key', () =>
    db
      .select({ id: hashtags.id, key: hashtags.key, name: hashtags.name, postCount: hashtags.postCount })
      .from(hashtags)
      .where(eq(hashtags.key, sql.placeholder('key')))
      .prepare('hashtag_by_key'),
  ).execute({ key });
  return row;
}

type Tag = { key: string; name: string };

/**
 * Tags of a post as the relation `written (key, name, position)`: three array parameters, one entry per tag, with
 * the tag's place among the post's tags in the order written (from 0).
 */
function writtenTags(keys: SQLWrapper, names: SQLWrapper, positions: SQLWrapper) {
  return sql`select * from unnest(${keys}::text[], ${names}::text[], ${positions}::smallint[])
    as written (key, name, position)`;
}

/** A new post's columns that have a default: used when the caller (the demo seed) gives none. */
const newPostDefaults = {
  isAnonymous: false,
  pollOptions: null,
  pollCounts: null,
  imageUrl: null,
  imageAlt: null,
  pollClosesAt: null,
  latitude: null,
  longitude: null,
  locationName: null,
  upVotes: 0,
  downVotes: 0,
  ratingSum: 0,
  ratingCount: 0,
  commentCount: 0,
  createdAt: null,
  updatedAt: null,
} satisfies Partial<Record<keyof NewPost, unknown>>;

/**
 * A new post with its tags and, unless it is anonymous, one more post on its author's profile, as one prepared
 * statement: its data-modifying parts run once and all together or not at all, and PostgreSQL parses and plans
 * it once per connection instead of for every post.
 */
function insertPostStatement(db: Executor) {
  return prepared(db, 'insert_post', () => {
    const value = (name: keyof NewPost) => sql.placeholder(name);
    const inserted = db.$with('inserted').as(
      db
        .insert(posts)
        .values({
          authorId: value('authorId'),
          content: value('content'),
          contentNormalized: value('contentNormalized'),
          isAnonymous: value('isAnonymous'),
          votingType: value('votingType'),
          // Typed here rather than through the columns: Drizzle would encode a placeholder's null as an array.
          pollOptions: sql`${value('pollOptions')}::jsonb`,
          pollCounts: sql`${value('pollCounts')}::integer[]`,
          imageUrl: value('imageUrl'),
          imageAlt: value('imageAlt'),
          pollClosesAt: sql`${value('pollClosesAt')}::timestamptz`,
          latitude: value('latitude'),
          longitude: value('longitude'),
          locationName: value('locationName'),
          upVotes: value('upVotes'),
          downVotes: value('downVotes'),
          ratingSum: value('ratingSum'),
          ratingCount: value('ratingCount'),
          commentCount: value('commentCount'),
          createdAt: sql`coalesce(${value('createdAt')}::timestamptz, now())`,
          updatedAt: sql`coalesce(${value('updatedAt')}::timestamptz, now())`,
        })
        .returning({ id: posts.id }),
    );
    const written = db
      .$with('written', {})
      .as(
        writtenTags(sql.placeholder('tagKeys'), sql.placeholder('tagNames'), sql.placeholder('tagPositions')),
      );
    const tagged = db.$with('tagged', {}).as(countTagUses());
    const linked = db.$with('linked', {})
      .as(sql`insert into ${postHashtags} (hashtag_id, post_id, name, position)
      select tagged.id, inserted.id, written.name, written.position
      from tagged join written on written.key = tagged.key cross join inserted`);
    const counted = db.$with('counted').as(
      db
        .update(users)
        .set({ postsCount: sql`${users.postsCount} + 1` })
        .where(and(eq(users.id, value('authorId')), sql`not ${value('isAnonymous')}`))
        .returning({ id: users.id }),
    );
    return db
      .with(inserted, written, tagged, linked, counted)
      .select({ id: inserted.id })
      .from(inserted)
      .prepare('insert_post');
  });
}

/** Writes a new post, its tags (in the order written) and its author's count; returns the post's id. */
export async function insertPost(db: Executor, post: NewPost, tags: Tag[]): Promise<number> {
  const [row] = await insertPostStatement(db).execute({
    ...newPostDefaults,
    ...post,
    pollOptions: post.pollOptions ? JSON.stringify(post.pollOptions) : null,
    tagKeys: tags.map((tag) => tag.key),
    tagNames: tags.map((tag) => tag.name),
    tagPositions: tags.map((_, position) => position),
  });
  return row!.id;
}

/** The post row locked for a write by its author; undefined when it is missing or someone else's. */
export async function lockOwnPost(db: Executor, id: number, authorId: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.authorId, authorId)))
    .for('update')
    .limit(1);
  return row;
}

export async function updatePostRow(db: Executor, id: number, changes: Partial<NewPost>) {
  await db
    .update(posts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
}

export async function deletePostRow(db: Executor, id: number) {
  await db.delete(posts).where(eq(posts.id, id));
}

/**
 * A tag is displayed the way most of its posts write it (القهوة rather than القهوه): the most frequent form among
 * its latest 1,000 uses, `incoming` (the use being written) included; on a tie the current name stays. Counting
 * only those keeps a write's cost the same for a tag with a million posts.
 */
function mostUsedForm(incoming?: SQL) {
  const latest = sql.raw(String(incoming ? 999 : 1_000));
  return sql`(
    select form.name from (
      (select ph.name from ${postHashtags} ph where ph.hashtag_id = ${hashtags.id}
        order by ph.post_id desc limit ${latest})
      ${incoming ? sql`union all select ${incoming}` : sql``}
    ) form
    group by form.name
    order by count(*) desc, (form.name = ${hashtags.name}) desc
    limit 1)`;
}

/**
 * One more post for each tag of the relation `written` (see `writtenTags`), creating tags seen for the first
 * time; returns each tag's id and key.
 *
 * The tags are written, and so their rows locked, in the order of their keys: two posts naming the same tags in
 * another order would otherwise each lock one and wait for the other, and PostgreSQL would abort one of them.
 *
 * A use written the way the tag is already shown (nearly all of them) leaves its name as it is without counting
 * the latest uses: the window gains one use of the current name and loses at most one use, so the current name,
 * the most frequent form before (every change to a tag's uses recounts: a new one here, a removed one in
 * `detachHashtags`), is still the most frequent after, and it wins a tie.
 */
function countTagUses() {
  return sql`insert into ${hashtags} (key, name, post_count)
    select written.key, written.name, 1 from written order by written.key
    on conflict (key) do update set
      post_count = ${hashtags.postCount} + 1,
      name = case when excluded.name = ${hashtags.name} then ${hashtags.name}
        else ${mostUsedForm(sql`excluded.name`)} end
    returning id, key`;
}

/**
 * Adds tags to an existing post and counts them, creating hashtags seen for the first time. `tags` are all the
 * tags of the post's new text, in the order written; those whose key is in `keep` are already attached.
 */
export async function attachHashtags(db: Executor, postId: number, tags: Tag[], keep: ReadonlySet<string>) {
  const added = tags.map((tag, position) => ({ ...tag, position })).filter((tag) => !keep.has(tag.key));
  if (added.length === 0) return;
  const written = writtenTags(
    sql.param(added.map((tag) => tag.key)),
    sql.param(added.map((tag) => tag.name)),
    sql.param(added.map((tag) => tag.position)),
  );
  await db.execute(sql`with written as (${written}), tagged as (${countTagUses()})
    insert into ${postHashtags} (hashtag_id, post_id, name, position)
    select tagged.id, ${postId}, written.name, written.position
    from tagged join written on written.key = tagged.key`);
}

export async function hashtagKeysOfPost(db: Executor, postId: number) {
  return db
    .select({ id: hashtags.id, key: hashtags.key })
    .from(postHashtags)
    .innerJoin(hashtags, eq(hashtags.id, postHashtags.hashtagId))
    .where(eq(postHashtags.postId, postId));
}

/**
 * Removes tags from a post (by hashtag id) and uncounts them. Each tag's name is counted again among its latest
 * uses, since the removed use may have held it (see `countTagUses`).
 */
export async function detachHashtags(db: Executor, postId: number, tags: { id: number; key: string }[]) {
  if (tags.length === 0) return;
  await db.delete(postHashtags).where(
    and(
      eq(postHashtags.postId, postId),
      inArray(
        postHashtags.hashtagId,
        tags.map((tag) => tag.id),
      ),
    ),
  );
  // Found through their keys, the rows are locked in the order of `countTagUses`.
  await db
    .update(hashtags)
    .set({
      postCount: sql`greatest(${hashtags.postCount} - 1, 0)`,
      name: sql`coalesce(${mostUsedForm()}, ${hashtags.name})`,
    })
    .where(
      inArray(
        hashtags.key,
        tags.map((tag) => tag.key),
      ),
    );
}

/**
 * `detachHashtags` for every post of one author at once (an account being deleted): removes the tag uses and
 * uncounts each tag by the uses it lost, its name counted again among its latest uses. The tags are locked in the
 * order of their keys, as `countTagUses` locks them.
 */
export async function detachAuthorHashtags(db: Executor, authorId: string) {
  const removed = await db
    .delete(postHashtags)
    .where(
      inArray(
        postHashtags.postId,
        db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, authorId)),
      ),
    )
    .returning({ hashtagId: postHashtags.hashtagId });
  if (removed.length === 0) return;
  const uses = new Map<number, number>();
  for (const { hashtagId } of removed) uses.set(hashtagId, (uses.get(hashtagId) ?? 0) + 1);
  const ids = [...uses.keys()];
  await db
    .select({ id: hashtags.id })
    .from(hashtags)
    .where(inArray(hashtags.id, ids))
    .orderBy(hashtags.key)
    .for('update');
  await db.execute(sql`update ${hashtags} set
      post_count = greatest(${hashtags.postCount} - lost.n, 0),
      name = coalesce(${mostUsedForm()}, ${hashtags.name})
    from (select unnest(${sql.param(ids)}::bigint[]) as id, unnest(${sql.param([...uses.values()])}::integer[]) as n) lost
    where ${hashtags.id} = lost.id`);
}

export async function adjustAuthorPostCount(db: Executor, userId: string, delta: number) {
  await db
    .update(users)
    .set({ postsCount: sql`greatest(${users.postsCount} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

/** A reader's own state on one post: their vote, their bookmark, whether they wrote it. */
export interface OwnState {
  userVote: number | null;
  isBookmarked: boolean;
  isOwner: boolean;
}

/**
 * What a signed-in reader adds to the posts every visitor sees, in one query on primary keys: their vote,
 * bookmark and authorship of each post, and whether their lists differ from the visitors' in more than that
 * (`personal`: they block or are blocked by someone, mute someone or some word, or have posts that moderators hid,
 * which they alone still see). Whether they wrote an anonymous post is answered by PostgreSQL, as everywhere.
 */
export async function readOwnState(
  db: Executor,
  viewerId: string,
  postIds: readonly number[],
): Promise<{ personal: boolean; posts: Map<number, OwnState> }> {
  const statement = prepared(db, 'posts_own_state', () => {
    const viewer = sql`${sql.placeholder('viewerId')}::uuid`;
    return db
      .select({
        personal: sql<boolean>`(exists(select 1 from ${blocks} bk where bk.blocker_id = ${viewer})
          or exists(select 1 from ${blocks} bk where bk.blocked_id = ${viewer})
          or exists(select 1 from ${mutes} mu where mu.muter_id = ${viewer})
          or exists(select 1 from ${mutedWords} mw where mw.user_id = ${viewer})
          or exists(select 1 from ${posts} hp where hp.author_id = ${viewer} and hp.hidden_at is not null))`,
        states: sql<[number, number | null, boolean, boolean][] | null>`(select json_agg(json_build_array(
            p.id, v.value, b.post_id is not null, p.author_id = ${viewer}))
          from ${posts} p
          left join ${votes} v on v.post_id = p.id and v.user_id = ${viewer}
          left join ${bookmarks} b on b.user_id = ${viewer} and b.post_id = p.id
          where p.id = any(${sql.placeholder('ids')}::bigint[]))`,
      })
      .from(users)
      .where(eq(users.id, viewer))
      .prepare('posts_own_state');
  });
  const [row] = await statement.execute({ viewerId, ids: [...postIds] });
  const states = new Map<number, OwnState>();
  for (const [id, userVote, isBookmarked, isOwner] of row?.states ?? [])
    states.set(id, { userVote, isBookmarked, isOwner });
  // A reader whose account is gone reads as someone with lists of their own: the full read refuses them.
  return { personal: row?.personal ?? true, posts: states };
}
