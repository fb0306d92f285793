/**
 * The Arabic text of a notification, written from what is stored. Counts of people or replies agree with their
 * number through the shared `plural` (one and two have their own words: شخص، شخصان; 3–10 a plural: 3 أشخاص;
 * 11–99 the accusative singular: 11 شخصًا; 100, 101, 102… the singular: 100 شخص). The words live in the shared
 * server messages.
 */

import { plural } from '@ray/shared/plural';
import type { NotificationKind } from '@ray/shared/realtime';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { NotificationDetails } from '../../db/schema';
import { formatSuspensionEnd } from '../../lib/timestamps';

const text = serverMsg.notification;

/** «أعجب شخصان بمنشورك»: the people who liked a post, never named. */
export const likeText = (people: number) => text.liked(plural(people, text.people));
export const ratingText = (people: number) => text.rated(plural(people, text.people));
export const pollText = (people: number) => text.voted(plural(people, text.people));

/**
 * Follows name the newest follower and count the others: «سارة بدأ بمتابعتك», «سارة وشخص آخر بدآ بمتابعتك»,
 * «سارة و3 أشخاص آخرين بدأوا بمتابعتك».
 */
export function followText(newest: string, people: number): string {
  if (people <= 1) return text.followed(newest);
  const others = plural(people - 1, text.otherPeople);
  return people === 2 ? text.followedWithOne(newest, others) : text.followedWithMany(newest, others);
}

/**
 * Replies in a thread are counted as replies, never by who wrote them: an anonymous reply must not be told
 * apart from another by its author. One reply names its writer (or «مجهول»).
 */
export function replyText(latest: string, replies: number): string {
  if (replies <= 1) return text.replied(latest);
  return text.replies(plural(replies, text.newReplies));
}

/** What a notification's text is written from: its kind, how many it stands for, and what it carries. */
export interface NotificationFacts {
  kind: NotificationKind;
  count: number;
  /** The acting user's display name, when one is stored and may be named. */
  actorName: string | null;
  details: NotificationDetails | null;
}

/**
 * Who a notification is from, as the list shows it: the product for votes and trends (voters are never named),
 * the moderation team for its notices, otherwise the person who acted, or «مجهول» for an anonymous one.
 */
export function senderOf(facts: Pick<NotificationFacts, 'kind' | 'actorName'>): string {
  switch (facts.kind) {
    case 'like':
    case 'rating':
    case 'poll':
    case 'trending':
      return text.productName;
    case 'warning':
    case 'suspended':
    case 'suspension-lifted':
      return serverMsg.moderation.team;
    case 'poll-closed':
      return text.productName;
    case 'comment':
    case 'reply':
    case 'mention':
    case 'follow':
      return facts.actorName ?? text.anonymousName;
  }
}

/** The Arabic sentence of a notification, the one place it is written: the API, the socket event and pushes. */
export function messageOf(facts: NotificationFacts): string {
  const sender = senderOf(facts);
  switch (facts.kind) {
    case 'like':
      return likeText(facts.count);
    case 'rating':
      return ratingText(facts.count);
    case 'poll':
      return pollText(facts.count);
    case 'comment':
      return text.commented(sender);
    case 'reply':
      return replyText(sender, facts.count);
    case 'mention':
      return text.mentioned(sender);
    case 'follow':
      return followText(sender, facts.count);
    case 'poll-closed':
      return facts.details && 'own' in facts.details && facts.details.own
        ? text.ownPollClosed
        : text.pollClosed;
    case 'trending':
      return text.trending;
    case 'warning':
      return serverMsg.moderation.warning(
        facts.details && 'message' in facts.details ? facts.details.message : '',
      );
    case 'suspended':
      return facts.details && 'until' in facts.details
        ? serverMsg.moderation.suspended(formatSuspensionEnd(new Date(facts.details.until)))
        : serverMsg.moderation.suspendedOpen;
    case 'suspension-lifted':
      return serverMsg.moderation.suspensionLifted;
  }
}
