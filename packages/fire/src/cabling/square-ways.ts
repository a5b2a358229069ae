import { pointInRings, segmentsCross, type Pt, type Ring } from '../geometry/ring.js';

/**
 * How a cable runs between two points of one room (issue 34): square, along the room's main wall direction and across
 * it, as a designer draws it (from the door straight in, a turn, along the row of detectors), not diagonally.
 */

/** The ends of a straight stretch in a room this close to its outline are not looked at (doors, passages, units by a wall). */
const EDGE_END_SLACK = 0.7;
/**
 * Nor, on a square way's stretch from a node to a turn, more than this of the node's end (a door's middle stands in its
 * wall): at 0.7 m a stretch of 1.35 m from a wall passage ran through a wall stub unseen.
 */
const NODE_SLACK = 0.35;
/** A turn of the cable stands at least this far inside the room's outline (m): on the ceiling, clear of the wall. */
export const BEND_CLEAR = 0.3;
/** Nor, where no turn stands that far in, closer than this (a narrow room's middle). */
const BEND_MIN_CLEAR = 0.05;
/** Within this angle of the room's axes a straight stretch counts as square (about 0.05 m in 1 m). */
const SQUARE_TOLERANCE = (3 * Math.PI) / 180;
/** Edges within this angle of each other (modulo 90°) count as one wall direction. */
const AXIS_BIN = (2 * Math.PI) / 180;

/**
 * Whether the straight stretch ab between two points of a room leaves it (crosses its outline away from its ends, or
 * passes outside): in an L-shaped room the stretch from a unit to a door ran through a wall.
 */
export function leavesRoom(rings: readonly Ring[], a: Pt, b: Pt, slackA = EDGE_END_SLACK, slackB = EDGE_END_SLACK): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len <= slackA + slackB) return false;
  if (!pointInRings((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, rings)) return true;
  const [fa, fb] = [slackA / len, slackB / len];
  const p: Pt = [a[0] + fa * (b[0] - a[0]), a[1] + fa * (b[1] - a[1])];
  const q: Pt = [b[0] - fb * (b[0] - a[0]), b[1] - fb * (b[1] - a[1])];
  for (const ring of rings)
    for (let k = 0; k < ring.length; k++) if (segmentsCross(p, q, ring[k]!, ring[(k + 1) % ring.length]!)) return true;
  return false;
}

/**
 * A room's main wall direction as a unit vector: of its outline's edge directions (modulo 90°), the one the most wall
 * length runs along (within AXIS_BIN). A room turned in the plan has its axes turned with it.
 */
export function roomAxis(rings: readonly Ring[]): Pt {
  const edges: { angle: number; length: number }[] = [];
  for (const ring of rings)
    for (let k = 0; k < ring.length; k++) {
      const [p, q] = [ring[k]!, ring[(k + 1) % ring.length]!];
      const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (length < 1e-6) continue;
      const angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
      edges.push({ angle: ((angle % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2), length });
    }
  let [best, bestAngle] = [-1, 0];
  for (const e of edges) {
    let [sum, weighted] = [0, 0];
    for (const f of edges) {
      // The difference folded into −45°..45°, so 89° and 1° are one direction.
      let d = f.angle - e.angle;
      d -= Math.round(d / (Math.PI / 2)) * (Math.PI / 2);
      if (Math.abs(d) > AXIS_BIN) continue;
      sum += f.length;
      weighted += f.length * d;
    }
    if (sum > best) [best, bestAngle] = [sum, e.angle + weighted / sum];
  }
  return [Math.cos(bestAngle), Math.sin(bestAngle)];
}

/** Where ways already run in a room, in its frame: `u` the positions along its axis of stretches across it, `v` across. */
export interface RoomLines {
  u: readonly number[];
  v: readonly number[];
}

/** Turns farther than this inside a room (m) count as equally clear: the walls far off are not looked at. */
const CLEAR_ENOUGH = 2;

/**
 * How far a turn stands inside the room's outline (m), up to CLEAR_ENOUGH; −1 outside it. Edges whose box is farther
 * than the nearest found are skipped: a room after Clean has outlines of a hundred corners and more.
 */
function clearance(rings: readonly Ring[], p: Pt): number {
  const [px, py] = p;
  if (!pointInRings(px, py, rings)) return -1;
  let best = CLEAR_ENOUGH;
  for (const ring of rings)
    for (let i = 0, n = ring.length; i < n; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % n]!;
      const gx = Math.max(0, Math.min(a[0], b[0]) - px, px - Math.max(a[0], b[0]));
      const gy = Math.max(0, Math.min(a[1], b[1]) - py, py - Math.max(a[1], b[1]));
      if (gx >= best || gy >= best) continue;
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2)) : 0;
      best = Math.min(best, Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy)));
    }
  return best;
}

/** Whether the stretches a → turns → b all stay in the room (turns stand inside it: only the nodes' ends have slack). */
function staysIn(rings: readonly Ring[], a: Pt, turns: readonly Pt[], b: Pt): boolean {
  let from = a;
  for (const t of turns) {
    if (leavesRoom(rings, from, t, from === a ? NODE_SLACK : 0, 0)) return false;
    from = t;
  }
  return !leavesRoom(rings, from, b, 0, NODE_SLACK);
}

/** How far the nearest of these turns stands inside the room (−1: one is outside). */
function leastClearance(rings: readonly Ring[], turns: readonly Pt[]): number {
  let least = Infinity;
  for (const t of turns) least = Math.min(least, clearance(rings, t));
  return least;
}

/** Of these turns (each an L or a Z), the ones whose turns stand at least `least` inside, the clearest that stays in. */
function clearest(rings: readonly Ring[], a: Pt, b: Pt, ways: readonly (readonly Pt[])[], least: number): Pt[] | null {
  const scored: { turns: readonly Pt[]; clear: number }[] = [];
  for (const turns of ways) {
    const clear = leastClearance(rings, turns);
    if (clear >= least) scored.push({ turns, clear });
  }
  scored.sort((p, q) => q.clear - p.clear);
  for (const w of scored) if (staysIn(rings, a, w.turns, b)) return [...w.turns];
  return null;
}

/** The shares of the way from `from` (by `span`) at which lines of `known` lie clear of both ends, nearest halfway first. */
function lineShares(known: readonly number[] | undefined, from: number, span: number): number[] {
  const shares = new Set<number>();
  for (const c of known ?? []) {
    const s = (c - from) / span;
    if (Math.abs(span) * Math.min(s, 1 - s) >= BEND_CLEAR) shares.add(Math.round(s * 1e6) / 1e6);
  }
  return [...shares].sort((p, q) => Math.abs(p - 0.5) - Math.abs(q - 0.5));
}

/** A way from a to b in a room's frame: its start and the two stretches an L is made of. */
interface Frame {
  a: Pt;
  along: Pt;
  across: Pt;
  /** a's place in the frame (along the axis, across it) and the way's length each way (signed). */
  at: Pt;
  du: number;
  dv: number;
}

/** Shares of the way along (u) and across (v) where the lines already drawn lie, nearest halfway first. */
const shares = (f: Frame, lines?: RoomLines) => ({ su: lineShares(lines?.u, f.at[0], f.du), sv: lineShares(lines?.v, f.at[1], f.dv) });

/** The room's frame for a way from a to b, or null where the straight way already runs along an axis. */
function frameOf(axis: Pt, a: Pt, b: Pt): Frame | null {
  const [ux, uy] = axis;
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  // The way in the room's own frame: du along its main direction, dv across it.
  const du = dx * ux + dy * uy;
  const dv = -dx * uy + dy * ux;
  const [au, av] = [Math.abs(du), Math.abs(dv)];
  if (Math.min(au, av) <= Math.tan(SQUARE_TOLERANCE) * Math.max(au, av)) return null;
  return {
    a,
    along: [du * ux, du * uy],
    across: [-dv * uy, dv * ux],
    at: [a[0] * ux + a[1] * uy, -a[0] * uy + a[1] * ux],
    du,
    dv,
  };
}

/** Along then across, or across then along. */
const ells = ({ a, along, across }: Frame): Pt[][] => [[[a[0] + along[0], a[1] + along[1]]], [[a[0] + across[0], a[1] + across[1]]]];

/** Along, across, along (the middle at a share su of the way along); or across, along, across (at sv across). */
function zees({ a, along, across }: Frame, su: number | undefined, sv: number | undefined): Pt[][] {
  const out: Pt[][] = [];
  if (su !== undefined) {
    const t: Pt = [a[0] + su * along[0], a[1] + su * along[1]];
    out.push([t, [t[0] + across[0], t[1] + across[1]]]);
  }
  if (sv !== undefined) {
    const t: Pt = [a[0] + sv * across[0], a[1] + sv * across[1]];
    out.push([t, [t[0] + along[0], t[1] + along[1]]]);
  }
  return out;
}

/** A Z's middle stretch is looked for on the lines nearest halfway, this many each way. */
const CHOICE_LINES = 6;

/**
 * The turns of a square way from a to b in a room whose main direction is `axis`: [] where the straight stretch already
 * runs along an axis; one turn (an L) where one stands inside the room clear of its walls and neither stretch leaves
 * it, the turn farther from the walls first; else two (a Z), its middle stretch on the line of `lines` between a and
 * b nearest halfway (the row of detectors another way runs on: one line drawn, not two side by side), halfway, or on
 * another line; null where the room's shape leaves no square way (the cable runs straight there).
 */
export function squareWay(rings: readonly Ring[], axis: Pt, a: Pt, b: Pt, lines?: RoomLines): Pt[] | null {
  const f = frameOf(axis, a, b);
  if (!f) return [];
  const ell = clearest(rings, a, b, ells(f), BEND_CLEAR);
  if (ell) return ell;
  const { su, sv } = shares(f, lines);
  const onLines = zees(f, su[0], sv[0]);
  const halfway = zees(f, 0.5, 0.5);
  const onOthers: Pt[][] = [];
  for (let k = 1; k < CHOICE_LINES; k++) onOthers.push(...zees(f, su[k], sv[k]));
  return (
    clearest(rings, a, b, onLines, BEND_CLEAR) ??
    clearest(rings, a, b, halfway, BEND_CLEAR) ??
    clearest(rings, a, b, onOthers, BEND_CLEAR) ??
    clearest(rings, a, b, [...ells(f), ...onLines, ...halfway, ...onOthers], BEND_MIN_CLEAR)
  );
}

/**
 * Every square way from a to b squareWay could have taken (Ls, and Zs on the lines nearest halfway and halfway) whose
 * turns stand inside the room and whose stretches stay in it, clearest first: as long as each other, for a loop to
 * choose one that keeps off its other legs.
 */
export function squareWays(rings: readonly Ring[], axis: Pt, a: Pt, b: Pt, lines?: RoomLines): Pt[][] {
  const f = frameOf(axis, a, b);
  if (!f) return [];
  const ways = [...ells(f), ...zees(f, 0.5, 0.5)];
  const { su, sv } = shares(f, lines);
  for (let k = 0; k < CHOICE_LINES; k++) ways.push(...zees(f, su[k], sv[k]));
  return ways
    .map((turns) => ({ turns, clear: leastClearance(rings, turns) }))
    .filter((w) => w.clear >= BEND_MIN_CLEAR && staysIn(rings, a, w.turns, b))
    .sort((p, q) => q.clear - p.clear)
    .map((w) => w.turns);
}
