import { describe, expect, it } from 'vitest';
import { buildPlanScene, doorSwing, layerVisible, storeysTopDown, DEFAULT_LAYERS } from './plan-scene';
import { testArch } from './test-arch';

describe('the plan of a storey', () => {
  const arch = testArch();
  const scene = buildPlanScene(arch, 's0');
  const layerOf = (id: string) => scene.items.find((item) => item.ref.id === id)?.layer;

  it('holds only the storey’s items, each on its layer', () => {
    expect(scene.items.map((item) => item.ref.id).sort()).toEqual(['b1', 'c1', 'd1', 'k', 'o', 'v1', 'w1']);
    expect(layerOf('k')).toBe('rooms');
    expect(layerOf('w1')).toBe('walls');
    expect(layerOf('v1')).toBe('inlets');
    expect(layerOf('c1')).toBe('objects');
    expect(layerOf('d1')).toBe('doors');
  });

  it('puts a wall starting more than 1.5 m above the floor among the beams, hidden unless beams are shown', () => {
    expect(layerOf('b1')).toBe('beams');
    expect(layerVisible('beams', DEFAULT_LAYERS)).toBe(false);
    expect(layerVisible('beams', { ...DEFAULT_LAYERS, beams: true })).toBe(true);
    // The same wall on a storey whose floor is 1 m higher starts 1.4 m up: an ordinary wall.
    const raised = buildPlanScene(
      { ...arch, storeys: { ...arch.storeys, s0: { ...arch.storeys.s0!, height: { min_z: 1, max_z: 4 } } } },
      's0',
    );
    expect(raised.items.find((item) => item.ref.id === 'b1')?.layer).toBe('walls');
  });

  it('spans the storey in its bounds, and an unknown storey is empty', () => {
    expect(scene.bounds).toEqual({ minX: 0, minY: -0.1, maxX: 7, maxY: 3 });
    expect(buildPlanScene(arch, 'nope').items).toEqual([]);
  });

  it('lists storeys top-down', () => {
    expect(storeysTopDown(arch).map((s) => s.id)).toEqual(['s1', 's0']);
  });

  it('swings a left-hinged door about its left jamb to the right of left→right', () => {
    const door = arch.doors.d1!;
    expect(doorSwing(door).leaves).toEqual([{ hinge: [4, 1], closed: [4, 2], open: [5, 1] }]);
    expect(doorSwing({ ...door, op_type: 'SwingRight' }).leaves).toEqual([{ hinge: [4, 2], closed: [4, 1], open: [5, 2] }]);
    expect(doorSwing({ ...door, op_type: 'DoubleSwing' }).leaves).toHaveLength(2);
    expect(doorSwing({ ...door, op_type: 'Other' }).leaves).toEqual([]);
  });
});
