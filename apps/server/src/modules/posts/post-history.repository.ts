import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postVersions, posts } from '../../db/schema';

/**
 * Keeps the post's content as it is now, before an edit replaces it, with the time it was published (the
 * previous edit's, or the post's creation for the first), and marks the post edited now: one statement, so a
 * version is never kept without the mark. Call inside the edit's transaction, with the post locked.
 */
export async function keepCurrentVersion(db: Executor, postId: number) {
  await db.execute(sql`with kept as (
      insert into ${postVersions} (post_id, content, written_at)
      select p.id, p.content, coalesce(p.edited_at, p.created_at) from ${posts} p where p.id = ${postId}
      returning post_id)
    update ${posts} set edited_at = now() where id in (select post_id from kept)`);
}

/** A page of a post's earlier contents, newest first; `limit + 1` rows, so the caller knows if more follow. */
export async function listVersions(
  db: Executor,
  postId: number,
  page: { afterId: number | undefined; offset: number; limit: number },
) {
  return db
    .select({ id: postVersions.id, content: postVersions.content, writtenAt: postVersions.writtenAt })
    .from(postVersions)
    .where(
      and(
        eq(postVersions.postId, postId),
        page.afterId === undefined ? undefined : lt(postVersions.id, page.afterId),
      ),
    )
    .orderBy(desc(postVersions.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

export async function countVersions(db: Executor, postId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(postVersions)
    .where(eq(postVersions.postId, postId));
  return row?.count ?? 0;
}
