import { Geodesic } from '../geometry/geodesic.js';
import { pointInRings, type Pt, type Ring } from '../geometry/ring.js';
import type { RoomGrid } from './grid.js';
import { witnessesNeedMore, witnessPoints } from './witness-cover.js';

/** Area of the regular hexagon inscribed in a circle of radius 1: the thinnest covering of the plane by equal disks. */
export const HEXAGON_FACTOR = 2.598;

/**
 * The least number of units a room can have (the quality benchmark): the largest of 1, the area
 * rule, the hexagon bound and a packing bound — room points pairwise more than 2r apart inside
 * the room, which no single unit can all reach (it is what makes corridors count) — raised while
 * the room's witness points cannot be split among that many units (witness-cover.ts).
 */
export function roomLowerBound(grid: RoomGrid, radius: number, maxArea: number): number {
  const byArea = Number.isFinite(maxArea) && maxArea > 0 ? Math.ceil(grid.area / maxArea - 1e-9) : 1;
  const byHexagon = radius > 0 ? Math.ceil(grid.area / (HEXAGON_FACTOR * radius * radius) - 1e-9) : 1;
  let bound = Math.max(1, byArea, byHexagon, packingBound(grid, radius, 'sweep'), packingBound(grid, radius, 'farthest'));
  if (bound === 2 && !twoDisksCover(grid.rings, radius)) bound = 3;
  return radius > 0 ? byWitnesses(grid, radius, bound) : bound;
}

/** Witness points per room, and the most units the split search is asked about: beyond that it costs too much. */
const WITNESSES = 31;
export const MOST_UNITS = 12;

/**
 * The bound raised while the room's witness points (its corners and its sides split every r/3 and r/6 or so, a hair inside the room) cannot be
 * split into `bound` groups a unit could each reach: each group within a disk of radius r, and in a room that is not
 * convex no two of its points more than 2r apart inside the room (exact distances, geometry/geodesic.ts).
 */
function byWitnesses(grid: RoomGrid, radius: number, bound: number): number {
  if (bound > MOST_UNITS) return bound;
  const inRoom = (p: Pt) => pointInRings(p[0], p[1], grid.rings);
  const geodesic = grid.convex ? undefined : new Geodesic(grid.rings);
  // Sides split at different steps hold different critical points (a rectangle's thirds, its quarters): each set is
  // a valid witness, so the largest bound any gives stands.
  let best = bound;
  for (const spacing of SPACINGS) {
    const points = witnessPoints(grid.rings, radius * spacing, WITNESSES, inRoom);
    let apart: ((i: number, j: number) => boolean) | undefined;
    if (geodesic) {
      const far = points.map((p, i) => {
        const from = geodesic.fromSource(p);
        return points.map((q, j) => j !== i && Math.hypot(q[0] - p[0], q[1] - p[1]) <= 2 * radius && from(q) > 2 * radius * (1 + 1e-9));
      });
      apart = (i, j) => far[i]![j]! && far[j]![i]!;
    }
    let k = best;
    while (k <= MOST_UNITS && witnessesNeedMore(points, k, radius, { apart })) k++;
    best = k;
  }
  return best;
}

/** Witness steps along the outline, as shares of the radius. */
const SPACINGS = [1 / 3, 1 / 6];

/**
 * Whether two disks of the radius can cover the room, known exactly for rectangles: the best two
 * disks cover the two halves across the long side (Heppes & Melissen 1997), so they need a radius of
 * √(L²/16 + S²/4). Other shapes: assumed they can (the bound stays as it is).
 */
function twoDisksCover(rings: readonly Ring[], radius: number): boolean {
  if (rings.length !== 1) return true;
  const corners = rings[0]!.filter((p, i, ring) => {
    const a = ring[(i + ring.length - 1) % ring.length]!;
    const b = ring[(i + 1) % ring.length]!;
    return Math.abs((p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])) > 1e-9;
  });
  if (corners.length !== 4) return true;
  const side = (i: number) => Math.hypot(corners[(i + 1) % 4]![0] - corners[i]![0], corners[(i + 1) % 4]![1] - corners[i]![1]);
  const diagonal = Math.hypot(corners[2]![0] - corners[0]![0], corners[2]![1] - corners[0]![1]);
  const [l0, l1, l2, l3] = [side(0), side(1), side(2), side(3)];
  const rectangle = Math.abs(l0 - l2) < 1e-6 && Math.abs(l1 - l3) < 1e-6 && Math.abs(diagonal - Math.hypot(l0, l1)) < 1e-6;
  if (!rectangle) return true;
  const long = Math.max(l0, l1);
  const short = Math.min(l0, l1);
  return Math.sqrt((long * long) / 16 + (short * short) / 4) <= radius + 1e-9;
}

/**
 * Greedy packing of candidates (room corners and grid points), each taken when it is more than 2r
 * from every point taken: in 'sweep' order (corners, then the grid row by row — best in corridors)
 * or 'farthest' first (start at the point farthest from the centroid, then always the candidate
 * farthest from all taken — best in compact odd shapes). Straight-line distance is never more than the distance inside
 * the room, so straight-line far is far; in non-convex rooms a pair that is close in a straight line
 * is measured exactly inside the room.
 */
export function packingBound(grid: RoomGrid, radius: number, order: 'sweep' | 'farthest'): number {
  if (!(radius > 0)) return 1;
  const limit = 2 * radius;
  const candidates: Pt[] = grid.rings[0]!.map((p) => [p[0], p[1]] as Pt);
  const most = grid.convex ? 3000 : 600;
  const stride = Math.max(1, Math.floor(grid.cells.length / most));
  for (let k = 0; k < grid.cells.length; k += stride) {
    const c = grid.cells[k]!;
    candidates.push([grid.repX[c]!, grid.repY[c]!]);
  }
  const geodesic = grid.convex ? undefined : new Geodesic(grid.rings);
  let cx = 0;
  let cy = 0;
  for (const p of candidates) {
    cx += p[0];
    cy += p[1];
  }
  cx /= candidates.length;
  cy /= candidates.length;
  let first = 0;
  if (order === 'farthest') {
    candidates.forEach((p, i) => {
      if (Math.hypot(p[0] - cx, p[1] - cy) > Math.hypot(candidates[first]![0] - cx, candidates[first]![1] - cy)) first = i;
    });
  }
  const nearest = new Float64Array(candidates.length).fill(Infinity);
  let count = 0;
  let next = first;
  while (next >= 0) {
    count++;
    const p = candidates[next]!;
    const inside = geodesic?.fromSource(p);
    let best = -1;
    candidates.forEach((q, i) => {
      let d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (inside && d <= limit && d > limit / 3 && nearest[i]! > limit) d = inside(q);
      if (d < nearest[i]!) nearest[i] = d;
      if (nearest[i]! > limit && (best < 0 || (order === 'farthest' && nearest[i]! > nearest[best]!))) best = i;
    });
    next = best;
  }
  return Math.max(1, count);
}
