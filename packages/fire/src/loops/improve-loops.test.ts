import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitToFit } from './improve-loops.js';
import { loopLength } from './loop-exchange.js';

describe('splitToFit', () => {
  it('cuts a loop into loops that fit, the first its longest start that does, every unit once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 80 }), fc.constantFrom('a', 'b', 'c')), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 40, max: 400 }),
        (raw, maxLength) => {
          const points = [[0, 0] as const, ...raw.map(([x, y]) => [x, y] as const)];
          const sections = ['', ...raw.map(([, , s]) => s)];
          const d = (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);
          const tour = raw.map((_, i) => i + 1);
          // The limit stands in for the voltage: a loop no longer than maxLength.
          const fits = (t: readonly number[]) => loopLength(t, d) <= maxLength;
          const pieces = splitToFit(tour, fits, d, sections);
          expect(pieces.flat().sort((a, b) => a - b)).toEqual(tour);
          for (const piece of pieces) expect(piece.length === 1 || fits(piece)).toBe(true);
          if (fits(tour)) expect(pieces).toEqual([tour]);
          else {
            // The first piece is a start of the tour, ended at a section boundary or as long as fits.
            const first = pieces[0]!;
            expect(first).toEqual(tour.slice(0, first.length));
            const longest = Array.from({ length: tour.length }, (_, k) => k + 1).filter((m) => m === 1 || fits(tour.slice(0, m)));
            expect(first.length).toBeLessThanOrEqual(Math.max(...longest));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ends a start at a section boundary in its second half rather than splitting a section', () => {
    // Units 1 m apart on a line from the central, in sections of 4: a loop of at most 22 m holds the first 11.
    const points = Array.from({ length: 21 }, (_, k) => [k, 0] as const);
    const d = (a: number, b: number) => Math.abs(points[a]![0] - points[b]![0]);
    const sections = ['', ...Array.from({ length: 20 }, (_, k) => `s${Math.floor(k / 4)}`)];
    const pieces = splitToFit(
      Array.from({ length: 20 }, (_, k) => k + 1),
      (t) => loopLength(t, d) <= 22,
      d,
      sections,
    );
    // The longest start that fits has 11 units; it ends at the boundary after unit 8.
    expect(pieces[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
