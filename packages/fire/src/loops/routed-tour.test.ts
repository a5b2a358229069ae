import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tourOptimum } from '../test-support/tour-optimum.js';
import type { RoutingGraph } from '../cabling/routing-graph.js';
import { routedTour, routeMetres } from './routed-tour.js';
import { tourLength } from './tour.js';

/** Routed lengths on a plan split by a wall along x = 50 with one door at (50, 0): a leg across goes by the door. */
const walled = (points: readonly (readonly [number, number])[]) => (a: number, b: number) => {
  const [p, q] = [points[a]!, points[b]!];
  if (p[0] < 50 === q[0] < 50) return Math.hypot(p[0] - q[0], p[1] - q[1]);
  return Math.hypot(p[0] - 50, p[1]) + Math.hypot(q[0] - 50, q[1]);
};

describe('routedTour', () => {
  it('is never longer on the routed lengths than the order it is given, and asks one search per stop', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -40, max: 40 })), { minLength: 2, maxLength: 30 }),
        (raw) => {
          const d = walled(raw);
          const given = raw.map((_, i) => i);
          const searched: number[] = [];
          const order = routedTour(given, (a) => (searched.push(a), (b) => d(a, b)));
          expect([...order].sort((a, b) => a - b)).toEqual(given);
          expect(order[0]).toBe(0);
          expect(tourLength(order, d)).toBeLessThanOrEqual(tourLength(given, d) + 1e-9);
          expect(new Set(searched).size).toBe(searched.length);
        },
      ),
    );
  });

  it('goes round a wall by its door as the shortest order does, where the straight order zigzags through it', () => {
    // Stops on both sides of the wall, given in the order of their straight distances' tour (alternating sides).
    const points = [
      [0, 0],
      [45, 20],
      [55, 20],
      [45, -20],
      [55, -20],
      [40, 30],
      [60, 30],
    ] as const;
    const d = walled(points);
    const given = [0, 1, 2, 3, 4, 5, 6];
    expect(tourLength(given, d)).toBeGreaterThan(tourOptimum(points.length, d) + 50);
    const order = routedTour(given, (a) => (b) => d(a, b));
    expect(tourLength(order, d)).toBeCloseTo(tourOptimum(points.length, d), 9);
  });
});

describe('routeMetres', () => {
  it('measures a path along its nodes in 3D', () => {
    const g = {
      nodes: [
        [0, 0, 3],
        [3, 4, 3],
        [3, 4, 0],
      ].map(([x, y, z]) => ({ storeyId: 's', x: x!, y: y!, z: z!, kind: 'point' as const, unitId: '', terminal: false })),
      edges: [[], [], []],
      storeys: new Map(),
    } as unknown as RoutingGraph;
    expect(routeMetres(g, [0, 1, 2])).toBeCloseTo(8, 9);
  });
});
