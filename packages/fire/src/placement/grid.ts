import { distanceToRings, pointInRing, ringArea, ringIsConvex, segmentClosest, type Pt, type Ring } from '../geometry/ring.js';

/**
 * A room rasterised for placement: square cells of side h over the room's bounding box. A cell is
 * 'interior' when its centre is inside the room and 'boundary' when the room's outline crosses it
 * but its centre is outside; every point of the room lies in one of those cells. Each cell stands
 * for the room points in it by its representative point (the centre, or for a boundary cell the
 * nearest point of the outline), which is at most `margin` from any room point in the cell.
 */
export interface RoomGrid {
  rings: readonly Ring[];
  convex: boolean;
  area: number;
  x0: number;
  y0: number;
  h: number;
  nx: number;
  ny: number;
  /** 0 outside, 1 interior, 2 boundary; by grid index i + j*nx. */
  state: Uint8Array;
  repX: Float64Array;
  repY: Float64Array;
  /** Area a cell stands for (interior cells share the room's exact area). */
  weight: Float64Array;
  /** How far a room point in the cell can be from its representative point. */
  margin: Float64Array;
  /** The grid indices of interior and boundary cells. */
  cells: Int32Array;
  /** The outline's edges as ax, ay, bx, by, and by cell the edges passing through it (edgeIds[edgeStart[c]..edgeStart[c + 1]]). */
  edges: Float64Array;
  edgeStart: Int32Array;
  edgeIds: Int32Array;
}

export const INTERIOR = 1;
export const BOUNDARY = 2;

/** Cell side for a room: fine in small rooms, coarser in halls, where the area rule governs and the cell count would grow. */
export function cellSizeFor(area: number, convex: boolean): number {
  const h = Math.sqrt(area / (convex ? 3000 : 5000));
  return Math.min(convex ? 0.5 : 0.35, Math.max(0.1, h));
}

export function buildGrid(rings: readonly Ring[], h?: number): RoomGrid {
  const exterior = rings[0]!;
  const area = Math.abs(ringArea(exterior)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
  const convex = rings.length === 1 && ringIsConvex(exterior);
  const size = h ?? cellSizeFor(area, convex);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of exterior) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const x0 = minX - size;
  const y0 = minY - size;
  const nx = Math.ceil((maxX - x0) / size) + 2;
  const ny = Math.ceil((maxY - y0) / size) + 2;
  const total = nx * ny;
  const state = new Uint8Array(total);
  const repX = new Float64Array(total);
  const repY = new Float64Array(total);
  const margin = new Float64Array(total);
  const weight = new Float64Array(total);
  const repDist = new Float64Array(total).fill(Infinity);

  // Interior cells by scanlines through the cell centres (even-odd over all rings).
  const xs: number[] = [];
  for (let j = 0; j < ny; j++) {
    const y = y0 + (j + 0.5) * size;
    xs.length = 0;
    for (const ring of rings) {
      for (let k = 0, n = ring.length; k < n; k++) {
        const a = ring[k]!;
        const b = ring[(k + 1) % n]!;
        if (a[1] > y !== b[1] > y) xs.push(a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
      }
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil((xs[k]! - x0) / size - 0.5));
      const to = Math.min(nx - 1, Math.floor((xs[k + 1]! - x0) / size - 0.5));
      for (let i = from; i <= to; i++) {
        const c = i + j * nx;
        state[c] = INTERIOR;
        repX[c] = x0 + (i + 0.5) * size;
        repY[c] = y;
        margin[c] = size * Math.SQRT1_2;
      }
    }
  }
  // Boundary cells: every cell an edge passes through whose centre is outside. Every cell an edge passes through
  // keeps the edge, so that a path over the grid can be kept from crossing a wall thinner than a cell.
  const edgeList: number[] = [];
  const byCell = new Map<number, number[]>();
  for (const ring of rings) {
    for (let k = 0, n = ring.length; k < n; k++) {
      const a: Pt = ring[k]!;
      const b: Pt = ring[(k + 1) % n]!;
      const edge = edgeList.length / 4;
      edgeList.push(a[0], a[1], b[0], b[1]);
      const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / (size / 4)));
      for (let s = 0; s <= steps; s++) {
        const px = a[0] + ((b[0] - a[0]) * s) / steps;
        const py = a[1] + ((b[1] - a[1]) * s) / steps;
        const i = Math.floor((px - x0) / size);
        const j = Math.floor((py - y0) / size);
        if (i < 0 || j < 0 || i >= nx || j >= ny) continue;
        const c = i + j * nx;
        const held = byCell.get(c);
        if (!held) byCell.set(c, [edge]);
        else if (held[held.length - 1] !== edge) held.push(edge);
        if (state[c] === INTERIOR) continue;
        const cx = x0 + (i + 0.5) * size;
        const cy = y0 + (j + 0.5) * size;
        const closest = segmentClosest(cx, cy, a, b);
        if (closest.d < repDist[c]!) {
          repDist[c] = closest.d;
          state[c] = BOUNDARY;
          repX[c] = closest.x;
          repY[c] = closest.y;
          margin[c] = size * Math.SQRT2;
        }
      }
    }
  }
  const list: number[] = [];
  let interior = 0;
  for (let c = 0; c < total; c++) {
    if (state[c]) list.push(c);
    if (state[c] === INTERIOR) interior++;
  }
  const each = interior > 0 ? area / interior : 0;
  for (const c of list) if (state[c] === INTERIOR) weight[c] = each;
  const edgeStart = new Int32Array(total + 1);
  for (const [c, ids] of byCell) edgeStart[c + 1] = ids.length;
  for (let c = 0; c < total; c++) edgeStart[c + 1]! += edgeStart[c]!;
  const edgeIds = new Int32Array(edgeStart[total]!);
  for (const [c, ids] of byCell) edgeIds.set(ids, edgeStart[c]);
  return {
    rings,
    convex,
    area,
    x0,
    y0,
    h: size,
    nx,
    ny,
    state,
    repX,
    repY,
    weight,
    margin,
    cells: Int32Array.from(list),
    edges: Float64Array.from(edgeList),
    edgeStart,
    edgeIds,
  };
}

/** Interior cells whose centre keeps the given distances from the room's outline and from the obstacles (air inlets). */
export function feasibleCells(grid: RoomGrid, wallDistance: number, obstacles: readonly Ring[], obstacleDistance: number): Uint8Array {
  const feasible = new Uint8Array(grid.state.length);
  const nearWall = cellsNearEdges(grid, wallDistance);
  for (const c of grid.cells) {
    if (grid.state[c] !== INTERIOR || nearWall[c]) continue;
    const x = grid.repX[c]!;
    const y = grid.repY[c]!;
    if (obstacles.length && obstacleDistance > 0 && obstacleDistanceAt(x, y, obstacles) < obstacleDistance) continue;
    feasible[c] = 1;
  }
  return feasible;
}

/**
 * The interior cells whose centre is nearer than `distance` to an edge of the outline: distanceToRings(centre) <
 * distance, by the same arithmetic edge by edge, each edge asked only about the cells around it.
 */
function cellsNearEdges(grid: RoomGrid, distance: number): Uint8Array {
  const near = new Uint8Array(grid.state.length);
  const { edges, x0, y0, h, nx, ny, state, repX, repY } = grid;
  for (let e = 0; e < edges.length; e += 4) {
    const ax = edges[e]!;
    const ay = edges[e + 1]!;
    const bx = edges[e + 2]!;
    const by = edges[e + 3]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const i0 = Math.max(0, Math.floor((Math.min(ax, bx) - distance - x0) / h) - 1);
    const i1 = Math.min(nx - 1, Math.floor((Math.max(ax, bx) + distance - x0) / h) + 1);
    const j0 = Math.max(0, Math.floor((Math.min(ay, by) - distance - y0) / h) - 1);
    const j1 = Math.min(ny - 1, Math.floor((Math.max(ay, by) + distance - y0) / h) + 1);
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const c = i + j * nx;
        if (state[c] !== INTERIOR || near[c]) continue;
        const px = repX[c]!;
        const py = repY[c]!;
        const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
        if (Math.hypot(px - (ax + t * dx), py - (ay + t * dy)) < distance) near[c] = 1;
      }
  }
  return near;
}

/** Distance from a point to the nearest obstacle polygon (0 inside one). */
export function obstacleDistanceAt(x: number, y: number, obstacles: readonly Ring[]): number {
  let best = Infinity;
  for (const ring of obstacles) {
    if (ring.length >= 3 && pointInRing(x, y, ring)) return 0;
    best = Math.min(best, distanceToRings(x, y, [ring]));
  }
  return best;
}

/** How many places feasibleNear gives at most: spread over the disk, nearest first. */
const NEAR_PLACES = 48;

/** Feasible cell centres within `within` of p, nearest first, at most NEAR_PLACES. */
export function feasibleNear(grid: RoomGrid, feasible: Uint8Array, p: Pt, within: number): Pt[] {
  const i0 = Math.max(0, Math.floor((p[0] - within - grid.x0) / grid.h));
  const i1 = Math.min(grid.nx - 1, Math.floor((p[0] + within - grid.x0) / grid.h));
  const j0 = Math.max(0, Math.floor((p[1] - within - grid.y0) / grid.h));
  const j1 = Math.min(grid.ny - 1, Math.floor((p[1] + within - grid.y0) / grid.h));
  const found: { at: Pt; d: number }[] = [];
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++) {
      const c = i + j * grid.nx;
      if (!feasible[c]) continue;
      const d = Math.hypot(grid.repX[c]! - p[0], grid.repY[c]! - p[1]);
      if (d <= within) found.push({ at: [grid.repX[c]!, grid.repY[c]!], d });
    }
  found.sort((a, b) => a.d - b.d);
  // The nearest half as they come (a pocket's own mouth), the rest spread over the disk (around a thin wall).
  const near = found.slice(0, NEAR_PLACES / 2);
  const rest = found.slice(NEAR_PLACES / 2);
  const stride = Math.max(1, Math.ceil(rest.length / (NEAR_PLACES / 2)));
  return [...near, ...rest.filter((_, k) => k % stride === 0)].map((f) => f.at);
}
