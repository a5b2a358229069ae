/**
 * The shortest closed ring through every point of a symmetric distance matrix (a travelling-salesman tour):
 * exact by Held–Karp dynamic programming up to EXACT_RING_MAX points, nearest neighbour + 2-opt above.
 * The ring starts at point 0; of its two directions the one whose second point has the lower index is given.
 */
export const EXACT_RING_MAX = 12;

/** The length of the closed ring through the points in this order. */
export function ringCost(order: readonly number[], dist: readonly (readonly number[])[]): number {
  let total = 0;
  for (let k = 0; k < order.length; k++) total += dist[order[k]!]![order[(k + 1) % order.length]!]!;
  return total;
}

/** The ring read from point 0, in the direction whose second point has the lower index. */
function canonical(order: number[]): number[] {
  const start = order.indexOf(0);
  const rotated = [...order.slice(start), ...order.slice(0, start)];
  if (rotated.length > 2 && rotated[1]! > rotated[rotated.length - 1]!) return [0, ...rotated.slice(1).reverse()];
  return rotated;
}

/** Held–Karp: O(2ⁿ·n²). */
export function exactRing(dist: readonly (readonly number[])[]): number[] {
  const n = dist.length;
  if (n <= 3) return canonical([...Array(n).keys()]);
  const m = n - 1; // points 1..n-1 in the subsets; point 0 starts and ends the ring
  const size = 1 << m;
  const best = new Float64Array(size * m).fill(Infinity);
  const from = new Int8Array(size * m).fill(-1);
  for (let j = 0; j < m; j++) best[(1 << j) * m + j] = dist[0]![j + 1]!;
  for (let set = 1; set < size; set++)
    for (let j = 0; j < m; j++) {
      if (!(set & (1 << j))) continue;
      const here = best[set * m + j]!;
      if (!Number.isFinite(here)) continue;
      for (let k = 0; k < m; k++) {
        if (set & (1 << k)) continue;
        const next = set | (1 << k);
        const c = here + dist[j + 1]![k + 1]!;
        if (c < best[next * m + k]!) {
          best[next * m + k] = c;
          from[next * m + k] = j;
        }
      }
    }
  const full = size - 1;
  let last = 0;
  let bestCost = Infinity;
  for (let j = 0; j < m; j++) {
    const c = best[full * m + j]! + dist[j + 1]![0]!;
    if (c < bestCost) {
      bestCost = c;
      last = j;
    }
  }
  const order: number[] = [];
  let set = full;
  for (let j = last; j !== -1;) {
    order.push(j + 1);
    const before = from[set * m + j]!;
    set &= ~(1 << j);
    j = before;
  }
  return canonical([0, ...order.reverse()]);
}

/** Nearest neighbour from point 0, then 2-opt until no move shortens the ring. */
export function heuristicRing(dist: readonly (readonly number[])[]): number[] {
  const n = dist.length;
  const order = [0];
  const used = new Uint8Array(n);
  used[0] = 1;
  while (order.length < n) {
    const here = order[order.length - 1]!;
    let next = -1;
    for (let k = 0; k < n; k++) if (!used[k] && (next < 0 || dist[here]![k]! < dist[here]![next]!)) next = k;
    used[next] = 1;
    order.push(next);
  }
  for (let improved = true; improved;) {
    improved = false;
    for (let i = 0; i < n - 1; i++)
      for (let j = i + 2; j < n; j++) {
        if (i === 0 && j === n - 1) continue;
        const [a, b, c, d] = [order[i]!, order[i + 1]!, order[j]!, order[(j + 1) % n]!];
        if (dist[a]![c]! + dist[b]![d]! < dist[a]![b]! + dist[c]![d]! - 1e-9) {
          order.splice(i + 1, j - i, ...order.slice(i + 1, j + 1).reverse());
          improved = true;
        }
      }
  }
  return canonical(order);
}

/** The shortest ring: exact up to EXACT_RING_MAX points, heuristic above. */
export const shortestRing = (dist: readonly (readonly number[])[]): number[] =>
  dist.length <= EXACT_RING_MAX ? exactRing(dist) : heuristicRing(dist);
