import { INFINITE_SCROLL_THRESHOLDS, SCROLL_LOCK_MS } from '@ray/shared/constants';
import { useCallback, useEffect, useState } from 'react';
import { NextPageTrigger, type NextPageState } from '../utils/next-page-trigger';

export interface InfiniteScrollOptions extends Omit<NextPageState, 'enabled'> {
  enabled?: boolean;
  /** How far below the viewport the end marker starts counting as visible. */
  distancePx?: number;
  lockMs?: number;
}

/**
 * Loads the next page when the end marker comes within `distancePx` of the viewport and there is one, with the
 * 1-second lock after each load (`NextPageTrigger`). Returns the ref for the end marker.
 */
export function useInfiniteScroll({
  hasNextPage,
  isFetching,
  fetchNextPage,
  enabled = true,
  distancePx = INFINITE_SCROLL_THRESHOLDS[1],
  lockMs = SCROLL_LOCK_MS,
}: InfiniteScrollOptions): (node: Element | null) => void {
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
