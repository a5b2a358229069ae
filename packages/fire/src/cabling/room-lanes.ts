import type { Room } from '@edrf/model';
import { ringArea, type Pt, type Ring } from '../geometry/ring.js';

/**
 * Where a cable runs inside a room (issue 34): along a corridor's centre line, and never through a lift shaft.
 */

/**
 * A room is a lift shaft by its name, in the corpus's languages (the model types lifts as Shaft, as it types service
 * shafts): it holds only the lift's installations (EN 81-20), so no cable crosses it or rises in it.
 */
const LIFT_NAME = /\blift|elevator|\bhiss|aufzug|fahrstuhl|ascens(eur|ore|or)|elevador|лифт/i;
export const isLiftShaft = (room: Pick<Room, 'name'>): boolean => LIFT_NAME.test(room.name);

/**
 * A room at most LANE_MAX_WIDTH wide (m), at least LANE_MIN_ASPECT times as long, filling its least bounding rectangle
 * LANE_MIN_FILL, is a corridor. Wider rooms are crossed straight: in a 10 m wide room the way along its centre line
 * was longer than a hole through the wall (cable-ways.test.ts).
 */
export const LANE_MAX_WIDTH = 4;
export const LANE_MIN_ASPECT = 2.5;
export const LANE_MIN_FILL = 0.85;

/** A corridor's centre line ends this far inside its end walls (m): a door in an end wall joins it straight on. */
const LANE_END_INSET = 0.3;

/** A corridor's centre line, from just inside one end to just inside the other. */
export interface Lane {
  from: Pt;
  to: Pt;
}

/**
 * The centre line of a room long and narrow enough to be a corridor (its least-area bounding rectangle, whose sides
 * lie along an edge of the outline, LANE_MIN_ASPECT long and LANE_MIN_FILL full), or null. A cable in a corridor runs
 * along this line and turns square into each door (a designer's drawing), rather than diagonally from door to door.
 */
export function roomLane(rings: readonly Ring[]): Lane | null {
  const outer = rings[0];
  if (!outer || outer.length < 3) return null;
  let best: { area: number; u: Pt; lo: Pt; hi: Pt } | null = null;
  for (let k = 0; k < outer.length; k++) {
    const [p, q] = [outer[k]!, outer[(k + 1) % outer.length]!];
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len < 1e-6) continue;
    const u: Pt = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of outer) {
      const [a, b] = [x * u[0] + y * u[1], -x * u[1] + y * u[0]];
      [minU, maxU, minV, maxV] = [Math.min(minU, a), Math.max(maxU, a), Math.min(minV, b), Math.max(maxV, b)];
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) best = { area, u, lo: [minU, minV], hi: [maxU, maxV] };
  }
  if (!best || best.area <= 0) return null;
  const roomArea = Math.abs(ringArea(outer)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
  if (roomArea / best.area < LANE_MIN_FILL) return null;
  const { u, lo, hi } = best;
  let [along, across] = [hi[0] - lo[0], hi[1] - lo[1]];
  // In the rectangle's own frame (a along u, b across); the lane runs along the longer side.
  const toPlan = (a: number, b: number): Pt => [a * u[0] - b * u[1], a * u[1] + b * u[0]];
  if (Math.min(along, across) > LANE_MAX_WIDTH) return null;
  if (along >= across) {
    if (along < LANE_MIN_ASPECT * across) return null;
    const b = (lo[1] + hi[1]) / 2;
    return { from: toPlan(lo[0] + LANE_END_INSET, b), to: toPlan(hi[0] - LANE_END_INSET, b) };
  }
  [along, across] = [across, along];
  if (along < LANE_MIN_ASPECT * across) return null;
  const a = (lo[0] + hi[0]) / 2;
  return { from: toPlan(a, lo[1] + LANE_END_INSET), to: toPlan(a, hi[1] - LANE_END_INSET) };
}

/** Where along the lane (0..1, clamped) a point's square projection falls. */
export function laneT(lane: Lane, x: number, y: number): number {
  const [dx, dy] = [lane.to[0] - lane.from[0], lane.to[1] - lane.from[1]];
  const len2 = dx * dx + dy * dy;
  return len2 > 0 ? Math.max(0, Math.min(1, ((x - lane.from[0]) * dx + (y - lane.from[1]) * dy) / len2)) : 0;
}

export const lanePoint = (lane: Lane, t: number): Pt => [
  lane.from[0] + t * (lane.to[0] - lane.from[0]),
  lane.from[1] + t * (lane.to[1] - lane.from[1]),
];

/** Below this angle to a corridor's axis, or above its complement, a straight edge runs square to the corridor. */
export const SQUARE_WITHIN = (15 * Math.PI) / 180;

/** Whether the straight line ab runs along the lane or straight across it (not diagonally); `acrossOnly`: across it. */
export function squareToLane(lane: Lane, a: Pt, b: Pt, acrossOnly = false): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 1e-9) return true;
  const [ux, uy] = [lane.to[0] - lane.from[0], lane.to[1] - lane.from[1]];
  const cos = Math.abs((b[0] - a[0]) * ux + (b[1] - a[1]) * uy) / (len * Math.hypot(ux, uy));
  return (!acrossOnly && cos >= Math.cos(SQUARE_WITHIN)) || cos <= Math.sin(SQUARE_WITHIN);
}
