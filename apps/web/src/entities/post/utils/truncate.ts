import { HASHTAG_PATTERN } from '@ray/shared/hashtags';

/*
 * Lengths are counted in what a reader sees as characters (grapheme clusters), so a cut never separates an
 * Arabic letter from its diacritics or splits an emoji.
 */
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ar', { granularity: 'grapheme' }) : null;

/** Code-unit index right after the first `max` characters of `text` (its length when it is shorter). */
function indexAfter(text: string, max: number): number {
  let count = 0;
  if (graphemes) {
    for (const { index } of graphemes.segment(text)) {
      if (count === max) return index;
      count += 1;
    }
    return text.length;
  }
  let index = 0;
  for (const char of text) {
    if (count === max) return index;
    index += char.length;
    count += 1;
  }
  return text.length;
}

/** How far back a cut may move to land between two words instead of inside one. */
const WORD_LOOKBACK = 20;

export interface Truncated {
  text: string;
  truncated: boolean;
}

/**
 * The first `max` characters of a post for a card. A hashtag the limit falls into is kept whole so it stays a
 * working link, otherwise the cut moves back to the previous space when one is close.
 */
export function truncatePostText(text: string, max: number): Truncated {
  const cut = indexAfter(text, max);
  if (cut >= text.length) return { text, truncated: false };

  let end = cut;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const start = match.index;
    if (start >= cut) break;
    const stop = start + match[0].length;
    if (cut < stop) {
      end = stop;
      break;
    }
  }
  if (end === cut && !/\s/.test(text.charAt(cut))) {
    const space = text.slice(0, cut).search(/\s\S*$/);
    if (space > 0 && cut - space <= WORD_LOOKBACK) end = space;
  }
  if (end >= text.length) return { text, truncated: false };
  return { text: text.slice(0, end).trimEnd(), truncated: true };
}

/**
 * A one-line excerpt of at most `max` characters (page title, meta description, share text, report preview):
 * whitespace runs become one space and a cut excerpt ends with an ellipsis inside the limit.
 */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const cut = indexAfter(line, max);
  if (cut >= line.length) return line;
  return `${line.slice(0, indexAfter(line, max - 1)).trimEnd()}…`;
}
