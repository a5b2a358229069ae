import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exchangeLoops, loopLength, nearestPoints } from './loop-exchange.js';

type P = readonly [number, number];
const euclid = (points: readonly P[]) => (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);
const total = (loops: readonly (readonly number[])[], d: (a: number, b: number) => number) =>
  loops.reduce((s, l) => s + loopLength(l, d), 0);
/** Per section, how many of the loops hold it. */
const spans = (loops: readonly (readonly number[])[], sections: readonly string[]) => {
  const out = new Map<string, number>();
  for (const loop of loops) for (const s of new Set(loop.map((p) => sections[p]!))) if (s) out.set(s, (out.get(s) ?? 0) + 1);
  return out;
};

/** The shortest loop through these points from the central and back, every order tried (the oracle, few points). */
function shortest(points: readonly number[], d: (a: number, b: number) => number): number {
  if (points.length <= 1) return loopLength(points, d);
  return Math.min(...points.map((p, i) => shortestFrom(p, [...points.slice(0, i), ...points.slice(i + 1)], d) + d(0, p)));
}
function shortestFrom(from: number, rest: readonly number[], d: (a: number, b: number) => number): number {
  if (rest.length === 0) return d(from, 0);
  return Math.min(...rest.map((p, i) => d(from, p) + shortestFrom(p, [...rest.slice(0, i), ...rest.slice(i + 1)], d)));
}

/** Random loops of one central (point 0 at the origin): points, sections, and a partition into loops of at most `max`. */
const instance = fc
  .record({
    points: fc.array(fc.tuple(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -60, max: 60 })), { minLength: 3, maxLength: 36 }),
    sections: fc.array(fc.constantFrom('', 'a', 'b', 'c', 'd', 'e'), { minLength: 36, maxLength: 36 }),
    max: fc.integer({ min: 3, max: 12 }),
    maxLength: fc.integer({ min: 150, max: 600 }),
  })
  .map(({ points, sections, max, maxLength }) => {
    const all: P[] = [[0, 0], ...points];
    const loops: number[][] = [];
    for (let p = 1; p < all.length; p += max) loops.push(Array.from({ length: Math.min(max, all.length - p) }, (_, k) => p + k));
    return { all, sections: ['', ...sections.slice(0, points.length)], loops, max, maxLength };
  });

describe('exchangeLoops', () => {
  it('tries a section as a block again only when its loop or one beside it changed: the same loops as trying every block every round', () => {
    fc.assert(
      fc.property(instance, ({ all, sections, loops, max, maxLength }) => {
        const d = euclid(all);
        const fits = (t: readonly number[]) => t.length <= max && loopLength(t, d) <= maxLength;
        const run = (everyBlock: boolean) =>
          exchangeLoops({ loops, dist: d, sections, fits, weights: all.map((_, p) => [p === 0 ? 0 : 1]), capacity: [max], everyBlock });
        expect(run(false)).toEqual(run(true));
      }),
      { numRuns: 200, seed: 26 },
    );
  });

  it('keeps every unit on one loop and every loop within its limits; fewer loops, or none longer and no section split more', () => {
    fc.assert(
      fc.property(instance, ({ all, sections, loops, max, maxLength }) => {
        const d = euclid(all);
        // The limits: units, and a length standing in for the voltage (a loop made longer than it may not fit).
        const fits = (t: readonly number[]) => t.length <= max && loopLength(t, d) <= maxLength;
        const fitting = new Set(loops.filter(fits));
        const out = exchangeLoops({ loops, dist: d, sections, fits, weights: all.map((_, p) => [p === 0 ? 0 : 1]), capacity: [max] });
        expect(out.flat().sort((a, b) => a - b)).toEqual(loops.flat().sort((a, b) => a - b));
        for (const loop of out) {
          expect(loop.length).toBeGreaterThan(0);
          // A loop that did not fit may only have lost units.
          expect(fits(loop) || loops.some((l) => !fitting.has(l) && loop.every((p) => l.includes(p)))).toBe(true);
        }
        expect(out.length).toBeLessThanOrEqual(loops.length);
        if (out.length === loops.length) {
          expect(total(out, d)).toBeLessThanOrEqual(total(loops, d) + 1e-6);
          const before = spans(loops, sections);
          for (const [s, n] of spans(out, sections)) expect(n).toBeLessThanOrEqual(before.get(s)!);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives each loop the cluster it passes by: two wedges that cross come apart (the optimum)', () => {
    // Two clusters of six east and west of the central; each loop starts with half of each, at most six units a loop.
    const ring = (cx: number) => Array.from({ length: 6 }, (_, k) => [cx + 3 * Math.cos(k), 3 * Math.sin(k)] as const);
    const all: P[] = [[0, 0], ...ring(-50), ...ring(50)];
    const d = euclid(all);
    const loops = [
      [1, 2, 3, 7, 8, 9],
      [4, 5, 6, 10, 11, 12],
    ];
    const out = exchangeLoops({ loops, dist: d, sections: all.map(() => ''), fits: (t) => t.length <= 6 });
    expect(out.map((l) => [...l].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
    ]);
    // Each then in its shortest order (every order tried).
    expect(total(out, d)).toBeCloseTo(shortest([1, 2, 3, 4, 5, 6], d) + shortest([7, 8, 9, 10, 11, 12], d), 6);
  });

  it('gives up a loop whose units the others can take, sections split only then', () => {
    // Three loops of three on a line; one loop of nine fits.
    const all: P[] = [[0, 0], ...Array.from({ length: 9 }, (_, k) => [10 + k, 0] as const)];
    const sections = ['', 'a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c'];
    const out = exchangeLoops({
      loops: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      dist: euclid(all),
      sections,
      fits: (t) => t.length <= 9,
    });
    expect(out).toHaveLength(1);
    expect(loopLength(out[0]!, euclid(all))).toBeCloseTo(36, 9);
  });
});

describe('nearestPoints', () => {
  it('finds the k nearest of each point on its layer, as comparing every pair does (the oracle)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.constantFrom(0, 3)), {
          minLength: 2,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 6 }),
        (raw, k) => {
          const coords = raw.map(([x, y, z]) => [x, y, z] as const);
          const layers = raw.map(([, , z]) => `s${z}`);
          // A metric longer than the straight distance between layers (as through a stair).
          const d = (a: number, b: number) =>
            Math.hypot(coords[a]![0] - coords[b]![0], coords[a]![1] - coords[b]![1], coords[a]![2] - coords[b]![2]) +
            (layers[a] === layers[b] ? 0 : 20);
          const points = raw.map((_, i) => i);
          const near = nearestPoints(points, d, k, coords, layers);
          for (const p of points) {
            const others = points.filter((q) => q !== p && layers[q] === layers[p]).map((q) => d(p, q));
            const found = near.get(p)!.map((q) => d(p, q));
            expect(found).toEqual([...others].sort((a, b) => a - b).slice(0, k));
          }
        },
      ),
    );
  });
});
