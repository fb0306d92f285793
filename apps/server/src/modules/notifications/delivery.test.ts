import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_EVENTS } from '@ray/shared/realtime';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliverNotifications } from './notifications.service';

/**
 * Real-time delivery to many people at once (a poll with thousands of voters closing): the notices and the
 * unread counts are read a batch at a time, so the number of queries does not grow with each recipient.
 */

const statements: string[] = [];
let counting = false;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      queryLogger: {
        logQuery(query) {
          if (counting) statements.push(query);
        },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

/** `people` users, each with one new unread notice; the first of them had one unread already. */
async function noticesFor(prefix: string, people: number) {
  const users = (await t.database.db.execute<{ id: string }>(sql`insert into users
      (username, username_key, first_name)
      select ${prefix} || n, ${prefix} || n, 'قارئ' from generate_series(1, ${people}) n
      returning id`)) as { rows: { id: string }[] };
  const ids = users.rows.map((row) => row.id);
  const created = (await t.database.db.execute<{ id: number | string; recipient_id: string }>(sql`insert into
      notifications (recipient_id, kind, content, details)
      select id, 'poll-closed', 'انتهى استطلاع صوّتّ فيه', '{"own":false}'::jsonb
      from users where username_key like ${`${prefix}%`}
      returning id, recipient_id`)) as { rows: { id: number | string; recipient_id: string }[] };
  // One of them had an unread notice already.
  await t.database.db.execute(sql`insert into notifications (recipient_id, kind, content, details)
      values (${ids[0]}::uuid, 'poll-closed', 'استطلاع سابق', '{"own":false}'::jsonb)`);
  return {
    first: ids[0]!,
    created: created.rows.map((row) => ({ id: Number(row.id), recipientId: row.recipient_id })),
  };
}

async function deliverCounting(created: { id: number; recipientId: string }[]) {
  const realtime = t.app.ctx.realtime;
  vi.spyOn(realtime, 'reaches').mockReturnValue(true);
  const emitted = vi.spyOn(realtime, 'emitToUser').mockImplementation(() => undefined);
  statements.length = 0;
  counting = true;
  await deliverNotifications(t.app.ctx, created);
  counting = false;
  const calls = emitted.mock.calls.map(([userId, event, payload]) => ({ userId, event, payload }));
  vi.restoreAllMocks();
  return { count: statements.length, calls };
}

describe('real-time delivery to many recipients', () => {
  it('reads notices and unread counts a batch at a time, however many people hear them', async () => {
    const few = await noticesFor('few', 20);
    const many = await noticesFor('many', 2_500);
    const small = await deliverCounting(few.created);
    const large = await deliverCounting(many.created);

    // 2,500 people are three batches: three times the queries of 20 people, not 125 times.
    expect(large.count).toBeLessThanOrEqual(small.count * 3);
    const notices = large.calls.filter((call) => call.event === REALTIME_EVENTS.receiveNotification);
    const counts = large.calls.filter((call) => call.event === REALTIME_EVENTS.unreadCountChanged);
    expect(notices).toHaveLength(2_500);
    expect(new Set(counts.map((call) => call.userId)).size).toBe(2_500);
    for (const call of counts) expect(call.payload).toBe(call.userId === many.first ? 2 : 1);
  });
});
