import { describe, expect, test } from 'vitest';
import { INVALID_ROOM_SHAPE, isValidRoomShape, polygonProblem } from './index.js';
import { rect, square } from './test-shapes.js';

describe('room shape validity (P§2: more than 2 points, area at least 0.1, a valid polygon)', () => {
  test('the message is the spec text', () => expect(INVALID_ROOM_SHAPE).toBe('Invalid room shape'));
  test('a square, a triangle and a square with a hole are valid', () => {
    expect(isValidRoomShape(square(0, 0, 3))).toBe(true);
    expect(
      isValidRoomShape({
        exterior: [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
        interiors: [],
      }),
    ).toBe(true);
    expect(isValidRoomShape(square(0, 0, 10, [rect(2, 2, 1, 1), rect(5, 5, 2, 2)]))).toBe(true);
  });
  test('two points, or three with one repeated, are too few', () => {
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [1, 0],
        ],
        interiors: [],
      }),
    ).toMatch(/fewer than 3/);
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [1, 0],
          [1, 0],
          [0, 0],
        ],
        interiors: [],
      }),
    ).toMatch(/fewer than 3/);
  });
  test('area 0.1 is allowed, 0.09 is not', () => {
    expect(isValidRoomShape({ exterior: rect(0, 0, 1, 0.1), interiors: [] })).toBe(true);
    expect(polygonProblem({ exterior: rect(0, 0, 1, 0.09), interiors: [] })).toMatch(/area/);
  });
  test('a bow tie crosses itself', () => {
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
        ],
        interiors: [],
      }),
    ).toMatch(/area|crosses itself/);
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [4, 0],
          [4, 4],
          [2, -1],
          [0, 4],
        ],
        interiors: [],
      }),
    ).toBe('the outline crosses itself');
  });
  test('a vertex within 1e-4 of another edge counts as touching it', () => {
    // A "keyhole" whose inner vertex comes 5e-5 from the bottom edge.
    const keyhole: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 4],
      [2, 0.00005],
      [1.9, 4],
      [0, 4],
    ];
    expect(polygonProblem({ exterior: keyhole, interiors: [] })).toBe('the outline crosses itself');
    const apart: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 4],
      [2, 0.001],
      [1.9, 4],
      [0, 4],
    ];
    expect(polygonProblem({ exterior: apart, interiors: [] })).toBeUndefined();
  });
  test('a spike folding back over its edge is invalid', () => {
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 6],
          [0, 5],
        ],
        interiors: [],
      }),
    ).toBeDefined();
  });
  test('holes must lie inside the outline and apart from each other', () => {
    expect(polygonProblem(square(0, 0, 4, [rect(5, 5, 1, 1)]))).toBe('a hole is outside the outline');
    expect(polygonProblem(square(0, 0, 4, [rect(3, 1, 2, 1)]))).toBe('a hole crosses the outline');
    expect(polygonProblem(square(0, 0, 10, [rect(1, 1, 3, 3), rect(2, 2, 3, 3)]))).toBe('two holes cross');
    expect(polygonProblem(square(0, 0, 10, [rect(1, 1, 5, 5), rect(2, 2, 1, 1)]))).toBe('a hole lies inside another hole');
  });
  test('non-finite coordinates are refused', () => {
    expect(
      polygonProblem({
        exterior: [
          [0, 0],
          [Number.NaN, 0],
          [0, 1],
        ],
        interiors: [],
      }),
    ).toMatch(/finite/);
  });
});
