import { describe, expect, it } from 'vitest';
import type { Slab } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { CLIP_TOP_GAP, clippedBounds, storeyClipBox, storeyRange, withoutSlabsAbove } from './storey-clip';

describe('the shown storey in 3D', () => {
  const { arch } = testModel();
  const bounds = { min: [0, 0, -0.2] as [number, number, number], max: [8, 6, 6] as [number, number, number] };

  it('is clipped from its floor to just under its top, across the whole model and its margin in plan', () => {
    expect(storeyClipBox(arch, 's1', bounds)).toEqual({ min: [-1, -1, 3], max: [9, 7, 6 - CLIP_TOP_GAP] });
    expect(storeyClipBox(arch, 's0', bounds)).toEqual({ min: [-1, -1, 0], max: [9, 7, 3 - CLIP_TOP_GAP] });
  });

  it('has no box without a storey, an empty one, or nothing drawn', () => {
    expect(storeyClipBox(arch, null, bounds)).toBeNull();
    expect(storeyClipBox(arch, 'gone', bounds)).toBeNull();
    expect(storeyClipBox(arch, 's0', null)).toBeNull();
    const flat = { storeys: { s0: { ...arch.storeys['s0']!, height: { min_z: 2, max_z: 2 } } } };
    expect(storeyClipBox(flat, 's0', bounds)).toBeNull();
  });

  it('the first view frames the part of the model the box keeps', () => {
    const box = storeyClipBox(arch, 's1', bounds);
    expect(clippedBounds(bounds, box)).toEqual({ min: [0, 0, 3], max: [8, 6, 6 - CLIP_TOP_GAP] });
    expect(clippedBounds(bounds, null)).toBe(bounds);
    expect(clippedBounds(null, box)).toBeNull();
  });
});

describe('the slabs of a shown storey', () => {
  const slab = (id: string, min_z: number, max_z: number): Slab => ({
    id,
    global_id: '',
    min_z,
    max_z,
    shape: {
      exterior: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      interiors: [],
    },
  });

  it('leave out those reaching above its top: its ceiling slab (AC20-FZK-Haus: 2.5–2.7 in a storey 0–2.7) and the roof', () => {
    const arch = {
      ...testModel().arch,
      slabs: { floor: slab('floor', -0.2, 0), ceiling: slab('ceiling', 2.5, 2.7), roof: slab('roof', 2.9, 6.3) },
    };
    const ground = storeyRange({ storeys: { g: { ...arch.storeys['s0']!, height: { min_z: 0, max_z: 2.7 } } } }, 'g')!;
    expect(Object.keys(withoutSlabsAbove(arch, ground.top).slabs)).toEqual(['floor']);
    expect(Object.keys(withoutSlabsAbove(arch, 5.7 - CLIP_TOP_GAP).slabs)).toEqual(['floor', 'ceiling']);
    // Nothing to leave out: the same arch, so the scene is not rebuilt for nothing.
    expect(withoutSlabsAbove(arch, 10)).toBe(arch);
  });
});
