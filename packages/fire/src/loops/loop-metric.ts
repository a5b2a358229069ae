import type { RoutingGraph } from '../cabling/routing-graph.js';

/** A place where a cable can leave its storey (a stairwell, shaft, stair or vertical tray), with what going there costs extra. */
interface Exit {
  x: number;
  y: number;
  penalty: number;
}

/** Exits are bucketed in squares this wide (m) to find the nearest quickly. */
const CELL = 10;

/**
 * Per storey, the plan positions of the routing graph's links to other storeys, and the distance from a point to the
 * nearest (plus its penalty), remembered per point: tours of the same units are ordered many times.
 */
export class StoreyExits {
  private readonly grids = new Map<string, Map<string, Exit[]>>();
  /** Per storey, the squares' index range holding exits. */
  private readonly spans = new Map<string, [number, number, number, number]>();
  private readonly lists = new Map<string, Exit[]>();
  private readonly memo = new Map<string, number>();

  /**
   * `penalties` false leaves the exits' extra cost out: the riser fallback's penalty is cost, not metres, so only then
   * is the distance a lower bound on cable metres (the bench's bound).
   */
  constructor(g: RoutingGraph, penalties = true) {
    g.edges.forEach((edges, a) => {
      const p = g.nodes[a]!;
      for (const e of edges) {
        const q = g.nodes[e.to]!;
        if (q.storeyId === p.storeyId) continue;
        const exit = { x: p.x, y: p.y, penalty: penalties ? Math.max(0, e.cost - e.length) : 0 };
        const list = this.lists.get(p.storeyId) ?? [];
        list.push(exit);
        this.lists.set(p.storeyId, list);
        const grid = this.grids.get(p.storeyId) ?? new Map<string, Exit[]>();
        const [gx, gy] = [Math.floor(p.x / CELL), Math.floor(p.y / CELL)];
        const key = `${gx},${gy}`;
        grid.set(key, [...(grid.get(key) ?? []), exit]);
        this.grids.set(p.storeyId, grid);
        const span = this.spans.get(p.storeyId) ?? [gx, gy, gx, gy];
        this.spans.set(p.storeyId, [Math.min(span[0], gx), Math.min(span[1], gy), Math.max(span[2], gx), Math.max(span[3], gy)]);
      }
    });
  }

  /** The storey's exits. */
  list(storeyId: string): readonly Exit[] {
    return this.lists.get(storeyId) ?? [];
  }

  /** Metres from (x, y) to the storey's nearest exit plus its penalty; 0 for a storey without exits. */
  nearest(storeyId: string, x: number, y: number): number {
    const key = `${storeyId}|${x}|${y}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const grid = this.grids.get(storeyId);
    let best = Infinity;
    if (grid) {
      const [cx, cy] = [Math.floor(x / CELL), Math.floor(y / CELL)];
      // Rings of squares outward until no square left can hold anything nearer (penalties only add).
      const [x0, y0, x1, y1] = this.spans.get(storeyId)!;
      const maxRing = Math.max(Math.abs(cx - x0), Math.abs(cx - x1), Math.abs(cy - y0), Math.abs(cy - y1));
      for (let ring = 0; ring <= maxRing && (ring - 1) * CELL < best; ring++)
        for (let gx = cx - ring; gx <= cx + ring; gx++)
          for (let gy = cy - ring; gy <= cy + ring; gy++) {
            if (Math.max(Math.abs(gx - cx), Math.abs(gy - cy)) !== ring) continue;
            for (const e of grid.get(`${gx},${gy}`) ?? []) best = Math.min(best, Math.hypot(e.x - x, e.y - y) + e.penalty);
          }
    }
    const out = Number.isFinite(best) ? best : 0;
    this.memo.set(key, out);
    return out;
  }
}

export const storeyExits = (g: RoutingGraph, penalties = true): StoreyExits => new StoreyExits(g, penalties);

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
export function loopMetric(points: readonly MetricPoint[], exits: StoreyExits): (a: number, b: number) => number {
  const toExit = new Float64Array(points.length).fill(-1);
  const nearestExit = (i: number) => {
    if (toExit[i]! < 0) toExit[i] = exits.nearest(points[i]!.storeyId, points[i]!.coord[0], points[i]!.coord[1]);
    return toExit[i]!;
  };
  // Math.sqrt, not Math.hypot: asked millions of times a central, hypot's care for overflow cost a third of the moves.
  return (a, b) => {
    const p = points[a]!.coord;
    const q = points[b]!.coord;
    const [dx, dy, dz] = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
    if (points[a]!.storeyId === points[b]!.storeyId) return Math.sqrt(dx * dx + dy * dy + dz * dz);
    return Math.max(Math.sqrt(dx * dx + dy * dy), nearestExit(a) + nearestExit(b)) + Math.abs(dz);
  };
}

/** loopMetric's distance between two points, for a few pairs (StoreyExits remembers each point's way to its nearest exit). */
export function metricBetween(p: MetricPoint, q: MetricPoint, exits: StoreyExits): number {
  const plan = Math.hypot(p.coord[0] - q.coord[0], p.coord[1] - q.coord[1]);
  if (p.storeyId === q.storeyId) return Math.hypot(plan, p.coord[2] - q.coord[2]);
  return (
    Math.max(plan, exits.nearest(p.storeyId, p.coord[0], p.coord[1]) + exits.nearest(q.storeyId, q.coord[0], q.coord[1])) +
    Math.abs(p.coord[2] - q.coord[2])
  );
}
