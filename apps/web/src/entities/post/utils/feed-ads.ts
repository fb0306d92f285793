import { ADS_EVERY_N_POSTS } from '@ray/shared/constants';

/** Whether a between-posts ad follows the post at `index` (0-based): one after every third post. */
export function adFollows(index: number, every: number = ADS_EVERY_N_POSTS): boolean {
  return every > 0 && (index + 1) % every === 0;
}
