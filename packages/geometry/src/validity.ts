/** Whether a polygon is a valid room shape (P§2, P§9): the rule behind 'Invalid room shape'. */
import type { Point2, Polygon } from '@edrf/model';
import { insideRing, polygonArea } from './measure.js';
import { segmentIntersection, segmentsIntersect } from './segments.js';
import { MIN_ROOM_AREA, TOLERANCE } from './tolerance.js';

/** The message shown when a drawn or edited room shape is refused (P§8), for INVALID_ROOM_SHAPE_TIMEOUT_MS. */
export const INVALID_ROOM_SHAPE = 'Invalid room shape';
export const INVALID_ROOM_SHAPE_TIMEOUT_MS = 3000;

/** The ring without repeated consecutive points (closer than `tolerance`), nor a last point repeating the first. */
export function dedupeRing(ring: readonly Point2[], tolerance = TOLERANCE): Point2[] {
  const out: Point2[] = [];
  for (const point of ring) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) > tolerance) out.push(point);
  }
  while (out.length > 1 && Math.hypot(out[0]![0] - out[out.length - 1]![0], out[0]![1] - out[out.length - 1]![1]) <= tolerance) out.pop();
  return out;
}

interface Edge {
  ring: number;
  index: number;
  a: Point2;
  b: Point2;
  minX: number;
  maxX: number;
}

/** Whether two edges of one ring follow each other (they share a vertex by construction). */
const adjacent = (e: Edge, f: Edge, sizes: readonly number[]): boolean => {
  if (e.ring !== f.ring) return false;
  const n = sizes[e.ring]!;
  const d = Math.abs(e.index - f.index);
  return d === 1 || d === n - 1;
};

/**
 * The first pair of rings (by index into `rings`) whose edges meet where they must not: non-adjacent edges that come
 * within `tolerance`, or adjacent edges that fold back over each other. undefined when the rings are simple and apart.
 */
function firstCrossing(rings: readonly Point2[][], tolerance: number): [number, number] | undefined {
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length]!;
      edges.push({ ring: r, index: i, a, b, minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]) });
    });
  });
  const sizes = rings.map((ring) => ring.length);
  // Sweep along x: only edges whose x ranges overlap can meet.
  edges.sort((e, f) => e.minX - f.minX);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i]!;
    for (let j = i + 1; j < edges.length && edges[j]!.minX <= e.maxX + tolerance; j++) {
      const f = edges[j]!;
      if (adjacent(e, f, sizes)) {
        if (sizes[e.ring]! > 2 && segmentIntersection(e.a, e.b, f.a, f.b, tolerance).kind === 'overlap') return [e.ring, f.ring];
      } else if (segmentsIntersect(e.a, e.b, f.a, f.b, tolerance)) return [e.ring, f.ring];
    }
  }
  return undefined;
}

/**
 * Why the polygon is not a valid room shape, or undefined when it is one: every ring has at least 3 distinct points,
 * the area (exterior minus holes) is at least MIN_ROOM_AREA, no ring touches or crosses itself or another ring within
 * `tolerance`, and every hole lies inside the exterior and outside the other holes.
 */
export function polygonProblem(polygon: Pick<Polygon, 'exterior' | 'interiors'>, tolerance = TOLERANCE): string | undefined {
  const rings = [polygon.exterior, ...polygon.interiors];
  if (rings.some((ring) => ring.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y)))) return 'a coordinate is not a finite number';
  const cleaned = rings.map((ring) => dedupeRing(ring, tolerance));
  if (cleaned.some((ring) => ring.length < 3)) return 'a ring has fewer than 3 distinct points';
  if (polygonArea({ exterior: cleaned[0]!, interiors: cleaned.slice(1) }) < MIN_ROOM_AREA)
    return `the area is less than ${MIN_ROOM_AREA} m²`;
  const crossing = firstCrossing(cleaned, tolerance);
  if (crossing) {
    const [r, s] = crossing;
    if (r === s) return r === 0 ? 'the outline crosses itself' : 'a hole crosses itself';
    return r === 0 || s === 0 ? 'a hole crosses the outline' : 'two holes cross';
  }
  const exterior = cleaned[0]!;
  const holes = cleaned.slice(1);
  for (const [i, hole] of holes.entries()) {
    // The rings do not meet, so one vertex tells on which side a whole ring lies.
    if (!insideRing(hole[0]!, exterior)) return 'a hole is outside the outline';
    if (holes.some((other, j) => j !== i && insideRing(hole[0]!, other))) return 'a hole lies inside another hole';
  }
  return undefined;
}

/** Whether the polygon may be a room's shape (else the UI shows INVALID_ROOM_SHAPE). */
export const isValidRoomShape = (polygon: Pick<Polygon, 'exterior' | 'interiors'>, tolerance = TOLERANCE): boolean =>
  polygonProblem(polygon, tolerance) === undefined;
