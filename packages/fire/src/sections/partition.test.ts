import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { components, partitionRooms } from './partition.js';

/** The fewest connected parts under the cap, by trying every set of cut edges of a tree (the oracle, small trees only). */
function bruteForceTree(parent: readonly number[], area: readonly number[], cap: number): number {
  const edges = parent.map((p, i) => [p, i] as const).filter(([p]) => p >= 0);
  let best = Infinity;
  for (let mask = 0; mask < 1 << edges.length; mask++) {
    const neighbours = area.map(() => [] as number[]);
    edges.forEach(([p, c], k) => {
      if (mask & (1 << k)) return;
      neighbours[p]!.push(c);
      neighbours[c]!.push(p);
    });
    const parts = components(neighbours);
    if (parts.every((part) => part.length === 1 || part.reduce((s, r) => s + area[r]!, 0) <= cap)) best = Math.min(best, parts.length);
  }
  return best;
}

const treeNeighbours = (parent: readonly number[]) => {
  const neighbours = parent.map(() => [] as number[]);
  parent.forEach((p, i) => {
    if (p < 0) return;
    neighbours[p]!.push(i);
    neighbours[i]!.push(p);
  });
  return neighbours;
};

const connected = (part: readonly number[], neighbours: readonly (readonly number[])[]) => components(neighbours, part).length === 1;

describe('partitionRooms', () => {
  it('on trees, as few parts as trying every cut, each connected and under the cap', () => {
    const tree = fc
      .integer({ min: 1, max: 10 })
      .chain((n) =>
        fc.tuple(
          fc.tuple(...Array.from({ length: n }, (_, i) => (i === 0 ? fc.constant(-1) : fc.integer({ min: 0, max: i - 1 })))),
          fc.array(fc.integer({ min: 5, max: 60 }), { minLength: n, maxLength: n }),
          fc.integer({ min: 60, max: 150 }),
        ),
      );
    fc.assert(
      fc.property(tree, ([parent, area, cap]) => {
        const neighbours = treeNeighbours(parent);
        const at = area.map((_, i) => [i, 0] as const);
        const parts = partitionRooms({ area, neighbours, cap, at });
        expect(parts.flat().sort((a, b) => a - b)).toEqual(area.map((_, i) => i));
        for (const part of parts) {
          expect(connected(part, neighbours)).toBe(true);
          expect(part.reduce((s, r) => s + area[r]!, 0)).toBeLessThanOrEqual(cap);
        }
        expect(parts.length).toBe(bruteForceTree(parent, area, cap));
      }),
      { numRuns: 300 },
    );
  });

  it('a grid of rooms (a graph with cycles) keeps each part connected and under the cap, near the area bound', () => {
    // 8 × 8 rooms of 50 m², neighbours left, right, up, down; cap 400 m²: the bound is 3200 / 400 = 8.
    const n = 8;
    const area = Array.from({ length: n * n }, () => 50);
    const neighbours = area.map((_, i) => [i - n, i + n, i % n ? i - 1 : -1, (i + 1) % n ? i + 1 : -1].filter((j) => j >= 0 && j < n * n));
    const at = area.map((_, i) => [(i % n) * 7, Math.floor(i / n) * 7] as const);
    const parts = partitionRooms({ area, neighbours, cap: 400, at });
    for (const part of parts) {
      expect(connected(part, neighbours)).toBe(true);
      expect(part.length * 50).toBeLessThanOrEqual(400);
    }
    expect(parts.length).toBeLessThanOrEqual(Math.ceil(8 * 1.15));
  });

  it('halves parts that fail the extent check until they pass, and never merges into a failing one', () => {
    // A corridor of 10 rooms 10 m apart, all under the cap together; no part may reach more than 35 m.
    const area = Array.from({ length: 10 }, () => 10);
    const neighbours = area.map((_, i) => [i - 1, i + 1].filter((j) => j >= 0 && j < 10));
    const at = area.map((_, i) => [i * 10, 0] as const);
    const fits = (part: readonly number[]) => (Math.max(...part) - Math.min(...part)) * 10 <= 35;
    const parts = partitionRooms({ area, neighbours, cap: 1000, at, fits });
    for (const part of parts) expect(fits(part) && connected(part, neighbours)).toBe(true);
    // Four rooms a part at most: the fewest is 3.
    expect(parts.length).toBeLessThanOrEqual(4);
  });

  it('a room larger than the cap is a part of its own; rooms with no neighbour are parts of their own', () => {
    const parts = partitionRooms({
      area: [500, 10, 10],
      neighbours: [[1], [0], []],
      cap: 100,
      at: [
        [0, 0],
        [1, 0],
        [9, 9],
      ],
    });
    expect(parts.sort((a, b) => a[0]! - b[0]!)).toEqual([[0], [1], [2]]);
  });
});
