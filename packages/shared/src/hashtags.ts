import { normalizeArabic } from './arabic';

/**
 * A hashtag is `#` followed by letters, digits, Arabic script characters or underscore. Tashkeel (combining
 * marks) and tatweel are part of the tag, so they never cut it. A `#` glued to a preceding word is not a tag.
 */
export const HASHTAG_PATTERN = /(?<![\p{L}\p{N}_\p{M}])#([\p{L}\p{N}_][\p{L}\p{N}\p{M}_]*)/gu;
export const HASHTAG_MAX_LENGTH = 100;

export interface ParsedHashtag {
  /** The tag as written, without `#`. */
  name: string;
  /** The normalised key that groups variants of the same tag. */
  key: string;
}

export function hashtagKey(name: string): string {
  return normalizeArabic(name.replace(/^#/, ''));
}

/** Distinct hashtags of a text in order of first appearance (by normalised key). */
export function extractHashtags(text: string): ParsedHashtag[] {
  const seen = new Set<string>();
  const tags: ParsedHashtag[] = [];
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const name = match[1]!.slice(0, HASHTAG_MAX_LENGTH);
    const key = hashtagKey(name);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    tags.push({ name, key });
  }
  return tags;
}

export type TextSegment = { type: 'text'; value: string } | { type: 'hashtag'; value: string; name: string };

/** Splits a text into plain parts and hashtags so a view can link the tags. */
export function splitHashtags(text: string): TextSegment[] {
  const parts: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    parts.push({ type: 'hashtag', value: match[0], name: match[1]! });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}
