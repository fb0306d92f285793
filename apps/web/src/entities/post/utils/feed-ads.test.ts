import { describe, expect, it } from 'vitest';
import { adFollows } from './feed-ads';

describe('adFollows', () => {
  it('places a between-posts ad after every third post', () => {
    const after = Array.from({ length: 10 }, (_, index) => index).filter((index) => adFollows(index));
    expect(after).toEqual([2, 5, 8]);
  });
});
