import { USERNAME_MAX, USERNAME_MIN } from './constants';

/**
 * A mention is `@` followed by a username as the sign-up form accepts it (Latin letters and digits, 3–20). An `@`
 * glued to a preceding letter, digit or dot (an e-mail address) is not a mention, nor is one whose name runs on
 * past the longest username.
 */
export const MENTION_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}\\p{M}_.@])@([A-Za-z0-9]{${USERNAME_MIN},${USERNAME_MAX}})(?![A-Za-z0-9_])`,
  'gu',
);

/** At most this many different people are notified of one post, comment or reply. */
export const MENTIONS_NOTIFIED_MAX = 10;

/** The key a username is unique by (users.username_key): "Sara" and "sara" are one person. */
export function mentionKey(username: string): string {
  return username.toLowerCase();
}

/** Distinct mentioned usernames of a text, by key, in order of first appearance. */
export function extractMentions(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) seen.add(mentionKey(match[1]!));
  return [...seen];
}

/** A person a text mentions who exists: what a view needs to link `@username` to their profile. */
export interface MentionTarget {
  username: string;
  userId: string;
}

export type MentionSegment =
  { type: 'text'; value: string } | { type: 'mention'; value: string; username: string; userId: string };

/**
 * Splits a text into plain parts and mentions of people who exist (`known`), so a view can link them; a mention
 * of no one stays plain text.
 */
export function splitMentions(text: string, known: readonly MentionTarget[] | undefined): MentionSegment[] {
  const byKey = new Map((known ?? []).map((target) => [mentionKey(target.username), target]));
  const parts: MentionSegment[] = [];
  let last = 0;
  if (byKey.size > 0) {
    for (const match of text.matchAll(MENTION_PATTERN)) {
      const target = byKey.get(mentionKey(match[1]!));
      if (!target) continue;
      if (match.index > last) parts.push({ type: 'text', value: text.slice(last, match.index) });
      parts.push({ type: 'mention', value: match[0], username: target.username, userId: target.userId });
      last = match.index + match[0].length;
    }
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}
