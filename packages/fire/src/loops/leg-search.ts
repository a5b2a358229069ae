import type { RoutingGraph } from '../cabling/routing-graph.js';
import { NodeHeap } from '../cabling/node-heap.js';

/**
 * The least any edge costs for each metre it moves in plan (at most 1): the straight plan distance times this never
 * exceeds the cost of a way between two nodes, so it guides a search without making it miss the cheapest way.
 */
export function planCostScale(g: RoutingGraph): number {
  let scale = 1;
  g.edges.forEach((edges, a) => {
    const p = g.nodes[a]!;
    for (const e of edges) {
      const q = g.nodes[e.to]!;
      const moved = Math.hypot(p.x - q.x, p.y - q.y);
      if (moved > 1e-9) scale = Math.min(scale, e.cost / moved);
    }
  });
  return Math.max(0, scale);
}

/**
 * The cheapest way between two nodes of the routing graph for a loop's leg (issue 26): A*, guided by the straight plan
 * distance to the target times `planCostScale`, on typed arrays reused from search to search. Dijkstra from the unit
 * (GraphSearch) settles every node cheaper than the target, a whole storey for a leg to a stair; this settles about
 * those on the way. Like GraphSearch, a way does not pass through terminal nodes (other units).
 */
export class LegSearch {
  private readonly cost: Float64Array;
  private readonly prev: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly settled: Uint32Array;
  private readonly scale: number;
  private run = 0;

  constructor(private readonly g: RoutingGraph) {
    const n = g.nodes.length;
    this.cost = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.settled = new Uint32Array(n);
    this.scale = planCostScale(g);
  }

  /** The cheapest way from `source` to `target`, source first; [] when none. */
  path(source: number, target: number): number[] {
    const { g, cost, prev, stamp, settled, scale } = this;
    const run = ++this.run;
    const tx = g.nodes[target]!.x;
    const ty = g.nodes[target]!.y;
    const h = (v: number) => {
      const p = g.nodes[v]!;
      return scale * Math.sqrt((p.x - tx) ** 2 + (p.y - ty) ** 2);
    };
    const heap = new NodeHeap();
    heap.push(h(source), source);
    stamp[source] = run;
    cost[source] = 0;
    prev[source] = -1;
    let found = source === target;
    while (heap.size > 0 && !found) {
      const v = heap.pop();
      if (settled[v] === run) continue;
      settled[v] = run;
      if (v === target) {
        found = true;
        break;
      }
      if (v !== source && g.nodes[v]!.terminal) continue;
      const c = cost[v]!;
      for (const e of g.edges[v]!) {
        const next = c + e.cost;
        if (settled[e.to] === run || (stamp[e.to] === run && next >= cost[e.to]!)) continue;
        stamp[e.to] = run;
        cost[e.to] = next;
        prev[e.to] = v;
        heap.push(next + h(e.to), e.to);
      }
    }
    if (!found) return [];
    const path = [target];
    while (path[path.length - 1] !== source) path.push(prev[path[path.length - 1]!]!);
    return path.reverse();
  }
}
