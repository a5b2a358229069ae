import { Geodesic } from '../geometry/geodesic.js';
import { distanceToRings, pointInRings, ringIsConvex, type Pt, type Ring } from '../geometry/ring.js';
import { MOST_UNITS } from './lower-bound.js';
import { diskGroups, groupsCover, groupsNeedMore, MAX_WITNESSES, witnessMask, witnessPoints } from './witness-cover.js';

/**
 * A room's lower bound raised by where a unit may stand, for rooms the disks of lower-bound.ts leave loose (partitions,
 * alcoves: a disk reaches round a wall that a unit's reach, measured inside the room, does not). A unit keeps the wall
 * distance d, so on a lattice of step h ≤ d√2 some lattice place lies within h/√2 ≤ d of it, in a straight line clear of
 * walls: what the unit reaches, the lattice place reaches within r + h/√2 (exact distances inside the room). No k such
 * groups holding every witness point (the outline, a lattice inside) means no k units cover the room: k + 1.
 * Raised from `from` while below `below` (a placement of that many is known) where `below` is over 1.15 × `from`;
 * `from` where nothing is proven.
 */
export function reachBound(rings: readonly Ring[], rules: { radius: number; wallDistance: number }, from: number, below: number): number {
  const { radius, wallDistance } = rules;
  // Only where the count is above the quality target (issue 34: 1.15 of the bound): elsewhere the quick bound serves,
  // and this costs up to a second a room.
  if (!(radius > 0) || below <= QUALITY * from || from > MOST_UNITS) return from;
  if (rings.length === 1 && ringIsConvex(rings[0]!)) return convexBound(rings, radius, from, below);
  if (wallDistance < MIN_WALL_DISTANCE) return from;
  const inRoom = (p: Pt) => pointInRings(p[0], p[1], rings);
  const points = witnesses(rings, radius, inRoom);
  const geodesic = new Geodesic(rings);
  const fromWitness = points.map((p) => geodesic.fromSource(p));
  const step = Math.min(PLACE_STEP, wallDistance * Math.SQRT2);
  const slack = step / Math.SQRT2;
  const reach = radius + slack + 1e-9;
  const groups: Uint32Array[] = [];
  for (const place of lattice(rings, step, (p) => inRoom(p) && distanceToRings(p[0], p[1], rings) >= wallDistance - slack)) {
    const near = points.map((p) => Math.hypot(p[0] - place[0], p[1] - place[1]) <= reach);
    groups.push(witnessMask(points.length, (i) => near[i]! && fromWitness[i]!(place) <= reach));
  }
  // A witness no place reaches: the room cannot be covered at all, which is the placement's to say, not the bound's.
  const reached = groups.reduce((all, g) => all.map((w, k) => w | g[k]!), new Uint32Array(Math.ceil(points.length / 32)));
  if (points.some((_, i) => (reached[i >>> 5]! & (1 << (i & 31))) === 0)) return from;
  let k = from;
  while (k < below && k <= MOST_UNITS && groupsNeedMore(points.length, groups, k, BUDGET)) k++;
  return k;
}

/** Placements within this share of the quick bound are not looked at again. */
const QUALITY = 1.15;

/** The lattice step of unit places (m), at most: finer costs more places, coarser loosens the reach. */
const PLACE_STEP = 0.5;
/** Below this wall distance (m) the lattice would be too fine to be worth it: the bound stays as it is. */
const MIN_WALL_DISTANCE = 0.2;
/** Outline witnesses every r/5, at most this many, and a lattice inside every r/1.5. */
const OUTLINE_WITNESSES = 200;
const INSIDE_STEP = 1 / 1.5;
/** Search nodes per k before the bound stays as it is. */
const BUDGET = 200_000;

/**
 * In a convex room distances are straight, so the disks through two witness points are all the groups there are (no
 * lattice slack). Where k of them hold every witness point, the room point farthest from their disks' centres becomes a
 * witness too (it must be reached as well), until no k hold them all (k + 1 is proven), the k disks cover the room, or
 * the rounds or points run out.
 */
function convexBound(rings: readonly Ring[], radius: number, from: number, below: number): number {
  const inRoom = (p: Pt) => pointInRings(p[0], p[1], rings);
  const points = witnesses(rings, radius, inRoom);
  const samples = [...witnessPoints(rings, SAMPLE_STEP, Infinity, inRoom), ...lattice(rings, SAMPLE_STEP, inRoom)];
  let k = from;
  for (let round = 0; k < below && k <= MOST_UNITS && round < ROUNDS; round++) {
    const { groups, centres } = diskGroups(points, radius);
    const cover = groupsCover(points.length, groups, k, BUDGET);
    if (cover === undefined) break;
    if (cover === false) {
      k++;
      continue;
    }
    const at = cover.map((g) => centres.get(g)!);
    const farthest = samples
      .map((p) => ({ p, d: Math.min(...at.map((c) => Math.hypot(p[0] - c[0], p[1] - c[1]))) }))
      .filter((s) => s.d > radius * (1 + 1e-9))
      .sort((a, b) => b.d - a.d);
    if (farthest.length === 0) break;
    const added: Pt[] = [];
    for (const { p } of farthest) {
      if (added.length >= ADDED_PER_ROUND || points.length + added.length >= MAX_WITNESSES) break;
      if (added.every((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) > radius / 2)) added.push(p);
    }
    if (added.length === 0) break;
    points.push(...added);
  }
  return k;
}

/** The room sampled this finely (m) for the point a cover leaves farthest. */
const SAMPLE_STEP = 0.2;
/** Rounds of new witnesses, and how many each round adds at most. */
const ROUNDS = 40;
const ADDED_PER_ROUND = 4;

function witnesses(rings: readonly Ring[], radius: number, inRoom: (p: Pt) => boolean): Pt[] {
  const points = witnessPoints(rings, radius / 5, OUTLINE_WITNESSES, inRoom);
  for (const p of lattice(rings, radius * INSIDE_STEP, inRoom)) if (points.length < MAX_WITNESSES) points.push(p);
  return points;
}

/** Lattice points of the given step over the outline's extent that pass `keep`. */
function lattice(rings: readonly Ring[], step: number, keep: (p: Pt) => boolean): Pt[] {
  const xs = rings[0]!.map((p) => p[0]);
  const ys = rings[0]!.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const [nx, ny] = [Math.ceil((Math.max(...xs) - x0) / step), Math.ceil((Math.max(...ys) - y0) / step)];
  const out: Pt[] = [];
  for (let i = 0; i <= nx; i++)
    for (let j = 0; j <= ny; j++) {
      const p: Pt = [x0 + i * step, y0 + j * step];
      if (keep(p)) out.push(p);
    }
  return out;
}
