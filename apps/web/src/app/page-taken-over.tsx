import { useEffect } from 'react';
import { releaseEarlyActions } from '@/lib/early-actions';

/**
 * Rendered next to a page's content, inside its Suspense boundary: its effect runs once that content has been
 * taken over (or rendered), and the clicks held until then are performed (lib/early-actions.ts).
 */
export function PageTakenOver() {
  useEffect(() => {
    releaseEarlyActions();
  }, []);
  return null;
}
