import {
  clipRingToHalfPlane,
  distanceToRings,
  pointInRing,
  pointInRings,
  ringArea,
  ringIsConvex,
  type Pt,
  type Ring,
} from '../geometry/ring.js';
import { cellAt } from './cover.js';
import { Fields } from './fields.js';
import { obstacleDistanceAt, type RoomGrid } from './grid.js';

/** Where a new unit may stand: inside the room, away from its walls and from obstacles (air inlets). */
export interface Siting {
  wallDistance: number;
  obstacles: readonly Ring[];
  obstacleDistance: number;
  feasible: Uint8Array;
  /** For each grid index, a feasible cell near it (or -1). */
  nearest: Int32Array;
}

/** A unit and the part of the room it stands for (in plan coordinates). */
export interface Piece {
  at: Pt;
  /** The part of the room: exterior and holes. */
  shape: { exterior: Pt[]; interiors: Pt[][] };
  area: number;
}

/**
 * Strip placement: the room is cut, in its main wall direction, into strips of equal width, and
 * each strip into pieces no longer than the rules allow (a piece's area at most maxArea, its
 * half-diagonal at most the radius); a unit stands in the middle of each piece. Each piece is then
 * checked: in a convex room the farthest point of a piece is one of its corners, so the check is
 * exact; in other rooms it is done on the room grid, distances measured inside the room. A piece
 * that fails is halved. The strip count and direction giving the fewest units win.
 */
export function stripPlacement(grid: RoomGrid, radius: number, maxArea: number, siting: Siting): Piece[] | undefined {
  const rings = grid.rings;
  const theta = mainDirection(rings[0]!);
  const reach = radius;
  if (reach <= 0) return undefined;
  const plans: { count: number; angle: number; nx: number }[] = [];
  for (const angle of [theta, theta + Math.PI / 2]) {
    const rotated = rings[0]!.map((p) => rotate(p, -angle));
    const [u0, u1] = extent(rotated, 0);
    const width = u1 - u0;
    const nxMin = Math.max(1, Math.ceil(width / (2 * reach) - 1e-9));
    for (let nx = nxMin; nx <= nxMin + 14; nx++) {
      const w = width / nx;
      const pieceLength = maxPieceLength(w, reach, maxArea);
      if (!(pieceLength > 0)) continue;
      let count = 0;
      for (let k = 0; k < nx; k++) {
        const strip = clipStrip(rotated, u0 + k * w, u0 + (k + 1) * w);
        if (strip.length < 3) continue;
        const [v0, v1] = extent(strip, 1);
        count += Math.max(1, Math.ceil((v1 - v0) / pieceLength - 1e-9));
      }
      plans.push({ count, angle, nx });
    }
  }
  plans.sort((a, b) => a.count - b.count);
  let best: Piece[] | undefined;
  for (const plan of plans.slice(0, 4)) {
    if (best && plan.count >= best.length) break;
    const pieces = buildPlan(grid, plan.angle, plan.nx, reach, radius, maxArea, siting);
    if (pieces && (!best || pieces.length < best.length)) best = pieces;
  }
  return best;
}

function maxPieceLength(w: number, reach: number, maxArea: number): number {
  if (w / 2 >= reach) return 0;
  return Math.min(maxArea / w, 2 * Math.sqrt(reach * reach - (w * w) / 4));
}

function buildPlan(grid: RoomGrid, angle: number, nx: number, reach: number, radius: number, maxArea: number, siting: Siting) {
  const rings = grid.rings;
  const rotated = rings.map((ring) => ring.map((p) => rotate(p, -angle)));
  const [u0, u1] = extent(rotated[0]!, 0);
  const w = (u1 - u0) / nx;
  const pieceLength = maxPieceLength(w, reach, maxArea);
  const pieces: Piece[] = [];
  const fields = grid.convex ? undefined : new Fields(grid, radius);
  for (let k = 0; k < nx; k++) {
    const a = u0 + k * w;
    const b = a + w;
    const strip = clipStrip(rotated[0]!, a, b);
    if (strip.length < 3) continue;
    const [v0, v1] = extent(strip, 1);
    const m = Math.max(1, Math.ceil((v1 - v0) / pieceLength - 1e-9));
    const step = (v1 - v0) / m;
    for (let i = 0; i < m; i++) {
      const ok = placePiece(grid, rotated, angle, [a, b, v0 + i * step, v0 + (i + 1) * step], radius, siting, fields, pieces, 0);
      if (!ok) return undefined;
    }
  }
  return pieces;
}

type Rect = [number, number, number, number];

/** Places a unit for the piece of the room inside rect (rotated frame); halves the piece when one unit cannot cover it. */
function placePiece(
  grid: RoomGrid,
  rotated: Pt[][],
  angle: number,
  rect: Rect,
  radius: number,
  siting: Siting,
  fields: Fields | undefined,
  out: Piece[],
  depth: number,
): boolean {
  const [a, b, c, d] = rect;
  const exterior = clipRect(rotated[0]!, rect);
  const area = exterior.length >= 3 ? Math.abs(ringArea(exterior)) : 0;
  if (area < 1e-6) return true;
  const interiors = rotated
    .slice(1)
    .map((hole) => clipRect(hole, rect))
    .filter((hole) => hole.length >= 3 && Math.abs(ringArea(hole)) > 1e-9);
  const netArea = area - interiors.reduce((s, hole) => s + Math.abs(ringArea(hole)), 0);
  if (netArea < 1e-6) return true;
  const [x0, x1] = extent(exterior, 0);
  const [y0, y1] = extent(exterior, 1);
  const middle: Pt = [(x0 + x1) / 2, (y0 + y1) / 2];
  // A convex piece without holes holds the straight line from a unit inside it to any of its
  // points, so the distance inside the room is the straight one and the corners decide exactly.
  const simple = interiors.length === 0 && ringIsConvex(exterior);
  const at = siteFor(grid, rotate(middle, angle), siting, !simple && !!fields);
  const local = at && rotate(at, -angle);
  const exact = simple && local !== undefined && pointInRing(local[0], local[1], exterior);
  if (at && local && covers(grid, local, exterior, radius, exact ? undefined : fields, angle, rect)) {
    out.push({
      at,
      shape: { exterior: exterior.map((p) => rotate(p, angle)), interiors: interiors.map((hole) => hole.map((p) => rotate(p, angle))) },
      area: netArea,
    });
    return true;
  }
  if (depth >= 4) return false;
  const halves: Rect[] =
    b - a >= d - c
      ? [
          [a, (a + b) / 2, c, d],
          [(a + b) / 2, b, c, d],
        ]
      : [
          [a, b, c, (c + d) / 2],
          [a, b, (c + d) / 2, d],
        ];
  return halves.every((half) => placePiece(grid, rotated, angle, half, radius, siting, fields, out, depth + 1));
}

/** The point itself when a unit may stand there, else the nearest feasible cell centre (always a cell centre on the grid path). */
function siteFor(grid: RoomGrid, p: Pt, siting: Siting, onGrid: boolean): Pt | undefined {
  if (
    !onGrid &&
    pointInRings(p[0], p[1], grid.rings) &&
    distanceToRings(p[0], p[1], grid.rings) >= siting.wallDistance &&
    (siting.obstacles.length === 0 || obstacleDistanceAt(p[0], p[1], siting.obstacles) >= siting.obstacleDistance)
  )
    return p;
  const cell = siting.nearest[cellAt(grid, p[0], p[1])]!;
  return cell >= 0 ? [grid.repX[cell]!, grid.repY[cell]!] : undefined;
}

/** Whether a unit at `at` (rotated frame) reaches every point of the piece. */
function covers(
  grid: RoomGrid,
  at: Pt,
  piece: readonly Pt[],
  radius: number,
  fields: Fields | undefined,
  angle: number,
  rect: Rect,
): boolean {
  if (!fields) return piece.every((p) => Math.hypot(p[0] - at[0], p[1] - at[1]) <= radius + 1e-9);
  const plan = rotate(at, angle);
  const site = cellAt(grid, plan[0], plan[1]);
  const field = fields.from(site);
  const reached = new Set<number>();
  for (let k = 0; k < field.cells.length; k++) {
    const c = field.cells[k]!;
    if (field.dist[k]! + grid.margin[c]! + grid.h <= radius) reached.add(c);
  }
  // Every cell whose representative point lies in the piece's rectangle must be reached.
  const [a, b, c, d] = rect;
  const corners = [rotate([a, c], angle), rotate([b, c], angle), rotate([a, d], angle), rotate([b, d], angle)];
  const [i0, i1] = [Math.min(...corners.map((p) => p[0])), Math.max(...corners.map((p) => p[0]))];
  const [j0, j1] = [Math.min(...corners.map((p) => p[1])), Math.max(...corners.map((p) => p[1]))];
  const lo = cellAt(grid, i0, j0);
  const hi = cellAt(grid, i1, j1);
  const iLo = lo % grid.nx;
  const jLo = (lo - iLo) / grid.nx;
  const iHi = hi % grid.nx;
  const jHi = (hi - iHi) / grid.nx;
  for (let j = jLo; j <= jHi; j++) {
    for (let i = iLo; i <= iHi; i++) {
      const cell = i + j * grid.nx;
      if (!grid.state[cell]) continue;
      const [u, v] = rotate([grid.repX[cell]!, grid.repY[cell]!], -angle);
      if (u < a || u > b || v < c || v > d) continue;
      if (!reached.has(cell)) return false;
    }
  }
  return true;
}

/** The direction (radians) of the ring's longest edge: the way most of its walls run. */
export function mainDirection(ring: Ring): number {
  let best = 0;
  let angle = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len > best) {
      best = len;
      angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
    }
  }
  return angle;
}

export const rotate = (p: Pt, angle: number): Pt => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
};

const extent = (points: readonly Pt[], axis: 0 | 1): [number, number] => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    lo = Math.min(lo, p[axis]);
    hi = Math.max(hi, p[axis]);
  }
  return [lo, hi];
};

const clipStrip = (ring: readonly Pt[], a: number, b: number): Pt[] => clipRingToHalfPlane(clipRingToHalfPlane(ring, -1, 0, -a), 1, 0, b);

const clipRect = (ring: readonly Pt[], [a, b, c, d]: Rect): Pt[] =>
  clipRingToHalfPlane(clipRingToHalfPlane(clipStrip(ring, a, b), 0, -1, -c), 0, 1, d);
