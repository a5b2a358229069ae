/** Areas, bounding boxes, distances and point location for model polygons (exterior ring plus holes). */
import { polygonArea, ringSignedArea, type Point2, type Polygon } from '@edrf/model';
import { TOLERANCE } from './tolerance.js';

export { polygonArea, ringSignedArea };

/** The polygon's area (exterior minus holes), signed by its exterior ring: positive counter-clockwise. */
export const polygonSignedArea = (polygon: Pick<Polygon, 'exterior' | 'interiors'>): number =>
  Math.sign(ringSignedArea(polygon.exterior)) * polygonArea(polygon);

export interface BoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The bounding box of points; undefined when there are none. */
export function boundingBox(points: Iterable<Point2>): BoundingBox | undefined {
  let box: BoundingBox | undefined;
  for (const [x, y] of points) {
    if (!box) box = { minX: x, minY: y, maxX: x, maxY: y };
    else {
      if (x < box.minX) box.minX = x;
      if (y < box.minY) box.minY = y;
      if (x > box.maxX) box.maxX = x;
      if (y > box.maxY) box.maxY = y;
    }
  }
  return box;
}

/** The bounding box of a polygon (its exterior ring bounds it). */
export const polygonBoundingBox = (polygon: Pick<Polygon, 'exterior'>): BoundingBox | undefined => boundingBox(polygon.exterior);

/** Whether two boxes overlap or lie within `tolerance` of each other. */
export const boxesTouch = (a: BoundingBox, b: BoundingBox, tolerance = TOLERANCE): boolean =>
  a.minX <= b.maxX + tolerance && b.minX <= a.maxX + tolerance && a.minY <= b.maxY + tolerance && b.minY <= a.maxY + tolerance;

/** Distance from a point to the segment a–b (to a itself when a equals b). */
export function distanceToSegment(point: Point2, a: Point2, b: Point2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(point[0] - (a[0] + t * dx), point[1] - (a[1] + t * dy));
}

/** Distance from a point to a closed ring's edges. */
export function distanceToRing(point: Point2, ring: readonly Point2[]): number {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) best = Math.min(best, distanceToSegment(point, ring[j]!, ring[i]!));
  return best;
}

/** Distance from a point to the nearest edge of the polygon, exterior or hole (0 on the boundary, inside or out). */
export const distanceToBoundary = (point: Point2, polygon: Pick<Polygon, 'exterior' | 'interiors'>): number =>
  Math.min(distanceToRing(point, polygon.exterior), ...polygon.interiors.map((ring) => distanceToRing(point, ring)));

/** Even-odd ray test of a point against one closed ring; the boundary is undefined here (see pointLocation). */
export function insideRing(point: Point2, ring: readonly Point2[]): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

export type PointLocation = 'inside' | 'boundary' | 'outside';

/**
 * Where a point lies against a polygon with holes: on the boundary when it is within `tolerance` of any edge,
 * else inside when it is inside the exterior ring and outside every hole.
 */
export function pointLocation(point: Point2, polygon: Pick<Polygon, 'exterior' | 'interiors'>, tolerance = TOLERANCE): PointLocation {
  if (distanceToBoundary(point, polygon) <= tolerance) return 'boundary';
  if (!insideRing(point, polygon.exterior)) return 'outside';
  return polygon.interiors.some((hole) => insideRing(point, hole)) ? 'outside' : 'inside';
}

/** Whether a point is inside the polygon or on its boundary (within `tolerance`). */
export const pointInPolygon = (point: Point2, polygon: Pick<Polygon, 'exterior' | 'interiors'>, tolerance = TOLERANCE): boolean =>
  pointLocation(point, polygon, tolerance) !== 'outside';

/** The centroid of a ring's area (its vertex mean when the area is zero). */
export function ringCentroid(ring: readonly Point2[]): Point2 {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(twice) < 1e-12) {
    const n = Math.max(ring.length, 1);
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * twice), cy / (3 * twice)];
}
