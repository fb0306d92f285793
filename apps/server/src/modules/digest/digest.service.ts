import { digestMsg } from '@ray/shared/digest-messages.ar';
import {
  DEFAULT_PREFERENCES,
  type DigestFrequency,
  type PreferenceKind,
} from '@ray/shared/notification-preferences';
import type { VotingType } from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress } from '../../lib/rate-limiter';
import { EXCERPT_LENGTH } from '../notifications/notifications.service';
import { isEmpty, renderDigest } from './digest-mail';
import { contentSince, periodStart, usableZone } from './digest-period';
import * as repo from './digest.repository';
import type { DigestReader, DigestWindow } from './digest.repository';

/** Readers read, claimed and written to per batch: a few statements each, whatever the number of readers. */
const BATCH = 200;
/** One-click unsubscribes per person and hour: one is needed, a mail program retrying sends a few. */
export const UNSUBSCRIBES_PER_PERSON = 10;
/** Links that fail to open, per client address and hour, before that address is refused for a while. */
export const BAD_LINKS_PER_ADDRESS = 20;
const HOUR = 3600;

/** Which voting type's votes each kind of vote notification stands for. */
const VOTE_KINDS: readonly (readonly [PreferenceKind, VotingType])[] = [
  ['like', 'like-dislike'],
  ['rating', 'rating'],
  ['poll', 'poll'],
];

/** The address of the site, for absolute links in mail: PUBLIC_URL without a trailing slash. */
const siteOf = (ctx: AppContext) => ctx.env.PUBLIC_URL.replace(/\/+$/, '');

/** The link of the web page that asks for the click, and the one-click address that mail programs post to. */
export function unsubscribeLinks(ctx: AppContext, userId: string) {
  const token = encodeURIComponent(ctx.unsubscribe.issue(userId, 'digest'));
  const site = siteOf(ctx);
  return {
    page: `${site}/unsubscribe?token=${token}`,
    oneClick: `${site}/api/email/unsubscribe?token=${token}`,
  };
}

interface Due {
  reader: DigestReader;
  zone: string;
  start: Date;
}

/**
 * Sends the digests due at `now`, batch by batch through the readers who asked for one, and answers how many
 * went out. Each reader's period is claimed in the database before anything is read or sent, so a late run, a
 * second run, another instance or a restart sends nothing twice; a period with nothing to say is claimed and
 * sends nothing. `now` is a parameter so that tests can run the job on a clock of their own.
 */
export async function sendDigests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const page = await repo.digestReaders(ctx.database.db, after, BATCH, now);
    if (page.last === null) return sent;
    after = page.last;
    const due = page.readers.flatMap((reader): Due[] => {
      const zone = usableZone(reader.timeZone);
      const start = periodStart(reader.frequency, zone, now);
      if (!start || (reader.sentAt && reader.sentAt >= start)) return [];
      return [{ reader, zone, start }];
    });
    if (due.length > 0) sent += await sendBatch(ctx, due, now);
  }
}

async function sendBatch(ctx: AppContext, due: Due[], now: Date): Promise<number> {
  const db = ctx.database.db;
  const claimed = await repo.claimPeriods(
    db,
    due.map(({ reader, start }) => ({ userId: reader.id, periodStart: start, frequency: reader.frequency })),
    now,
  );
  const mine = due.filter(({ reader }) => claimed.has(reader.id));
  if (mine.length === 0) return 0;
  const choices = await repo.digestChoices(
    db,
    mine.map(({ reader }) => reader.id),
  );
  const windows = new Map<string, DigestWindow>();
  for (const { reader, start } of mine) {
    const on = (kind: PreferenceKind) =>
      choices.get(reader.id)?.get(kind) ?? DEFAULT_PREFERENCES[kind].digest;
    windows.set(reader.id, {
      userId: reader.id,
      since: contentSince(reader.frequency, start, claimed.get(reader.id) ?? null),
      votingTypes: VOTE_KINDS.filter(([kind]) => on(kind)).map(([, type]) => type),
      followers: on('follow'),
      comments: on('comment'),
      replies: on('reply'),
      mentions: on('mention'),
    });
  }
  const facts = await repo.digestFacts(db, [...windows.values()], now, EXCERPT_LENGTH);
  let sent = 0;
  for (const { reader, zone } of mine) {
    const found = facts.get(reader.id);
    const window = windows.get(reader.id);
    if (!found || !window || isEmpty(found)) continue;
    const links = unsubscribeLinks(ctx, reader.id);
    const mail = renderDigest({
      firstName: reader.firstName || reader.username,
      frequency: reader.frequency,
      timeZone: zone,
      since: window.since,
      until: now,
      facts: found,
      links: {
        site: siteOf(ctx),
        profile: `${siteOf(ctx)}/profile/${reader.id}`,
        unsubscribePage: links.page,
      },
    });
    try {
      await ctx.mailer.send({
        to: reader.email,
        ...mail,
        headers: {
          'List-Unsubscribe': `<${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      sent += 1;
    } catch (error) {
      // The period goes back to the reader, so that the next run tries again instead of skipping the digest.
      await repo.releaseClaim(db, reader.id, now, claimed.get(reader.id) ?? null);
      ctx.logger.warn({ err: error, userId: reader.id }, 'digest not sent; tried again at the next run');
    }
  }
  return sent;
}

/**
 * The one-click unsubscribe (RFC 8058): the signed token names the person and the list, so no sign-in is asked
 * for. Leaving twice answers the same; a token this server did not sign changes nothing. Mail providers post the
 * one-click from a few shared servers, so a good link is limited per person it names, and only bad links per
 * client address (someone trying tokens).
 */
export async function unsubscribe(
  ctx: AppContext,
  input: { token: string; ip: string },
): Promise<{ message: string; frequency: DigestFrequency }> {
  const opened = ctx.unsubscribe.open(input.token);
  const wait = await ctx.limiter.take([
    opened
      ? { key: `unsubscribe:user:${opened.userId}`, max: UNSUBSCRIBES_PER_PERSON, windowSeconds: HOUR }
      : { key: `unsubscribe:bad:${limitAddress(input.ip)}`, max: BAD_LINKS_PER_ADDRESS, windowSeconds: HOUR },
  ]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: digestMsg.unsubscribeTooMany, retryAfterSeconds: wait });
  if (!opened) throw AppError.field('BAD_REQUEST', 'token', digestMsg.unsubscribeInvalid);
  // A deleted account has nothing left to leave: the answer is the same, so a link tells nothing about it.
  await repo.turnDigestOff(ctx.database.db, opened.userId);
  return { message: digestMsg.unsubscribed, frequency: 'off' };
}
