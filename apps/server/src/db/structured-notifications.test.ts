import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNotification } from '../modules/notifications/notifications.mapper';
import { listNotifications } from '../modules/notifications/notifications.repository';
import { openDatabase, type DatabaseHandle } from './client';
import { formatSuspensionEnd } from '../lib/timestamps';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
const STRUCTURED = '0012_structured_notifications';

/**
 * Migration 0012 turns stored notification texts into facts: a database written before it (each kind of
 * notification as the server used to write it) reads back with the same sender and text after it.
 */
describe('migration 0012: notifications as data', () => {
  let folder: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ray-migrations-'));
    await cp(MIGRATIONS, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const full = structuredClone(journal);
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag === STRUCTURED),
    );
    await writeFile(journalPath, JSON.stringify(journal));
    database = await openDatabase({ migrationsFolder: folder });
    await database.migrate();
    await writeFile(journalPath, JSON.stringify(full));
  });

  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every stored notification readable with the text it had', async () => {
    const until = new Date('2027-01-10T12:00:00.000Z');
    await database.db.execute(sql`
      insert into users (id, username, username_key, first_name, last_name, suspended_until) values
        ('00000000-0000-4000-8000-000000000001', 'noura', 'noura', 'نورة', 'العتيبي', ${until.toISOString()}),
        ('00000000-0000-4000-8000-000000000002', 'hind', 'hind', 'هند', 'السالم', null)`);
    await database.db.execute(sql`
      insert into posts (author_id, content, content_normalized, voting_type, poll_options, poll_counts) values
        ('00000000-0000-4000-8000-000000000001', 'استطلاع', 'استطلاع', 'poll', '["نعم","لا"]'::jsonb, '{0,0}')`);
    await database.db.execute(sql`
      insert into notifications (recipient_id, type, actor_id, sender_name, message, content, post_id, group_key, count)
      select '00000000-0000-4000-8000-000000000001', n.type, n.actor_id::uuid, n.sender_name, n.message, null,
             (select id from posts limit 1), n.group_key, n.count
        from (values
          ('like', null, 'رأي', 'أعجب 3 أشخاص بمنشورك', 'like:1', 3),
          ('upvote', null, 'رأي', 'صوّت شخصان في استطلاعك', 'poll:1', 2),
          ('follow', '00000000-0000-4000-8000-000000000002', 'هند السالم', 'هند السالم بدأ بمتابعتك', 'follow', 1),
          ('comment', null, 'مجهول', 'مجهول علّق على منشورك', null, 1),
          ('other', null, 'فريق الإشراف', 'تنبيه من فريق الإشراف: التزم بآداب الحوار', null, 1),
          ('other', null, 'فريق الإشراف', 'رفع فريق الإشراف الإيقاف عن حسابك', null, 1),
          ('other', null, 'فريق الإشراف', 'أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت حتى …', null, 1)
        ) as n(type, actor_id, sender_name, message, group_key, count)`);
    const before = (await database.db.execute(
      sql`select type, sender_name, message from notifications order by id`,
    )) as {
      rows: { type: string; sender_name: string; message: string }[];
    };

    await database.migrate();

    const after = (await listNotifications(database.db, '00000000-0000-4000-8000-000000000001', 20))
      .sort((a, b) => a.id - b.id)
      .map(toNotification);
    expect(after.map((n) => ({ type: n.type, senderName: n.senderName, message: n.message }))).toEqual(
      before.rows.map((row, index) => ({
        type: row.type,
        senderName: row.sender_name,
        // The suspension's end was only written in its text; it is read from the account now. A follower's
        // name is isolated now, so that a Latin name keeps its direction in the sentence.
        message:
          index === 6
            ? `أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت حتى ${formatSuspensionEnd(until)}`
            : index === 2
              ? '\u2068هند السالم\u2069 بدأ بمتابعتك'
              : row.message,
      })),
    );
  });
});
