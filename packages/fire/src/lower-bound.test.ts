import { describe, expect, it } from 'vitest';
import { buildGrid } from './placement/grid.js';
import { roomLowerBound } from './placement/lower-bound.js';
import { rect } from './test-support/arch.js';

const bound = (rings: [number, number][][], radius: number, maxArea = Infinity) => roomLowerBound(buildGrid(rings), radius, maxArea);

describe('the lower bound of a room', () => {
  it('is at least 1, the area rule and the hexagon bound', () => {
    expect(bound([rect(0, 0, 2, 2)], 6.2, 75)).toBe(1);
    expect(bound([rect(0, 0, 30, 20)], 6.2, 75)).toBe(8); // 600 / 75
    expect(bound([rect(0, 0, 40, 40)], 5)).toBe(Math.ceil(1600 / (2.598 * 25))); // no area rule: 25
  });

  it('counts a corridor by its length (points more than 2r apart)', () => {
    // 100 m at r = 6.2: points 12.4+ m apart fit 9 times (0, 12.5, …, 100).
    expect(bound([rect(0, 0, 100, 1.5)], 6.2, 75)).toBe(9);
  });

  it('measures around corners in an L-shaped room', () => {
    // Arm tips (0, 22) and (22, 0) are 31 m apart straight, and far more than 2 × 6.2 from the corner region.
    const L: [number, number][] = [
      [0, 0],
      [22, 0],
      [22, 2],
      [2, 2],
      [2, 22],
      [0, 22],
    ];
    expect(bound([L], 6.2, 75)).toBeGreaterThanOrEqual(3);
  });

  it('knows when two disks cannot cover a rectangle', () => {
    // 11.6 × 11.4: the halves 5.8 × 11.4 have a half-diagonal of 6.40 m > 6.2.
    expect(bound([rect(0, 0, 11.6, 11.4)], 6.2, 75)).toBe(3);
    expect(bound([rect(0, 0, 11.6, 11.4)], 6.5, 75)).toBe(2);
  });
});
