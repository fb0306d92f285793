import { COMMENT_TRUNCATE } from '@ray/shared/constants';

/**
 * A comment cut at `limit` characters (code points, so an emoji or a letter with marks is never split) and
 * followed by '...', or the whole text when it fits; `truncated` says whether a "show more" toggle is needed.
 */
export function truncateComment(
  content: string,
  limit: number = COMMENT_TRUNCATE,
): { text: string; truncated: boolean } {
  const chars = Array.from(content);
  if (chars.length <= limit) return { text: content, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}...`, truncated: true };
}
