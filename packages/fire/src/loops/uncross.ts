import type { RoutingGraph } from '../cabling/routing-graph.js';
import { segmentsCross, type Pt } from '../geometry/ring.js';

/**
 * A loop that crosses itself on a storey, made not to (issue 34): a designer never draws a loop over itself, and in a
 * plane a crossing is the sign of an order 2-opt shortens. The crossings are found on the routed legs, not on the
 * straight distances the order was made on: through doors and along corridors, legs the metric thought apart cross.
 */

/** A 2-opt move that removes crossings is taken while the loop stays within this share of its length before the pass. */
export const UNCROSS_SLACK = 0.05;
/** A stop whose legs in and out cross is tried beside this many of the stops nearest it. */
const NEAREST = 6;
/** Segments are looked up in squares this wide (m). */
const CELL = 4;

interface Segment {
  leg: number;
  a: Pt;
  b: Pt;
}

/** The pairs of legs (i < j) whose plan segments on one storey cross, each pair once, and how many crossings in all. */
export function legCrossings(g: RoutingGraph, paths: readonly (readonly number[])[]): { pairs: [number, number][]; count: number } {
  const grid = new Map<string, Segment[]>();
  const seen = new Set<string>();
  const pairs: [number, number][] = [];
  let count = 0;
  paths.forEach((path, leg) => {
    for (let k = 1; k < path.length; k++) {
      const [p, q] = [g.nodes[path[k - 1]!]!, g.nodes[path[k]!]!];
      if (p.storeyId !== q.storeyId || Math.hypot(p.x - q.x, p.y - q.y) < 1e-6) continue;
      const seg: Segment = { leg, a: [p.x, p.y], b: [q.x, q.y] };
      // Each pair of segments is met once: in the first cell both touch, by a stamp of the pair's segments.
      const cells: string[] = [];
      for (let gx = Math.floor(Math.min(p.x, q.x) / CELL); gx <= Math.floor(Math.max(p.x, q.x) / CELL); gx++)
        for (let gy = Math.floor(Math.min(p.y, q.y) / CELL); gy <= Math.floor(Math.max(p.y, q.y) / CELL); gy++)
          cells.push(`${p.storeyId}|${gx},${gy}`);
      const met = new Set<Segment>();
      for (const cell of cells) {
        const list = grid.get(cell);
        if (!list) {
          grid.set(cell, [seg]);
          continue;
        }
        for (const other of list) {
          if (met.has(other)) continue;
          met.add(other);
          if (other.leg === leg || !segmentsCross(seg.a, seg.b, other.a, other.b)) continue;
          count++;
          const [i, j] = other.leg < leg ? [other.leg, leg] : [leg, other.leg];
          const key = `${i},${j}`;
          if (!seen.has(key)) {
            seen.add(key);
            pairs.push([i, j]);
          }
        }
        list.push(seg);
      }
    }
  });
  return { pairs, count };
}

/**
 * 2-opt on the routed loop: where legs i and j cross, the stops between them are taken in reverse (leg i then joins
 * the stops at the starts of both, leg j those at their ends), kept when the loop then crosses itself less and stays
 * within UNCROSS_SLACK of its length. `order` starts at the central (stop 0); `leg(a, b)` routes stops a to b (nodes
 * from a to b); `metres` measures a leg. Returns the order and its legs' paths (leg k from order[k] to order[k + 1]).
 */
export function uncrossLoop(
  g: RoutingGraph,
  order: readonly number[],
  leg: (a: number, b: number) => number[],
  metres: (path: readonly number[]) => number,
): { order: number[]; paths: number[][] } {
  const n = order.length;
  let current = [...order];
  let paths = current.map((a, k) => leg(a, current[(k + 1) % n]!));
  if (n < 4) return { order: current, paths };
  const lengthOf = (ps: readonly (readonly number[])[]) => ps.reduce((s, p) => s + metres(p), 0);
  const limit = lengthOf(paths) * (1 + UNCROSS_SLACK);
  let { pairs, count } = legCrossings(g, paths);
  /** Stop current[k] moved between two stops next to each other, one of the NEAREST closest to it, if that crosses less. */
  const moveStop = (k: number) => {
    const stop = current[k]!;
    // Each stop's node: where its leg out starts (or its leg in ends, for a leg not routed).
    const nodeOf = new Map(current.map((s, m) => [s, paths[m]![0] ?? paths[(m + n - 1) % n]!.at(-1) ?? -1]));
    const here = g.nodes[nodeOf.get(stop)!];
    if (!here) return null;
    const rest = [...current.slice(0, k), ...current.slice(k + 1)];
    const joined = [...paths.slice(0, k - 1), leg(current[k - 1]!, current[(k + 1) % n]!), ...paths.slice(k + 1)];
    const plan = (s: number) => {
      const p = g.nodes[nodeOf.get(s)!];
      return p ? Math.hypot(p.x - here.x, p.y - here.y) : Infinity;
    };
    const near = rest
      .map((s, p) => ({ p, d: plan(s) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, NEAREST)
      .flatMap(({ p }) => [p - 1, p]);
    for (const p of new Set(near)) {
      if (p < 0 || p === k - 1) continue;
      const [a, b] = [rest[p]!, rest[(p + 1) % rest.length]!];
      const order = [...rest.slice(0, p + 1), stop, ...rest.slice(p + 1)];
      const nextPaths = [...joined.slice(0, p), leg(a, stop), leg(stop, b), ...joined.slice(p + 1)];
      const after = legCrossings(g, nextPaths);
      if (after.count < count && lengthOf(nextPaths) <= limit) return { order, paths: nextPaths, ...after };
    }
    return null;
  };
  // Each move taken removes a crossing, so this ends; the cap bounds the searches on a loop no move helps.
  let tries = 0;
  while (count > 0 && tries < 4 * n) {
    let movedAny = false;
    for (const [i, j] of pairs) {
      if (j - i === n - 1) continue;
      if (j - i === 1) {
        // The legs into and out of one stop cross: that stop moved elsewhere (Or-opt), beside its nearest stops.
        const moved = moveStop(i + 1);
        tries++;
        if (moved) {
          [current, paths, pairs, count, movedAny] = [moved.order, moved.paths, moved.pairs, moved.count, true];
          break;
        }
        continue;
      }
      tries++;
      const next = [...current.slice(0, i + 1), ...current.slice(i + 1, j + 1).reverse(), ...current.slice(j + 1)];
      const nextPaths = [
        ...paths.slice(0, i),
        leg(next[i]!, next[i + 1]!),
        ...paths
          .slice(i + 1, j)
          .reverse()
          .map((p) => [...p].reverse()),
        leg(next[j]!, next[(j + 1) % n]!),
        ...paths.slice(j + 1),
      ];
      const after = legCrossings(g, nextPaths);
      if (after.count < count && lengthOf(nextPaths) <= limit) {
        [current, paths, pairs, count, movedAny] = [next, nextPaths, after.pairs, after.count, true];
        break;
      }
      // Else one of the stops the crossing legs lead to, moved elsewhere.
      let moved = null;
      for (const k of [i + 1, j, i, j + 1]) if (!moved && k > 0 && k < n) moved = moveStop(k);
      if (moved) {
        [current, paths, pairs, count, movedAny] = [moved.order, moved.paths, moved.pairs, moved.count, true];
        break;
      }
      if (tries >= 4 * n) break;
    }
    if (!movedAny) break;
  }
  return { order: current, paths };
}
