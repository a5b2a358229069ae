import type { RoutingGraph } from '../cabling/routing-graph.js';
import { improveTour, tourLength } from './tour.js';

/**
 * In a building of up to this many units, loops are ordered again on their legs' routed lengths: a search from each
 * unit to the others of its loop. That took milliseconds on the corpus models and 4 s on the generated 185,000 m²
 * building (of 1.5 s in all) for 1.5 % of its cable.
 */
export const ROUTED_TOUR_UNITS = 500;

/**
 * What a change of room adds to the straight distance a loop is ordered on (issue 34): leaving a room costs a door's
 * detour or a hole, so the order finishes a room before the next. Of 0, 5, 8 and 15 m on the generated building's
 * quarter, 5 m gave the least cable (12,256 → 11,818 m) and 14.2 → 10.4 wall crossings a loop (15 m: 8.1 and 12,863 m).
 */
export const ROOM_CHANGE = 5;

/** What a path costs beyond its metres: each wall crossed (WALL_PENALTY) and riser fallback (RISER_PENALTY) on it. */
export function routeExtra(g: RoutingGraph, path: readonly number[]): number {
  let extra = 0;
  for (let k = 1; k < path.length; k++) {
    let best: { cost: number; length: number } | null = null;
    for (const e of g.edges[path[k - 1]!]!) if (e.to === path[k] && (!best || e.cost < best.cost)) best = e;
    if (best) extra += Math.max(0, best.cost - best.length);
  }
  return extra;
}

/**
 * A loop's order (stop 0 the central, first) shortened by 2-opt and Or-opt on the lengths of its legs routed through
 * the building rather than on the loop metric (issue 26): doors and walls make a leg up to a third longer than the
 * metric, more for some pairs than others. `lengthsFrom(a)` searches once from stop a and gives its routed length to
 * any stop. Returns the shorter of the given order and the one found.
 */
export function routedTour(order: readonly number[], lengthsFrom: (a: number) => (b: number) => number): number[] {
  const n = order.length;
  const m = new Float64Array(n * n);
  for (let a = 0; a < n - 1; a++) {
    const from = lengthsFrom(a);
    for (let b = a + 1; b < n; b++) m[a * n + b] = m[b * n + a] = from(b);
  }
  const d = (a: number, b: number) => m[a * n + b]!;
  const better = improveTour([...order], d);
  return tourLength(better, d) < tourLength(order, d) - 1e-9 ? better : [...order];
}

/**
 * The metres of a path along its nodes in 3D, as the route drawn from it measures: pathLength counts edges' plan
 * lengths, without the rises to the units on their ceilings; ordered on it, the corpus loops came out 1–3 % shorter.
 */
export function routeMetres(g: RoutingGraph, path: readonly number[]): number {
  let total = 0;
  for (let k = 1; k < path.length; k++) {
    const p = g.nodes[path[k - 1]!]!;
    const q = g.nodes[path[k]!]!;
    total += Math.sqrt((p.x - q.x) ** 2 + (p.y - q.y) ** 2 + (p.z - q.z) ** 2);
  }
  return total;
}
