/**
 * The order a loop visits its units (issue 26; fire-next.md §5.2): a closed tour from the central (index 0) through
 * every point and back: nearest neighbour, then 2-opt and Or-opt (moving a run of 1–3 points, either way round,
 * elsewhere) until neither shortens it. `dist` is symmetric.
 */
export function loopTour(n: number, dist: (a: number, b: number) => number): number[] {
  if (n <= 3) return Array.from({ length: n }, (_, i) => i);
  const m = new Float64Array(n * n);
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) m[a * n + b] = m[b * n + a] = dist(a, b);
  const d = (a: number, b: number) => m[a * n + b]!;

  const order = [0];
  const left = new Set(Array.from({ length: n - 1 }, (_, i) => i + 1));
  while (left.size > 0) {
    const last = order[order.length - 1]!;
    let best = -1;
    for (const c of left) if (best < 0 || d(last, c) < d(last, best)) best = c;
    order.push(best);
    left.delete(best);
  }
  // Each move shortens the tour, so this ends; the cap only bounds the time on a pathological metric.
  for (let rounds = 0; rounds < 20 * n && (twoOpt(order, d) || orOpt(order, d)); rounds++);
  return order;
}

/** One pass of 2-opt on the closed tour (the central stays first); true if it shortened it. */
function twoOpt(order: number[], d: (a: number, b: number) => number): boolean {
  const n = order.length;
  let improved = false;
  for (let i = 1; i < n - 1; i++)
    for (let j = i + 1; j < n; j++) {
      const [a, b, c, e] = [order[i - 1]!, order[i]!, order[j]!, order[(j + 1) % n]!];
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

/** One pass of Or-opt: the first move of a run of 1–3 points (not the central) that shortens the tour; true if made. */
function orOpt(order: number[], d: (a: number, b: number) => number): boolean {
  const n = order.length;
  for (let len = 1; len <= 3 && len < n - 2; len++)
    for (let i = 1; i + len <= n; i++) {
      const first = order[i]!;
      const last = order[i + len - 1]!;
      const before = order[i - 1]!;
      const after = order[(i + len) % n]!;
      const gain = d(before, first) + d(last, after) - d(before, after);
      if (gain <= 1e-9) continue;
      // Insert between order[k] and order[k+1] of the tour without the run.
      const rest = [...order.slice(0, i), ...order.slice(i + len)];
      const run = order.slice(i, i + len);
      for (let k = 0; k < rest.length; k++) {
        const p = rest[k]!;
        const q = rest[(k + 1) % rest.length]!;
        const forward = d(p, first) + d(last, q) - d(p, q);
        const backward = d(p, last) + d(first, q) - d(p, q);
        if (Math.min(forward, backward) < gain - 1e-9) {
          const placed = forward <= backward ? run : [...run].reverse();
          order.splice(0, n, ...rest.slice(0, k + 1), ...placed, ...rest.slice(k + 1));
          return true;
        }
      }
    }
  return false;
}

/** The length of a closed tour. */
export const tourLength = (order: readonly number[], dist: (a: number, b: number) => number): number =>
  order.reduce((s, v, k) => s + dist(v, order[(k + 1) % order.length]!), 0);
