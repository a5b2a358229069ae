import type { Pt } from '../drawing/items.js';

/** Small plane geometry for placing labels: in a ring, distance to rings, a point well inside a room. */

export function pointInRing(x: number, y: number, ring: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0];
    const yi = ring[i]![1];
    const xj = ring[j]![0];
    const yj = ring[j]![1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the exterior and outside every hole. */
export function pointInRings(x: number, y: number, rings: readonly (readonly Pt[])[]): boolean {
  let inside = false;
  for (let r = 0; r < rings.length; r++) if (pointInRing(x, y, rings[r]!)) inside = !inside;
  return inside;
}

export function distanceToRings(x: number, y: number, rings: readonly (readonly Pt[])[]): number {
  let best = Infinity;
  for (let r = 0; r < rings.length; r++) {
    const ring = rings[r]!;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j]!;
      const b = ring[i]!;
      const ax = a[0];
      const ay = a[1];
      const dx = b[0] - ax;
      const dy = b[1] - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
      best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
    }
  }
  return best;
}

export interface Box {
  min: [number, number];
  max: [number, number];
}

export const emptyBox = (): Box => ({ min: [Infinity, Infinity], max: [-Infinity, -Infinity] });

export function extend(box: Box, x: number, y: number): void {
  if (x < box.min[0]) box.min[0] = x;
  if (y < box.min[1]) box.min[1] = y;
  if (x > box.max[0]) box.max[0] = x;
  if (y > box.max[1]) box.max[1] = y;
}

export const boxOf = (points: readonly Pt[]): Box => {
  const box = emptyBox();
  for (const [x, y] of points) extend(box, x, y);
  return box;
};

export const boxesMeet = (a: Box, b: Box) => a.min[0] <= b.max[0] && b.min[0] <= a.max[0] && a.min[1] <= b.max[1] && b.min[1] <= a.max[1];

/**
 * A point well inside a room for its name: the centroid of the box where it lies inside and clear of the walls,
 * else the sample of a 12 × 12 grid farthest from the room's edges.
 */
export function labelPoint(rings: readonly (readonly Pt[])[]): Pt {
  const box = boxOf(rings[0]!);
  const centre: Pt = [(box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2];
  const w = box.max[0] - box.min[0];
  const h = box.max[1] - box.min[1];
  if (pointInRings(centre[0], centre[1], rings) && distanceToRings(centre[0], centre[1], rings) > Math.min(w, h) / 4) return centre;
  let best: Pt = rings[0]![0]!;
  let bestD = -1;
  const n = 12;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = box.min[0] + ((i + 0.5) * w) / n;
      const y = box.min[1] + ((j + 0.5) * h) / n;
      if (!pointInRings(x, y, rings)) continue;
      const d = distanceToRings(x, y, rings);
      if (d > bestD) [best, bestD] = [[x, y], d];
    }
  return best;
}
