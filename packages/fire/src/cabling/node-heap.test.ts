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
});
