import { describe, expect, it } from 'vitest';
import { hasFilters, readSearchParams, writeSearchParams } from './search-params';

describe('readSearchParams', () => {
  it('reads the header box q as well as query', () => {
    expect(readSearchParams(new URLSearchParams('q=القهوه')).query).toBe('القهوه');
    expect(readSearchParams(new URLSearchParams('query=%20كتب%20')).query).toBe('كتب');
  });

  it('prefers a non-empty query over q', () => {
    expect(readSearchParams(new URLSearchParams('query=جدة&q=الرياض')).query).toBe('جدة');
    expect(readSearchParams(new URLSearchParams('query=&q=الرياض')).query).toBe('الرياض');
  });

  it('falls back to relevance for a missing or unknown sort and strips # from the tag', () => {
    const state = readSearchParams(new URLSearchParams('q=x&sortBy=oldest&hashtag=%23كتب'));
    expect(state.sortBy).toBe('relevance');
    expect(state.hashtag).toBe('كتب');
    expect(hasFilters(state)).toBe(true);
  });
});

describe('the result type', () => {
  it('reads posts, users and hashtags, and posts for anything else', () => {
    expect(readSearchParams(new URLSearchParams('q=x&type=users')).type).toBe('users');
    expect(readSearchParams(new URLSearchParams('q=x&type=hashtags')).type).toBe('hashtags');
    expect(readSearchParams(new URLSearchParams('q=x&type=posts')).type).toBe('posts');
    expect(readSearchParams(new URLSearchParams('q=x')).type).toBe('posts');
    expect(readSearchParams(new URLSearchParams('q=x&type=Users')).type).toBe('posts');
  });

  it('writes the chosen type and keeps the text and filters', () => {
    const next = writeSearchParams({ type: 'hashtags' }, new URLSearchParams('q=قهوة&sortBy=recent'));
    expect(next.get('type')).toBe('hashtags');
    expect(next.get('q')).toBe('قهوة');
    expect(next.get('sortBy')).toBe('recent');
    expect(writeSearchParams({ query: 'شاي' }, new URLSearchParams('q=x')).has('type')).toBe(false);
    expect(writeSearchParams({ query: 'شاي' }, new URLSearchParams('q=x&type=bogus')).get('type')).toBe(
      'posts',
    );
  });
});

describe('writeSearchParams', () => {
  it('writes q only, leaves defaults out and keeps unrelated params', () => {
    const next = writeSearchParams(
      { sortBy: 'relevance', hashtag: '' },
      new URLSearchParams('query=قهوة&sortBy=recent&hashtag=كتب&type=posts'),
    );
    expect(next.get('q')).toBe('قهوة');
    expect(next.has('query')).toBe(false);
    expect(next.has('sortBy')).toBe(false);
    expect(next.has('hashtag')).toBe(false);
    expect(next.get('type')).toBe('posts');
  });

  it('keeps the filters when the text changes', () => {
    const next = writeSearchParams({ query: 'شاي' }, new URLSearchParams('q=قهوة&sortBy=popular'));
    expect(next.get('q')).toBe('شاي');
    expect(next.get('sortBy')).toBe('popular');
  });
});
