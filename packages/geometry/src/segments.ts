/** Segment intersection with the plan tolerance (P§9: 1e-4). */
import type { Point2 } from '@edrf/model';
import { distanceToSegment } from './measure.js';
import { TOLERANCE } from './tolerance.js';

export type SegmentIntersection =
  | { kind: 'none' }
  /** The segments cross or touch at one point (within the tolerance). */
  | { kind: 'point'; point: Point2 }
  /** The segments are collinear and share a stretch longer than the tolerance. */
  | { kind: 'overlap'; from: Point2; to: Point2 };

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;

/** Distance from a point to the infinite line through a and b. */
function distanceToLine(p: Point2, a: Point2, b: Point2): number {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs(cross(b[0] - a[0], b[1] - a[1], p[0] - a[0], p[1] - a[1])) / length;
}

/** The smallest distance between two segments. */
export function segmentDistance(a1: Point2, a2: Point2, b1: Point2, b2: Point2): number {
  if (properCrossing(a1, a2, b1, b2)) return 0;
  return Math.min(
    distanceToSegment(a1, b1, b2),
    distanceToSegment(a2, b1, b2),
    distanceToSegment(b1, a1, a2),
    distanceToSegment(b2, a1, a2),
  );
}

/** Whether the segments cross at a point strictly inside both. */
function properCrossing(a1: Point2, a2: Point2, b1: Point2, b2: Point2): boolean {
  const d1 = cross(a2[0] - a1[0], a2[1] - a1[1], b1[0] - a1[0], b1[1] - a1[1]);
  const d2 = cross(a2[0] - a1[0], a2[1] - a1[1], b2[0] - a1[0], b2[1] - a1[1]);
  const d3 = cross(b2[0] - b1[0], b2[1] - b1[1], a1[0] - b1[0], a1[1] - b1[1]);
  const d4 = cross(b2[0] - b1[0], b2[1] - b1[1], a2[0] - b1[0], a2[1] - b1[1]);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** The point of segment a–b nearest to p. */
function nearestOn(p: Point2, a: Point2, b: Point2): Point2 {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return [a[0] + t * dx, a[1] + t * dy];
}

/**
 * How segment a1–a2 meets segment b1–b2. Segments closer than `tolerance` touch; segments whose ends all lie within
 * `tolerance` of the other's line are collinear, and share an overlap when their common stretch is longer than it.
 */
export function segmentIntersection(a1: Point2, a2: Point2, b1: Point2, b2: Point2, tolerance = TOLERANCE): SegmentIntersection {
  if (segmentDistance(a1, a2, b1, b2) > tolerance) return { kind: 'none' };
  const lengthA = Math.hypot(a2[0] - a1[0], a2[1] - a1[1]);
  const collinear =
    lengthA > tolerance &&
    distanceToLine(b1, a1, a2) <= tolerance &&
    distanceToLine(b2, a1, a2) <= tolerance &&
    distanceToLine(a1, b1, b2) <= tolerance &&
    distanceToLine(a2, b1, b2) <= tolerance;
  if (collinear) {
    // Project b onto a's direction and keep the common stretch.
    const ux = (a2[0] - a1[0]) / lengthA;
    const uy = (a2[1] - a1[1]) / lengthA;
    const along = (p: Point2) => (p[0] - a1[0]) * ux + (p[1] - a1[1]) * uy;
    const tb1 = along(b1);
    const tb2 = along(b2);
    const from = Math.max(0, Math.min(tb1, tb2));
    const to = Math.min(lengthA, Math.max(tb1, tb2));
    const at = (t: number): Point2 => [a1[0] + ux * t, a1[1] + uy * t];
    if (to - from > tolerance) return { kind: 'overlap', from: at(from), to: at(to) };
    return { kind: 'point', point: at(Math.max(0, Math.min(lengthA, (from + to) / 2))) };
  }
  const rx = a2[0] - a1[0];
  const ry = a2[1] - a1[1];
  const sx = b2[0] - b1[0];
  const sy = b2[1] - b1[1];
  const denominator = cross(rx, ry, sx, sy);
  if (denominator !== 0) {
    const t = cross(b1[0] - a1[0], b1[1] - a1[1], sx, sy) / denominator;
    const u = cross(b1[0] - a1[0], b1[1] - a1[1], rx, ry) / denominator;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1) return { kind: 'point', point: [a1[0] + t * rx, a1[1] + t * ry] };
  }
  // They only come within the tolerance: the nearest endpoint and its foot.
  const candidates: [Point2, Point2][] = [
    [a1, nearestOn(a1, b1, b2)],
    [a2, nearestOn(a2, b1, b2)],
    [b1, nearestOn(b1, a1, a2)],
    [b2, nearestOn(b2, a1, a2)],
  ];
  let best = candidates[0]!;
  let bestDistance = Infinity;
  for (const pair of candidates) {
    const d = Math.hypot(pair[0][0] - pair[1][0], pair[0][1] - pair[1][1]);
    if (d < bestDistance) [best, bestDistance] = [pair, d];
  }
  return { kind: 'point', point: [(best[0][0] + best[1][0]) / 2, (best[0][1] + best[1][1]) / 2] };
}

/** Whether the segments touch, cross or overlap within `tolerance`. */
export const segmentsIntersect = (a1: Point2, a2: Point2, b1: Point2, b2: Point2, tolerance = TOLERANCE): boolean =>
  segmentDistance(a1, a2, b1, b2) <= tolerance;
