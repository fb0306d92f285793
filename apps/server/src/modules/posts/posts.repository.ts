import { and, desc, eq, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookmarks, hashtags, postHashtags, posts, users } from '../../db/schema';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;

export interface Viewer {
  userId: string;
  /** Moderators and admins also see hidden posts. */
  seesHidden: boolean;
}

/** The viewer's id as a value, or as a placeholder of a prepared statement; null for a visitor. */
type ViewerId = string | Placeholder | null;

/** Columns of a post as every list and detail shows it, with the viewer's own vote and bookmark in the same row. */
function selection(viewer: Viewer | null) {
  return selectionFor(viewer?.userId ?? null);
}

function selectionFor(viewerId: ViewerId) {
  return {
    post: {
      id: posts.id,
      authorId: posts.authorId,
      content: posts.content,
      isAnonymous: posts.isAnonymous,
      votingType: posts.votingType,
      pollOptions: posts.pollOptions,
      imageUrl: posts.imageUrl,
      latitude: posts.latitude,
      longitude: posts.longitude,
      locationName: posts.locationName,
      upVotes: posts.upVotes,
      downVotes: posts.downVotes,
      ratingSum: posts.ratingSum,
      ratingCount: posts.ratingCount,
      pollCounts: posts.pollCounts,
      commentCount: posts.commentCount,
      hiddenAt: posts.hiddenAt,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    },
    author: {
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
    },
    hashtags: sql<
      string[] | null
    >`(select json_agg(ph.name order by ph.created_at, ph.hashtag_id) from post_hashtags ph where ph.post_id = ${posts.id})`,
    userVote:
      viewerId !== null
        ? sql<
            number | null
          >`(select v.value from votes v where v.post_id = ${posts.id} and v.user_id = ${viewerId})`
        : sql<null>`null::smallint`,
    isBookmarked:
      viewerId !== null
        ? sql<boolean>`exists(select 1 from bookmarks b where b.post_id = ${posts.id} and b.user_id = ${viewerId})`
        : sql<boolean>`false`,
  };
}

export type PostRecord = Awaited<ReturnType<typeof selectPosts>>[number];

/** Hidden posts stay visible to their author and to moderators only. */
export function visibleTo(viewer: Viewer | null): SQL | undefined {
  if (viewer?.seesHidden) return undefined;
  return viewer ? or(isNull(posts.hiddenAt), eq(posts.authorId, viewer.userId)) : isNull(posts.hiddenAt);
}

function selectPosts(db: Executor, viewer: Viewer | null) {
  return db.select(selection(viewer)).from(posts).innerJoin(users, eq(users.id, posts.authorId));
}

/**
 * The two hottest reads, the feed and a post's page, run as prepared statements: PostgreSQL plans them once
 * per connection and the SQL is built once per process, instead of both on every request. They differ only by
 * the kind of viewer, which decides the visibility rule and whether the viewer's vote and bookmark are read.
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

function selectPostsFor(db: Executor, kind: ViewerKind) {
  const viewerId = kind === 'visitor' ? null : sql.placeholder('viewerId');
  return {
    viewerId,
    query: db.select(selectionFor(viewerId)).from(posts).innerJoin(users, eq(users.id, posts.authorId)),
  };
}

function postStatement(db: Executor, kind: ViewerKind) {
  return prepared(db, `post_${kind}`, () => {
    const { viewerId, query } = selectPostsFor(db, kind);
    return query
      .where(and(eq(posts.id, sql.placeholder('id')), visibilityFor(kind, viewerId)))
      .limit(1)
      .prepare(`post_${kind}`);
  });
}

function feedStatement(db: Executor, kind: ViewerKind, byCursor: boolean) {
  const name = `feed_${kind}_${byCursor ? 'cursor' : 'offset'}`;
  return prepared(db, name, () => {
    const { viewerId, query } = selectPostsFor(db, kind);
    return query
      .where(
        and(visibilityFor(kind, viewerId), byCursor ? lt(posts.id, sql.placeholder('afterId')) : undefined),
      )
      .orderBy(desc(posts.id))
      .limit(sql.placeholder('limit'))
      .offset(byCursor ? 0 : sql.placeholder('offset'))
      .prepare(name);
  });
}

export async function findPost(
  db: Executor,
  id: number,
  viewer: Viewer | null,
): Promise<PostRecord | undefined> {
  const [row] = await postStatement(db, kindOf(viewer)).execute({ id, viewerId: viewer?.userId });
  return row;
}

/** The given posts in one query, in no particular order: the caller puts them back in its own ranking. */
export async function findPostsByIds(
  db: Executor,
  ids: number[],
  viewer: Viewer | null,
): Promise<PostRecord[]> {
  if (ids.length === 0) return [];
  return selectPosts(db, viewer).where(and(inArray(posts.id, ids), visibleTo(viewer)));
}

export interface PostFilter {
  where: (SQL | undefined)[];
  /** Only the posts carrying this hashtag id. */
  hashtagId?: number;
}

/** One keyset page of posts, newest first: `limit + 1` rows so the caller knows whether another page exists. */
export async function listPosts(
  db: Executor,
  viewer: Viewer | null,
  filter: PostFilter,
  page: { afterId?: number; offset?: number; limit: number },
) {
  if (filter.hashtagId !== undefined) {
    return selectPosts(db, viewer)
      .innerJoin(
        postHashtags,
        and(eq(postHashtags.postId, posts.id), eq(postHashtags.hashtagId, filter.hashtagId)),
      )
      .where(
        and(
          ...filter.where,
          visibleTo(viewer),
          page.afterId ? lt(postHashtags.postId, page.afterId) : undefined,
        ),
      )
      .orderBy(desc(postHashtags.postId))
      .limit(page.limit + 1)
      .offset(page.offset ?? 0);
  }
  if (filter.where.every((condition) => condition === undefined)) {
    const byCursor = page.afterId !== undefined;
    return feedStatement(db, kindOf(viewer), byCursor).execute({
      viewerId: viewer?.userId,
      afterId: page.afterId,
      limit: page.limit + 1,
      offset: page.offset ?? 0,
    });
  }
  return selectPosts(db, viewer)
    .where(and(...filter.where, visibleTo(viewer), page.afterId ? lt(posts.id, page.afterId) : undefined))
    .orderBy(desc(posts.id))
    .limit(page.limit + 1)
    .offset(page.offset ?? 0);
}

/** A page of the viewer's bookmarks, most recently saved first, keyed on the bookmark's own id. */
export async function listBookmarkedPosts(
  db: Executor,
  viewer: Viewer,
  page: { afterBookmarkId?: number; offset?: number; limit: number },
) {
  return db
    .select({ ...selection(viewer), bookmarkId: bookmarks.id })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(bookmarks.userId, viewer.userId),
        visibleTo(viewer),
        page.afterBookmarkId ? lt(bookmarks.id, page.afterBookmarkId) : undefined,
      ),
    )
    .orderBy(desc(bookmarks.id))
    .limit(page.limit + 1)
    .offset(page.offset ?? 0);
}

export async function countPosts(db: Executor, where: (SQL | undefined)[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(...where));
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
  const [row] = await db.select().from(hashtags).where(eq(hashtags.key, key)).limit(1);
  return row;
}

type Tag = { key: string; name: string };

/**
 * Writes a new post with its tags and, unless it is anonymous, one more post on its author's profile, in one
 * statement: its data-modifying parts run once and all together or not at all. Returns the post's id.
 */
export async function insertPost(db: Executor, post: NewPost, tags: Tag[]): Promise<number> {
  const inserted = db.$with('inserted').as(db.insert(posts).values(post).returning({ id: posts.id }));
  const writes = [];
  if (tags.length > 0) {
    const tagged = db.$with('tagged').as(countTagUses(db, tags));
    const names = sql.join(
      tags.map((tag) => sql`(${tag.key}, ${tag.name})`),
      sql`, `,
    );
    writes.push(
      tagged,
      db.$with('linked', {}).as(sql`insert into ${postHashtags} (hashtag_id, post_id, name)
        select tagged.id, inserted.id, tag.name
        from tagged join (values ${names}) as tag (key, name) on tag.key = tagged.key cross join inserted`),
    );
  }
  if (!post.isAnonymous) {
    writes.push(
      db.$with('counted').as(
        db
          .update(users)
          .set({ postsCount: sql`${users.postsCount} + 1` })
          .where(eq(users.id, post.authorId))
          .returning({ id: users.id }),
      ),
    );
  }
  const [row] = await db
    .with(inserted, ...writes)
    .select({ id: inserted.id })
    .from(inserted);
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
 * One more post for each tag, creating tags seen for the first time; returns each tag's id and key.
 *
 * A tag is displayed the way most of its posts write it (القهوة rather than القهوه): its name becomes the most
 * frequent form among its latest 1,000 uses, this one included. Counting only those keeps a write's cost the same
 * for a tag with a million posts; on a tie the current name stays.
 */
function countTagUses(db: Executor, tags: Tag[]) {
  return db
    .insert(hashtags)
    .values(tags.map((tag) => ({ key: tag.key, name: tag.name, postCount: 1 })))
    .onConflictDoUpdate({
      target: hashtags.key,
      set: {
        postCount: sql`${hashtags.postCount} + 1`,
        name: sql`(
          select form.name from (
            (select ph.name from ${postHashtags} ph where ph.hashtag_id = ${hashtags.id}
              order by ph.post_id desc limit 999)
            union all select excluded.name
          ) form
          group by form.name
          order by count(*) desc, (form.name = ${hashtags.name}) desc
          limit 1)`,
      },
    })
    .returning({ id: hashtags.id, key: hashtags.key });
}

/** Adds tags to an existing post and counts them, creating hashtags seen for the first time. */
export async function attachHashtags(db: Executor, postId: number, tags: Tag[]) {
  if (tags.length === 0) return;
  const rows = await countTagUses(db, tags);
  const idByKey = new Map(rows.map((row) => [row.key, row.id]));
  await db
    .insert(postHashtags)
    .values(tags.map((tag) => ({ hashtagId: idByKey.get(tag.key)!, postId, name: tag.name })));
}

export async function hashtagKeysOfPost(db: Executor, postId: number) {
  return db
    .select({ id: hashtags.id, key: hashtags.key })
    .from(postHashtags)
    .innerJoin(hashtags, eq(hashtags.id, postHashtags.hashtagId))
    .where(eq(postHashtags.postId, postId));
}

/** Removes tags from a post (by hashtag id) and uncounts them. */
export async function detachHashtags(db: Executor, postId: number, hashtagIds: number[]) {
  if (hashtagIds.length === 0) return;
  await db
    .delete(postHashtags)
    .where(and(eq(postHashtags.postId, postId), inArray(postHashtags.hashtagId, hashtagIds)));
  await db
    .update(hashtags)
    .set({ postCount: sql`greatest(${hashtags.postCount} - 1, 0)` })
    .where(inArray(hashtags.id, hashtagIds));
}

export async function adjustAuthorPostCount(db: Executor, userId: string, delta: number) {
  await db
    .update(users)
    .set({ postsCount: sql`greatest(${users.postsCount} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}
