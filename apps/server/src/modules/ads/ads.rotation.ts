/**
 * Smooth weighted round robin (the one nginx uses for upstreams), with one change: the ad just shown is never
 * picked again at once. Each turn every ad gains its weight, the leader among those that may be shown is picked
 * and loses the total; over a run of turns each ad is shown in proportion to its weight, spread out rather than
 * bunched. The sequence depends only on the ads and their weights, so every server instance computes the same one
 * and a viewer's place in it (a turn number the viewer's browser keeps) is all the state there is.
 */

export interface Rotatable {
  id: number;
  weight: number;
}

/**
 * The weights the rotation runs on. An ad heavier than all the others together could only keep its share by
 * following itself; it is held to every other turn instead, the most that never shows it twice in a row.
 */
function rotationWeights(ads: readonly Rotatable[]): number[] {
  const weights = ads.map((ad) => Math.max(1, ad.weight));
  if (weights.length < 2) return weights;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => Math.min(weight, total - weight));
}

/** The next turn from `current` (changed in place); `excluded` is the index that may not be picked now. */
function step(current: number[], weights: readonly number[], total: number, excluded: number): number {
  let best = -1;
  for (let index = 0; index < weights.length; index += 1) {
    current[index]! += weights[index]!;
    if (index !== excluded && (best === -1 || current[index]! > current[best]!)) best = index;
  }
  if (best === -1) best = 0;
  current[best]! -= total;
  return best;
}

/** Turns simulated before a sequence is taken to repeat: far more than a real rotation needs to settle. */
const SETTLE_PERIODS = 64;

interface Sequence {
  /** Ad ids turn by turn, up to the end of the first repetition found. */
  ids: number[];
  /** The turn the repeating part starts at, and its length; turns beyond `ids` wrap into it. */
  cycleStart: number;
  cycleLength: number;
}

/**
 * The whole sequence of a set of ads, worked out once: the state after each full round of the total weight is
 * remembered, and the first state seen twice closes the cycle that then repeats for ever.
 */
function buildSequence(ads: readonly Rotatable[]): Sequence {
  const weights = rotationWeights(ads);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const current = weights.map(() => 0);
  const ids: number[] = [];
  const seen = new Map<string, number>();
  let last = -1;
  for (let round = 0; round <= SETTLE_PERIODS; round += 1) {
    const key = `${last}|${current.join(',')}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return { ids, cycleStart: earlier, cycleLength: ids.length - earlier };
    seen.set(key, ids.length);
    for (let turn = 0; turn < total; turn += 1) {
      last = step(current, weights, total, ads.length > 1 ? last : -1);
      ids.push(ads[last]!.id);
    }
  }
  // Never reached with whole weights in practice; wrapping over the last rounds still avoids an ad twice in a row.
  const cycleStart = ids.length - total * 2;
  return { ids, cycleStart, cycleLength: total * 2 };
}

const cache = new Map<string, Sequence>();
const CACHE_MAX = 200;

function sequenceOf(ads: readonly Rotatable[]): Sequence {
  const sorted = [...ads].sort((a, b) => a.id - b.id);
  const key = sorted.map((ad) => `${ad.id}:${ad.weight}`).join(',');
  let sequence = cache.get(key);
  if (!sequence) {
    sequence = buildSequence(sorted);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, sequence);
  }
  return sequence;
}

/** The ad id shown at `turn` (0, 1, 2, …) of the rotation of these ads; undefined when there are none. */
export function adAtTurn(ads: readonly Rotatable[], turn: number): number | undefined {
  if (ads.length === 0) return undefined;
  const { ids, cycleStart, cycleLength } = sequenceOf(ads);
  const index = turn < ids.length ? turn : cycleStart + ((turn - cycleStart) % cycleLength);
  return ids[index];
}

/** The rotation's length before it starts over: the most turns worth looking at for something fresh. */
export function rotationLength(ads: readonly Rotatable[]): number {
  return ads.length === 0 ? 0 : sequenceOf(ads).cycleLength;
}
