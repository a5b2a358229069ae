import { describe, expect, test } from 'vitest';
import { segmentIntersection, segmentsIntersect } from './index.js';

describe('segment intersection with tolerance 1e-4', () => {
  test('crossing segments meet at their crossing point', () => {
    const hit = segmentIntersection([0, 0], [2, 2], [0, 2], [2, 0]);
    expect(hit.kind).toBe('point');
    if (hit.kind === 'point') {
      expect(hit.point[0]).toBeCloseTo(1);
      expect(hit.point[1]).toBeCloseTo(1);
    }
  });
  test('segments 5e-5 apart touch; 2e-4 apart they do not', () => {
    expect(segmentsIntersect([0, 0], [1, 0], [0.5, 0.00005], [0.5, 1])).toBe(true);
    expect(segmentIntersection([0, 0], [1, 0], [0.5, 0.00005], [0.5, 1]).kind).toBe('point');
    expect(segmentsIntersect([0, 0], [1, 0], [0.5, 0.0002], [0.5, 1])).toBe(false);
    expect(segmentIntersection([0, 0], [1, 0], [0.5, 0.0002], [0.5, 1])).toEqual({ kind: 'none' });
  });
  test('collinear segments overlap along their common stretch', () => {
    const hit = segmentIntersection([0, 0], [4, 0], [3, 0.00001], [6, 0]);
    expect(hit.kind).toBe('overlap');
    if (hit.kind === 'overlap') {
      expect(hit.from[0]).toBeCloseTo(3);
      expect(hit.to[0]).toBeCloseTo(4);
    }
  });
  test('collinear segments that only share an end meet at a point', () => {
    expect(segmentIntersection([0, 0], [1, 0], [1, 0], [2, 0]).kind).toBe('point');
  });
  test('parallel segments apart, and disjoint collinear ones, do not meet', () => {
    expect(segmentIntersection([0, 0], [1, 0], [0, 1], [1, 1]).kind).toBe('none');
    expect(segmentIntersection([0, 0], [1, 0], [2, 0], [3, 0]).kind).toBe('none');
  });
});
