import { describe, expect, it } from 'vitest';
import { hashtagNextCursor, readHashtagParam } from './hashtag-pages';

const page = (count: number, nextCursor: string | null) => ({
  items: Array.from({ length: count }, (_, i) => i),
  pagination: { page: 1, pageSize: 10, hasNextPage: nextCursor !== null, totalCount: 30, nextCursor },
});

describe('hashtagNextCursor', () => {
  it('offers the next page only when the last page had 10 or more items', () => {
    expect(hashtagNextCursor(page(10, 'abc'))).toBe('abc');
    expect(hashtagNextCursor(page(9, 'abc'))).toBeUndefined();
  });

  it('stops when the server gives no cursor', () => {
    expect(hashtagNextCursor(page(10, null))).toBeUndefined();
  });
});

describe('readHashtagParam', () => {
  it('decodes an encoded Arabic tag and drops the leading #', () => {
    expect(readHashtagParam(encodeURIComponent('#موسم_الرياض'))).toBe('موسم_الرياض');
  });

  it('keeps an already decoded tag and a stray percent sign', () => {
    expect(readHashtagParam('القهوة')).toBe('القهوة');
    expect(readHashtagParam('100%')).toBe('100%');
  });

  it('is empty without a name', () => {
    expect(readHashtagParam(undefined)).toBe('');
    expect(readHashtagParam(' # ')).toBe('');
  });
});
