import type { AnalyticsEventName } from '@ray/shared/schemas/analytics';
import type { Tracker, TrackProperties } from './analytics-tracker';

export type { TrackProperties } from './analytics-tracker';

/**
 * What the app calls to measure itself. The tracker (lib/analytics-tracker.ts) is loaded after the first screen,
 * so it weighs nothing there; calls made before it arrives wait for it (at most `MAX_WAITING` of them). Nothing
 * here waits or throws.
 */

type Call = (tracker: Tracker) => void;

const MAX_WAITING = 100;
let instance: Tracker | null = null;
let waiting: Call[] = [];
let loading: Promise<void> | null = null;

function run(call: Call) {
  try {
    if (instance) call(instance);
  } catch {
    // Measurement must never break the app.
  }
}

function load() {
  loading ??= import('./analytics-tracker').then(
    ({ createBrowserTracker }) => {
      instance = createBrowserTracker();
      const calls = waiting;
      waiting = [];
      for (const call of calls) run(call);
    },
    () => {
      waiting = [];
    },
  );
}

function enqueue(call: Call) {
  if (typeof window === 'undefined') return;
  if (instance) {
    run(call);
    return;
  }
  if (waiting.length < MAX_WAITING) waiting.push(call);
  load();
}

/** Records one event. Returns at once and never throws. */
export function track(name: AnalyticsEventName, properties?: TrackProperties): void {
  enqueue((tracker) => {
    tracker.track(name, properties);
  });
}

/** Tells page time that another route is on screen. */
export function trackPageView(pathname: string): void {
  enqueue((tracker) => {
    tracker.pageView(pathname);
  });
}

/**
 * Follows the page's visibility: hidden (tab switched, app backgrounded) or left (pagehide) closes the page
 * time and beacons the queue, which is the last moment a mobile browser reliably gives; visible resumes it.
 */
export function startAnalytics(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  load();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden')
      enqueue((tracker) => {
        tracker.hidden();
      });
    else
      enqueue((tracker) => {
        tracker.visible();
      });
  };
  const onPageHide = () => {
    enqueue((tracker) => {
      tracker.hidden();
    });
  };
  const onPageShow = () => {
    enqueue((tracker) => {
      tracker.visible();
    });
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
  };
}
