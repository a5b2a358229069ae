/**
 * Open-plan rooms of shapes other than a rectangle (issue 34 'Detectors in open-plan rooms'): an L, a ring around a
 * core, and an open office merged with its corridor by Clean get a placement as good as a rectangle's — at most 1.15
 * of the room's lower bound — every point of the room within the radius of a detector (sampled inside the room, by
 * the independent check), and the detectors in rows and columns as a designer draws them.
 */
import { describe, expect, it } from 'vitest';
import type { Pt, Ring } from '../geometry/ring.js';
import { rect } from '../test-support/arch.js';
import { worstDistance, wallDistance } from '../test-support/coverage-check.js';
import { placeInRoom, type RoomRules } from './room.js';

/** SBF 110:8 smoke detectors: 6.2 m, 75 m², 0.5 m from walls. */
const RULES: RoomRules = { radius: 6.2, maxArea: 75, wallDistance: 0.5, obstacles: [], obstacleDistance: 1 };

const turned = (ring: readonly Pt[], angle: number, [dx, dy]: Pt = [0, 0]): Pt[] =>
  ring.map(([x, y]) => [x * Math.cos(angle) - y * Math.sin(angle) + dx, x * Math.sin(angle) + y * Math.cos(angle) + dy]);

// 40 × 30 m with a 20 × 15 m corner cut away.
const L_ROOM: Ring[] = [
  [
    [0, 0],
    [40, 0],
    [40, 15],
    [20, 15],
    [20, 30],
    [0, 30],
  ],
];
// 50 × 50 m around a 20 × 20 m core (stairs, lifts, shafts: a hole of the room).
const RING_ROOM: Ring[] = [rect(0, 0, 50, 50), rect(15, 15, 20, 20)];
// An open office of 30 × 18 m merged with the 2.4 m corridor that runs along it and 4 m on to a stair.
const OFFICE_AND_CORRIDOR: Ring[] = [
  [
    [-4, 0],
    [30, 0],
    [30, 20.4],
    [0, 20.4],
    [0, 2.4],
    [-4, 2.4],
  ],
];

/**
 * Distinct values of xs: sorted and split where two neighbours are more than `gap` apart; each cluster is a grid line
 * when its values lie within `tolerance` of their mean.
 */
function lines(xs: readonly number[], tolerance: number): { at: number; members: number[] }[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out: { at: number; members: number[] }[] = [];
  let current: { x: number; i: number }[] = [];
  const close = () => {
    if (!current.length) return;
    const mean = current.reduce((s, p) => s + p.x, 0) / current.length;
    if (current.every((p) => Math.abs(p.x - mean) <= tolerance)) out.push({ at: mean, members: current.map((p) => p.i) });
    current = [];
  };
  for (const p of order) {
    if (current.length && p.x - current[current.length - 1]!.x > tolerance) close();
    current.push(p);
  }
  close();
  return out;
}

/**
 * Whether the detectors stand in rows and columns (room frame): on each axis at least 80 % of them lie within 0.1 m of
 * a line they share with another detector, and the lines are few (at most half as many as detectors). Detectors
 * spread by the Lloyd cover stand on a line each.
 */
function expectAligned(units: readonly Pt[], angle: number) {
  const local = units.map((p) => turned([p], -angle)[0]!);
  for (const axis of [0, 1] as const) {
    const found = lines(
      local.map((p) => p[axis]),
      0.1,
    );
    const shared = found.filter((line) => line.members.length >= 2).reduce((n, line) => n + line.members.length, 0);
    expect(shared / units.length, `axis ${axis}`).toBeGreaterThanOrEqual(0.8);
    expect(found.length, `axis ${axis}`).toBeLessThanOrEqual(Math.ceil(units.length / 2));
  }
}

const CASES: [string, Ring[], number][] = [
  ['an L-shaped open room (40 × 30 m)', L_ROOM, 0],
  ['a ring around a core (50 × 50 m, core 20 × 20 m)', RING_ROOM, 0],
  ['an open office merged with its corridor', OFFICE_AND_CORRIDOR, 0],
  ['an L-shaped open room turned 30°', [turned(L_ROOM[0]!, Math.PI / 6, [100, -20])], Math.PI / 6],
];

describe('detectors in open-plan rooms', () => {
  it.each(CASES)('%s: at most 1.15 of the lower bound, the whole room reached, in rows and columns', (_, rings, angle) => {
    const placement = placeInRoom(rings, RULES, []);
    const units = placement.added;
    expect(placement.ok).toBe(true);
    expect(units.length).toBeLessThanOrEqual(1.15 * placement.lowerBound);
    // The independent check: room points every 0.25 m, each measured inside the room to its nearest detector.
    expect(worstDistance(rings, units, 0.25).distance).toBeLessThanOrEqual(RULES.radius + 1e-6);
    for (const u of units) expect(wallDistance(rings, u)).toBeGreaterThanOrEqual(RULES.wallDistance - 1e-9);
    // No detector stands for more than its area: the pieces tile the room.
    for (const piece of placement.pieces) expect(piece.area).toBeLessThanOrEqual(RULES.maxArea * (1 + 1e-9));
    const total = placement.pieces.reduce((s, p) => s + p.area, 0);
    expect(total).toBeCloseTo(placement.area, 6);
    expectAligned(units, angle);
  });
});
