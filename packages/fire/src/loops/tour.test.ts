import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tourOptimum } from '../test-support/tour-optimum.js';
import { loopTour, tourLength } from './tour.js';

type P = readonly [number, number];
const euclid = (points: readonly P[]) => (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);

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
          expect(length).toBeLessThanOrEqual(tourOptimum(points.length, dist) * 1.05 + 1e-9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('shortens an order it is given instead of nearest neighbour’s: never longer than that order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 4, maxLength: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        (points, seed) => {
          const dist = euclid(points);
          // A shuffled order, the central first.
          const rest = points.slice(1).map((_, i) => i + 1);
          const given = [0, ...rest.sort((a, b) => ((a * seed) % 97) - ((b * seed) % 97))];
          const order = loopTour(points.length, dist, given);
          expect([...order].sort((a, b) => a - b)).toEqual(points.map((_, i) => i));
          expect(order[0]).toBe(0);
          expect(tourLength(order, dist)).toBeLessThanOrEqual(tourLength(given, dist) + 1e-9);
        },
      ),
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
