import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipolygonArea, polygonArea, ringSignedArea } from './geometry.js';
import type { Point2 } from './primitives.js';
import { square } from './test-support.js';

describe('ringSignedArea', () => {
  it('is positive counter-clockwise, negative clockwise, 0 below 3 points', () => {
    expect(ringSignedArea(square(0, 0, 2))).toBe(4);
    expect(ringSignedArea([...square(0, 0, 2)].reverse())).toBe(-4);
    expect(ringSignedArea([])).toBe(0);
    expect(
      ringSignedArea([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });

  it('gives the area of a triangle and ignores a repeated closing point', () => {
    expect(
      ringSignedArea([
        [0, 0],
        [4, 0],
        [0, 3],
      ]),
    ).toBe(6);
    expect(
      ringSignedArea([
        [0, 0],
        [4, 0],
        [0, 3],
        [0, 0],
      ]),
    ).toBe(6);
  });
});

describe('polygonArea', () => {
  it('subtracts interiors, whatever the orientation of the rings', () => {
    const hole = square(1, 1, 2);
    expect(polygonArea({ exterior: square(0, 0, 10), interiors: [] })).toBe(100);
    expect(polygonArea({ exterior: square(0, 0, 10), interiors: [hole] })).toBe(96);
    expect(polygonArea({ exterior: [...square(0, 0, 10)].reverse(), interiors: [[...hole].reverse(), square(5, 5, 1)] })).toBe(95);
  });

  it('measures an L-shaped room', () => {
    const l: Point2[] = [
      [0, 0],
      [6, 0],
      [6, 2],
      [2, 2],
      [2, 5],
      [0, 5],
    ];
    expect(polygonArea({ exterior: l, interiors: [] })).toBe(6 * 2 + 2 * 3);
  });

  it('does not change when the polygon is moved', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        (dx, dy, size) => {
          const moved = { exterior: square(dx, dy, size), interiors: [square(dx + 0.25, dy + 0.25, size / 2)] };
          expect(polygonArea(moved)).toBeCloseTo(size * size * 0.75, 6);
        },
      ),
    );
  });
});

describe('multipolygonArea', () => {
  it('adds up its polygons; an empty multipolygon has no area', () => {
    expect(multipolygonArea([])).toBe(0);
    expect(
      multipolygonArea([
        { exterior: square(0, 0, 2), interiors: [] },
        { exterior: square(5, 5, 3), interiors: [square(6, 6, 1)] },
      ]),
    ).toBe(4 + 8);
  });
});
