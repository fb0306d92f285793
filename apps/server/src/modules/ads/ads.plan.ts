import type { AdPlacement } from '@ray/shared/constants';
import { AD_FEED_SLOTS_PER_VIEW, AD_SAME_AD_PER_VIEW } from '@ray/shared/constants';
import { adAtTurn, rotationLength, type Rotatable } from './ads.rotation';

/** Where a viewer's rotation of one placement stands: the turn and the ad they saw last. */
export interface RotationPoint {
  turn: number;
  adId: number;
}

export interface PlannedSlot<T> {
  placement: AdPlacement;
  /** The turn of the viewer's rotation this ad was taken from, to continue after on the next page view. */
  turn: number;
  ad: T;
}

/**
 * Up to `count` ads of one placement's rotation from the turn after `after`: never the ad just before it, and
 * only ads that `claim` lets go. `claim` is asked only about the ad about to be taken (so it may count it), first
 * strictly (an ad the page has not shown yet) over a whole round, then not. When a whole round offers nothing
 * fresh, the placement stays short (or empty) rather than repeating an ad.
 */
export function takeFromRotation<T extends Rotatable>(
  ads: readonly T[],
  after: RotationPoint | undefined,
  count: number,
  claim: (ad: T, strict: boolean) => boolean,
): { turn: number; ad: T }[] {
  const byId = new Map(ads.map((ad) => [ad.id, ad]));
  const rounds = rotationLength(ads);
  const taken: { turn: number; ad: T }[] = [];
  let previous = after?.adId;
  let next = after ? after.turn + 1 : 0;
  const scan = (strict: boolean) => {
    for (let turn = next; turn < next + rounds; turn += 1) {
      const ad = byId.get(adAtTurn(ads, turn)!)!;
      if (ad.id !== previous && claim(ad, strict)) return { turn, ad };
    }
    return undefined;
  };
  while (taken.length < count) {
    const found = scan(true) ?? scan(false);
    if (!found) break;
    taken.push(found);
    previous = found.ad.id;
    next = found.turn + 1;
  }
  return taken;
}

/**
 * The ads of one page view, decided in one place so that the page keeps to its rules whatever the viewer's
 * layout. A "screen" here is what the layout can show at once:
 * - the sidebar's ad stays in view while the page scrolls, so when it has one, the page shows nothing else;
 * - the top of the page (Header or Mobile) and the post page's slot can share a screen: one of them at most;
 * - between posts, ads are `AD_FEED_GAP_POSTS` posts apart (the web app keeps that), each one a screen from the
 *   next, and the same ad never follows itself;
 * - the footer comes right after the last posts, so it carries an ad only on a page that has none other;
 * - any one ad at most `AD_SAME_AD_PER_VIEW` times on the page.
 * `placements` lists the placements the viewer's page shows, most important first.
 */
export function planPageView<T extends Rotatable>(
  placements: readonly AdPlacement[],
  adsOf: (placement: AdPlacement) => readonly T[],
  after: Partial<Record<AdPlacement, RotationPoint>>,
): PlannedSlot<T>[] {
  const shown = new Map<number, number>();
  const plan: PlannedSlot<T>[] = [];
  // An ad the page has not shown yet comes first; one already shown may come back once, a screen or more away.
  const claim = (ad: T, strict: boolean) => {
    const times = shown.get(ad.id) ?? 0;
    if (times >= (strict ? 1 : AD_SAME_AD_PER_VIEW)) return false;
    shown.set(ad.id, times + 1);
    return true;
  };
  const take = (placement: AdPlacement, count: number) => {
    for (const { turn, ad } of takeFromRotation(adsOf(placement), after[placement], count, claim))
      plan.push({ placement, turn, ad });
  };
  const unique = [...new Set(placements)];

  if (unique.includes('Sidebar')) {
    take('Sidebar', 1);
    if (plan.length > 0) return plan;
  }
  for (const placement of unique) {
    if (placement === 'Sidebar' || placement === 'BetweenPosts' || placement === 'Footer') continue;
    take(placement, 1);
    if (plan.length > 0) break;
  }
  if (unique.includes('BetweenPosts')) take('BetweenPosts', AD_FEED_SLOTS_PER_VIEW);
  if (unique.includes('Footer') && plan.length === 0) take('Footer', 1);
  return plan;
}
