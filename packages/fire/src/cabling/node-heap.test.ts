import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NodeHeap } from './node-heap.js';

describe('NodeHeap', () => {
  // (k + 0 makes -0 a plain 0: equal keys may come back in either order.)
  it('gives the nodes back in the order of their keys', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true, min: -1e6, max: 1e6 }).map((k) => k + 0)), (keys) => {
        const heap = new NodeHeap();
        keys.forEach((k, node) => heap.push(k, node));
        const out: number[] = [];
        while (heap.size > 0) {
          expect(heap.peekKey()).toBe(Math.min(...keys.filter((_, n) => !out.includes(n))));
          out.push(heap.pop());
        }
        expect(out.map((n) => keys[n])).toEqual([...keys].sort((a, b) => a - b));
      }),
    );
  });

  it('with a rank, gives equal keys back lowest rank first (the total order assignCentrals places by)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 1000 }))), (entries) => {
        const heap = new NodeHeap((node) => entries[node]![1] * 10_000 + node);
        entries.forEach(([key], node) => heap.push(key, node));
        const out: number[] = [];
        while (heap.size > 0) out.push(heap.pop());
        const expected = [...entries.keys()].sort((a, b) => entries[a]![0] - entries[b]![0] || entries[a]![1] - entries[b]![1] || a - b);
        expect(out).toEqual(expected);
      }),
    );
  });
});
