import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loopTour, tourLength } from './tour.js';

type P = readonly [number, number];
const euclid = (points: readonly P[]) => (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);

/** The shortest closed tour by trying every order of the points after the first (the oracle, n ≤ 8). */
function optimum(n: number, dist: (a: number, b: number) => number): number {
  let best = Infinity;
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const permute = (k: number) => {
    if (k === rest.length) {
      best = Math.min(best, tourLength([0, ...rest], dist));
      return;
    }
    for (let i = k; i < rest.length; i++) {
      [rest[k], rest[i]] = [rest[i]!, rest[k]!];
      permute(k + 1);
      [rest[k], rest[i]] = [rest[i]!, rest[k]];
    }
  };
  permute(0);
  return best;
}

describe('loopTour', () => {
  it('visits every point once, the central first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 40 }),
        (points) => {
          const order = loopTour(points.length, euclid(points));
          expect(order[0]).toBe(0);
          expect([...order].sort((a, b) => a - b)).toEqual(points.map((_, i) => i));
        },
      ),
    );
  });

  it('is within 5 % of the shortest tour on random sets of 8 points', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.float({ min: 0, max: 50, noNaN: true }), fc.float({ min: 0, max: 50, noNaN: true })), {
          minLength: 8,
          maxLength: 8,
        }),
        (points) => {
          const dist = euclid(points);
          const length = tourLength(loopTour(points.length, dist), dist);
          expect(length).toBeLessThanOrEqual(optimum(points.length, dist) * 1.05 + 1e-9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('goes round points on a circle in order (the optimum is the polygon)', () => {
    const n = 30;
    // Shuffled so nothing comes from the input order.
    const angles = Array.from({ length: n }, (_, i) => ((i * 7) % n) * ((2 * Math.PI) / n));
    const points = angles.map((a) => [Math.cos(a) * 10, Math.sin(a) * 10] as const);
    const dist = euclid(points);
    expect(tourLength(loopTour(n, dist), dist)).toBeCloseTo(n * 2 * 10 * Math.sin(Math.PI / n), 6);
  });
});
