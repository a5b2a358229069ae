import { describe, expect, it } from 'vitest';
import { oneTreeBound, tourLowerBound } from './tour-bound.js';
import { tourOptimum } from './tour-optimum.js';
import { exactRing, ringCost } from '../cabling/ring.js';
import { seededRandom } from './random.js';

function points(n: number, seed: number): (a: number, b: number) => number {
  const r = seededRandom(seed);
  const p = Array.from({ length: n }, () => [r() * 60, r() * 30, Math.floor(r() * 3) * 3.5] as const);
  return (a, b) => Math.hypot(p[a]![0] - p[b]![0], p[a]![1] - p[b]![1], p[a]![2] - p[b]![2]);
}

describe('tourLowerBound', () => {
  it('is the shortest tour, every order tried, on few points', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const n = 3 + (seed % 6);
      const dist = points(n, seed);
      expect(tourLowerBound(n, dist, Infinity)).toBeCloseTo(tourOptimum(n, dist), 9);
    }
    expect(tourLowerBound(2, (a, b) => (a === b ? 0 : 5), 10)).toBe(10);
    expect(tourLowerBound(1, () => 0, 0)).toBe(0);
  });

  it('bounds the shortest tour from below, within a few per cent, by 1-trees', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const n = 12 + (seed % 5);
      const dist = points(n, 100 + seed);
      const matrix = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => dist(a, b)));
      const optimum = ringCost(exactRing(matrix), matrix);
      const bound = oneTreeBound(n, dist, optimum * 1.1);
      expect(bound).toBeLessThanOrEqual(optimum + 1e-9);
      expect(bound).toBeGreaterThan(0.9 * optimum);
    }
  });

  it('comes within 1 % of twice the line on points in a row, where the tour is out and back', () => {
    const dist = (a: number, b: number) => Math.abs(a - b) * 4;
    const bound = oneTreeBound(40, dist, 400);
    expect(bound).toBeLessThanOrEqual(2 * 39 * 4 + 1e-9);
    expect(bound).toBeGreaterThan(0.99 * 2 * 39 * 4);
  });
});
