import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * One shared clock for relative times ("منذ 5 دقائق"): every subscriber re-renders together twice a minute, and
 * the timer runs only while something on screen shows a time.
 */
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    // The clock may have been idle for a while; start from the current time.
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;

/**
 * The moment a page was rendered on the server. Hydration reads the clock from it, so "منذ 5 دقائق" in the
 * browser's first render matches the server's HTML; the next render moves on to the browser's own clock.
 */
export const RenderTimeContext = createContext<number | null>(null);

export function useNow(): number {
  const renderedAt = useContext(RenderTimeContext);
  return useSyncExternalStore(subscribe, snapshot, () => renderedAt ?? now);
}
