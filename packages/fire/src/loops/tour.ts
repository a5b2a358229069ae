/**
 * The order a loop visits its units (issue 26): a closed tour from the central (index 0) through every point and
 * back, nearest neighbour first, then 2-opt until no reversal shortens it. `dist` is symmetric.
 */
export function loopTour(n: number, dist: (a: number, b: number) => number): number[] {
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const order = [0];
  const left = new Set(Array.from({ length: n - 1 }, (_, i) => i + 1));
  while (left.size > 0) {
    const last = order[order.length - 1]!;
    let best = -1;
    for (const c of left) if (best < 0 || dist(last, c) < dist(last, best)) best = c;
    order.push(best);
    left.delete(best);
  }
  // 2-opt on the closed tour; the central stays first.
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 1; i < n - 1; i++)
      for (let j = i + 1; j < n; j++) {
        const a = order[i - 1]!;
        const b = order[i]!;
        const c = order[j]!;
        const d = order[(j + 1) % n]!;
        if (dist(a, c) + dist(b, d) < dist(a, b) + dist(c, d) - 1e-9) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
  }
  return order;
}

/** The length of a closed tour. */
export const tourLength = (order: readonly number[], dist: (a: number, b: number) => number): number =>
  order.reduce((s, v, k) => s + dist(v, order[(k + 1) % order.length]!), 0);
