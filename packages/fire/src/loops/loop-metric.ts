import type { RoutingGraph } from '../cabling/routing-graph.js';

/** A place where a cable can leave its storey (a stairwell, shaft, stair or vertical tray), with what going there costs extra. */
interface Exit {
  x: number;
  y: number;
  penalty: number;
}

/** Per storey, the plan positions of the routing graph's links to other storeys. */
export function storeyExits(g: RoutingGraph): Map<string, Exit[]> {
  const exits = new Map<string, Exit[]>();
  g.edges.forEach((edges, a) => {
    const p = g.nodes[a]!;
    for (const e of edges) {
      const q = g.nodes[e.to]!;
      if (q.storeyId === p.storeyId) continue;
      const list = exits.get(p.storeyId) ?? [];
      list.push({ x: p.x, y: p.y, penalty: Math.max(0, e.cost - e.length) });
      exits.set(p.storeyId, list);
    }
  });
  return exits;
}

export interface MetricPoint {
  storeyId: string;
  coord: readonly [number, number, number];
}

/**
 * The distance a loop's tour is ordered on (issue 26): on one storey the straight distance; between storeys the way
 * out of the first storey and into the second through their nearest exits, and the climb. The straight distance alone
 * made tours hop between a room and the one above it, each hop a trip to the stairwell and back once routed.
 * `exits` is storeyExits of the routing graph; a storey without exits costs the straight distance.
 */
export function loopMetric(points: readonly MetricPoint[], exits: ReadonlyMap<string, readonly Exit[]>): (a: number, b: number) => number {
  const toExit = new Float64Array(points.length).fill(-1);
  const nearestExit = (i: number) => {
    if (toExit[i]! < 0) {
      const p = points[i]!;
      let best = Infinity;
      for (const e of exits.get(p.storeyId) ?? []) best = Math.min(best, Math.hypot(e.x - p.coord[0], e.y - p.coord[1]) + e.penalty);
      toExit[i] = Number.isFinite(best) ? best : 0;
    }
    return toExit[i]!;
  };
  return (a, b) => {
    const p = points[a]!;
    const q = points[b]!;
    const plan = Math.hypot(p.coord[0] - q.coord[0], p.coord[1] - q.coord[1]);
    if (p.storeyId === q.storeyId) return Math.hypot(plan, p.coord[2] - q.coord[2]);
    return Math.max(plan, nearestExit(a) + nearestExit(b)) + Math.abs(p.coord[2] - q.coord[2]);
  };
}
