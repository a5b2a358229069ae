import { describe, expect, test } from 'vitest';
import {
  boundingBox,
  boxesTouch,
  distanceToBoundary,
  distanceToSegment,
  pointInPolygon,
  pointLocation,
  polygonArea,
  polygonSignedArea,
  ringCentroid,
} from './index.js';
import { rect, square } from './test-shapes.js';

describe('areas', () => {
  test('a polygon with a hole has the shoelace area of its exterior less the hole, whatever the orientations', () => {
    const donut = square(0, 0, 10, [rect(3, 3, 4, 2)]);
    expect(polygonArea(donut)).toBeCloseTo(92);
    expect(polygonArea({ exterior: [...donut.exterior].reverse(), interiors: donut.interiors })).toBeCloseTo(92);
  });
  test('the signed area follows the exterior orientation', () => {
    expect(polygonSignedArea(square(0, 0, 2))).toBeCloseTo(4);
    expect(polygonSignedArea({ exterior: rect(0, 0, 2, 2).reverse(), interiors: [] })).toBeCloseTo(-4);
  });
  test('centroid of an L shape', () => {
    const l: [number, number][] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ];
    const [x, y] = ringCentroid(l);
    expect(x).toBeCloseTo(5 / 6);
    expect(y).toBeCloseTo(5 / 6);
  });
});

describe('bounding boxes and distances', () => {
  test('bounding box of points; none for no points', () => {
    expect(
      boundingBox([
        [1, 5],
        [-2, 3],
        [4, -1],
      ]),
    ).toEqual({ minX: -2, minY: -1, maxX: 4, maxY: 5 });
    expect(boundingBox([])).toBeUndefined();
  });
  test('distance to a segment: perpendicular foot inside, nearest end outside, degenerate segment', () => {
    expect(distanceToSegment([1, 2], [0, 0], [2, 0])).toBeCloseTo(2);
    expect(distanceToSegment([5, 4], [0, 0], [2, 0])).toBeCloseTo(5);
    expect(distanceToSegment([3, 4], [0, 0], [0, 0])).toBeCloseTo(5);
  });
  test('distance to the boundary counts the holes', () => {
    const donut = square(0, 0, 10, [rect(4, 4, 2, 2)]);
    expect(distanceToBoundary([3, 5], donut)).toBeCloseTo(1);
    expect(distanceToBoundary([1, 5], donut)).toBeCloseTo(1);
    expect(distanceToBoundary([-2, 5], donut)).toBeCloseTo(2);
  });
});

describe('point in polygon', () => {
  const donut = square(0, 0, 10, [rect(4, 4, 2, 2)]);
  test('inside the ring, in the hole, outside, on an edge', () => {
    expect(pointLocation([1, 1], donut)).toBe('inside');
    expect(pointLocation([5, 5], donut)).toBe('outside');
    expect(pointLocation([11, 5], donut)).toBe('outside');
    expect(pointLocation([10, 5], donut)).toBe('boundary');
    expect(pointLocation([4, 5], donut)).toBe('boundary');
  });
  test('the boundary is 1e-4 wide: just outside it a point is outside', () => {
    expect(pointInPolygon([10.00009, 5], donut)).toBe(true);
    expect(pointInPolygon([10.0002, 5], donut)).toBe(false);
  });
});

describe('boxes touching', () => {
  test('boxes overlap, meet within the tolerance, or stay apart', () => {
    const a = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
    expect(boxesTouch(a, { minX: 0.5, minY: 0.5, maxX: 2, maxY: 2 })).toBe(true);
    expect(boxesTouch(a, { minX: 1.00005, minY: 0, maxX: 2, maxY: 1 })).toBe(true);
    expect(boxesTouch(a, { minX: 1.001, minY: 0, maxX: 2, maxY: 1 })).toBe(false);
    expect(boxesTouch(a, { minX: 1.001, minY: 0, maxX: 2, maxY: 1 }, 0.01)).toBe(true);
  });
});
