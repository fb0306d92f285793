import { describe, expect, it } from 'vitest';
import { feedAdSlot } from './feed-ads';

describe('feedAdSlot', () => {
  it('places a between-posts slot after every sixth post, numbering the slots in order', () => {
    const slots = Array.from({ length: 25 }, (_, index) => [index, feedAdSlot(index)] as const).filter(
      ([, slot]) => slot !== null,
    );
    expect(slots).toEqual([
      [5, 0],
      [11, 1],
      [17, 2],
      [23, 3],
    ]);
  });

  it('places none when the gap is zero', () => {
    expect(feedAdSlot(5, 0)).toBeNull();
  });
});
