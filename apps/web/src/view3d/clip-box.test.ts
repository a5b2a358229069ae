import { describe, expect, it } from 'vitest';
import {
  CLIP_MARGIN,
  CLIP_MIN_THICKNESS,
  clipLimits,
  clipPlanes,
  defaultClipBox,
  insideClip,
  moveClipFace,
  type Box3Like,
} from './clip-box';

const box: Box3Like = { min: [0, 0, 0], max: [10, 5, 3] };

describe('the clip check (P§5)', () => {
  it('lets every point through while clipping is off', () => {
    expect(insideClip({ use_clip: false, clipping_box: box }, [100, -50, 7])).toBe(true);
  });

  it('keeps a point whose x, y and z each lie within min and max, bounds included', () => {
    const view = { use_clip: true, clipping_box: box };
    expect(insideClip(view, [5, 2, 1])).toBe(true);
    expect(insideClip(view, [0, 0, 0])).toBe(true);
    expect(insideClip(view, [10, 5, 3])).toBe(true);
  });

  it('drops a point outside on any one axis', () => {
    const view = { use_clip: true, clipping_box: box };
    expect(insideClip(view, [10.001, 2, 1])).toBe(false);
    expect(insideClip(view, [5, -0.001, 1])).toBe(false);
    expect(insideClip(view, [5, 2, 3.5])).toBe(false);
  });
});

describe('the clipping box', () => {
  const limits = clipLimits(box);

  it('starts around the model with a margin of 1 on every side', () => {
    expect(CLIP_MARGIN).toBe(1);
    expect(defaultClipBox(box)).toEqual({ min: [-1, -1, -1], max: [11, 6, 4] });
  });

  it('moves one face and leaves the others', () => {
    expect(moveClipFace(limits, limits, 2, 'max', 2)).toEqual({ min: [-1, -1, -1], max: [11, 6, 2] });
    expect(moveClipFace(limits, limits, 0, 'min', 4.5)).toEqual({ min: [4.5, -1, -1], max: [11, 6, 4] });
  });

  it('stays within the margin around the model', () => {
    expect(moveClipFace(limits, limits, 0, 'min', -40).min[0]).toBe(-1);
    expect(moveClipFace(limits, limits, 1, 'max', 99).max[1]).toBe(6);
  });

  it('stays at least 0.1 thick when a face is dragged onto or through the other', () => {
    expect(CLIP_MIN_THICKNESS).toBe(0.1);
    const thin = moveClipFace(limits, limits, 2, 'max', -5);
    expect(thin.max[2] - thin.min[2]).toBeCloseTo(0.1, 12);
    const thinX = moveClipFace({ min: [2, 0, 0], max: [3, 1, 1] }, limits, 0, 'min', 3.5);
    expect(thinX.min[0]).toBeCloseTo(2.9, 12);
  });

  it('ignores a value that is not a number', () => {
    expect(moveClipFace(limits, limits, 0, 'min', Number.NaN)).toEqual(limits);
  });

  it('gives six planes that keep exactly the inside of the box', () => {
    const planes = clipPlanes(box);
    expect(planes).toHaveLength(6);
    const kept = (p: number[]) =>
      planes.every(({ normal, constant }) => normal[0] * p[0]! + normal[1] * p[1]! + normal[2] * p[2]! + constant >= 0);
    expect(kept([0, 0, 0])).toBe(true);
    expect(kept([10, 5, 3])).toBe(true);
    expect(kept([5, 2.5, 1.5])).toBe(true);
    expect(kept([-0.1, 2, 1])).toBe(false);
    expect(kept([5, 5.1, 1])).toBe(false);
    expect(kept([5, 2, 3.1])).toBe(false);
  });
});
