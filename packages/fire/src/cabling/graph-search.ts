import { NodeHeap } from './node-heap.js';
import type { RoutingGraph } from './routing-graph.js';

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
 * The engine's one shortest-path search on the routing graph (issues 26 and 39), on typed arrays reused from search to
 * search (a stamp marks what a search touched). Ways never pass through terminal nodes (other units) but their source.
 * - `search`: Dijkstra from one node until every target is settled (a rack's loops, a loop's units near each other).
 * - `path`: A* between two nodes, guided by the straight plan distance times `planCostScale`: Dijkstra from a unit
 *   settles every node cheaper than the target, a whole storey for a leg to a stair; this settles about those on the way.
 * Both share one loop, so they settle nodes in the same order for the same keys.
 */
export class GraphSearch {
  private readonly cost: Float64Array;
  private readonly prev: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly settled: Uint32Array;
  private scale = -1;
  private run = 0;
  private source = -1;

  constructor(private readonly g: RoutingGraph) {
    const n = g.nodes.length;
    this.cost = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.settled = new Uint32Array(n);
  }

  /**
   * Searches from `source` until every target is settled (all of the graph when `targets` is null), or nothing
   * cheaper than `limit` is left: a target farther than the limit through the building is not reached.
   */
  search(source: number, targets: ReadonlySet<number> | null, limit = Infinity): this {
    const left = targets ? targets.size - (targets.has(source) ? 1 : 0) : Infinity;
    this.settle(source, -1, targets, left, limit);
    return this;
  }

  /** The cheapest way from `source` to `target`, source first; [] when none. */
  path(source: number, target: number): number[] {
    if (source === target) return [source];
    if (this.scale < 0) this.scale = planCostScale(this.g);
    this.settle(source, target, null, 1, Infinity);
    return this.pathTo(target);
  }

  /** The cost of the last search to a node (Infinity when not reached). */
  costTo(node: number): number {
    return this.settled[node] === this.run ? this.cost[node]! : Infinity;
  }

  /** The node before `node` on its cheapest path in the last search (-1 for its source and nodes not reached). */
  previous(node: number): number {
    return this.settled[node] === this.run ? this.prev[node]! : -1;
  }

  /** The last search's path from its source to a node, source first; [] when not reached. */
  pathTo(node: number): number[] {
    if (this.settled[node] !== this.run) return [];
    const path = [node];
    while (path[path.length - 1] !== this.source) path.push(this.prev[path[path.length - 1]!]!);
    return path.reverse();
  }

  /**
   * Settles nodes cheapest first from `source` until `left` targets are settled (`goal`, when one is given: then keys
   * are cost plus the plan guide to it) or a cost passes `limit`.
   */
  private settle(source: number, goal: number, targets: ReadonlySet<number> | null, left: number, limit: number): void {
    const { g, cost, prev, stamp, settled } = this;
    const run = ++this.run;
    this.source = source;
    const scale = goal >= 0 ? this.scale : 0;
    const gx = goal >= 0 ? g.nodes[goal]!.x : 0;
    const gy = goal >= 0 ? g.nodes[goal]!.y : 0;
    const guide = (v: number) => {
      if (scale === 0) return 0;
      const p = g.nodes[v]!;
      return scale * Math.sqrt((p.x - gx) ** 2 + (p.y - gy) ** 2);
    };
    const heap = new NodeHeap();
    heap.push(guide(source), source);
    stamp[source] = run;
    cost[source] = 0;
    prev[source] = -1;
    while (heap.size > 0 && left > 0) {
      const v = heap.pop();
      // A node pushed again at a lower key was settled by that entry already.
      if (settled[v] === run) continue;
      const c = cost[v]!;
      if (c > limit) break;
      settled[v] = run;
      if (v === goal) break;
      if (targets?.has(v) && v !== source) left--;
      if (v !== source && g.nodes[v]!.terminal) continue;
      for (const e of g.edges[v]!) {
        const next = c + e.cost;
        if (settled[e.to] === run || (stamp[e.to] === run && next >= cost[e.to]!)) continue;
        stamp[e.to] = run;
        cost[e.to] = next;
        prev[e.to] = v;
        heap.push(next + guide(e.to), e.to);
      }
    }
  }
}

export interface ShortestPaths {
  source: number;
  /** Cost from the source per node (Infinity where unreachable). */
  cost: Float64Array;
  /** The node before each on its cheapest path (-1 for the source and unreachable nodes). */
  prev: Int32Array;
}

/** Every node's cheapest path from one node: GraphSearch run over the whole graph. */
export function shortestPaths(g: RoutingGraph, source: number): ShortestPaths {
  const search = new GraphSearch(g).search(source, null);
  const cost = Float64Array.from(g.nodes, (_, v) => search.costTo(v));
  const prev = Int32Array.from(g.nodes, (_, v) => search.previous(v));
  return { source, cost, prev };
}

/** The nodes of the cheapest path from the tree's source to a node, source first; [] when it cannot be reached. */
export function pathTo(tree: ShortestPaths, target: number): number[] {
  if (!Number.isFinite(tree.cost[target]!)) return [];
  const path: number[] = [];
  for (let v = target; v !== -1; v = tree.prev[v]!) path.push(v);
  return path.reverse();
}

/** The metres of a path (edge lengths, vertical links included). */
export function pathLength(g: RoutingGraph, path: readonly number[]): number {
  let total = 0;
  for (let k = 1; k < path.length; k++) {
    const edge = g.edges[path[k - 1]!]!.filter((e) => e.to === path[k]).sort((a, b) => a.cost - b.cost)[0];
    total += edge?.length ?? 0;
  }
  return total;
}

/** The connected part of the graph each node lies in (a number per node): no path joins nodes of different parts. */
export function graphComponents(g: RoutingGraph): Int32Array {
  const part = new Int32Array(g.nodes.length).fill(-1);
  let next = 0;
  for (let s = 0; s < g.nodes.length; s++) {
    if (part[s]! >= 0) continue;
    part[s] = next;
    const stack = [s];
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (const e of g.edges[v]!)
        if (part[e.to]! < 0) {
          part[e.to] = next;
          stack.push(e.to);
        }
    }
    next++;
  }
  return part;
}
