import { describe, expect, it } from 'vitest';
import { buildPlanScene, defaultVisibility, layerVisible, ItemCache } from '../layers';
import { archLayers, doorSwing } from './arch-layers';
import { storeysTopDown } from './storeys';
import { archScene, testArch, testModel } from './test-arch';

const LAYERS = archLayers();
const DEFAULT_LAYERS = defaultVisibility(LAYERS);
const beams = LAYERS.find((layer) => layer.id === 'beams')!;

describe('the plan of a storey', () => {
  const arch = testArch();
  const scene = archScene(arch, 's0');
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
    expect(layerVisible(beams, DEFAULT_LAYERS)).toBe(false);
    expect(layerVisible(beams, { ...DEFAULT_LAYERS, beams: true })).toBe(true);
    // The same wall on a storey whose floor is 1 m higher starts 1.4 m up: an ordinary wall.
    const raised = archScene({ ...arch, storeys: { ...arch.storeys, s0: { ...arch.storeys.s0!, height: { min_z: 1, max_z: 4 } } } }, 's0');
    expect(raised.items.find((item) => item.ref.id === 'b1')?.layer).toBe('walls');
  });

  it('spans the storey in its bounds, and an unknown storey is empty', () => {
    expect(scene.bounds).toEqual({ minX: 0, minY: -0.1, maxX: 7, maxY: 3 });
    expect(archScene(arch, 'nope').items).toEqual([]);
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

describe('the layers as data', () => {
  it('draw bottom to top and are picked top first: doors over walls over rooms over slabs', () => {
    const order = (id: string) => LAYERS.find((layer) => layer.id === id)!.order;
    expect(['slabs', 'rooms', 'ceilings', 'walls', 'doors'].map(order)).toEqual([0, 1, 2, 6, 9]);
    expect(LAYERS.find((layer) => layer.id === 'ceilings')!.pick).toBe('outline');
  });

  it('as another screen’s background, are drawn but never picked', () => {
    expect(archLayers({ pickable: false }).every((layer) => layer.pick === 'none')).toBe(true);
  });

  it('give a room its type as style key and its name as label; a door its opening, leaves and arcs', () => {
    const kitchen = archScene(testArch(), 's0').byKey.get('arch.rooms:k')!;
    expect([kitchen.styleKey, kitchen.label]).toEqual(['Kitchen', 'Kitchen']);
    const door = archScene(testArch(), 's0').byKey.get('arch.doors:d1')!;
    expect(door.lines).toEqual([
      [
        [4, 1],
        [4, 2],
      ],
    ]);
    expect(door.detail!.lines).toEqual([
      [
        [4, 1],
        [5, 1],
      ],
    ]);
    expect(door.detail!.arcs).toHaveLength(1);
    expect(door.detail!.arcs[0]!.radius).toBeCloseTo(1);
  });

  it('reuse an unchanged item, rebuild an edited one, and keep one cache per layer list', () => {
    const cache = new ItemCache();
    const model = testModel();
    const first = buildPlanScene(model, 's0', LAYERS, cache);
    const edited = { ...model, arch: { ...model.arch, rooms: { ...model.arch.rooms, k: { ...model.arch.rooms.k!, name: 'Cook' } } } };
    const second = buildPlanScene(edited, 's0', LAYERS, cache);
    expect(second.byKey.get('arch.rooms:o')).toBe(first.byKey.get('arch.rooms:o'));
    expect(second.byKey.get('arch.rooms:k')).not.toBe(first.byKey.get('arch.rooms:k'));
    expect(second.byKey.get('arch.rooms:k')!.label).toBe('Cook');
    // A screen drawing the same rooms plainly gets its own items, not the architecture page's.
    const plain = buildPlanScene(model, 's0', archLayers({ roomFill: 'plain' }), new ItemCache());
    expect(plain.byKey.get('arch.rooms:k')).not.toBe(first.byKey.get('arch.rooms:k'));
  });
});
