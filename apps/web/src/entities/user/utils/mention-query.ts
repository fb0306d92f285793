import { USERNAME_MAX } from '@ray/shared/constants';

/** The `@` being typed just before the caret and what follows it, or null when the caret is not in a mention. */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** The letters typed after `@` (possibly none yet). */
  text: string;
}

const TYPING = new RegExp(`(?:^|[^\\p{L}\\p{N}\\p{M}_.@])@([A-Za-z0-9]{0,${USERNAME_MAX}})$`, 'u');

export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const before = value.slice(0, caret);
  const match = TYPING.exec(before);
  if (!match) return null;
  const text = match[1]!;
  // A name that runs on after the caret is being edited in the middle, not typed: no suggestions.
  if (/^[A-Za-z0-9]/.test(value.slice(caret))) return null;
  return { start: caret - text.length - 1, text };
}

/** Replaces the mention being typed with `@username ` and answers the new text and where the caret goes. */
export function insertMention(
  value: string,
  query: MentionQuery,
  caret: number,
  username: string,
): { value: string; caret: number } {
  const inserted = `@${username} `;
  const after = value.slice(caret).replace(/^ /, '');
  return {
    value: `${value.slice(0, query.start)}${inserted}${after}`,
    caret: query.start + inserted.length,
  };
}
