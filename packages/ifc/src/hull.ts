/** Convex hulls in plan (Andrew's monotone chain), for shapes whose exact outline does not matter. */
import type { Polygon } from '@edrf/model';
import { ringSignedArea } from '@edrf/geometry';

/** The corners of the convex hull of points given as x y pairs, counter-clockwise, as x y pairs. */
export function planHull(xy: Float64Array): Float64Array {
  const n = Math.floor(xy.length / 2);
  if (n < 3) return xy.slice(0, n * 2);
  const order = candidates(xy, n);
  order.sort((a, b) => xy[a * 2]! - xy[b * 2]! || xy[a * 2 + 1]! - xy[b * 2 + 1]!);
  const turn = (o: number, a: number, b: number) =>
    (xy[a * 2]! - xy[o * 2]!) * (xy[b * 2 + 1]! - xy[o * 2 + 1]!) - (xy[a * 2 + 1]! - xy[o * 2 + 1]!) * (xy[b * 2]! - xy[o * 2]!);
  const m = order.length;
  const hull = new Uint32Array(2 * m + 1);
  let k = 0;
  for (let i = 0; i < m; i++) {
    const p = order[i]!;
    while (k >= 2 && turn(hull[k - 2]!, hull[k - 1]!, p) <= 1e-12) k--;
    hull[k++] = p;
  }
  for (let i = m - 2, lower = k + 1; i >= 0; i--) {
    const p = order[i]!;
    while (k >= lower && turn(hull[k - 2]!, hull[k - 1]!, p) <= 1e-12) k--;
    hull[k++] = p;
  }
  const out = new Float64Array((k - 1) * 2);
  for (let i = 0; i < k - 1; i++) {
    out[i * 2] = xy[hull[i]! * 2]!;
    out[i * 2 + 1] = xy[hull[i]! * 2 + 1]!;
  }
  return out;
}

/**
 * The indices of the points that may be corners, sorted by x then y. Points strictly inside the quadrilateral of
 * the extreme points in x + y and x - y cannot be (Akl and Toussaint): on dense meshes that drops most of them
 * before the sort.
 */
function candidates(xy: Float64Array, n: number): Uint32Array {
  const extremes = [0, 0, 0, 0];
  const key = [(i: number) => xy[i * 2]! + xy[i * 2 + 1]!, (i: number) => xy[i * 2]! - xy[i * 2 + 1]!];
  for (let i = 1; i < n; i++) {
    if (key[0]!(i) < key[0]!(extremes[0]!)) extremes[0] = i;
    if (key[1]!(i) > key[1]!(extremes[1]!)) extremes[1] = i;
    if (key[0]!(i) > key[0]!(extremes[2]!)) extremes[2] = i;
    if (key[1]!(i) < key[1]!(extremes[3]!)) extremes[3] = i;
  }
  // Counter-clockwise: lowest x+y, highest x-y, highest x+y, lowest x-y.
  const strictlyInside = (i: number): boolean => {
    for (let e = 0; e < 4; e++) {
      const a = extremes[e]!;
      const b = extremes[(e + 1) % 4]!;
      const cross =
        (xy[b * 2]! - xy[a * 2]!) * (xy[i * 2 + 1]! - xy[a * 2 + 1]!) - (xy[b * 2 + 1]! - xy[a * 2 + 1]!) * (xy[i * 2]! - xy[a * 2]!);
      if (cross <= 1e-12) return false;
    }
    return true;
  };
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (!strictlyInside(i)) kept.push(i);
  const order = Uint32Array.from(kept);
  order.sort((a, b) => xy[a * 2]! - xy[b * 2]! || xy[a * 2 + 1]! - xy[b * 2 + 1]!);
  return order;
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/**
 * A convex ring without the corners that lie within `tolerance` of the line between their neighbours: a round
 * table's hull has a corner every few millimetres, which the plan neither shows nor needs. The corner that lies
 * nearest its neighbours' line goes first, so that the outline keeps its shape.
 */
export function simplifyConvex(ring: [number, number][], tolerance: number): [number, number][] {
  const out = [...ring];
  const offLine = (i: number): number => {
    const [ax, ay] = out[(i + out.length - 1) % out.length]!;
    const [px, py] = out[i]!;
    const [bx, by] = out[(i + 1) % out.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    return length === 0 ? 0 : Math.abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length;
  };
  while (out.length > 3) {
    let nearest = -1;
    let distance = tolerance;
    for (let i = 0; i < out.length; i++) {
      const d = offLine(i);
      if (d <= distance) [nearest, distance] = [i, d];
    }
    if (nearest < 0) break;
    out.splice(nearest, 1);
  }
  return out;
}

/** How far (m) a corner may be from its neighbours' line to be dropped: 5 mm (the outline stays within 1 cm of the hull). */
const OUTLINE_TOLERANCE = 0.005;

/** The convex hull of plan points as a model polygon (1e-5 m, simplified), or undefined when it has no area. */
export function hullPolygon(xy: Float64Array): Polygon | undefined {
  const hull = planHull(xy);
  let ring: [number, number][] = [];
  for (let i = 0; i + 1 < hull.length; i += 2) ring.push([round(hull[i]!), round(hull[i + 1]!)]);
  ring = simplifyConvex(ring, OUTLINE_TOLERANCE);
  return ring.length >= 3 && Math.abs(ringSignedArea(ring)) > 1e-10 ? { exterior: ring, interiors: [] } : undefined;
}

/** How far plan points reach along a unit axis from an origin, and across it (to its left): [min, max] each. */
export function extentsAlong(
  xy: Float64Array,
  origin: readonly [number, number],
  axis: readonly [number, number],
): { along: [number, number]; across: [number, number] } {
  const [ox, oy] = origin;
  const [ax, ay] = axis;
  const along: [number, number] = [Infinity, -Infinity];
  const across: [number, number] = [Infinity, -Infinity];
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const dx = xy[i]! - ox;
    const dy = xy[i + 1]! - oy;
    const a = dx * ax + dy * ay;
    const c = -dx * ay + dy * ax;
    along[0] = Math.min(along[0], a);
    along[1] = Math.max(along[1], a);
    across[0] = Math.min(across[0], c);
    across[1] = Math.max(across[1], c);
  }
  return { along, across };
}
