import { Geodesic } from '../geometry/geodesic.js';
import type { Pt } from '../geometry/ring.js';
import type { RoomGrid } from './grid.js';

/** Area of the regular hexagon inscribed in a circle of radius 1: the thinnest covering of the plane by equal disks. */
export const HEXAGON_FACTOR = 2.598;

/**
 * The least number of units a room can have (the quality benchmark): the largest of 1, the area
 * rule, the hexagon bound and a packing bound — room points pairwise more than 2r apart inside
 * the room, which no single unit can all reach (it is what makes corridors count).
 */
export function roomLowerBound(grid: RoomGrid, radius: number, maxArea: number): number {
  const byArea = Number.isFinite(maxArea) && maxArea > 0 ? Math.ceil(grid.area / maxArea - 1e-9) : 1;
  const byHexagon = radius > 0 ? Math.ceil(grid.area / (HEXAGON_FACTOR * radius * radius) - 1e-9) : 1;
  return Math.max(1, byArea, byHexagon, packingBound(grid, radius));
}

/**
 * Greedy packing: the room's corners first, then grid points in sweep order, each kept when it is
 * more than 2r from every point kept. Straight-line distance is never more than the distance
 * inside the room, so the points are pairwise far apart inside the room too; in non-convex rooms
 * the exact inside distance is used for pairs that are close in a straight line.
 */
export function packingBound(grid: RoomGrid, radius: number): number {
  if (!(radius > 0)) return 1;
  const limit = 2 * radius;
  const candidates: Pt[] = grid.rings[0]!.map((p) => [p[0], p[1]] as Pt);
  const stride = Math.max(1, Math.floor(grid.cells.length / 3000));
  for (let k = 0; k < grid.cells.length; k += stride) {
    const c = grid.cells[k]!;
    candidates.push([grid.repX[c]!, grid.repY[c]!]);
  }
  const geodesic = grid.convex ? undefined : new Geodesic(grid.rings);
  const kept: { p: Pt; distance?: (q: Pt) => number }[] = [];
  for (const p of candidates) {
    const far = kept.every((k) => {
      const straight = Math.hypot(p[0] - k.p[0], p[1] - k.p[1]);
      if (straight > limit) return true;
      if (!geodesic || straight < limit / 3) return false;
      k.distance ??= geodesic.fromSource(k.p);
      return k.distance(p) > limit;
    });
    if (far) kept.push({ p });
  }
  return Math.max(1, kept.length);
}
