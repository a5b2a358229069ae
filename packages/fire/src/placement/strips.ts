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
import { Geodesic } from '../geometry/geodesic.js';
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
  const inside = grid.convex ? undefined : new Inside(grid.rings, rotated);
  for (let k = 0; k < nx; k++) {
    const a = u0 + k * w;
    const b = a + w;
    const strip = clipStrip(rotated[0]!, a, b);
    if (strip.length < 3) continue;
    const [v0, v1] = extent(strip, 1);
    const m = Math.max(1, Math.ceil((v1 - v0) / pieceLength - 1e-9));
    const step = (v1 - v0) / m;
    for (let i = 0; i < m; i++) {
      const ok = placePiece(grid, rotated, angle, [a, b, v0 + i * step, v0 + (i + 1) * step], radius, siting, inside, pieces, 0);
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
  inside: Inside | undefined,
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
  const at = siteFor(grid, rotate(middle, angle), siting);
  const local = at && rotate(at, -angle);
  const straight = !inside || (simple && local !== undefined && pointInRing(local[0], local[1], exterior));
  const reached =
    at &&
    local &&
    (straight
      ? exterior.every((p) => Math.hypot(p[0] - local[0], p[1] - local[1]) <= radius + 1e-9)
      : inside.reaches(at, rect, [exterior, ...interiors], radius, angle));
  if (at && reached) {
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
  return halves.every((half) => placePiece(grid, rotated, angle, half, radius, siting, inside, out, depth + 1));
}

/** The point itself when a unit may stand there, else the nearest feasible cell centre. */
function siteFor(grid: RoomGrid, p: Pt, siting: Siting): Pt | undefined {
  if (
    pointInRings(p[0], p[1], grid.rings) &&
    distanceToRings(p[0], p[1], grid.rings) >= siting.wallDistance &&
    (siting.obstacles.length === 0 || obstacleDistanceAt(p[0], p[1], siting.obstacles) >= siting.obstacleDistance)
  )
    return p;
  const cell = siting.nearest[cellAt(grid, p[0], p[1])]!;
  return cell >= 0 ? [grid.repX[cell]!, grid.repY[cell]!] : undefined;
}

/** Sample spacing of the inside-distance check of pieces that are not convex. */
const SAMPLE = 0.2;

/**
 * Distances inside a non-convex room, exact (around corners, Geodesic), checked on points of the
 * piece every SAMPLE metres and its corners; every piece point is within SAMPLE/√2 of a sample,
 * which the check allows for.
 */
class Inside {
  private readonly geodesic: Geodesic;
  constructor(
    rings: readonly Ring[],
    private readonly rotated: readonly (readonly Pt[])[],
  ) {
    this.geodesic = new Geodesic(rings);
  }

  reaches(at: Pt, [a, b, c, d]: Rect, piece: readonly (readonly Pt[])[], radius: number, angle: number): boolean {
    const distance = this.geodesic.fromSource(at);
    const limit = radius - SAMPLE * Math.SQRT1_2;
    const check = (p: Pt) => {
      const plan = rotate(p, angle);
      return Math.hypot(plan[0] - at[0], plan[1] - at[1]) <= limit || distance(plan) <= limit;
    };
    for (const ring of piece) for (const p of ring) if (!check(p)) return false;
    for (let u = a + SAMPLE / 2; u < b; u += SAMPLE) {
      for (let v = c + SAMPLE / 2; v < d; v += SAMPLE) {
        if (pointInRings(u, v, this.rotated) && !check([u, v])) return false;
      }
    }
    return true;
  }
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
