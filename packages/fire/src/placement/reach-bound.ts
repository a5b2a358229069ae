import { Geodesic } from '../geometry/geodesic.js';
import { distanceToRings, pointInRings, type Pt, type Ring } from '../geometry/ring.js';
import { MOST_UNITS } from './lower-bound.js';
import { groupsNeedMore, MAX_WITNESSES, witnessMask, witnessPoints } from './witness-cover.js';

/**
 * A room's lower bound raised by where a unit may stand, for rooms the disks of lower-bound.ts leave loose (partitions,
 * alcoves: a disk reaches round a wall that a unit's reach, measured inside the room, does not). A unit keeps the wall
 * distance d, so on a lattice of step h ≤ d√2 some lattice place lies within h/√2 ≤ d of it, in a straight line clear of
 * walls: what the unit reaches, the lattice place reaches within r + h/√2 (exact distances inside the room). No k such
 * groups holding every witness point (the outline, a lattice inside) means no k units cover the room: k + 1.
 * Raised from `from` while below `below` (a placement of that many is known); `from` where nothing is proven.
 */
export function reachBound(rings: readonly Ring[], rules: { radius: number; wallDistance: number }, from: number, below: number): number {
  const { radius, wallDistance } = rules;
  if (!(radius > 0) || wallDistance < MIN_WALL_DISTANCE || from >= Math.min(below, MOST_UNITS + 1)) return from;
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

/** The lattice step of unit places (m), at most: finer costs more places, coarser loosens the reach. */
const PLACE_STEP = 0.5;
/** Below this wall distance (m) the lattice would be too fine to be worth it: the bound stays as it is. */
const MIN_WALL_DISTANCE = 0.2;
/** Outline witnesses every r/4 at most this many, and a lattice inside every r/2.5. */
const OUTLINE_WITNESSES = 200;
const INSIDE_STEP = 1 / 1.5;
/** Search nodes per k before the bound stays as it is. */
const BUDGET = 200_000;

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
