/**
 * The Arabic text of a notification, written from what is stored. Counts of people or replies agree with their
 * number through the shared `plural` (one and two have their own words: شخص، شخصان; 3–10 a plural: 3 أشخاص;
 * 11–99 the accusative singular: 11 شخصًا; 100, 101, 102… the singular: 100 شخص). The words live in the shared
 * server messages. The names of the people who acted are isolated, so that a name in Latin letters
 * keeps its own direction inside the Arabic sentence.
 */

import { isolate } from '@ray/shared/bidi';
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
 * The people a card names and counts: «سارة وخالد», «سارة وخالد وشخص آخر», «سارة وخالد و3 آخرون»,
 * «سارة وخالد و11 شخصًا آخر». `names` are the newest, already isolated; `total` is everyone the card stands for.
 */
export function namedPeople(names: readonly string[], total: number): string {
  const named = names.join(text.and);
  const others = total - names.length;
  return others > 0 ? `${named}${text.and}${plural(others, text.otherPeople)}` : named;
}

/**
 * Follows of a card kept from before its followers were recorded name the newest and count the others:
 * «سارة بدأ بمتابعتك», «بدأ سارة و3 آخرون بمتابعتك».
 */
export function followText(newest: string, people: number): string {
  return people <= 1 ? text.followed(newest) : text.followedBy(namedPeople([newest], people));
}

/**
 * Replies of a card kept from before its writers were recorded are counted as replies, never by who wrote
 * them. One reply names its writer (or «مجهول»).
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
  /**
   * The named people a grouped comment, reply, mention or follow stands for: the newest (at most two) by name,
   * newest first, and how many they are in all. Anonymous people are never among them: their cards stand alone.
   */
  people?: { names: readonly string[]; total: number } | null;
}

/** The sentence of a card that stands for several named people, or null for a card of one person. */
function bySeveral(facts: NotificationFacts, sentence: (people: string) => string): string | null {
  const people = facts.people;
  if (!people || people.names.length === 0 || people.total < 2) return null;
  return sentence(namedPeople(people.names.map(isolate), people.total));
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
  // «مجهول» is the product's word, not something a person wrote: only a real name is isolated.
  const sender = facts.actorName === null ? senderOf(facts) : isolate(senderOf(facts));
  switch (facts.kind) {
    case 'like':
      return likeText(facts.count);
    case 'rating':
      return ratingText(facts.count);
    case 'poll':
      return pollText(facts.count);
    case 'comment':
      return bySeveral(facts, text.commentedBy) ?? text.commented(sender);
    case 'reply':
      return bySeveral(facts, text.repliedBy) ?? replyText(sender, facts.count);
    case 'mention':
      return bySeveral(facts, text.mentionedBy) ?? text.mentioned(sender);
    case 'follow':
      return bySeveral(facts, text.followedBy) ?? followText(sender, facts.count);
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
