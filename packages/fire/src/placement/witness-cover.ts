import type { Pt, Ring } from '../geometry/ring.js';

/**
 * A lower bound by witness points: a unit reaches no farther than a disk of the radius (inside the room the distance is
 * never shorter than the straight one), so the witness points one unit reaches lie in one disk of radius r. When no k
 * such groups hold all the witness points, no k units cover the room: k + 1 is a bound. A group inside some disk of
 * radius r is inside one with two of the points on its rim (or centred on its only point), so those disks' point sets
 * are all the groups there are; whether k of them hold every point is searched exhaustively (branching on the point
 * fewest of them hold, cut where more points are left that no two groups share than units), so the answer is exact for
 * the witness set. In a room that is not convex a group also holds no two points `apart` (more than 2r apart inside
 * the room: no unit reaches both).
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
  return groupsNeedMore(m, diskGroups(points, radius, apart).groups, k, budget);
}

/**
 * Whether no k of the groups (witness sets, a bit each of `count` points) hold every witness point, by the exhaustive
 * search witnessesNeedMore describes. Where the budget runs out the answer is "no" (the bound stays as it is).
 */
export function groupsNeedMore(count: number, given: readonly Uint32Array[], k: number, budget = WITNESS_BUDGET): boolean {
  return groupsCover(count, given, k, budget) === false;
}

/**
 * k of the groups (or fewer) that hold every witness point, by that search: the groups themselves; false where there
 * are none, undefined where the budget ran out first.
 */
export function groupsCover(
  count: number,
  given: readonly Uint32Array[],
  k: number,
  budget = WITNESS_BUDGET,
): Uint32Array[] | false | undefined {
  if (count === 0) return [];
  if (k <= 0) return false;
  const words = Math.ceil(count / 32);
  const groups = reduced(given);
  const holding = Array.from({ length: count }, (_, i) => groups.filter((g) => has(g, i)));
  if (holding.some((list) => list.length === 0)) return false;
  // The points a group shares with point i: those no group shares with it need a unit each.
  const together = holding.map((list) => list.reduce((all, g) => or(all, g), new Uint32Array(words)));
  // Points fewest groups hold first: they make the cut above tightest.
  const order = holding.map((_, i) => i).sort((a, b) => holding[a]!.length - holding[b]!.length);
  const alone = (left: Uint32Array): number => {
    const open = left.slice();
    let n = 0;
    for (const i of order) {
      if (!has(open, i)) continue;
      n++;
      for (let w = 0; w < words; w++) open[w]! &= ~together[i]![w]!;
    }
    return n;
  };
  let nodes = 0;
  const chosen: Uint32Array[] = [];
  // undefined: the budget ran out.
  const cover = (left: Uint32Array, units: number): boolean | undefined => {
    const pick = order.find((i) => has(left, i));
    if (pick === undefined) return true;
    if (units === 0 || alone(left) > units) return false;
    if (++nodes > budget) return undefined;
    for (const g of holding[pick]!) {
      const next = new Uint32Array(words);
      for (let w = 0; w < words; w++) next[w] = left[w]! & ~g[w]!;
      chosen.push(g);
      const found = cover(next, units - 1);
      if (found !== false) return found;
      chosen.pop();
    }
    return false;
  };
  const all = new Uint32Array(words);
  for (let i = 0; i < count; i++) set(all, i);
  const found = cover(all, k);
  return found === true ? chosen : found;
}

/** The mask of the witness points (of `count`) that `holds` says a group holds. */
export function witnessMask(count: number, holds: (i: number) => boolean): Uint32Array {
  const mask = new Uint32Array(Math.ceil(count / 32));
  for (let i = 0; i < count; i++) if (holds(i)) set(mask, i);
  return mask;
}

/** Witness points a search takes at most. */
export const MAX_WITNESSES = 256;

/** How many nodes the cover search may visit before it gives up (and the bound stays as it is). */
export const WITNESS_BUDGET = 50_000;

/** How many pieces one disk's point set may be split into where points are apart; past it the set stays whole (a group too large weakens the bound, never breaks it). */
const MOST_SPLITS = 64;

const has = (mask: Uint32Array, i: number) => (mask[i >>> 5]! & (1 << (i & 31))) !== 0;
const set = (mask: Uint32Array, i: number) => {
  mask[i >>> 5]! |= 1 << (i & 31);
};
const or = (a: Uint32Array, b: Uint32Array) => {
  for (let w = 0; w < a.length; w++) a[w]! |= b[w]!;
  return a;
};
const within = (inner: Uint32Array, outer: Uint32Array) => inner.every((v, w) => (v & ~outer[w]!) === 0);
const bits = (mask: Uint32Array) => {
  let n = 0;
  for (const word of mask) for (let v = word; v; v &= v - 1) n++;
  return n;
};

/**
 * The point sets of the disks of radius r through two points or centred on one, split where two are apart, each with a
 * centre of a disk holding it.
 */
export function diskGroups(
  points: readonly Pt[],
  radius: number,
  apart?: (i: number, j: number) => boolean,
): { groups: Uint32Array[]; centres: Map<Uint32Array, Pt> } {
  const m = points.length;
  const words = Math.ceil(m / 32);
  const centres = new Map<Uint32Array, Pt>();
  let centre: Pt = [0, 0];
  const reach = radius * (1 + 1e-9) + 1e-9;
  const found = new Map<string, Uint32Array>();
  const keep = (mask: Uint32Array) => {
    const key = mask.join(',');
    if (found.has(key)) return;
    found.set(key, mask);
    centres.set(mask, centre);
  };
  // The largest subsets holding no two points apart (Bron–Kerbosch with a pivot on the "not apart" graph).
  const split = (members: number[]) => {
    const pieces: number[][] = [];
    const together = (a: number, b: number) => !apart!(a, b);
    const grow = (chosen: number[], open: number[], done: number[]) => {
      if (pieces.length > MOST_SPLITS) return;
      if (open.length === 0 && done.length === 0) {
        pieces.push(chosen);
        return;
      }
      let pivot = -1;
      let most = -1;
      for (const u of [...open, ...done]) {
        const n = open.reduce((c, v) => (v !== u && together(u, v) ? c + 1 : c), 0);
        if (n > most) [pivot, most] = [u, n];
      }
      for (const v of open.filter((v) => v === pivot || !together(pivot, v))) {
        grow(
          [...chosen, v],
          open.filter((w) => w !== v && together(v, w)),
          done.filter((w) => together(v, w)),
        );
        open = open.filter((w) => w !== v);
        done = [...done, v];
      }
    };
    if (apart) grow([], members, []);
    const out = apart && pieces.length <= MOST_SPLITS ? pieces : [members];
    for (const list of out) {
      const mask = new Uint32Array(words);
      for (const i of list) set(mask, i);
      keep(mask);
    }
  };
  const disk = (x: number, y: number) => {
    centre = [x, y];
    const members: number[] = [];
    for (let i = 0; i < m; i++) if (Math.hypot(points[i]![0] - x, points[i]![1] - y) <= reach) members.push(i);
    split(members);
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
  return { groups: [...found.values()], centres };
}

/** A set inside another adds nothing to a cover. */
function reduced(groups: readonly Uint32Array[]): Uint32Array[] {
  const all = [...groups].sort((a, b) => bits(b) - bits(a));
  const kept: Uint32Array[] = [];
  for (const g of all) if (!kept.some((h) => within(g, h))) kept.push(g);
  return kept;
}

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
