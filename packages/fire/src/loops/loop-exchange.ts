import { EPS, ExchangeState } from './exchange-state.js';
import { loopGiver } from './give-up-loop.js';
import { loopLength } from './loop-length.js';
import { moveSection, sectionsMayMove } from './section-moves.js';
import { loopTour } from './tour.js';
import { moveUnit } from './unit-moves.js';

export { loopLength } from './loop-length.js';

export interface ExchangeInput {
  /** Each loop's units in tour order as point indexes (≥ 1); point 0 is the central, at both ends of every loop. */
  loops: readonly (readonly number[])[];
  /** Symmetric distance between points, 0 from a point to itself. */
  dist: (a: number, b: number) => number;
  /** The section of each point by index ('' for none; index 0, the central, unused). */
  sections: readonly string[];
  /** Whether a loop in this order keeps every limit (units, area, current, the voltage estimated). */
  fits: (order: readonly number[]) => boolean;
  /** Where each point is, when `dist` is never shorter than the straight distance (finds the nearest points faster). */
  coords?: readonly (readonly [number, number, number])[];
  /** Each point's storey: a move joins a unit to the nearest points on its storey (default: one storey). */
  layers?: readonly string[];
  /** How many nearest points of each point a move may join it to (default 10). */
  neighbours?: number;
  /**
   * What each point takes of a loop's capacity in some measures (units, amperes, m²) and what a loop holds of each: a
   * quick test before `fits`, which must reject a loop over them anyway.
   */
  weights?: readonly (readonly number[])[];
  capacity?: readonly number[];
  /** Every loop's sections tried as blocks every round, changed or not (the tests' oracle for the skipping). */
  everyBlock?: boolean;
}

/**
 * Moves between the loops of one central that shorten their tours together (issue 26; the local search of the
 * capacitated ring-star problem, fire-next.md §5.2). The sweep cuts wedges that ignore where the other loops run;
 * these moves give a unit to the loop that passes by it:
 * - a run of 1–3 units relocated into another loop beside one of its nearest points, or two units swapped;
 * - 2-opt*: two loops cut and their ends exchanged (merging one into the other where that is shorter);
 * - a section's units on a loop moved as one to another loop, or two such swapped (sections stay whole).
 * A move is made only if it shortens the sum of the tours, every loop it changes still `fits` (a loop that did not fit
 * may only lose units) and no section ends up on more loops than before. When no move is left, a loop whose units the
 * others can take is given up, and the moves start again. Returns the loops in their order, each in tour order, empty
 * ones dropped.
 */
export function exchangeLoops(input: ExchangeInput): number[][] {
  const x = new ExchangeState(input);
  const { tours, sectionCount } = x;
  const points = tours.flat();
  const near = nearestPoints(points, x.d, input.neighbours ?? 10, input.coords, input.layers);
  const giveUp = loopGiver(x);
  for (let round = 0; round < 50; round++) {
    let moved = false;
    // Only units whose loop changed since they were last looked at (all at first) are looked at again.
    for (const u of points) {
      if (!x.active[u]) continue;
      x.active[u] = 0;
      for (const v of near.get(u)!) if (x.loopOf[u] !== x.loopOf[v] && moveUnit(x, u, v)) moved = true;
    }
    for (let a = 0; a < tours.length; a++) {
      // A block move depends only on its loop and the loops beside its units: tried again only once one of them changed
      // (tried every round, the passes grew as the square of a central's loops).
      if (!input.everyBlock && !sectionsMayMove(x, near, a)) continue;
      x.blocksTriedAt[a] = x.clock;
      for (const s of [...sectionCount[a]!.keys()]) if (sectionCount[a]!.has(s) && moveSection(x, near, a, s)) moved = true;
    }
    if (moved) continue;
    // Settled: a loop fewer where the others can take its units, smallest first, then the moves again.
    if (!moved) {
      const bySize = tours
        .map((t, k) => [t.length, k] as const)
        .filter(([n]) => n > 0)
        .sort((p, q) => p[0] - q[0]);
      for (const [, k] of bySize) if (giveUp(k)) moved = true;
    }
    if (!moved) break;
  }
  shortenChanged(x);
  return tours.filter((t) => t.length > 0);
}

/** The loops changed shortened each on its own (the moves only patch them where they meet); true if one got shorter. */
function shortenChanged(x: ExchangeState): boolean {
  let shorter = false;
  for (const k of x.changed) {
    if (x.tours[k]!.length === 0) continue;
    const order = shortened(x.tours[k]!, x.d);
    const l = loopLength(order, x.d);
    // The voltage depends on the order: a loop that fits keeps the old order where the new one would not.
    if (l < x.length[k]! - EPS && (!x.fitting[k] || x.fits(order))) {
      x.tours[k] = order;
      x.length[k] = l;
      x.place(k);
      for (const p of order) x.active[p] = 1;
      shorter = true;
    }
  }
  x.changed.clear();
  return shorter;
}

/** A loop's order shortened by 2-opt and Or-opt (loopTour from it, on a table of its distances). */
export function shortened(t: readonly number[], d: (a: number, b: number) => number): number[] {
  const points = [0, ...t];
  return loopTour(points.length, (a, b) => d(points[a]!, points[b]!), [...points.keys()])
    .slice(1)
    .map((k) => points[k]!);
}

/**
 * For each point, its `k` nearest others by `d` among the points of its layer (its storey: a unit moves to a loop
 * passing on its storey). With `coords`, whose straight distance never exceeds `d`, the layer's points are scanned
 * outward in order of x and the scan stops where even the straight distance is too far: nearly linear instead of every
 * pair (1,200 units of a central took a second, 240 distances a unit on a building of 20 storeys).
 */
export function nearestPoints(
  points: readonly number[],
  d: (a: number, b: number) => number,
  k: number,
  coords?: readonly (readonly [number, number, number])[],
  layers?: readonly string[],
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const groups = new Map<string, number[]>();
  for (const p of points) {
    const key = layers?.[p] ?? '';
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  for (const group of groups.values()) {
    const byX = coords ? group.sort((a, b) => coords[a]![0] - coords[b]![0]) : group;
    byX.forEach((p, at) => {
      const best: [number, number][] = [];
      const worst = () => (best.length < k ? Infinity : best[k - 1]![0]);
      const consider = (q: number) => {
        if (coords) {
          const [a, b] = [coords[p]!, coords[q]!];
          const w = worst();
          // Passed over only when clearly farther: the squared sum can round above w² for a point at w by Math.hypot.
          if ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 > w * w * (1 + 1e-12)) return;
        }
        const x = d(p, q);
        if (x >= worst()) return;
        let i = best.length;
        while (i > 0 && best[i - 1]![0] > x) i--;
        best.splice(i, 0, [x, q]);
        if (best.length > k) best.pop();
      };
      // Outward both ways from p in order of x (without coords, through every point of the layer).
      for (let lo = at - 1, hi = at + 1; lo >= 0 || hi < byX.length;) {
        const dl = lo >= 0 ? (coords ? coords[p]![0] - coords[byX[lo]!]![0] : 0) : Infinity;
        const dh = hi < byX.length ? (coords ? coords[byX[hi]!]![0] - coords[p]![0] : 0) : Infinity;
        if (Math.min(dl, dh) >= worst()) break;
        if (dl <= dh) consider(byX[lo--]!);
        else consider(byX[hi++]!);
      }
      out.set(
        p,
        best.map(([, q]) => q),
      );
    });
  }
  return out;
}
