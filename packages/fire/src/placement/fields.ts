import { segmentsCross } from '../geometry/ring.js';
import { BOUNDARY, type RoomGrid } from './grid.js';

/** The cells within `radius` of a site (a cell centre) and their distances, measured inside the room. */
export interface Field {
  cells: Int32Array;
  dist: Float64Array;
}

/**
 * Distances from sites to the cells around them. In a convex room the straight line is inside the
 * room; otherwise the distance is the shortest path over the cell grid with 16 directions (never
 * shorter than the true path around corners by more than the cell margin, at most 2.7 % longer).
 */
export class Fields {
  private readonly cache = new Map<number, Field>();
  private readonly scratch: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly settled: Uint32Array;
  private round = 0;

  constructor(
    private readonly grid: RoomGrid,
    readonly radius: number,
  ) {
    this.scratch = new Float64Array(grid.state.length);
    this.stamp = new Uint32Array(grid.state.length);
    this.settled = new Uint32Array(grid.state.length);
  }

  from(site: number): Field {
    let field = this.cache.get(site);
    if (!field) {
      if (this.cache.size > 4000) this.cache.clear();
      field = this.grid.convex ? this.euclidean(site) : this.geodesic(site);
      this.cache.set(site, field);
    }
    return field;
  }

  private euclidean(site: number): Field {
    const g = this.grid;
    const sx = g.repX[site]!;
    const sy = g.repY[site]!;
    const si = site % g.nx;
    const sj = (site - si) / g.nx;
    const k = Math.ceil(this.radius / g.h) + 1;
    const cells: number[] = [];
    const dist: number[] = [];
    const r2 = this.radius * this.radius;
    for (let j = Math.max(0, sj - k); j <= Math.min(g.ny - 1, sj + k); j++) {
      for (let i = Math.max(0, si - k); i <= Math.min(g.nx - 1, si + k); i++) {
        const c = i + j * g.nx;
        if (!g.state[c]) continue;
        const dx = g.repX[c]! - sx;
        const dy = g.repY[c]! - sy;
        const d2 = dx * dx + dy * dy;
        if (d2 <= r2) {
          cells.push(c);
          dist.push(Math.sqrt(d2));
        }
      }
    }
    return { cells: Int32Array.from(cells), dist: Float64Array.from(dist) };
  }

  private geodesic(site: number): Field {
    const g = this.grid;
    const nx = g.nx;
    const h = g.h;
    const round = ++this.round;
    const best = this.scratch;
    const seen = this.stamp;
    const heap = new MinHeap();
    const cells: number[] = [];
    const dist: number[] = [];
    best[site] = 0;
    seen[site] = round;
    heap.push(site, 0);
    const settled = this.settled;
    while (heap.size) {
      const [c, d] = heap.pop();
      if (settled[c] === round || d > best[c]!) continue;
      settled[c] = round;
      const i = c % nx;
      const j = (c - i) / nx;
      const cx = g.x0 + (i + 0.5) * h;
      const cy = g.y0 + (j + 0.5) * h;
      const extra = g.state[c] === BOUNDARY ? Math.hypot(g.repX[c]! - cx, g.repY[c]! - cy) : 0;
      if (d + extra <= this.radius) {
        cells.push(c);
        dist.push(d + extra);
      }
      // A boundary cell (its centre outside the room) is reached but passes nothing on: a wall thinner than a cell
      // is all boundary cells, and a path through them would reach the room beyond it.
      if (g.state[c] === BOUNDARY && c !== site) continue;
      for (const [di, dj, len, b1i, b1j, b2i, b2j] of MOVES) {
        const ni = i + di;
        const nj = j + dj;
        if (ni < 0 || nj < 0 || ni >= nx || nj >= g.ny) continue;
        const n = ni + nj * nx;
        if (!g.state[n]) continue;
        // A diagonal or knight move needs the cells it passes beside to be in the room too (an orthogonal move's
        // 'beside' cells are its own two).
        const b1 = c + b1i + b1j * nx;
        const b2 = c + b2i + b2j * nx;
        if (!g.state[b1] || !g.state[b2]) continue;
        if (this.crossesOutline(c, n, b1, b2, cx, cy)) continue;
        const nd = d + len * h;
        if (nd > this.radius + h) continue;
        if (seen[n] !== round || nd < best[n]!) {
          seen[n] = round;
          best[n] = nd;
          heap.push(n, nd);
        }
      }
    }
    return { cells: Int32Array.from(cells), dist: Float64Array.from(dist) };
  }

  /**
   * Whether the move from cell c's centre (cx, cy) to cell n (its centre, or for a boundary cell its point on the
   * outline) crosses an edge of the outline held by a cell it passes: c, n and the two beside (docs/fire-units.md,
   * thin walls).
   */
  private crossesOutline(c: number, n: number, b1: number, b2: number, cx: number, cy: number): boolean {
    const start = this.grid.edgeStart;
    if (start[c + 1] === start[c] && start[n + 1] === start[n] && start[b1 + 1] === start[b1] && start[b2 + 1] === start[b2]) return false;
    const bx = this.grid.repX[n]!;
    const by = this.grid.repY[n]!;
    return (
      this.crossesHeld(c, cx, cy, bx, by) ||
      this.crossesHeld(n, cx, cy, bx, by) ||
      this.crossesHeld(b1, cx, cy, bx, by) ||
      this.crossesHeld(b2, cx, cy, bx, by)
    );
  }

  private crossesHeld(cell: number, ax: number, ay: number, bx: number, by: number): boolean {
    const g = this.grid;
    const e = g.edges;
    for (let k = g.edgeStart[cell]!; k < g.edgeStart[cell + 1]!; k++) {
      const id = g.edgeIds[k]! * 4;
      if (segmentsCross([ax, ay], [bx, by], [e[id]!, e[id + 1]!], [e[id + 2]!, e[id + 3]!])) return true;
    }
    return false;
  }
}

/** di, dj, length in cells, and the two cells passed beside (relative to the start; the move's own ends when orthogonal). */
const MOVES: readonly (readonly [number, number, number, number, number, number, number])[] = [
  [1, 0, 1, 0, 0, 1, 0],
  [-1, 0, 1, 0, 0, -1, 0],
  [0, 1, 1, 0, 0, 0, 1],
  [0, -1, 1, 0, 0, 0, -1],
  ...[
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ].map(([si, sj]) => [si!, sj!, Math.SQRT2, si!, 0, 0, sj!] as const),
  ...[
    [2, 1],
    [2, -1],
    [-2, 1],
    [-2, -1],
  ].map(([di, dj]) => [di!, dj!, Math.sqrt(5), Math.sign(di!), 0, Math.sign(di!), dj!] as const),
  ...[
    [1, 2],
    [1, -2],
    [-1, 2],
    [-1, -2],
  ].map(([di, dj]) => [di!, dj!, Math.sqrt(5), 0, Math.sign(dj!), di!, Math.sign(dj!)] as const),
];

/** A binary heap of (node, key), smallest key first. */
export class MinHeap {
  private nodes: number[] = [];
  private keys: number[] = [];
  get size(): number {
    return this.nodes.length;
  }
  push(node: number, key: number): void {
    const nodes = this.nodes;
    const keys = this.keys;
    let i = nodes.length;
    nodes.push(node);
    keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      nodes[i] = nodes[p]!;
      keys[i] = keys[p]!;
      i = p;
    }
    nodes[i] = node;
    keys[i] = key;
  }
  pop(): [number, number] {
    const nodes = this.nodes;
    const keys = this.keys;
    const top: [number, number] = [nodes[0]!, keys[0]!];
    const lastNode = nodes.pop()!;
    const lastKey = keys.pop()!;
    const n = nodes.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
        if (keys[c]! >= lastKey) break;
        nodes[i] = nodes[c]!;
        keys[i] = keys[c]!;
        i = c;
      }
      nodes[i] = lastNode;
      keys[i] = lastKey;
    }
    return top;
  }
}
