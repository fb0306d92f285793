import { AD_FEED_GAP_POSTS } from '@ray/shared/constants';

/**
 * Which between-posts slot (0 for the first, 1 for the next, …) follows the post at `index` (0-based), or null for
 * none: one after every `every` posts, so two ads are always more than a screen apart.
 */
export function feedAdSlot(index: number, every: number = AD_FEED_GAP_POSTS): number | null {
  return every > 0 && (index + 1) % every === 0 ? (index + 1) / every - 1 : null;
}
