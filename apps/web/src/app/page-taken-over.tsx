import { useEffect } from 'react';
import { releaseEarlyActions } from '@/lib/early-actions';

/**
 * Rendered next to a page's content, inside its Suspense boundary: its effect runs once that content has been
 * taken over (or rendered), and the clicks held until then are performed (lib/early-actions.ts).
 *
 * They are performed in a task of their own, after React's commit. A part of the page taken over later (each post
 * card is a boundary of its own) is taken over at once when clicked, but not while React is still committing: a
 * click performed from the effect itself would reach a card not taken over yet and be dropped.
 */
export function PageTakenOver() {
  useEffect(() => {
    const release = setTimeout(releaseEarlyActions);
    return () => {
      clearTimeout(release);
    };
  }, []);
  return null;
}
