import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, posts, votes } from '../../db/schema';
import type { CreatedNotification } from '../notifications/notifications.repository';

/**
 * Marks up to `limit` polls that ended by `now` and whose people were not yet told, and writes their
 * 'poll-closed' notices, as one statement: one to each voter ({own:false}) and one to the author ({own:true}).
 *
 * The polls are picked `for update skip locked` and marked only while still unmarked, so two runs at once (or a
 * run repeated) never pick the same poll twice and nobody is told twice. The voters' notices are written by one
 * `insert … select`, whatever their number. A voter's notice names no one and carries only the poll's text: an
 * anonymous poll's author is never revealed, and the author's own vote (an author may vote) is not told as a
 * voter's. The voters of a poll hidden by moderation are not told of a post they can no longer open.
 *
 * Returns the notices written and how many polls were marked. 'poll-closed' is not a kind anyone can turn off
 * (notifications_in_app_preference lets it through), so every marked poll writes its author's notice and is counted.
 */
export async function closeDuePolls(
  db: Executor,
  now: Date,
  limit: number,
  excerptLength: number,
): Promise<{ polls: number; notified: CreatedNotification[] }> {
  const at = now.toISOString();
  const excerpt = sql`case when char_length(marked.content) > ${excerptLength}
    then left(marked.content, ${excerptLength}) || '…' else marked.content end`;
  const result = (await db.execute(sql`with due as (
      select p.id from ${posts} p
      where p.poll_closes_at is not null and p.poll_closed_notified_at is null
        and p.poll_closes_at <= ${at}::timestamptz
      order by p.poll_closes_at
      limit ${limit}
      for update skip locked
    ), marked as (
      update ${posts} p set poll_closed_notified_at = ${at}::timestamptz
      from due
      where p.id = due.id and p.poll_closed_notified_at is null
      returning p.id, p.author_id, p.content, p.hidden_at
    ), to_voters as (
      insert into ${notifications} (recipient_id, kind, content, post_id, details)
      select v.user_id, 'poll-closed', ${excerpt}, marked.id, '{"own":false}'::jsonb
      from marked join ${votes} v on v.post_id = marked.id
      where v.user_id <> marked.author_id and marked.hidden_at is null
      returning id, recipient_id
    ), to_authors as (
      insert into ${notifications} (recipient_id, kind, content, post_id, details)
      select marked.author_id, 'poll-closed', ${excerpt}, marked.id, '{"own":true}'::jsonb
      from marked
      returning id, recipient_id
    )
    select id, recipient_id, false as own from to_voters
    union all
    select id, recipient_id, true as own from to_authors`)) as {
    rows: { id: number | string; recipient_id: string; own: boolean }[];
  };
  return {
    polls: result.rows.filter((row) => row.own).length,
    notified: result.rows.map((row) => ({ id: Number(row.id), recipientId: row.recipient_id })),
  };
}
