import { describe, expect, it } from 'vitest';
import { pointInRings, type Pt, type Ring } from '../geometry/ring.js';
import { roomAxis, squareWay, squareWays } from './square-ways.js';

const turn =
  (t: number) =>
  (p: Pt): Pt => [p[0] * Math.cos(t) - p[1] * Math.sin(t), p[0] * Math.sin(t) + p[1] * Math.cos(t)];

/** The angle of a stretch to the x axis, folded into 0–45° (0: along x or y). */
function offAxis(a: Pt, b: Pt, theta = 0): number {
  let deg = ((Math.atan2(b[1] - a[1], b[0] - a[0]) - theta) * 180) / Math.PI;
  deg = ((deg % 90) + 90) % 90;
  return Math.min(deg, 90 - deg);
}

/** Whether every point of the polyline, sampled every 5 cm, lies in the room (its ends may stand on the outline). */
function inside(rings: readonly Ring[], line: readonly Pt[]): boolean {
  for (let k = 1; k < line.length; k++) {
    const [a, b] = [line[k - 1]!, line[k]!];
    const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.05);
    for (let i = 1; i < steps; i++)
      if (!pointInRings(a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps, rings)) return false;
  }
  return true;
}

describe('square ways in a room (issue 34)', () => {
  it("finds a turned room's main wall direction from its longest walls, modulo 90°", () => {
    const t = (25 * Math.PI) / 180;
    // A 12 × 8 m room turned 25°, with a 1 m chamfer at one corner.
    const room: Ring = (
      [
        [0, 0],
        [12, 0],
        [12, 7],
        [11, 8],
        [0, 8],
      ] as Pt[]
    ).map(turn(t));
    const [ux, uy] = roomAxis([room]);
    expect(offAxis([0, 0], [ux, uy], t)).toBeLessThan(0.01);
  });

  it('joins a door to a detector by one turn inside the room, its stretches along and across the walls', () => {
    const t = (30 * Math.PI) / 180;
    const room: Ring = (
      [
        [0, 0],
        [10, 0],
        [10, 6],
        [0, 6],
      ] as Pt[]
    ).map(turn(t));
    const axis = roomAxis([room]);
    const [door, detector] = [turn(t)([2, 0]), turn(t)([7, 3.5])];
    const turns = squareWay([room], axis, door, detector)!;
    expect(turns).toHaveLength(1);
    const line = [door, ...turns, detector];
    for (let k = 1; k < line.length; k++) expect(offAxis(line[k - 1]!, line[k]!, t)).toBeLessThan(1e-6);
    // From the door straight in (not along the wall the door is in): the turn stands clear of the walls.
    const [u, v] = turn(-t)(turns[0]!);
    expect(Math.min(u, 10 - u, v, 6 - v)).toBeGreaterThanOrEqual(0.3);
    // Points already in line need no turn.
    expect(squareWay([room], axis, turn(t)([2, 3.5]), detector)).toEqual([]);
  });

  it('goes round the inner corner of an L-shaped room, and runs straight only where no square way stays inside', () => {
    const ell: Ring = [
      [0, 0],
      [10, 0],
      [10, 12],
      [6, 12],
      [6, 4],
      [0, 4],
    ];
    const axis = roomAxis([ell]);
    const [a, b]: [Pt, Pt] = [
      [2, 2],
      [8, 10],
    ];
    const turns = squareWay([ell], axis, a, b)!;
    expect(turns.length).toBeGreaterThan(0);
    expect(inside([ell], [a, ...turns, b])).toBe(true);
    for (const way of squareWays([ell], axis, a, b)) expect(inside([ell], [a, ...way, b])).toBe(true);

    // A square hall with a corridor 1 m wide leaving it at 45°: no square way joins the corridor's far end.
    const hall: Ring = [
      [0, 0],
      [20, 0],
      [20, 20],
      [10.7, 20],
      [16.36, 25.66],
      [15.66, 26.36],
      [9.3, 20],
      [0, 20],
    ];
    expect(squareWay([hall], roomAxis([hall]), [10, 19], [15.8, 25.8])).toBeNull();
  });
});
