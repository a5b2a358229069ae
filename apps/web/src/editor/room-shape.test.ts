import { describe, expect, it } from 'vitest';
import { roomShapeProblem } from './room-shape';
import { rect } from './test-arch';

describe('room shape (P§5)', () => {
  it('accepts a simple polygon of at least 0.1 m2, in either direction', () => {
    expect(roomShapeProblem(rect(0, 0, 2, 3))).toBeNull();
    expect(roomShapeProblem(rect(0, 0, 2, 3).reverse())).toBeNull();
    expect(roomShapeProblem(rect(0, 0, 1, 0.1))).toBeNull();
    expect(
      roomShapeProblem([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 1],
        [0, 4],
      ]),
    ).toBeNull();
  });

  it('refuses two points or fewer', () => {
    expect(
      roomShapeProblem([
        [0, 0],
        [1, 1],
      ]),
    ).toBe('too few points');
    expect(roomShapeProblem([])).toBe('too few points');
  });

  it('refuses less than 0.1 m2', () => {
    expect(roomShapeProblem(rect(0, 0, 1, 0.09))).toBe('too small');
  });

  it('refuses a crossing, a touching or a repeated corner, and a fold-back', () => {
    expect(
      roomShapeProblem([
        [0, 0],
        [2, 2],
        [2, 0],
        [0, 2],
      ]),
    ).toBe('not a simple polygon');
    expect(
      roomShapeProblem([
        [0, 0],
        [2, 0],
        [2, 2],
        [2, 2],
        [0, 2],
      ]),
    ).toBe('not a simple polygon');
    // A corner touching another edge (a pinched polygon).
    expect(
      roomShapeProblem([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0],
        [0, 4],
      ]),
    ).toBe('not a simple polygon');
    // Collinear edges going back over each other.
    expect(
      roomShapeProblem([
        [0, 0],
        [4, 0],
        [2, 0],
        [2, 3],
      ]),
    ).toBe('not a simple polygon');
  });
});
