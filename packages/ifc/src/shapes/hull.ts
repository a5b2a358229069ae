/** Convex hulls in plan (Andrew's monotone chain), for shapes whose exact outline does not matter. */
import type { Polygon } from '@edrf/model';
import { ringSignedArea } from '@edrf/geometry';

/**
 * The corners of the convex hull of points given as x y pairs, counter-clockwise, as x y pairs. A corner goes only on an
 * exact straight or clockwise turn: with a tolerance, points of a side that jitters by 1e-15 (a door's edge, placed by
 * a rotation) could outvote the corner at its end. Corners that barely turn are for simplifyConvex to drop.
 */
export function planHull(xy: Float64Array): Float64Array {
  const n = Math.floor(xy.length / 2);
  if (n < 3) return xy.slice(0, n * 2);
  const order = candidates(xy, n);
  const turn = (o: number, a: number, b: number) =>
    (xy[a * 2]! - xy[o * 2]!) * (xy[b * 2 + 1]! - xy[o * 2 + 1]!) - (xy[a * 2 + 1]! - xy[o * 2 + 1]!) * (xy[b * 2]! - xy[o * 2]!);
  const m = order.length;
  const hull = new Uint32Array(2 * m + 1);
  let k = 0;
  for (let i = 0; i < m; i++) {
    const p = order[i]!;
    while (k >= 2 && turn(hull[k - 2]!, hull[k - 1]!, p) <= 0) k--;
    hull[k++] = p;
  }
  for (let i = m - 2, lower = k + 1; i >= 0; i--) {
    const p = order[i]!;
    while (k >= lower && turn(hull[k - 2]!, hull[k - 1]!, p) <= 0) k--;
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
 * The indices of the points that may be corners, sorted by x then y. Points strictly inside the octagon of the
 * extreme points in eight directions (x, x + y, y, y − x and their opposites) cannot be (Akl and Toussaint): on dense
 * meshes that drops nearly all of them before the sort.
 */
function candidates(xy: Float64Array, n: number): Uint32Array {
  // Counter-clockwise: the highest x, x + y, y, y − x, then the lowest x, x + y, y, y − x.
  const extremes = new Uint32Array(8);
  let [hx, hs, hy, hd] = [-Infinity, -Infinity, -Infinity, -Infinity];
  let [lx, ls, ly, ld] = [Infinity, Infinity, Infinity, Infinity];
  for (let i = 0; i < n; i++) {
    const x = xy[i * 2]!;
    const y = xy[i * 2 + 1]!;
    const sum = x + y;
    const difference = y - x;
    if (x > hx) [hx, extremes[0]] = [x, i];
    if (sum > hs) [hs, extremes[1]] = [sum, i];
    if (y > hy) [hy, extremes[2]] = [y, i];
    if (difference > hd) [hd, extremes[3]] = [difference, i];
    if (x < lx) [lx, extremes[4]] = [x, i];
    if (sum < ls) [ls, extremes[5]] = [sum, i];
    if (y < ly) [ly, extremes[6]] = [y, i];
    if (difference < ld) [ld, extremes[7]] = [difference, i];
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = xy[i * 2]!;
    const y = xy[i * 2 + 1]!;
    let inside = true;
    for (let e = 0; e < 8 && inside; e++) {
      const a = extremes[e]!;
      const b = extremes[(e + 1) & 7]!;
      const ax = xy[a * 2]!;
      const ay = xy[a * 2 + 1]!;
      // An edge between two equal extremes says nothing; the others must have the point strictly on their left.
      if (a !== b && (xy[b * 2]! - ax) * (y - ay) - (xy[b * 2 + 1]! - ay) * (x - ax) <= 1e-12) inside = false;
    }
    if (!inside) kept.push(i);
  }
  const order = Uint32Array.from(kept);
  order.sort((a, b) => xy[a * 2]! - xy[b * 2]! || xy[a * 2 + 1]! - xy[b * 2 + 1]!);
  return order;
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/**
 * A convex ring without the corners that lie within `tolerance` of the line between their neighbours: a round
 * table's hull has a corner every few millimetres, which the plan neither shows nor needs. The corner that lies
 * nearest its neighbours' line goes first, so that the outline keeps its shape. A heap of the corners by distance
 * and a ring of links keep it O(n log n): hulls of Janesville's fittings have thousands of corners.
 */
export function simplifyConvex(ring: [number, number][], tolerance: number): [number, number][] {
  const n = ring.length;
  if (n <= 3) return [...ring];
  const previous = new Int32Array(n);
  const following = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    previous[i] = (i + n - 1) % n;
    following[i] = (i + 1) % n;
  }
  const removed = new Uint8Array(n);
  /** Bumped when a corner's distance changes: heap entries of an older version are stale. */
  const version = new Int32Array(n);
  const offLine = (i: number): number => {
    const [ax, ay] = ring[previous[i]!]!;
    const [px, py] = ring[i]!;
    const [bx, by] = ring[following[i]!]!;
    const length = Math.hypot(bx - ax, by - ay);
    return length === 0 ? 0 : Math.abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length;
  };
  // A binary heap in typed arrays (each corner is pushed once, and again twice for each corner removed: 3n at most).
  const capacity = 3 * n;
  const heapDistance = new Float64Array(capacity);
  const heapCorner = new Int32Array(capacity);
  const heapVersion = new Int32Array(capacity);
  let size = 0;
  const before = (a: number, b: number) =>
    heapDistance[a]! < heapDistance[b]! || (heapDistance[a] === heapDistance[b] && heapCorner[a]! < heapCorner[b]!);
  const swap = (a: number, b: number) => {
    const d = heapDistance[a]!;
    const c = heapCorner[a]!;
    const v = heapVersion[a]!;
    heapDistance[a] = heapDistance[b]!;
    heapCorner[a] = heapCorner[b]!;
    heapVersion[a] = heapVersion[b]!;
    heapDistance[b] = d;
    heapCorner[b] = c;
    heapVersion[b] = v;
  };
  const push = (corner: number) => {
    const distance = offLine(corner);
    if (distance > tolerance) return;
    heapDistance[size] = distance;
    heapCorner[size] = corner;
    heapVersion[size] = version[corner]!;
    size++;
    for (let i = size - 1; i > 0 && before(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  };
  /** Takes the nearest corner off the heap into `top`. */
  const top = { corner: 0, version: 0 };
  const pop = () => {
    top.corner = heapCorner[0]!;
    top.version = heapVersion[0]!;
    size--;
    if (size > 0) {
      swap(0, size);
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < size && before(l, m)) m = l;
        if (r < size && before(r, m)) m = r;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
    }
  };
  for (let i = 0; i < n; i++) push(i);
  let left = n;
  while (left > 3 && size > 0) {
    pop();
    const { corner, version: seen } = top;
    if (removed[corner] || seen !== version[corner]) continue;
    removed[corner] = 1;
    left--;
    const a = previous[corner]!;
    const b = following[corner]!;
    following[a] = b;
    previous[b] = a;
    version[a]!++;
    push(a);
    version[b]!++;
    push(b);
  }
  return ring.filter((_, i) => !removed[i]);
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
