import { describe, expect, it } from 'vitest';
import { meshCatalogue } from '@edrf/model';
import { testArch } from '../editor/test-arch';
import { buildSceneData, initialZoom } from './scene-data';

const catalogue = meshCatalogue();

describe('the 3D scene of a model', () => {
  const arch = testArch();
  const data = buildSceneData({ arch, fire: null }, catalogue);

  it('extrudes walls, doors and rooms each into their own layer', () => {
    expect(data.prisms.walls.count).toBe(Object.keys(arch.walls).length);
    expect(data.prisms.doors.count).toBe(Object.keys(arch.doors).length);
    expect(data.prisms.rooms.count).toBe(Object.keys(arch.rooms).length);
  });

  it('draws other objects as catalogue boxes on their bounds', () => {
    const ids = data.instances.objects.flatMap((group) => group.ids);
    expect(ids.sort()).toEqual(Object.keys(arch.other_objects).sort());
    expect(data.instances.units).toEqual([]);
  });

  it('knows the bounds of what it draws', () => {
    const b = data.bounds!;
    expect(b.min[0]).toBeLessThanOrEqual(0);
    expect(b.max[0]).toBeGreaterThanOrEqual(7);
    expect(b.max[2]).toBeGreaterThanOrEqual(3);
  });
});

describe('the zoom rule (P§4)', () => {
  it('is 1000 divided by the largest extent of the model', () => {
    expect(initialZoom({ min: [0, 0, 0], max: [40, 10, 8] })).toBe(25);
    expect(initialZoom({ min: [-5, -100, 0], max: [5, 100, 3] })).toBe(5);
  });

  it('is 1 for an empty model or a single point', () => {
    expect(initialZoom(null)).toBe(1);
    expect(initialZoom({ min: [1, 1, 1], max: [1, 1, 1] })).toBe(1);
  });
});
