import { pointInRings, segmentsCross, type Pt, type Ring } from './ring.js';

/**
 * Exact shortest distances inside a polygon with holes: a path bends only at the polygon's
 * vertices, so the distance from a source to a point is the straight line when the point sees the
 * source, else the shortest way through the visibility graph of the vertices. Used to check
 * coverage and for lower bounds, not inside the placer's loops (it is O(points × vertices × edges)).
 */
export class Geodesic {
  private readonly edges: [Pt, Pt][] = [];
  private readonly vertices: Pt[] = [];

  constructor(private readonly rings: readonly Ring[]) {
    for (const ring of rings) {
      ring.forEach((p, i) => {
        this.edges.push([p, ring[(i + 1) % ring.length]!]);
        this.vertices.push(p);
      });
    }
  }

  /** Whether the open segment pq stays inside the polygon (crosses no edge, its midpoint inside). */
  sees(p: Pt, q: Pt): boolean {
    for (const [a, b] of this.edges) if (segmentsCross(p, q, a, b)) return false;
    // Through a vertex or along an edge: sample inside points of the segment.
    for (const t of [0.25, 0.5, 0.75]) {
      const x = p[0] + t * (q[0] - p[0]);
      const y = p[1] + t * (q[1] - p[1]);
      if (!pointInRings(x, y, this.rings) && !this.nearBoundary(x, y)) return false;
    }
    return true;
  }

  private nearBoundary(x: number, y: number): boolean {
    for (const [a, b] of this.edges) {
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / len2)) : 0;
      if (Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy) < 1e-7) return true;
    }
    return false;
  }

  /** Whether vertex i sees vertex j, as sees(vertex i, vertex j) answers; asked again for every source, so kept. */
  private between: Int8Array | undefined;
  private seesVertex(i: number, j: number): boolean {
    const n = this.vertices.length;
    const between = (this.between ??= new Int8Array(n * n).fill(-1));
    const known = between[i * n + j]!;
    if (known >= 0) return known === 1;
    const seen = this.sees(this.vertices[i]!, this.vertices[j]!);
    between[i * n + j] = seen ? 1 : 0;
    return seen;
  }

  /** Distances from a source to every vertex (Dijkstra on the visibility graph, dense). */
  fromSource(source: Pt): (point: Pt) => number {
    const n = this.vertices.length;
    const dist = new Float64Array(n).fill(Infinity);
    const done = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = this.vertices[i]!;
      if (this.sees(source, v)) dist[i] = Math.hypot(v[0] - source[0], v[1] - source[1]);
    }
    for (;;) {
      let u = -1;
      for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
      if (u < 0) break;
      done[u] = 1;
      const pu = this.vertices[u]!;
      for (let i = 0; i < n; i++) {
        if (done[i]) continue;
        const pi = this.vertices[i]!;
        const d = dist[u]! + Math.hypot(pi[0] - pu[0], pi[1] - pu[1]);
        if (d < dist[i]! && this.seesVertex(u, i)) dist[i] = d;
      }
    }
    // Nearest vertices first: once a vertex's own distance is no shorter than the best way found, none after it helps.
    const order = Array.from({ length: n }, (_, i) => i)
      .filter((i) => dist[i]! < Infinity)
      .sort((a, b) => dist[a]! - dist[b]!);
    return (point) => {
      if (this.sees(source, point)) return Math.hypot(point[0] - source[0], point[1] - source[1]);
      let best = Infinity;
      for (const i of order) {
        if (dist[i]! >= best) break;
        const v = this.vertices[i]!;
        const d = dist[i]! + Math.hypot(point[0] - v[0], point[1] - v[1]);
        if (d < best && this.sees(v, point)) best = d;
      }
      return best;
    };
  }
}
