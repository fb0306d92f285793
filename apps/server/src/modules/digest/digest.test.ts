import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestMsg } from '@ray/shared/digest-messages.ar';
import { feedMsg } from '@ray/shared/feed-messages.ar';
import type { DigestFrequency } from '@ray/shared/notification-preferences';
import { comments, follows, notificationPreferences, notifications, users, votes } from '../../db/schema';
import { commentOn, follow, vote } from '../../test/actions';
import { mailText, startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import {
  addressesIn,
  createTestApp,
  eventually,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { digestJob } from './digest.job';
import { claimPeriods } from './digest.repository';
import { sendDigests } from './digest.service';

/** Monday 16 November 2026, 08:00 in Riyadh (UTC+3); Sunday the 22nd opens the next Saudi week. */
const MONDAY_8_RIYADH = new Date('2026-11-16T05:00:00Z');
/** The same Monday, 08:00 in New York (UTC−5 in November). */
const MONDAY_8_NEW_YORK = new Date('2026-11-16T13:00:00Z');
const SUNDAY_8_RIYADH = new Date('2026-11-22T05:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (base: Date, offset: number) => new Date(base.getTime() + offset);

let catcher: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, PUBLIC_URL: 'https://ray.example' });
});

afterAll(async () => {
  await t.close();
  await catcher.close();
});

const newAddress = addressesIn('127.44');

/** A reader as the settings leave them: a confirmed address, a digest frequency and a zone. */
async function reader(
  frequency: DigestFrequency,
  options: { timeZone?: string; verified?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  const user = await registerUser(t.app, options.firstName ? { firstName: options.firstName } : {});
  await t.database.db
    .update(users)
    .set({
      digestFrequency: frequency,
      timeZone: options.timeZone ?? 'Asia/Riyadh',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .where(eq(users.id, user.userId));
  return user;
}

/**
 * Everything written about `user` from now until `write` returns is moved to `when`, as if it had happened then:
 * the job runs on a clock of its own and reads what happened within its periods.
 */
async function happenedAt(when: Date, write: () => Promise<unknown>) {
  const [{ started } = { started: new Date() }] = (
    (await t.database.db.execute(sql`select now() as started`)) as { rows: { started: Date }[] }
  ).rows;
  await write();
  const since = sql`${new Date(started).toISOString()}::timestamptz`;
  for (const table of [follows, votes, comments, notifications])
    await t.database.db
      .update(table)
      .set({ createdAt: when })
      .where(sql`${table.createdAt} >= ${since}`);
}

/** Something for `user` to read in a digest: a post of theirs with a comment on it. */
async function somethingFor(user: TestUser, writer: TestUser, when: Date) {
  const post = await publishPost(t.app, user, { content: 'منشور ينتظر التعليقات' });
  await happenedAt(when, () => commentOn(t.app, writer, post.id, 'تعليق يستحق القراءة'));
  return post;
}

interface Digest {
  subject: string;
  text: string;
  html: string;
  header: (name: string) => string;
}

/** The digests that reached the SMTP server for `user`, split into their plain and HTML parts. */
function digestsOf(user: TestUser): Digest[] {
  return catcher.mails
    .filter((mail) => mail.to === user.email)
    .map((mail) => {
      const whole = mailText(mail.raw);
      const boundary = /boundary="?([^";]+)"?/i.exec(whole.headers('Content-Type'))?.[1];
      const parts = boundary
        ? mail.raw
            .split(`--${boundary}`)
            .slice(1, -1)
            .map((part) => mailText(part.replace(/^\r\n/, '')))
        : [];
      const part = (type: string) =>
        parts.find((candidate) => candidate.headers('Content-Type').startsWith(type))?.text ?? '';
      return {
        subject: whole.subject,
        text: part('text/plain'),
        html: part('text/html'),
        header: whole.headers,
      };
    })
    .filter((mail) => Object.values(digestMsg.subject).includes(mail.subject as never));
}

const digestFrequencyOf = async (user: TestUser) =>
  (
    await t.database.db.select({ digest: users.digestFrequency }).from(users).where(eq(users.id, user.userId))
  )[0]?.digest;

describe('the e-mail digest', () => {
  let daily: TestUser;
  let writer: TestUser;
  let dangerous: { id: number };

  beforeAll(async () => {
    daily = await reader('daily', { firstName: 'ريم' });
    writer = await registerUser(t.app, { firstName: 'خالد', lastName: 'الحربي' });
    // Sunday evening in Riyadh, after the previous morning's digest time: Monday's digest speaks of it.
    const sundayEvening = at(MONDAY_8_RIYADH, -10 * 60 * MINUTE);
    dangerous = await publishPost(t.app, daily, {
      content: 'ما رأيكم؟ <script>alert("x")</script> & <b>غامق</b>',
    });
    await happenedAt(sundayEvening, async () => {
      expect((await follow(t.app, writer, daily)).statusCode).toBe(200);
      await vote(t.app, writer, dangerous.id);
      await commentOn(t.app, writer, dangerous.id, 'تعليق مجهول لا يكشف كاتبه', { isAnonymous: true });
      await commentOn(t.app, writer, dangerous.id, 'تعليق موقّع باسم كاتبه');
    });
  });

  it('sends a daily reader in Riyadh nothing at 07:59 and one digest at 08:00, and no second one that day', async () => {
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, -MINUTE));
    expect(digestsOf(daily)).toHaveLength(0);

    // At 08:00 the job runs at once here, by hand, and on a second instance over the same database.
    const second = await createTestApp(
      { SMTP_URL: catcher.url, PUBLIC_URL: 'https://ray.example' },
      { sameDatabaseAs: t },
    );
    try {
      const runs = await Promise.all([
        sendDigests(t.app.ctx, MONDAY_8_RIYADH),
        sendDigests(second.app.ctx, MONDAY_8_RIYADH),
        t.app.jobs.runOnce(digestJob(t.app.ctx, () => MONDAY_8_RIYADH)),
        second.app.jobs.runOnce(digestJob(second.app.ctx, () => MONDAY_8_RIYADH)),
      ]);
      expect(runs.slice(2).every((outcome) => outcome !== 'failed')).toBe(true);
      expect(digestsOf(daily)).toHaveLength(1);
      // A run that read the reader before the claim above (a slow instance) can no longer take the period.
      const stale = await Promise.all(
        [t, second].map(({ database }) =>
          claimPeriods(
            database.db,
            [{ userId: daily.userId, periodStart: MONDAY_8_RIYADH, frequency: 'daily' }],
            at(MONDAY_8_RIYADH, MINUTE),
          ),
        ),
      );
      expect(stale.map((claimed) => claimed.size)).toEqual([0, 0]);

      // Later that day, late or restarted, nothing more.
      for (const hours of [0.5, 6, 15.9]) {
        await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, hours * 60 * MINUTE));
        await sendDigests(second.app.ctx, at(MONDAY_8_RIYADH, hours * 60 * MINUTE));
      }
    } finally {
      await second.close();
    }
    expect(digestsOf(daily)).toHaveLength(1);
  });

  it('sends the next day again, with only what happened since the previous digest', async () => {
    const post = await publishPost(t.app, daily, { content: 'منشور يوم الثلاثاء' });
    await happenedAt(at(MONDAY_8_RIYADH, 6 * 60 * MINUTE), () =>
      commentOn(t.app, writer, post.id, 'تعليق جاء بعد ملخص الاثنين'),
    );
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, DAY - MINUTE));
    expect(digestsOf(daily)).toHaveLength(1);
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, DAY + 2 * MINUTE));
    const [, tuesday] = digestsOf(daily);
    expect(tuesday?.text).toContain('تعليق جاء بعد ملخص الاثنين');
    expect(tuesday?.text).not.toContain('تعليق موقّع باسم كاتبه');
    expect(tuesday?.text).not.toContain(digestMsg.followers.heading);
  });

  it('writes right-to-left HTML with every user text escaped, anonymous writers unnamed, and a text part', () => {
    const [monday] = digestsOf(daily);
    expect(monday).toBeDefined();
    const { html, text, subject } = monday!;
    expect(subject).toBe(digestMsg.subject.daily);
    expect(html).toContain('<html dir="rtl" lang="ar">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>غامق</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;غامق&lt;/b&gt;');
    expect(html).toContain('<bdi dir="auto">');
    // The anonymous comment is «مجهول»: the writer is named only beside the comment they signed.
    expect(html).toContain(`<strong><bdi dir="auto">${feedMsg.anonymousName}</bdi></strong>`);
    // In the text part too, what people wrote and their names are isolated (U+2068 … U+2069).
    const isolated = (part: string) => `\u2068${part}\u2069`;
    expect(text).toContain(digestMsg.said(feedMsg.anonymousName, isolated('تعليق مجهول لا يكشف كاتبه')));
    expect(text).toContain(digestMsg.said(isolated('خالد الحربي'), isolated('تعليق موقّع باسم كاتبه')));
    expect(text).not.toContain(
      digestMsg.said(isolated('خالد الحربي'), isolated('تعليق مجهول لا يكشف كاتبه')),
    );
    // Follower, votes and comments, counted in words that agree with their number.
    expect(text).toContain('متابع جديد');
    expect(text).toContain(digestMsg.topPosts.newVotes('صوت واحد'));
    expect(text).toContain('وصلك تعليقان جديدان');
    expect(text).toContain(`https://ray.example/posts/${dangerous.id}`);
    expect(text).toContain('مرحباً ريم،');
    expect(html).not.toMatch(/<img|<script|src=/i);
    expect(html).toContain('https://ray.example/unsubscribe?token=');
    expect(html).toContain('https://ray.example/settings#notifications');
  });

  it('sends a reader in New York theirs at 08:00 New York time', async () => {
    const newYork = await reader('daily', { timeZone: 'America/New_York' });
    await somethingFor(newYork, writer, at(MONDAY_8_NEW_YORK, -3 * 60 * MINUTE));
    // 08:00 in Riyadh is midnight in New York.
    await sendDigests(t.app.ctx, MONDAY_8_RIYADH);
    await sendDigests(t.app.ctx, at(MONDAY_8_NEW_YORK, -MINUTE));
    expect(digestsOf(newYork)).toHaveLength(0);
    await sendDigests(t.app.ctx, MONDAY_8_NEW_YORK);
    expect(digestsOf(newYork)).toHaveLength(1);
  });

  it('sends a weekly reader one digest, on Sunday morning only', async () => {
    const weekly = await reader('weekly');
    await somethingFor(weekly, writer, at(SUNDAY_8_RIYADH, -2 * DAY));
    for (const day of [-2, -1]) await sendDigests(t.app.ctx, at(SUNDAY_8_RIYADH, day * DAY + MINUTE));
    expect(digestsOf(weekly)).toHaveLength(0);
    await sendDigests(t.app.ctx, SUNDAY_8_RIYADH);
    await sendDigests(t.app.ctx, at(SUNDAY_8_RIYADH, 3 * 60 * MINUTE));
    const mails = digestsOf(weekly);
    expect(mails.map((mail) => mail.subject)).toEqual([digestMsg.subject.weekly]);
    expect(mails[0]?.text).toContain('تعليق يستحق القراءة');
  });

  it('never writes to a reader who turned it off, nor to an address that was never confirmed', async () => {
    const off = await reader('off');
    const unconfirmed = await reader('daily', { verified: false });
    await somethingFor(off, writer, at(MONDAY_8_RIYADH, 2 * DAY - 60 * MINUTE));
    await somethingFor(unconfirmed, writer, at(MONDAY_8_RIYADH, 2 * DAY - 60 * MINUTE));
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, 2 * DAY));
    expect(digestsOf(off)).toHaveLength(0);
    expect(digestsOf(unconfirmed)).toHaveLength(0);
  });

  it('sends nothing for a period with nothing to say, and counts the period as done', async () => {
    const quiet = await reader('daily');
    const morning = at(MONDAY_8_RIYADH, 3 * DAY);
    await sendDigests(t.app.ctx, morning);
    expect(digestsOf(quiet)).toHaveLength(0);
    const [row] = await t.database.db
      .select({ sentAt: users.digestSentAt })
      .from(users)
      .where(eq(users.id, quiet.userId));
    expect(row?.sentAt?.toISOString()).toBe(morning.toISOString());
  });

  it('leaves out the sections whose kinds the reader took out of the digest', async () => {
    const choosy = await reader('daily');
    const when = at(MONDAY_8_RIYADH, 4 * DAY - 60 * MINUTE);
    await t.database.db.insert(notificationPreferences).values([
      { userId: choosy.userId, kind: 'follow', inApp: true, push: true, digest: false },
      { userId: choosy.userId, kind: 'comment', inApp: true, push: true, digest: false },
    ]);
    const post = await publishPost(t.app, choosy, { content: 'منشور لمن يختار ما يصله' });
    await happenedAt(when, async () => {
      expect((await follow(t.app, writer, choosy)).statusCode).toBe(200);
      await commentOn(t.app, writer, post.id, 'تعليق لن يذكره الملخص');
      await vote(t.app, writer, post.id);
    });
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, 4 * DAY));
    const [mail] = digestsOf(choosy);
    expect(mail?.text).toContain(digestMsg.topPosts.heading);
    expect(mail?.text).not.toContain(digestMsg.followers.heading);
    expect(mail?.text).not.toContain('تعليق لن يذكره الملخص');
  });
});

describe('one-click unsubscribe', () => {
  let subscriber: TestUser;
  let digest: Digest;

  beforeAll(async () => {
    subscriber = await reader('daily');
    const writer = await registerUser(t.app);
    await somethingFor(subscriber, writer, at(MONDAY_8_RIYADH, 5 * DAY - 60 * MINUTE));
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, 5 * DAY));
    const [mail] = digestsOf(subscriber);
    if (!mail) throw new Error('no digest');
    digest = mail;
  });

  const oneClickUrl = () => {
    const header = digest.header('List-Unsubscribe');
    const match = /^<(https:\/\/ray\.example\/api\/email\/unsubscribe\?token=[^>]+)>$/.exec(header);
    if (!match) throw new Error(`unexpected List-Unsubscribe: ${header}`);
    return new URL(match[1]!);
  };

  const post = (token: string, remoteAddress = newAddress()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress,
    });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and a link to the page that asks for the click', () => {
    expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = oneClickUrl().searchParams.get('token')!;
    expect(digest.text).toContain(`https://ray.example/unsubscribe?token=${encodeURIComponent(token)}`);
  });

  it('refuses a forged or altered token with 400 in Arabic and changes nothing', async () => {
    const token = oneClickUrl().searchParams.get('token')!;
    const [userId, list, mac] = token.split('.') as [string, string, string];
    const other = await reader('daily');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    for (const forged of [
      `${userId}.${list}.${flipped}`,
      `${other.userId}.${list}.${mac}`,
      `${userId}.push.${mac}`,
      `${userId}.${list}`,
      'not-a-token',
    ]) {
      const response = await post(forged);
      expect(response.statusCode, forged).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(digestMsg.unsubscribeInvalid);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(digestMsg.unsubscribeInvalid);
    expect(await digestFrequencyOf(subscriber)).toBe('daily');
    expect(await digestFrequencyOf(other)).toBe('daily');
  });

  it('never unsubscribes on a GET, which link scanners follow', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: oneClickUrl().pathname + oneClickUrl().search,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    // The page the mail links to only asks; it keeps the lasting token out of the Referer of what it loads.
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe${oneClickUrl().search}` });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(await digestFrequencyOf(subscriber)).toBe('daily');
  });

  it('turns the digest off with the one-click POST of the header, without signing in, and again the same', async () => {
    const url = oneClickUrl();
    const first = await post(url.searchParams.get('token')!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: digestMsg.unsubscribed, digest: 'off' });
    expect(await digestFrequencyOf(subscriber)).toBe('off');
    const again = await t.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(again.statusCode).toBe(200);
    expect(await digestFrequencyOf(subscriber)).toBe('off');
    // Off means no more digests, whatever happens next.
    const writer = await registerUser(t.app);
    await somethingFor(subscriber, writer, at(MONDAY_8_RIYADH, 6 * DAY - 60 * MINUTE));
    await sendDigests(t.app.ctx, at(MONDAY_8_RIYADH, 6 * DAY));
    expect(digestsOf(subscriber)).toHaveLength(1);
  });

  it('limits bad links per client address with 429 in Arabic', async () => {
    const address = newAddress();
    let last = await post('forged', address);
    for (let attempt = 0; attempt < 25 && last.statusCode === 400; attempt++)
      last = await post('forged', address);
    expect(last.statusCode).toBe(429);
    expect(last.json<{ message: string }>().message).toBe(digestMsg.unsubscribeTooMany);
  });
});

describe('security mail', () => {
  it('sends the address confirmation and the password reset without List-Unsubscribe', async () => {
    const user = await registerUser(t.app);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: user.email },
      remoteAddress: newAddress(),
    });
    expect(reset.statusCode).toBe(200);
    const mails = await eventually(async () => {
      const found = catcher.mails.filter((mail) => mail.to === user.email).map((mail) => mailText(mail.raw));
      return found.length >= 2 ? found : undefined;
    });
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['تأكيد بريدك الإلكتروني في رأي', 'إعادة تعيين كلمة المرور في رأي']),
    );
    for (const mail of mails) {
      expect(mail.headers('List-Unsubscribe')).toBe('');
      expect(mail.headers('List-Unsubscribe-Post')).toBe('');
    }
  });
});
