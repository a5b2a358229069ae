// The arcs of a path given as bulges (a revision cloud's scallops): where DXF's bulge puts them, and the Bézier curves
// the PDF draws them with staying on the circle.
import { describe, expect, it } from 'vitest';
import { bulgeArc, bulgeBeziers, flattenBulges } from './arcs.js';
import type { Pt } from './items.js';

const bezier = ([p0, [c1, c2, p3]]: [Pt, [Pt, Pt, Pt]], t: number): Pt => {
  const u = 1 - t;
  const at = (i: 0 | 1) => u * u * u * p0[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i] + t * t * t * p3[i];
  return [at(0), at(1)];
};

describe('arcs from bulges', () => {
  it('puts a bulge of 1 on the half circle to the right of the way, -1 to the left', () => {
    const right = bulgeArc([0, 0], [2, 0], 1)!;
    expect(right.centre[0]).toBeCloseTo(1, 12);
    expect(right.centre[1]).toBeCloseTo(0, 12);
    expect(right.radius).toBeCloseTo(1, 12);
    const [mx, my] = flattenBulges(
      [
        [0, 0],
        [2, 0],
      ],
      [1],
      false,
      2,
    )[1]!;
    expect([mx, my]).toEqual([expect.closeTo(1, 9), expect.closeTo(-1, 9)]);
    expect(
      flattenBulges(
        [
          [0, 0],
          [2, 0],
        ],
        [-1],
        false,
        2,
      )[1]![1],
    ).toBeCloseTo(1, 9);
    expect(bulgeArc([0, 0], [2, 0], 0)).toBeNull();
  });

  it('draws an arc as Bézier curves of at most a quarter turn that stay within a thousandth of its radius', () => {
    for (const bulge of [0.2, Math.tan(Math.PI / 6), 1, -0.7]) {
      const [a, b]: [Pt, Pt] = [
        [1, 2],
        [4, -1],
      ];
      const arc = bulgeArc(a, b, bulge)!;
      const curves = bulgeBeziers(a, b, bulge);
      expect(curves.length).toBe(Math.abs(bulge) > Math.tan(Math.PI / 8) ? 2 : 1);
      expect(curves.at(-1)![2]).toEqual(b);
      let from = a;
      for (const curve of curves) {
        for (const t of [0.25, 0.5, 0.75]) {
          const [x, y] = bezier([from, curve], t);
          expect(Math.abs(Math.hypot(x - arc.centre[0], y - arc.centre[1]) - arc.radius) / arc.radius).toBeLessThan(1e-3);
        }
        from = curve[2];
      }
    }
  });
});
