/**
 * The scroll trigger's lock of spec section 2: after a page loads, the end marker may not ask for the next one
 * for `lockMs`, so a short list or a fast fling cannot chain page loads back to back.
 */
export interface ScrollGate {
  /** Whether a load may start at `now`. */
  isOpen: (now: number) => boolean;
  /** Milliseconds until the gate opens (0 when open). */
  remaining: (now: number) => number;
  /** Call when a load finished. */
  lock: (now: number) => void;
}

export function createScrollGate(lockMs: number): ScrollGate {
  let lockedUntil = Number.NEGATIVE_INFINITY;
  return {
    isOpen: (now) => now >= lockedUntil,
    remaining: (now) => Math.max(0, lockedUntil - now),
    lock: (now) => {
      lockedUntil = now + lockMs;
    },
  };
}
