import type { Pt, Ring } from '../geometry/ring.js';

/**
 * A lower bound by witness points: a unit reaches no farther than a disk of the radius (inside the room the distance is
 * never shorter than the straight one), so the witness points one unit reaches lie in one disk of radius r. When no k
 * such groups hold all the witness points, no k units cover the room: k + 1 is a bound. A group inside some disk of
 * radius r is inside one with two of the points on its rim (or centred on its only point), so those disks' point sets
 * are all the groups there are; whether k of them hold every point is searched exhaustively (branching on the point
 * fewest of them hold), so the answer is exact for the witness set. In a room that is not convex a group also holds
 * no two points `apart` (more than 2r apart inside the room: no unit reaches both).
 */
export function witnessesNeedMore(
  points: readonly Pt[],
  k: number,
  radius: number,
  { apart, budget = WITNESS_BUDGET }: { apart?: (i: number, j: number) => boolean; budget?: number } = {},
): boolean {
  const m = points.length;
  if (m > MAX_WITNESSES) throw new Error(`at most ${MAX_WITNESSES} witness points`);
  if (k <= 0) return m > 0;
  if (m <= k) return false;
  const groups = diskGroups(points, radius, apart);
  const holding = points.map((_, i) => groups.filter((g) => g & (1 << i)));
  let nodes = 0;
  // undefined: the budget ran out (the answer is then "no": the bound stays as it is).
  const cover = (left: number, units: number): boolean | undefined => {
    if (left === 0) return true;
    if (units === 0) return false;
    if (++nodes > budget) return undefined;
    let pick = -1;
    for (let i = 0; i < m; i++) if (left & (1 << i) && (pick < 0 || holding[i]!.length < holding[pick]!.length)) pick = i;
    for (const g of holding[pick]!) {
      const found = cover(left & ~g, units - 1);
      if (found !== false) return found;
    }
    return false;
  };
  return cover(m === 31 ? 0x7fffffff : (1 << m) - 1, k) === false;
}

/** Witness points a search takes at most (one bit each in a 31-bit mask). */
export const MAX_WITNESSES = 31;

/** How many nodes the cover search may visit before it gives up (and the bound stays as it is). */
export const WITNESS_BUDGET = 50_000;

/** The point sets of the disks of radius r through two points or centred on one, split where two are apart; the largest only. */
function diskGroups(points: readonly Pt[], radius: number, apart?: (i: number, j: number) => boolean): number[] {
  const m = points.length;
  const reach = radius * (1 + 1e-9) + 1e-9;
  const conflict = points.map((_, i) => points.reduce((mask, __, j) => (j !== i && apart?.(i, j) ? mask | (1 << j) : mask), 0));
  const found = new Set<number>();
  const split = (mask: number) => {
    for (let i = 0; i < m; i++) {
      const c = mask & (1 << i) ? conflict[i]! & mask : 0;
      if (!c) continue;
      const j = 31 - Math.clz32(c & -c);
      split(mask & ~(1 << i));
      split(mask & ~(1 << j));
      return;
    }
    found.add(mask);
  };
  const disk = (x: number, y: number) => {
    let mask = 0;
    for (let i = 0; i < m; i++) if (Math.hypot(points[i]![0] - x, points[i]![1] - y) <= reach) mask |= 1 << i;
    split(mask);
  };
  for (let i = 0; i < m; i++) {
    const p = points[i]!;
    disk(p[0], p[1]);
    for (let j = i + 1; j < m; j++) {
      const q = points[j]!;
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d > 2 * radius || d === 0) continue;
      const h = Math.sqrt(Math.max(0, radius * radius - (d * d) / 4));
      const [mx, my] = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      const [ux, uy] = [-(q[1] - p[1]) / d, (q[0] - p[0]) / d];
      disk(mx + h * ux, my + h * uy);
      disk(mx - h * ux, my - h * uy);
    }
  }
  // A set inside another adds nothing to a cover.
  const all = [...found].sort((a, b) => bits(b) - bits(a));
  const kept: number[] = [];
  for (const g of all) if (!kept.some((h) => (g & h) === g)) kept.push(g);
  return kept;
}

const bits = (mask: number) => {
  let n = 0;
  for (let v = mask; v; v &= v - 1) n++;
  return n;
};

/**
 * Witness points of a room: the corners of its outline's convex hull and points along its rings' edges at most
 * `spacing` apart (the farthest points of a room from any few disks lie on its outline), each a hair inside the room so that distances
 * measured inside it are well defined, and the middle of the outline's extent when it is a room point. At most `most`
 * points: the spacing grows until they fit.
 */
export function witnessPoints(rings: readonly Ring[], spacing: number, most: number, inRoom: (p: Pt) => boolean): Pt[] {
  const outline = rings[0]!;
  const corners = convexHull(outline)
    .map((p) => nudged(p, [0, 0], inRoom))
    .filter((p): p is Pt => p !== undefined);
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const middle: Pt = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  // A round outline has a hull of many corners: every few of them, so that the points fit whatever the spacing.
  const room = Math.max(1, most - 1);
  const thinned =
    corners.length > room
      ? corners.filter((_, i) => Math.floor((i * room) / corners.length) !== Math.floor(((i - 1) * room) / corners.length))
      : corners;
  const fixed = inRoom(middle) ? [...thinned, middle] : thinned;
  for (let step = spacing; ; step *= 1.25) {
    const out: Pt[] = [...fixed];
    for (const ring of rings)
      for (let i = 0; i < ring.length; i++) {
        // Each edge at least a step long split evenly (a rectangle's sides at their thirds, quarters ...); shorter
        // edges only by the hull's corners, so that an outline of many short edges gets no more points than a plain one.
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (length < step) continue;
        const normal: Pt = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
        const n = Math.ceil(length / step - 1e-9);
        for (let k = 0; k <= n; k++) {
          const inside = nudged([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n], normal, inRoom);
          if (inside && !out.some((q) => Math.hypot(q[0] - inside[0], q[1] - inside[1]) < 1e-3)) out.push(inside);
        }
      }
    if (out.length <= most) return out;
  }
}

/** The convex hull's corners (monotone chain). */
function convexHull(points: readonly Pt[]): Pt[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Pt[]) => {
    const out: Pt[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 1e-12) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** How far inside the room a witness point on its outline is moved (m). */
const NUDGE = 1e-4;

/** p moved a hair into the room: along the edge's normal (either side), else diagonally (a corner); undefined if none is inside. */
function nudged(p: Pt, normal: Pt, inRoom: (p: Pt) => boolean): Pt | undefined {
  const ways: Pt[] = [normal, [-normal[0], -normal[1]], [1, 1], [1, -1], [-1, 1], [-1, -1], [1, 0], [-1, 0], [0, 1], [0, -1]];
  for (const [dx, dy] of ways) {
    if (dx === 0 && dy === 0) continue;
    const q: Pt = [p[0] + NUDGE * dx, p[1] + NUDGE * dy];
    if (inRoom(q)) return q;
  }
  return undefined;
}
