/**
 * The order a loop visits its units (issue 26; fire-next.md §5.2): a closed tour from the central (index 0) through
 * every point and back: nearest neighbour, then 2-opt and Or-opt (moving a run of 1–3 points, either way round,
 * elsewhere) until neither shortens it. `dist` is symmetric. With `given` (an order found elsewhere, 0 first), that
 * order is shortened instead of nearest neighbour's.
 */
export function loopTour(n: number, dist: (a: number, b: number) => number, given?: readonly number[]): number[] {
  if (n <= 3) return Array.from({ length: n }, (_, i) => i);
  const m = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) m[a * n + b] = m[b * n + a] = dist(a, b);
  const d = (a: number, b: number) => m[a * n + b]!;
  return improveTour(given ? [...given] : nearestNeighbour(n, d), d);
}

/** From the central, always on to the nearest point not yet visited. */
function nearestNeighbour(n: number, d: (a: number, b: number) => number): number[] {
  const order = [0];
  const left = new Set(Array.from({ length: n - 1 }, (_, i) => i + 1));
  while (left.size > 0) {
    const last = order[order.length - 1]!;
    let best = -1;
    for (const c of left) if (best < 0 || d(last, c) < d(last, best)) best = c;
    order.push(best);
    left.delete(best);
  }
  return order;
}

/**
 * 2-opt and Or-opt on a closed tour that starts at the central (`order[0]`) until neither shortens it; the order is
 * changed in place and returned. For a tour made elsewhere too (improve-loops.ts, loop-exchange.ts).
 */
export function improveTour(order: number[], d: (a: number, b: number) => number): number[] {
  // Each pass that moves shortens the tour, so this ends; the cap only bounds the time on a pathological metric.
  for (let rounds = 0; rounds < 20 * order.length; rounds++) {
    const crossed = twoOpt(order, d);
    if (!orOpt(order, d) && !crossed) break;
  }
  return order;
}

/** One pass of 2-opt on the closed tour (the central stays first); true if it shortened it. */
function twoOpt(order: number[], d: (a: number, b: number) => number): boolean {
  const n = order.length;
  let improved = false;
  for (let i = 1; i < n - 1; i++)
    for (let j = i + 1; j < n; j++) {
      const a = order[i - 1]!;
      const b = order[i]!;
      const c = order[j]!;
      const e = order[(j + 1) % n]!;
      if (d(a, c) + d(b, e) < d(a, b) + d(c, e) - 1e-9) {
        reverse(order, i, j);
        improved = true;
      }
    }
  return improved;
}

function reverse(order: number[], i: number, j: number): void {
  for (; i < j; i++, j--) [order[i], order[j]] = [order[j]!, order[i]!];
}

/**
 * One pass of Or-opt: each run of 1–3 points (not the central) moved, either way round, to the place elsewhere in the
 * tour where it is shortest, where that shortens the tour; true if a run moved. (Moving the first such move only, and
 * building the rest of the tour to try each place, made a 100-unit loop cost milliseconds.)
 */
function orOpt(order: number[], d: (a: number, b: number) => number): boolean {
  const n = order.length;
  let improved = false;
  for (let len = 1; len <= 3 && len < n - 2; len++)
    for (let i = 1; i + len <= n; i++) {
      const first = order[i]!;
      const last = order[i + len - 1]!;
      const before = order[i - 1]!;
      const after = order[(i + len) % n]!;
      const gain = d(before, first) + d(last, after) - d(before, after);
      if (gain <= 1e-9) continue;
      // Between order[k] and order[k + 1], an edge outside the run and its two edges.
      let [best, at, backward] = [gain - 1e-9, -1, false];
      for (let k = 0; k < n; k++) {
        if (k >= i - 1 && k <= i + len - 1) continue;
        const p = order[k]!;
        const q = order[(k + 1) % n]!;
        const pq = d(p, q);
        const f = d(p, first) + d(last, q) - pq;
        const b = d(p, last) + d(first, q) - pq;
        if (f < best) [best, at, backward] = [f, k, false];
        if (b < best) [best, at, backward] = [b, k, true];
      }
      if (at < 0) continue;
      const run = order.splice(i, len);
      if (backward) run.reverse();
      order.splice((at < i ? at : at - len) + 1, 0, ...run);
      improved = true;
    }
  return improved;
}

/** The length of a closed tour. */
export const tourLength = (order: readonly number[], dist: (a: number, b: number) => number): number =>
  order.reduce((s, v, k) => s + dist(v, order[(k + 1) % order.length]!), 0);
