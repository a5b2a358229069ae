import type { MultiPolygon, Point2, Polygon } from './primitives.js';

/**
 * Signed area of a ring by the shoelace formula: positive counter-clockwise, negative clockwise.
 * The ring is closed implicitly (the last point joins the first); fewer than 3 points give 0.
 */
export function ringSignedArea(ring: readonly Point2[]): number {
  const n = ring.length;
  if (n < 3) return 0;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % n]!;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

/** Area of a polygon: its exterior ring minus its interior rings, whatever their orientation (P§3). */
export function polygonArea(polygon: Pick<Polygon, 'exterior' | 'interiors'>): number {
  const holes = polygon.interiors.reduce((sum, ring) => sum + Math.abs(ringSignedArea(ring)), 0);
  return Math.abs(ringSignedArea(polygon.exterior)) - holes;
}

/** Sum of the areas of the polygons. */
export function multipolygonArea(polygons: MultiPolygon): number {
  return polygons.reduce((sum, polygon) => sum + polygonArea(polygon), 0);
}
