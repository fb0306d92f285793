import { describe, expect, it } from 'vitest';
import {
  FRESH,
  installOfferStore,
  parseState,
  shouldOfferInstall,
  withPostOpened,
  withVisit,
  type InstallOfferState,
} from './install-offer';

/** A Storage of a Map, as a browser's localStorage or sessionStorage behaves. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00`);
const opened = (state: InstallOfferState, posts: number) =>
  Array.from({ length: posts }).reduce<InstallOfferState>((next) => withPostOpened(next), state);

describe('when to offer installing the app', () => {
  it('never offers on a first visit, however much of it is read', () => {
    const first = opened(withVisit(FRESH, day('2026-11-20')), 20);
    expect(shouldOfferInstall(first)).toBe(false);
  });

  it('offers on a visit on a second day', () => {
    const twoDays = withVisit(withVisit(FRESH, day('2026-11-20')), day('2026-11-21', 9));
    expect(twoDays.days).toEqual(['2026-11-20', '2026-11-21']);
    expect(shouldOfferInstall(twoDays)).toBe(true);
  });

  it('counts two visits on the same day as one day: a second visit then needs five posts opened', () => {
    const sameDay = withVisit(withVisit(FRESH, day('2026-11-20', 8)), day('2026-11-20', 22));
    expect(sameDay.days).toEqual(['2026-11-20']);
    expect(shouldOfferInstall(sameDay)).toBe(false);
    expect(shouldOfferInstall(opened(sameDay, 4))).toBe(false);
    expect(shouldOfferInstall(opened(sameDay, 5))).toBe(true);
  });

  it('never offers again once installed or dismissed', () => {
    const due = withVisit(withVisit(FRESH, day('2026-11-20')), day('2026-11-22'));
    expect(shouldOfferInstall({ ...due, settled: 'dismissed' })).toBe(false);
    expect(shouldOfferInstall({ ...due, settled: 'installed' })).toBe(false);
  });

  it('starts afresh from anything unreadable in storage', () => {
    for (const raw of [null, '', 'not json', '42', '{"visits":"many","days":[1,2],"settled":"maybe"}']) {
      expect(parseState(raw), String(raw)).toEqual(FRESH);
    }
    expect(parseState('{"visits":3,"days":["a","b","c"],"postsOpened":2,"settled":"dismissed"}')).toEqual({
      visits: 3,
      days: ['b', 'c'],
      postsOpened: 2,
      settled: 'dismissed',
    });
  });
});

describe('the stored count', () => {
  it('counts a visit once per tab session, and remembers a dismissal on the device', () => {
    const local = memoryStorage();
    const firstTab = installOfferStore(local, memoryStorage());
    firstTab.noteVisit(day('2026-11-20'));
    // A reload or another page in the same tab is the same visit.
    firstTab.noteVisit(day('2026-11-20', 13));
    expect(firstTab.read().visits).toBe(1);

    const laterTab = installOfferStore(local, memoryStorage());
    laterTab.noteVisit(day('2026-11-23'));
    expect(shouldOfferInstall(laterTab.read())).toBe(true);

    laterTab.settle('dismissed');
    const anotherTab = installOfferStore(local, memoryStorage());
    anotherTab.noteVisit(day('2026-11-30'));
    expect(shouldOfferInstall(anotherTab.read())).toBe(false);
  });

  it('tells its subscribers when the count changes', () => {
    const store = installOfferStore(memoryStorage(), memoryStorage());
    let changes = 0;
    const stop = store.subscribe(() => {
      changes += 1;
    });
    store.notePostOpened();
    store.notePostOpened();
    stop();
    store.notePostOpened();
    expect(changes).toBe(2);
    expect(store.read().postsOpened).toBe(3);
  });

  it('keeps working without storage', () => {
    const store = installOfferStore(null, null);
    store.noteVisit();
    store.notePostOpened();
    expect(store.read()).toEqual(FRESH);
  });
});
