import { BOUNDARY, INTERIOR, type RoomGrid } from './grid.js';
import { CellHeap, crossesEdge, MOVE_COUNT, MOVE_DI, MOVE_DJ, moveOffsets, MOVES, openMoves, type Field } from './fields.js';

/**
 * Distances inside the room from a site to the cells around it, for the detectors' cover: the straight line to a
 * cell's representative point wherever that line stays in the room (exact), and round corners the shortest way over
 * the cell grid from the cells the site sees (fields.ts's moves: never shorter than the way inside the room). The
 * grid's moves alone are up to 2.7 % long everywhere, which on Janesville's dining room cost two detectors of ten.
 * `slack`: how far a room point in a cell can be from its representative point, to be added to a cell's distance.
 */
export class SightFields {
  readonly slack: Float64Array;
  private readonly cache = new Map<number, Field>();
  private readonly reach = new Map<number, Int32Array>();
  private readonly best: Float64Array;
  private readonly seen: Uint32Array;
  private readonly settled: Uint32Array;
  private readonly sighted: Uint32Array;
  /** aim's edges near the site, by bucket of direction (bucketEdges[bucketStart[b]..bucketStart[b + 1]]). */
  private readonly edgeNear: Float64Array;
  private readonly bucketStart = new Int32Array(BUCKETS + 1);
  private readonly fill = new Int32Array(BUCKETS);
  private bucketEdges = new Int32Array(1024);
  private readonly near: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private round = 0;
  private readonly heap = new CellHeap();
  private readonly steps: Float64Array;
  private readonly outCells: Int32Array;
  private readonly outDist: Float64Array;
  private readonly reachOut: Int32Array;
  private readonly shadows: Int32Array;

  constructor(
    private readonly grid: RoomGrid,
    readonly radius: number,
  ) {
    const total = grid.state.length;
    this.best = new Float64Array(total);
    this.seen = new Uint32Array(total);
    this.settled = new Uint32Array(total);
    this.sighted = new Uint32Array(total);
    const edgeCount = grid.edges.length / 4;
    this.edgeNear = new Float64Array(edgeCount);
    this.near = new Int32Array(edgeCount);
    this.lo = new Int32Array(edgeCount);
    this.hi = new Int32Array(edgeCount);
    this.steps = Float64Array.from(MOVES, (m) => m[2] * grid.h);
    this.outCells = new Int32Array(total);
    this.outDist = new Float64Array(total);
    this.reachOut = new Int32Array(total);
    this.shadows = new Int32Array(total);
    this.slack = cellSlack(grid);
  }

  /** The cells a unit at `site` reaches: every room point in them within the radius (its distance and slack). */
  reached(site: number): Int32Array {
    let cells = this.reach.get(site);
    if (!cells) {
      if (this.reach.size > 4000) this.reach.clear();
      // Made in the scratch arrays when not kept already: most candidates' fields are asked for their reach alone.
      const known = this.cache.get(site);
      const count = known ? -1 : this.measure(site);
      const from = known ? known.cells : this.outCells;
      const dist = known ? known.dist : this.outDist;
      const n = known ? known.cells.length : count;
      let kept = 0;
      for (let k = 0; k < n; k++) if (dist[k]! + this.slack[from[k]!]! <= this.radius) this.reachOut[kept++] = from[k]!;
      cells = this.reachOut.slice(0, kept);
      this.reach.set(site, cells);
    }
    return cells;
  }

  from(site: number): Field {
    let field = this.cache.get(site);
    if (!field) {
      if (this.cache.size > 4000) this.cache.clear();
      const count = this.measure(site);
      field = { cells: this.outCells.slice(0, count), dist: this.outDist.slice(0, count) };
      this.cache.set(site, field);
    }
    return field;
  }

  /** The field of a site into outCells and outDist: how many cells it holds. */
  private measure(site: number): number {
    return this.grid.convex ? this.straight(site) : this.search(site);
  }

  /** In a convex room every straight line stays in it. */
  private straight(site: number): number {
    const g = this.grid;
    const si = site % g.nx;
    const sj = (site - si) / g.nx;
    const sx = g.state[site] ? g.repX[site]! : g.x0 + (si + 0.5) * g.h;
    const sy = g.state[site] ? g.repY[site]! : g.y0 + (sj + 0.5) * g.h;
    const k = Math.ceil(this.radius / g.h) + 1;
    let count = 0;
    for (let j = Math.max(0, sj - k); j <= Math.min(g.ny - 1, sj + k); j++) {
      for (let i = Math.max(0, si - k); i <= Math.min(g.nx - 1, si + k); i++) {
        const c = i + j * g.nx;
        if (!g.state[c]) continue;
        const d = Math.hypot(g.repX[c]! - sx, g.repY[c]! - sy);
        if (d <= this.radius) {
          this.outCells[count] = c;
          this.outDist[count++] = d;
        }
      }
    }
    return count;
  }

  private search(site: number): number {
    const g = this.grid;
    const { nx, ny, h, state, repX, repY } = g;
    const radius = this.radius;
    const round = ++this.round;
    const { best, seen, settled, sighted, heap, steps, shadows } = this;
    const si = site % nx;
    const sj = (site - si) / nx;
    const sx = state[site] ? repX[site]! : g.x0 + (si + 0.5) * h;
    const sy = state[site] ? repY[site]! : g.y0 + (sj + 0.5) * h;
    this.aim(sx, sy);
    let count = 0;
    const record = (c: number, d: number) => {
      this.outCells[count] = c;
      this.outDist[count++] = d;
    };
    seen[site] = round;
    sighted[site] = round;
    best[site] = 0;
    record(site, 0);
    // The cells the site sees: the straight distance, which no way round can beat. The others (in the shadows of
    // walls) wait for the search below.
    let shadowCount = 0;
    const k = Math.ceil(radius / h) + 1;
    // Row by row, the cells whose middle is within the radius and a cell (a representative point is within a cell's
    // half-diagonal of its middle).
    const wide = radius + h;
    for (let j = Math.max(0, sj - k); j <= Math.min(ny - 1, sj + k); j++) {
      const dy = Math.max(0, Math.abs(g.y0 + (j + 0.5) * h - sy) - h);
      if (dy > wide) continue;
      const half = Math.sqrt(wide * wide - dy * dy);
      const i0 = Math.max(0, Math.floor((sx - half - g.x0) / h));
      const i1 = Math.min(nx - 1, Math.floor((sx + half - g.x0) / h));
      for (let i = i0; i <= i1; i++) {
        const c = i + j * nx;
        if (!state[c] || c === site) continue;
        const ex = repX[c]! - sx;
        const ey = repY[c]! - sy;
        const straight = Math.sqrt(ex * ex + ey * ey);
        if (straight > radius) continue;
        seen[c] = round;
        if (this.sees(sx, sy, repX[c]!, repY[c]!, straight)) {
          sighted[c] = round;
          best[c] = straight;
          record(c, straight);
        } else {
          best[c] = Infinity;
          shadows[shadowCount++] = c;
        }
      }
    }
    if (shadowCount === 0) return count;
    // Round the walls: the shortest way over the grid into the shadows, from the seen cells beside them (fields.ts's
    // moves, which cross no wall).
    const open = openMoves(g);
    const offsets = moveOffsets(nx);
    heap.clear();
    for (let q = 0; q < shadowCount; q++) {
      const c = shadows[q]!;
      const i = c % nx;
      const j = (c - i) / nx;
      for (let m = 0; m < MOVE_COUNT; m++) {
        const ni = i - MOVE_DI[m]!;
        const nj = j - MOVE_DJ[m]!;
        if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
        const n = ni + nj * nx;
        if (sighted[n] !== round || settled[n] === round || (state[n] === BOUNDARY && n !== site)) continue;
        settled[n] = round;
        heap.push(n, best[n]!);
      }
    }
    for (let q = 0; q < heap.size; q++) settled[heap.nodeAt(q)] = 0;
    while (heap.size) {
      const d = heap.topKey();
      const c = heap.pop();
      if (settled[c] === round || d > best[c]!) continue;
      settled[c] = round;
      if (sighted[c] !== round) record(c, d);
      // A boundary cell (its centre outside the room) is reached but passes nothing on (fields.ts: thin walls).
      if (state[c] === BOUNDARY && c !== site) continue;
      const i = c % nx;
      const j = (c - i) / nx;
      const cx = g.x0 + (i + 0.5) * h;
      const cy = g.y0 + (j + 0.5) * h;
      const allowed = open[c]!;
      for (let m = 0; m < MOVE_COUNT; m++) {
        if (!((allowed >> m) & 1)) continue;
        const n = c + offsets[m]!;
        if (seen[n] !== round || sighted[n] === round || settled[n] === round) continue;
        const nd = d + (state[n] === INTERIOR ? steps[m]! : Math.hypot(repX[n]! - cx, repY[n]! - cy));
        if (nd > radius || nd >= best[n]!) continue;
        best[n] = nd;
        heap.push(n, nd);
      }
    }
    return count;
  }

  /**
   * The edges near the site (within the radius) by direction from it: each edge in every bucket of directions its ends
   * span (the shorter way round), nearest first, so that a point's line of sight is tested against the few edges that
   * lie in its direction and nearer than it.
   */
  private aim(sx: number, sy: number): void {
    const g = this.grid;
    const e = g.edges;
    const edgeCount = e.length / 4;
    const { bucketStart, near, lo, hi } = this;
    bucketStart.fill(0);
    let found = 0;
    for (let k = 0; k < edgeCount; k++) {
      const ax = e[4 * k]!;
      const ay = e[4 * k + 1]!;
      const bx = e[4 * k + 2]!;
      const by = e[4 * k + 3]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((sx - ax) * dx + (sy - ay) * dy) / len2)) : 0;
      const d = Math.hypot(sx - ax - t * dx, sy - ay - t * dy);
      if (d > this.radius) continue;
      let a1 = bucketOf(ax - sx, ay - sy);
      let a2 = bucketOf(bx - sx, by - sy);
      if (a1 > a2) [a1, a2] = [a2, a1];
      // The shorter way round: across direction 0 when the ends are more than half the buckets apart.
      const wraps = a2 - a1 > BUCKETS / 2;
      this.edgeNear[k] = d;
      near[found] = k;
      lo[found] = wraps ? a2 : a1;
      hi[found] = wraps ? a1 + BUCKETS : a2;
      found++;
    }
    // Nearest first: a point's test stops at the first edge farther than the point.
    const order = Array.from(near.subarray(0, found).keys()).sort((p, q) => this.edgeNear[near[p]!]! - this.edgeNear[near[q]!]!);
    for (const f of order) for (let b = lo[f]!; b <= hi[f]!; b++) bucketStart[(b % BUCKETS) + 1]!++;
    for (let b = 0; b < BUCKETS; b++) bucketStart[b + 1]! += bucketStart[b]!;
    if (this.bucketEdges.length < bucketStart[BUCKETS]!) this.bucketEdges = new Int32Array(bucketStart[BUCKETS]! * 2);
    const fill = this.fill;
    fill.set(bucketStart.subarray(0, BUCKETS));
    for (const f of order) for (let b = lo[f]!; b <= hi[f]!; b++) this.bucketEdges[fill[b % BUCKETS]!++] = near[f]!;
  }

  /** Whether the segment from the site (sx, sy) to (px, py), d long, crosses no edge of the outline (after aim). */
  private sees(sx: number, sy: number, px: number, py: number, d: number): boolean {
    const b = bucketOf(px - sx, py - sy);
    const e = this.grid.edges;
    for (let k = this.bucketStart[b]!; k < this.bucketStart[b + 1]!; k++) {
      const id = this.bucketEdges[k]!;
      if (this.edgeNear[id]! > d) return true;
      if (crossesEdge(sx, sy, px, py, e, id * 4)) return false;
    }
    return true;
  }
}

/** Buckets of direction round a site. */
const BUCKETS = 512;

/** The bucket of a direction (dx, dy): by its pseudo-angle in [0, 4), which grows with the angle as atan2 does. */
function bucketOf(dx: number, dy: number): number {
  const sum = Math.abs(dx) + Math.abs(dy);
  if (sum === 0) return 0;
  const p = dy / sum;
  const angle = dx >= 0 ? (dy >= 0 ? p : 4 + p) : 2 - p;
  return Math.min(BUCKETS - 1, Math.floor((angle * BUCKETS) / 4));
}

/**
 * How far a room point in each cell can be from the cell's representative point. Where the room's part of the cell is
 * convex — no edge in the cell, or one run of the outline through it that turns only outwards — it is exact: the
 * farthest of that part's corners (the square's corners in the room, where the outline enters and leaves, its corners
 * inside). Elsewhere (a wall's end, a wall thinner than a cell) the grid's margin and a cell more, as before.
 */
function cellSlack(grid: RoomGrid): Float64Array {
  const slack = new Float64Array(grid.state.length);
  const { nx, h, edges, edgeStart, edgeIds, rings } = grid;
  // Each ring vertex: which cell holds it and whether the room's corner there is reflex (more than 180° inside).
  const vertexCell: number[] = [];
  const reflex: boolean[] = [];
  const vertexAt: [number, number][] = [];
  rings.forEach((ring, r) => {
    let twice = 0;
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k]!;
      const b = ring[(k + 1) % ring.length]!;
      twice += a[0] * b[1] - b[0] * a[1];
    }
    // The room lies left of the exterior when it runs anticlockwise, right of a hole then.
    const roomLeft = twice > 0 === (r === 0);
    for (let k = 0; k < ring.length; k++) {
      const a = ring[(k + ring.length - 1) % ring.length]!;
      const b = ring[k]!;
      const c = ring[(k + 1) % ring.length]!;
      const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
      reflex.push(roomLeft ? turn < 0 : turn > 0);
      vertexAt.push([b[0], b[1]]);
      const i = Math.floor((b[0] - grid.x0) / h);
      const j = Math.floor((b[1] - grid.y0) / h);
      vertexCell.push(i >= 0 && j >= 0 && i < nx && j < grid.ny ? i + j * nx : -1);
    }
  });
  const vertices = new Map<number, number[]>();
  vertexCell.forEach((c, v) => {
    if (c >= 0) vertices.set(c, [...(vertices.get(c) ?? []), v]);
  });
  for (const c of grid.cells) {
    const held = edgeStart[c + 1]! - edgeStart[c]!;
    const inCell = vertices.get(c) ?? [];
    if (held === 0 && inCell.length === 0) {
      slack[c] = grid.margin[c]!;
      continue;
    }
    const convexPart = (grid.convex || held - inCell.length === 1) && !inCell.some((v) => reflex[v]);
    if (!convexPart) {
      slack[c] = grid.margin[c]! + h;
      continue;
    }
    const i = c % nx;
    const j = (c - i) / nx;
    const x0 = grid.x0 + i * h;
    const y0 = grid.y0 + j * h;
    const rx = grid.repX[c]!;
    const ry = grid.repY[c]!;
    let far = 0;
    const reach = (x: number, y: number) => (far = Math.max(far, Math.hypot(x - rx, y - ry)));
    for (const [x, y] of [
      [x0, y0],
      [x0 + h, y0],
      [x0 + h, y0 + h],
      [x0, y0 + h],
    ] as const)
      if (insideNear(grid, x, y)) reach(x, y);
    for (const v of inCell) reach(vertexAt[v]![0], vertexAt[v]![1]);
    // Where the outline enters and leaves the square: the edges this cell holds, and its neighbours' (an edge that only
    // grazes a corner of this cell may be held by them alone).
    for (let dj = -1; dj <= 1; dj++)
      for (let di = -1; di <= 1; di++) {
        if (i + di < 0 || j + dj < 0 || i + di >= nx || j + dj >= grid.ny) continue;
        const n = c + di + dj * nx;
        for (let k = edgeStart[n]!; k < edgeStart[n + 1]!; k++) {
          const e = edgeIds[k]! * 4;
          const clipped = clipToSquare(edges[e]!, edges[e + 1]!, edges[e + 2]!, edges[e + 3]!, x0, y0, h);
          if (clipped) {
            reach(clipped[0], clipped[1]);
            reach(clipped[2], clipped[3]);
          }
        }
      }
    // A little over, for the rounding of the square's corners against the outline.
    slack[c] = Math.min(grid.margin[c]! + h, far + 1e-6);
  }
  return slack;
}

/** Whether a square corner is in the room: by the even-odd rule over the rings (rare: only cells the outline passes). */
function insideNear(grid: RoomGrid, x: number, y: number): boolean {
  let inside = false;
  for (const ring of grid.rings) {
    for (let i = 0, n = ring.length, j = n - 1; i < n; j = i++) {
      const pi = ring[i]!;
      const pj = ring[j]!;
      if (pi[1] > y !== pj[1] > y && x < ((pj[0] - pi[0]) * (y - pi[1])) / (pj[1] - pi[1]) + pi[0]) inside = !inside;
    }
  }
  return inside;
}

/** The part of segment (ax, ay)–(bx, by) inside the square [x0, x0 + h] × [y0, y0 + h] (Liang–Barsky), if any. */
function clipToSquare(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  h: number,
): [number, number, number, number] | undefined {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (const [p, q] of [
    [-dx, ax - x0],
    [dx, x0 + h - ax],
    [-dy, ay - y0],
    [dy, y0 + h - ay],
  ] as const) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
  }
  return t0 <= t1 ? [ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy] : undefined;
}
