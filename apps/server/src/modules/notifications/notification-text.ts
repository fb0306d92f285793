/**
 * The Arabic text of a notification that stands for several people or replies. Arabic counts in five forms: one
 * and two have their own words (شخص، شخصان), 3–10 take a plural (3 أشخاص), 11–99 a singular in the accusative
 * (11 شخصًا), and 100, 101, 102… the singular (100 شخص); the hundreds repeat the pattern (103 أشخاص). The words
 * themselves live in the shared server messages.
 */

import { serverMsg } from '@ray/shared/server-messages.ar';

const pluralRules = new Intl.PluralRules('ar');

interface CountedNoun {
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

function counted(count: number, noun: CountedNoun): string {
  switch (pluralRules.select(count)) {
    case 'one':
      return noun.one;
    case 'two':
      return noun.two;
    case 'few':
      return `${count} ${noun.few}`;
    case 'many':
      return `${count} ${noun.many}`;
    default:
      return `${count} ${noun.other}`;
  }
}

const text = serverMsg.notification;

/** «أعجب شخصان بمنشورك»: the people who liked a post, never named. */
export const likeText = (people: number) => text.liked(counted(people, text.people));
export const ratingText = (people: number) => text.rated(counted(people, text.people));
export const pollText = (people: number) => text.voted(counted(people, text.people));

/**
 * Follows name the newest follower and count the others: «سارة بدأ بمتابعتك», «سارة وشخص آخر بدآ بمتابعتك»,
 * «سارة و3 أشخاص آخرين بدأوا بمتابعتك».
 */
export function followText(newest: string, people: number): string {
  if (people <= 1) return text.followed(newest);
  const others = counted(people - 1, text.otherPeople);
  return people === 2 ? text.followedWithOne(newest, others) : text.followedWithMany(newest, others);
}

/**
 * Replies in a thread are counted as replies, never by who wrote them: an anonymous reply must not be told
 * apart from another by its author. One reply names its writer (or «مجهول»).
 */
export function replyText(latest: string, replies: number): string {
  if (replies <= 1) return text.replied(latest);
  return text.replies(counted(replies, text.newReplies));
}

/** The group a notification folds into: `like:<post id>`, `rating:…`, `poll:…`, `reply:…` or `follow`. */
export const GROUP_KINDS = ['like', 'rating', 'poll', 'reply', 'follow'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export function groupKindOf(groupKey: string): GroupKind | null {
  const kind = groupKey.split(':', 1)[0];
  return (GROUP_KINDS as readonly string[]).includes(kind!) ? (kind as GroupKind) : null;
}

/** The text of a grouped notification for its count; null for a group this module does not know. */
export function groupedText(groupKey: string, count: number, senderName: string): string | null {
  switch (groupKindOf(groupKey)) {
    case 'like':
      return likeText(count);
    case 'rating':
      return ratingText(count);
    case 'poll':
      return pollText(count);
    case 'reply':
      return replyText(senderName, count);
    case 'follow':
      return followText(senderName, count);
    default:
      return null;
  }
}
