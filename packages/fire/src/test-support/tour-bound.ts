// The least length of one closed tour through a central and all its units, a lower bound on the central's loops
// together: its loops joined at the central are such a tour, and on a metric no shortcut makes one longer.
import { exactRing, ringCost } from '../cabling/ring.js';

/** Up to this many points the tour is solved exactly (Held–Karp's table: 2ⁿ⁻¹·(n−1) entries, 20 MB at 18). */
export const EXACT_TOUR_MAX = 18;

/**
 * A lower bound on the shortest closed tour through n points under `dist` (symmetric, triangle inequality): exact up
 * to EXACT_TOUR_MAX points, above it Held and Karp's 1-tree bound raised by subgradient steps (Held, Wolfe and Crowder
 * 1974), which every tour is at least whatever the node weights. `upper` (a tour's length, or any length at least the
 * shortest tour) sets the steps.
 */
export function tourLowerBound(n: number, dist: (a: number, b: number) => number, upper: number): number {
  if (n < 2) return 0;
  if (n === 2) return 2 * dist(0, 1);
  if (n <= EXACT_TOUR_MAX) {
    const matrix = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : dist(a, b))));
    return ringCost(exactRing(matrix), matrix);
  }
  return oneTreeBound(n, dist, upper);
}

/**
 * max over π of (the least 1-tree under d(a, b) + π_a + π_b) − 2Σπ: a spanning tree of points 1..n−1 and point 0's two
 * cheapest edges; a tour is a 1-tree with every degree 2, so each such value is at most the shortest tour. The ascent
 * is LKH's (Helsgaun 2000): steps along 0.7 of this round's degree excess and 0.3 of the last, in periods that halve
 * with the step when a period ends without gain; `upper` (at least the shortest tour) only sizes the first step.
 */
export function oneTreeBound(n: number, dist: (a: number, b: number) => number, upper: number, maxRounds = 1000): number {
  const pi = new Float64Array(n);
  const degree = new Int32Array(n);
  const last = new Int32Array(n);
  const best = new Float64Array(n);
  const parent = new Int32Array(n);
  const inTree = new Uint8Array(n);
  const oneTree = (): number => {
    degree.fill(0);
    inTree.fill(0);
    best.fill(Infinity);
    best[1] = 0;
    parent[1] = -1;
    let tree = 0;
    for (let k = 1; k < n; k++) {
      let v = -1;
      for (let i = 1; i < n; i++) if (!inTree[i] && (v < 0 || best[i]! < best[v]!)) v = i;
      inTree[v] = 1;
      tree += best[v]!;
      if (parent[v]! >= 0) {
        degree[v]!++;
        degree[parent[v]!]!++;
      }
      for (let i = 1; i < n; i++) {
        if (inTree[i]) continue;
        const c = dist(v, i) + pi[v]! + pi[i]!;
        if (c < best[i]!) {
          best[i] = c;
          parent[i] = v;
        }
      }
    }
    let [a, b] = [-1, -1];
    let [ca, cb] = [Infinity, Infinity];
    for (let i = 1; i < n; i++) {
      const c = dist(0, i) + pi[0]! + pi[i]!;
      if (c < ca) [b, cb, a, ca] = [a, ca, i, c];
      else if (c < cb) [b, cb] = [i, c];
    }
    degree[0] = 2;
    degree[a]!++;
    degree[b]!++;
    let piSum = 0;
    for (let i = 0; i < n; i++) piSum += pi[i]!;
    return tree + ca + cb - 2 * piSum;
  };
  let bound = oneTree();
  let step = Math.max(upper - bound, 1e-6) / (4 * n);
  let period = Math.max(10, Math.ceil(n / 2));
  let first = true;
  for (let total = 0; step > 1e-7 * (bound / n) && period > 0 && total < maxRounds;) {
    let gained = false;
    for (let k = 0; k < period; k++, total++) {
      let excess = 0;
      for (let i = 0; i < n; i++) excess += Math.abs(degree[i]! - 2);
      if (excess === 0) return bound; // a tour: the shortest
      for (let i = 0; i < n; i++) {
        const g = degree[i]! - 2;
        pi[i]! += step * (0.7 * g + 0.3 * last[i]!);
        last[i] = g;
      }
      const value = oneTree();
      if (value > bound + 1e-9) {
        bound = value;
        gained = true;
        if (first) step *= 2;
        if (k === period - 1) period *= 2;
      } else if (first && k > period / 2) {
        first = false;
        step /= 2;
      }
    }
    first = false;
    if (!gained) {
      period = Math.floor(period / 2);
      step /= 2;
    }
  }
  return bound;
}
