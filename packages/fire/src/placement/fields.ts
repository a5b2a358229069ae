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
  private readonly heap = new CellHeap();
  /** Each move's length (m), and the cells and distances of the field being made. */
  private readonly steps: Float64Array;
  private readonly outCells: Int32Array;
  private readonly outDist: Float64Array;

  constructor(
    private readonly grid: RoomGrid,
    readonly radius: number,
  ) {
    this.scratch = new Float64Array(grid.state.length);
    this.stamp = new Uint32Array(grid.state.length);
    this.settled = new Uint32Array(grid.state.length);
    this.steps = Float64Array.from(MOVES, (m) => m[2] * grid.h);
    this.outCells = new Int32Array(grid.state.length);
    this.outDist = new Float64Array(grid.state.length);
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
    const state = g.state;
    const open = openMoves(g);
    const offsets = moveOffsets(nx);
    const round = ++this.round;
    const best = this.scratch;
    const seen = this.stamp;
    const settled = this.settled;
    const heap = this.heap;
    const steps = this.steps;
    const reach = this.radius + h;
    heap.clear();
    let count = 0;
    best[site] = 0;
    seen[site] = round;
    heap.push(site, 0);
    while (heap.size) {
      const d = heap.topKey();
      const c = heap.pop();
      if (settled[c] === round || d > best[c]!) continue;
      settled[c] = round;
      const i = c % nx;
      const j = (c - i) / nx;
      const cx = g.x0 + (i + 0.5) * h;
      const cy = g.y0 + (j + 0.5) * h;
      const boundary = state[c] === BOUNDARY;
      const extra = boundary ? Math.hypot(g.repX[c]! - cx, g.repY[c]! - cy) : 0;
      if (d + extra <= this.radius) {
        this.outCells[count] = c;
        this.outDist[count++] = d + extra;
      }
      // A boundary cell (its centre outside the room) is reached but passes nothing on: a wall thinner than a cell
      // is all boundary cells, and a path through them would reach the room beyond it.
      if (boundary && c !== site) continue;
      const allowed = open[c]!;
      for (let k = 0; k < MOVE_COUNT; k++) {
        if (!((allowed >> k) & 1)) continue;
        const n = c + offsets[k]!;
        const nd = d + steps[k]!;
        if (nd > reach) continue;
        if (seen[n] !== round || nd < best[n]!) {
          seen[n] = round;
          best[n] = nd;
          heap.push(n, nd);
        }
      }
    }
    return { cells: this.outCells.slice(0, count), dist: this.outDist.slice(0, count) };
  }
}

/**
 * ring.ts segmentsCross(a, b, c, d) on numbers, the same arithmetic: segment ab and the edge cd at edges[e..e + 3]
 * cross at a point inside both. Without the four points' arrays, which were most of a field's time near walls.
 */
export function crossesEdge(ax: number, ay: number, bx: number, by: number, edges: Float64Array, e: number): boolean {
  const cx = edges[e]!;
  const cy = edges[e + 1]!;
  const dx = edges[e + 2]!;
  const dy = edges[e + 3]!;
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  if (!((d1 > 1e-12 && d2 < -1e-12) || (d1 < -1e-12 && d2 > 1e-12))) return false;
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return (d3 > 1e-12 && d4 < -1e-12) || (d3 < -1e-12 && d4 > 1e-12);
}

/** di, dj, length in cells, and the two cells passed beside (relative to the start; the move's own ends when orthogonal). */
export const MOVES: readonly (readonly [number, number, number, number, number, number, number])[] = [
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

/**
 * Which moves leave each cell (bit k: MOVES[k]), the same for every search in the grid: the cell moved to and the cells
 * passed beside in the room, and no edge of the outline crossed that one of those cells holds — from the cell's centre to
 * the other's representative point (docs/fire-units.md, thin walls). Kept per grid: a room's searches share it.
 */
export function openMoves(grid: RoomGrid): Uint16Array {
  let open = openByGrid.get(grid);
  if (open) return open;
  const { nx, ny, h, state, edgeStart } = grid;
  open = new Uint16Array(state.length);
  const held = (cell: number, ax: number, ay: number, bx: number, by: number) => {
    for (let k = edgeStart[cell]!; k < edgeStart[cell + 1]!; k++)
      if (crossesEdge(ax, ay, bx, by, grid.edges, grid.edgeIds[k]! * 4)) return true;
    return false;
  };
  for (const c of grid.cells) {
    const i = c % nx;
    const j = (c - i) / nx;
    const cx = grid.x0 + (i + 0.5) * h;
    const cy = grid.y0 + (j + 0.5) * h;
    let bits = 0;
    for (let k = 0; k < MOVE_COUNT; k++) {
      const ni = i + MOVE_DI[k]!;
      const nj = j + MOVE_DJ[k]!;
      if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
      const n = ni + nj * nx;
      if (!state[n]) continue;
      // A diagonal or knight move needs the cells it passes beside to be in the room too (an orthogonal move's
      // 'beside' cells are its own two).
      const b1 = c + MOVE_B1I[k]! + MOVE_B1J[k]! * nx;
      const b2 = c + MOVE_B2I[k]! + MOVE_B2J[k]! * nx;
      if (!state[b1] || !state[b2]) continue;
      const [bx, by] = [grid.repX[n]!, grid.repY[n]!];
      if (held(c, cx, cy, bx, by) || held(n, cx, cy, bx, by) || held(b1, cx, cy, bx, by) || held(b2, cx, cy, bx, by)) continue;
      bits |= 1 << k;
    }
    open[c] = bits;
  }
  openByGrid.set(grid, open);
  return open;
}

const openByGrid = new WeakMap<RoomGrid, Uint16Array>();

/** Each move's step in grid indices for a grid nx cells wide. */
export function moveOffsets(nx: number): Int32Array {
  let offsets = offsetsByWidth.get(nx);
  if (!offsets) offsetsByWidth.set(nx, (offsets = Int32Array.from(MOVES, (m) => m[0] + m[1] * nx)));
  return offsets;
}

const offsetsByWidth = new Map<number, Int32Array>();

/** MOVES as typed arrays, for the searches' inner loops. */
export const MOVE_COUNT = MOVES.length;
export const MOVE_DI = Int32Array.from(MOVES, (m) => m[0]);
export const MOVE_DJ = Int32Array.from(MOVES, (m) => m[1]);
export const MOVE_B1I = Int32Array.from(MOVES, (m) => m[3]);
export const MOVE_B1J = Int32Array.from(MOVES, (m) => m[4]);
export const MOVE_B2I = Int32Array.from(MOVES, (m) => m[5]);
export const MOVE_B2J = Int32Array.from(MOVES, (m) => m[6]);

/**
 * MinHeap's binary heap on typed arrays, for the fields' searches: the same order of pops (the same sifting), without
 * an object per entry.
 */
export class CellHeap {
  private nodes = new Int32Array(1024);
  private keys = new Float64Array(1024);
  size = 0;
  clear(): void {
    this.size = 0;
  }
  topKey(): number {
    return this.keys[0]!;
  }
  /** The node at a place in the heap's array (for marks on all it holds). */
  nodeAt(place: number): number {
    return this.nodes[place]!;
  }
  push(node: number, key: number): void {
    if (this.size === this.nodes.length) {
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.nodes = nodes;
      this.keys = keys;
    }
    const nodes = this.nodes;
    const keys = this.keys;
    let i = this.size++;
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
  /** Removes the node with the smallest key and answers it (its key: topKey() before). */
  pop(): number {
    const nodes = this.nodes;
    const keys = this.keys;
    const top = nodes[0]!;
    const n = --this.size;
    const lastNode = nodes[n]!;
    const lastKey = keys[n]!;
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
