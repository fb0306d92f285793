/**
 * When to offer installing the app: once someone has come back (never on a first visit), and has either come
 * on two different days or opened five posts; never again once they installed it or said no. Kept in
 * localStorage, on this device only.
 */

const KEY = 'ray.installOffer';
/** Marks this tab's visit as counted, so a reload or another page in the same visit is not a second visit. */
const VISIT_KEY = 'ray.installOffer.visit';

export const OFFER_AFTER = { days: 2, postsOpened: 5, visits: 2 } as const;

export interface InstallOfferState {
  /** The distinct days (YYYY-MM-DD, local time) of visits, the latest few. */
  days: string[];
  visits: number;
  postsOpened: number;
  /** Installed, or dismissed: the offer is not made again. */
  settled: 'installed' | 'dismissed' | null;
}

export const FRESH: InstallOfferState = { days: [], visits: 0, postsOpened: 0, settled: null };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;

/** The stored state, read defensively: anything unreadable starts afresh rather than breaking the page. */
export function parseState(raw: string | null): InstallOfferState {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<Record<keyof InstallOfferState, unknown>> | null;
    if (typeof value !== 'object' || value === null) return FRESH;
    const days = Array.isArray(value.days)
      ? value.days.filter((day): day is string => typeof day === 'string').slice(-OFFER_AFTER.days)
      : [];
    const settled = value.settled === 'installed' || value.settled === 'dismissed' ? value.settled : null;
    return { days, visits: count(value.visits), postsOpened: count(value.postsOpened), settled };
  } catch {
    return FRESH;
  }
}

/** The day of `now` in the visitor's own time zone, as YYYY-MM-DD. */
export function dayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function withVisit(state: InstallOfferState, now: Date): InstallOfferState {
  const today = dayOf(now);
  const days = state.days.includes(today) ? state.days : [...state.days, today].slice(-OFFER_AFTER.days);
  return { ...state, days, visits: state.visits + 1 };
}

export function withPostOpened(state: InstallOfferState): InstallOfferState {
  return { ...state, postsOpened: state.postsOpened + 1 };
}

export function shouldOfferInstall(state: InstallOfferState): boolean {
  if (state.settled !== null) return false;
  if (state.visits < OFFER_AFTER.visits) return false;
  return state.days.length >= OFFER_AFTER.days || state.postsOpened >= OFFER_AFTER.postsOpened;
}

/** The stored state and the ways it changes, on this device's storage. */
export function installOfferStore(local = storageOf('localStorage'), tab = storageOf('sessionStorage')) {
  const listeners = new Set<() => void>();
  const read = () => parseState(local?.getItem(KEY) ?? null);
  const write = (state: InstallOfferState) => {
    try {
      local?.setItem(KEY, JSON.stringify(state));
    } catch {
      // Storage full or refused: the offer simply waits.
    }
    for (const listener of listeners) listener();
  };
  return {
    read,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Counts this visit once per tab session. */
    noteVisit: (now = new Date()) => {
      try {
        if (tab && tab.getItem(VISIT_KEY) !== null) return;
        tab?.setItem(VISIT_KEY, '1');
      } catch {
        // Without session storage each page load counts as a visit.
      }
      write(withVisit(read(), now));
    },
    notePostOpened: () => {
      write(withPostOpened(read()));
    },
    settle: (outcome: 'installed' | 'dismissed') => {
      write({ ...read(), settled: outcome });
    },
  };
}

export type InstallOfferStore = ReturnType<typeof installOfferStore>;
