import { beforeAll, describe, expect, test } from 'vitest';
import { loadPolygonOps, pointInPolygon, polygonArea, removeCollinear, ringSignedArea, type PolygonOps } from './index.js';
import { rect, square } from './test-shapes.js';

let ops: PolygonOps;
beforeAll(async () => {
  ops = await loadPolygonOps();
});

const total = (polygons: { exterior: [number, number][]; interiors: [number, number][][] }[]) =>
  polygons.reduce((sum, p) => sum + polygonArea(p), 0);

describe('Clipper2 polygon operations', () => {
  test('union of two overlapping squares is one polygon of their combined area', () => {
    const out = ops.union([square(0, 0, 2), square(1, 1, 2)]);
    expect(out).toHaveLength(1);
    expect(total(out)).toBeCloseTo(7);
  });
  test('union keeps a hole and puts an island in it as its own polygon; orientation is normalised', () => {
    const out = ops.union([square(0, 0, 10, [rect(3, 3, 4, 4)]), { exterior: rect(4, 4, 1, 1).reverse(), interiors: [] }]);
    expect(out).toHaveLength(2);
    expect(out[0]!.interiors).toHaveLength(1);
    expect(ringSignedArea(out[0]!.exterior)).toBeGreaterThan(0);
    expect(ringSignedArea(out[0]!.interiors[0]!)).toBeLessThan(0);
    expect(total(out)).toBeCloseTo(85);
  });
  test('intersection and difference', () => {
    expect(total(ops.intersection([square(0, 0, 2)], [square(1, 1, 2)]))).toBeCloseTo(1);
    const cut = ops.difference([square(0, 0, 4)], [square(1, 1, 2)]);
    expect(cut).toHaveLength(1);
    expect(cut[0]!.interiors).toHaveLength(1);
    expect(total(cut)).toBeCloseTo(12);
    expect(ops.difference([square(0, 0, 1)], [square(-1, -1, 3)])).toEqual([]);
  });
  test('a hole in the subject stays out of an intersection', () => {
    const out = ops.intersection([square(0, 0, 4, [rect(1, 1, 2, 2)])], [square(0, 0, 2)]);
    expect(total(out)).toBeCloseTo(3);
    expect(pointInPolygon([1.5, 1.5], out[0]!, 0)).toBe(false);
  });
  test('offset grows and shrinks, and closes gaps narrower than twice the growth', () => {
    expect(total(ops.offset([square(0, 0, 2)], 0.5))).toBeCloseTo(9);
    expect(total(ops.offset([square(0, 0, 2)], -0.5))).toBeCloseTo(1);
    expect(ops.offset([square(0, 0, 1), square(1.1, 0, 1)], 0.1)).toHaveLength(1);
  });
});

describe('results without collinear vertices', () => {
  test('vertices on a straight line between their neighbours are dropped; corners stay', () => {
    expect(
      removeCollinear([
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 2],
        [1, 2.00000005],
        [0, 2],
      ]),
    ).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]);
  });
  test('a triangle is never reduced below three points', () => {
    expect(
      removeCollinear([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
    ).toHaveLength(3);
  });
});
