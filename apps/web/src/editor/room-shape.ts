import { MIN_ROOM_AREA, polygonArea, type Point2 } from '@edrf/model';

/**
 * P§5 New room / room shape: more than 2 points, an area of at least 0.1 m², and a valid polygon
 * (no repeated corner, no edge crossing or touching another). Pure: the page calls it through
 * geometry-client.ts, which is where the geometry package's worker takes over when it exists.
 */
export const INVALID_ROOM_SHAPE = 'Invalid room shape';
/** P§8: the message stays 3 s. */
export const INVALID_ROOM_SHAPE_MS = 3000;

/** Points closer than this are one point (metres; P§9's polygon tolerance). */
export const SHAPE_TOLERANCE = 1e-4;

export type ShapeProblem = 'too few points' | 'too small' | 'not a simple polygon';

const cross = (o: Point2, a: Point2, b: Point2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function onSegment(p: Point2, a: Point2, b: Point2): boolean {
  return (
    Math.abs(cross(a, b, p)) <= SHAPE_TOLERANCE * Math.hypot(b[0] - a[0], b[1] - a[1]) &&
    p[0] >= Math.min(a[0], b[0]) - SHAPE_TOLERANCE &&
    p[0] <= Math.max(a[0], b[0]) + SHAPE_TOLERANCE &&
    p[1] >= Math.min(a[1], b[1]) - SHAPE_TOLERANCE &&
    p[1] <= Math.max(a[1], b[1]) + SHAPE_TOLERANCE
  );
}

/** Whether segments ab and cd meet (touching counts). */
export function segmentsMeet(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

/** A ring with no repeated corner whose edges meet only where neighbours share a corner. */
export function isSimpleRing(ring: readonly Point2[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) <= SHAPE_TOLERANCE) return false;
  }
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      const c = ring[j]!;
      const d = ring[(j + 1) % n]!;
      if (neighbours) {
        // Neighbours share one corner; they must not fold back over each other.
        const shared = j === i + 1 ? b : a;
        const otherOfFirst = j === i + 1 ? a : b;
        const otherOfSecond = j === i + 1 ? d : c;
        if (onSegment(otherOfSecond, shared, otherOfFirst) || onSegment(otherOfFirst, shared, otherOfSecond)) return false;
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return false;
    }
  }
  return true;
}

/** What is wrong with a room's outline, or null when it is a valid room shape. */
export function roomShapeProblem(ring: readonly Point2[]): ShapeProblem | null {
  if (ring.length <= 2) return 'too few points';
  if (!isSimpleRing(ring)) return 'not a simple polygon';
  if (polygonArea({ exterior: [...ring], interiors: [] }) < MIN_ROOM_AREA) return 'too small';
  return null;
}
