import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, follows, posts, users } from '../../db/schema';
import { publicUserColumns } from './profiles.repository';

/** The follows of the viewer read for suggestions, most recent first: bounds the work for people following many. */
const OWN_FOLLOWS_READ = 200;
/** The follows read of each of them, most recent first. */
const THEIR_FOLLOWS_READ = 100;
/** The most active authors of the week considered before the viewer's own exclusions. */
const ACTIVE_AUTHORS_READ = 200;

/**
 * People to suggest to a user, best first, in one statement: first those followed by the most of the people the
 * user follows, then the authors of the most signed, visible posts of the past seven days. Never the user, nor
 * anyone the user already follows, nor anyone on either side of a block with the user; never a guest account.
 *
 * Only signed posts count as activity: counting anonymous ones would point at who writes them.
 */
export async function findSuggestions(db: Executor, viewerId: string, limit: number) {
  const viewer = sql`${viewerId}::uuid`;
  const candidates = sql`
    with mine as (
      select f.followed_id from ${follows} f where f.follower_id = ${viewer}
      order by f.created_at desc limit ${sql.raw(String(OWN_FOLLOWS_READ))}
    ),
    theirs as (
      select their.followed_id as id, 0 as tier, count(*)::int as score
      from mine cross join lateral (
        select f2.followed_id from ${follows} f2 where f2.follower_id = mine.followed_id
        order by f2.created_at desc limit ${sql.raw(String(THEIR_FOLLOWS_READ))}
      ) their
      group by their.followed_id
    ),
    active as (
      select p.author_id as id, 1 as tier, count(*)::int as score from ${posts} p
      where p.created_at > now() - interval '7 days' and not p.is_anonymous and p.hidden_at is null
      group by p.author_id
      order by score desc
      limit ${sql.raw(String(ACTIVE_AUTHORS_READ))}
    )
    select id, min(array[tier, -score]) as rank
    from (select * from theirs union all select * from active) c
    group by id`;
  return db
    .select({ user: publicUserColumns })
    .from(users)
    .innerJoin(sql`(${candidates}) candidate`, sql`candidate.id = ${users.id}`)
    .where(
      sql`${users.id} <> ${viewer} and not ${users.isGuest}
        and not exists (select 1 from ${follows} mine where mine.follower_id = ${viewer} and mine.followed_id = ${users.id})
        and not exists (select 1 from ${blocks} b where (b.blocker_id = ${viewer} and b.blocked_id = ${users.id})
          or (b.blocker_id = ${users.id} and b.blocked_id = ${viewer}))`,
    )
    .orderBy(sql`candidate.rank`, sql`${users.followersCount} desc`, sql`${users.id}`)
    .limit(limit);
}
