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
import { Geodesic } from '../geometry/geodesic.js';
import { obstacleDistanceAt } from './grid.js';
import { bestStrips, extent, type Strip } from './strip-plan.js';

/** Where a new unit may stand: inside the room, away from its walls and from obstacles (air inlets). */
export interface Siting {
  wallDistance: number;
  obstacles: readonly Ring[];
  obstacleDistance: number;
  /** A place near p that keeps the distances (a room-grid cell centre), built only when needed. */
  nearestFeasible: (p: Pt) => Pt | undefined;
  /** Places a unit may stand within `within` of p, nearest first (a few), for pieces no usual place reaches. */
  feasibleNear?: (p: Pt, within: number) => Pt[];
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
/** The room for strip placement: its rings (exterior first) and whether it is convex without holes. */
export interface StripRoom {
  rings: readonly Ring[];
  convex: boolean;
}

export function stripPlacement(grid: StripRoom, radius: number, maxArea: number, siting: Siting): Piece[] | undefined {
  if (!(radius > 0)) return undefined;
  const plans = directions(grid.rings[0]!)
    .flatMap((angle) => {
      const rotated = grid.rings.map((ring) => ring.map((p) => rotate(p, -angle)));
      const plan = bestStrips(rotated, radius, maxArea);
      return plan ? [{ ...plan, angle, rotated }] : [];
    })
    .sort((a, b) => a.count - b.count);
  let best: Piece[] | undefined;
  for (const plan of plans.slice(0, 3)) {
    if (best && plan.count >= best.length) break;
    const pieces = buildPlan(grid, plan.angle, plan.rotated, plan.strips, radius, siting);
    if (pieces && (!best || pieces.length < best.length)) best = pieces;
  }
  return best;
}

function buildPlan(grid: StripRoom, angle: number, rotated: Pt[][], strips: Strip[], radius: number, siting: Siting): Piece[] | undefined {
  const pieces: Piece[] = [];
  const inside = grid.convex ? undefined : new Inside(grid.rings, rotated);
  for (const { a, b, stretches, pieceLength } of strips) {
    for (const [v0, v1] of stretches) {
      const m = Math.max(1, Math.ceil((v1 - v0) / pieceLength - 1e-9));
      const step = (v1 - v0) / m;
      for (let i = 0; i < m; i++) {
        // The unit at the piece's middle first, so that a strip's units stand on one line and equal strips' in rows.
        const middle: Pt = [(a + b) / 2, v0 + (i + 0.5) * step];
        const ok = placePiece(
          grid,
          rotated,
          angle,
          [a, b, v0 + i * step, v0 + (i + 1) * step],
          radius,
          siting,
          inside,
          pieces,
          0,
          4,
          middle,
        );
        if (!ok) return undefined;
      }
    }
  }
  return pieces;
}

export type Rect = [number, number, number, number];

/** Where in a piece's extent a unit may go, as fractions, in the order tried. */
const PLACES: readonly (readonly [number, number])[] = [
  [0.5, 0.5],
  [0.35, 0.5],
  [0.65, 0.5],
  [0.5, 0.35],
  [0.5, 0.65],
  [0.3, 0.3],
  [0.7, 0.3],
  [0.3, 0.7],
  [0.7, 0.7],
];

/**
 * Places a unit for the piece of the room inside rect (rotated frame); halves the piece when one unit cannot cover it,
 * down to maxDepth halvings. `first` (rotated frame) is tried before the piece's own middle: a grid point, so that units
 * stand in rows where the room lets them. `rescue` (the grid plan): a piece no place reaches is cut at a room corner
 * inside it before it is halved, and at the last the feasible places near it are tried.
 */
export function placePiece(
  grid: StripRoom,
  rotated: Pt[][],
  angle: number,
  rect: Rect,
  radius: number,
  siting: Siting,
  inside: Inside | undefined,
  out: Piece[],
  depth: number,
  maxDepth = 4,
  first?: Pt,
  rescue = false,
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
  // A convex piece without holes holds the straight line from a unit inside it to any of its
  // points, so the distance inside the room is the straight one and the corners decide exactly.
  const simple = interiors.length === 0 && ringIsConvex(exterior);
  const reaches = (at: Pt) => {
    const local = rotate(at, -angle);
    const straight = !inside || (simple && pointInRing(local[0], local[1], exterior));
    return straight
      ? exterior.every((p) => Math.hypot(p[0] - local[0], p[1] - local[1]) <= radius + 1e-9)
      : inside.reaches(at, rect, [exterior, ...interiors], radius, angle);
  };
  const shape = { exterior: exterior.map((p) => rotate(p, angle)), interiors: interiors.map((hole) => hole.map((p) => rotate(p, angle))) };
  // The middle first; where it is taken (a hole, an inlet, a wall), other points of the piece.
  const tried = new Set<string>();
  const candidates: Pt[] = PLACES.map(([fx, fy]) => [x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)]);
  if (first) candidates.unshift(first, [clampTo(first[0], x0, x1, siting.wallDistance), clampTo(first[1], y0, y1, siting.wallDistance)]);
  for (const candidate of candidates) {
    const at = siteFor(grid, rotate(candidate, angle), siting);
    if (!at || tried.has(`${at[0]},${at[1]}`)) continue;
    tried.add(`${at[0]},${at[1]}`);
    if (!reaches(at)) continue;
    out.push({ at, shape, area: netArea });
    return true;
  }
  // In a room that is not convex a piece a unit cannot reach is cut at a corner of the room inside it (a wall's end
  // or a spike of wall splits what is near in a straight line but far around it), else halved.
  const cut = rescue && inside && maxDepth > 0 ? cornerCut(rotated, rect) : undefined;
  if (!cut && depth >= maxDepth) {
    // The last resort for a small piece: any place a unit may stand near it that reaches it (a pocket whose nearest
    // feasible cell is behind a thin wall).
    for (const at of rescue && maxDepth > 0 ? (siting.feasibleNear?.(rotate([(x0 + x1) / 2, (y0 + y1) / 2], angle), radius) ?? []) : []) {
      if (tried.has(`${at[0]},${at[1]}`) || !reaches(at)) continue;
      out.push({ at, shape, area: netArea });
      return true;
    }
    return false;
  }
  const halves: Rect[] = cut
    ? cut.axis === 0
      ? [
          [a, cut.at, c, d],
          [cut.at, b, c, d],
        ]
      : [
          [a, b, c, cut.at],
          [a, b, cut.at, d],
        ]
    : b - a >= d - c
      ? [
          [a, (a + b) / 2, c, d],
          [(a + b) / 2, b, c, d],
        ]
      : [
          [a, b, c, (c + d) / 2],
          [a, b, (c + d) / 2, d],
        ];
  return halves.every((half) =>
    placePiece(grid, rotated, angle, half, radius, siting, inside, out, cut ? depth : depth + 1, maxDepth, first, rescue),
  );
}

/** A room corner this close to a piece's side (m) does not cut it: the cut would leave a sliver. */
const CUT_MARGIN = 0.05;

/** The cut through the room corner inside rect nearest its middle (rotated frame), on the axis where it is most central. */
function cornerCut(rotated: readonly (readonly Pt[])[], [a, b, c, d]: Rect): { axis: 0 | 1; at: number } | undefined {
  let best: { axis: 0 | 1; at: number; score: number } | undefined;
  for (const ring of rotated)
    for (const [u, v] of ring) {
      if (u <= a + CUT_MARGIN || u >= b - CUT_MARGIN || v <= c + CUT_MARGIN || v >= d - CUT_MARGIN) continue;
      const su = Math.abs(u - (a + b) / 2) / (b - a);
      const sv = Math.abs(v - (c + d) / 2) / (d - c);
      if (!best || su < best.score) best = { axis: 0, at: u, score: su };
      if (sv < best.score) best = { axis: 1, at: v, score: sv };
    }
  return best && { axis: best.axis, at: best.at };
}

/** v kept within [lo + margin, hi - margin] (the middle when that is empty): a grid line moved only as far as a wall asks. */
const clampTo = (v: number, lo: number, hi: number, margin: number) =>
  lo + margin > hi - margin ? (lo + hi) / 2 : Math.min(hi - margin, Math.max(lo + margin, v));

/** The point itself when a unit may stand there, else the nearest feasible cell centre. */
function siteFor(grid: StripRoom, p: Pt, siting: Siting): Pt | undefined {
  if (
    pointInRings(p[0], p[1], grid.rings) &&
    distanceToRings(p[0], p[1], grid.rings) >= siting.wallDistance &&
    (siting.obstacles.length === 0 || obstacleDistanceAt(p[0], p[1], siting.obstacles) >= siting.obstacleDistance)
  )
    return p;
  return siting.nearestFeasible(p);
}

/** Sample spacing of the inside-distance check of pieces that are not convex, and the finest it refines to. */
const SAMPLE = 0.4;
const FINEST = 0.0125;

/**
 * Distances inside a non-convex room, exact (around corners, Geodesic). The piece's corners are
 * checked as they are; its area on squares of SAMPLE: a square whose centre is within
 * radius − (half its diagonal) reaches all its points (a point moves the distance by no more than
 * it moves), otherwise it is split in four, down to FINEST (where the centre alone decides).
 */
export class Inside {
  private readonly geodesic: Geodesic;
  constructor(
    rings: readonly Ring[],
    private readonly rotated: readonly (readonly Pt[])[],
  ) {
    this.geodesic = new Geodesic(rings);
  }

  reaches(at: Pt, [a, b, c, d]: Rect, piece: readonly (readonly Pt[])[], radius: number, angle: number): boolean {
    const distance = this.geodesic.fromSource(at);
    const measure = (p: Pt) => {
      const plan = rotate(p, angle);
      const straight = Math.hypot(plan[0] - at[0], plan[1] - at[1]);
      return straight > radius ? straight : distance(plan);
    };
    // The piece's corners that are room points (a rectangle's corner may fall in a hole).
    const inRoom = (p: Pt) => pointInRings(p[0], p[1], this.rotated) || distanceToRings(p[0], p[1], this.rotated) < 1e-7;
    for (const ring of piece) for (const p of ring) if (inRoom(p) && measure(p) > radius + 1e-9) return false;
    const square = (u: number, v: number, size: number): boolean => {
      const half = size * Math.SQRT1_2;
      const inRoom = pointInRings(u, v, this.rotated);
      if (!inRoom) return size <= FINEST || distanceToRings(u, v, this.rotated) > half || quarters(u, v, size);
      const dist = measure([u, v]);
      if (dist + half <= radius) return true;
      if (size <= FINEST) return dist <= radius;
      return quarters(u, v, size);
    };
    const quarters = (u: number, v: number, size: number) => {
      const q = size / 4;
      return (
        square(u - q, v - q, size / 2) && square(u + q, v - q, size / 2) && square(u - q, v + q, size / 2) && square(u + q, v + q, size / 2)
      );
    };
    const nu = Math.max(1, Math.ceil((b - a) / SAMPLE));
    const nv = Math.max(1, Math.ceil((d - c) / SAMPLE));
    const size = Math.max((b - a) / nu, (d - c) / nv);
    for (let i = 0; i < nu; i++) {
      for (let j = 0; j < nv; j++) {
        if (!square(a + (i + 0.5) * ((b - a) / nu), c + (j + 0.5) * ((d - c) / nv), size)) return false;
      }
    }
    return true;
  }
}

/**
 * Directions (radians) to cut strips along: the two longest differently-directed edges of the
 * ring (the way most walls run), each also turned 90°, and the plan axes.
 */
export function directions(ring: Ring): number[] {
  const edges = ring
    .map((p, i) => {
      const q = ring[(i + 1) % ring.length]!;
      return { length: Math.hypot(q[0] - p[0], q[1] - p[1]), angle: Math.atan2(q[1] - p[1], q[0] - p[0]) };
    })
    .sort((a, b) => b.length - a.length);
  const out: number[] = [];
  const add = (angle: number) => {
    const folded = ((angle % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2);
    if (out.some((a) => Math.abs(a - folded) < 0.02 || Math.abs(a - folded) > Math.PI / 2 - 0.02)) return;
    out.push(folded, folded + Math.PI / 2);
  };
  for (const edge of edges) {
    add(edge.angle);
    if (out.length >= 4) break;
  }
  add(0);
  return out;
}

export const rotate = (p: Pt, angle: number): Pt => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
};

const clipStrip = (ring: readonly Pt[], a: number, b: number): Pt[] => clipRingToHalfPlane(clipRingToHalfPlane(ring, -1, 0, -a), 1, 0, b);

export const clipRect = (ring: readonly Pt[], [a, b, c, d]: Rect): Pt[] =>
  clipRingToHalfPlane(clipRingToHalfPlane(clipStrip(ring, a, b), 0, -1, -c), 0, 1, d);
