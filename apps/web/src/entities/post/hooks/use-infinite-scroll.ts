import { SCROLL_LOCK_MS } from '@ray/shared/constants';
import { useCallback, useEffect, useState } from 'react';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { NextPageTrigger, type NextPageState } from '../utils/next-page-trigger';

export interface InfiniteScrollOptions extends Omit<NextPageState, 'enabled'> {
  enabled?: boolean;
  /**
   * Which of the configured distances (runtime configuration `infiniteScroll`, spec section 9: 500 and 800 px)
   * below the viewport the end marker starts counting as visible at: the home feed's or the other lists'.
   */
  list?: 'feed' | 'list';
  lockMs?: number;
}

/**
 * Loads the next page when the end marker comes within the list's configured distance of the viewport and there is one, with the
 * 1-second lock after each load (`NextPageTrigger`). Returns the ref for the end marker.
 */
export function useInfiniteScroll({
  hasNextPage,
  isFetching,
  fetchNextPage,
  enabled = true,
  list = 'list',
  lockMs = SCROLL_LOCK_MS,
}: InfiniteScrollOptions): (node: Element | null) => void {
  const { feedPx, listPx } = getRuntimeConfig().infiniteScroll;
  const distancePx = list === 'feed' ? feedPx : listPx;
  const [trigger] = useState(() => new NextPageTrigger(lockMs));

  useEffect(() => {
    trigger.update({ hasNextPage, isFetching, fetchNextPage, enabled });
  }, [trigger, hasNextPage, isFetching, fetchNextPage, enabled]);

  useEffect(
    () => () => {
      trigger.dispose();
    },
    [trigger],
  );

  return useCallback(
    (node: Element | null) => {
      if (!node || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          trigger.setVisible(entries.some((entry) => entry.isIntersecting));
        },
        { rootMargin: `0px 0px ${distancePx}px 0px` },
      );
      observer.observe(node);
      return () => {
        observer.disconnect();
        trigger.setVisible(false);
      };
    },
    [trigger, distancePx],
  );
}
