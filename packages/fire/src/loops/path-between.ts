import type { RoutingGraph } from '../cabling/routing-graph.js';
import { NodeHeap } from '../cabling/node-heap.js';

/**
 * Shortest paths on the routing graph for loops (issue 26): Dijkstra from one node that stops once every target is
 * settled (a loop's units lie near each other, so a search rarely leaves their rooms), on typed arrays reused from
 * search to search (a stamp marks what this search touched). Paths do not pass through terminal nodes (other units).
 */
export class GraphSearch {
  private readonly cost: Float64Array;
  private readonly prev: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly settled: Uint32Array;
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
    const { g, cost, prev, stamp, settled } = this;
    const run = ++this.run;
    this.source = source;
    let left = targets ? targets.size - (targets.has(source) ? 1 : 0) : Infinity;
    const heap = new NodeHeap();
    heap.push(0, source);
    stamp[source] = run;
    cost[source] = 0;
    prev[source] = -1;
    while (heap.size > 0 && left > 0) {
      const c = heap.peekKey();
      const v = heap.pop();
      if (c > limit) break;
      if (settled[v] === run || c > cost[v]!) continue;
      settled[v] = run;
      if (targets?.has(v) && v !== source) left--;
      if (v !== source && g.nodes[v]!.terminal) continue;
      for (const e of g.edges[v]!) {
        const next = c + e.cost;
        if (stamp[e.to] !== run || next < cost[e.to]!) {
          stamp[e.to] = run;
          cost[e.to] = next;
          prev[e.to] = v;
          heap.push(next, e.to);
        }
      }
    }
    return this;
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
}
