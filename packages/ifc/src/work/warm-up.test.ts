/** The model a compute worker warms up on (warm-up.ts): a valid IFC whose extraction runs the paths real files run. */
import { describe, expect, it, vi } from 'vitest';
import { IfcAPI } from 'web-ifc';
import { extractIfc, helpExtractIfc } from '../extract.js';
import type { WorkBatch } from './shared-work.js';
import { newWorkState } from './work-state.js';
import { warmUpModel } from './warm-up.js';

describe('the warm-up model', () => {
  it('extracts to its rooms, walls, doors in their walls, chairs, a curtain wall, a column and a slab with a shaft', async () => {
    const { arch, warnings } = await extractIfc(warmUpModel());
    expect(warnings).toEqual([]);
    const walls = Object.values(arch.walls);
    expect(Object.keys(arch.rooms)).toHaveLength(12);
    expect(walls.filter((wall) => wall.type === 'Standard')).toHaveLength(48);
    expect(walls.filter((wall) => wall.type === 'Curtain')).toHaveLength(1);
    expect(walls.filter((wall) => wall.type === 'Column')).toHaveLength(1);
    expect(Object.values(arch.doors).every((door) => door.walls.length === 1 && arch.walls[door.walls[0]!])).toBe(true);
    expect(Object.keys(arch.doors)).toHaveLength(12);
    expect(Object.keys(arch.other_objects)).toHaveLength(12);
    const [slab] = Object.values(arch.slabs);
    expect(slab!.shape.interiors).toHaveLength(1);
  });

  it('has a helper make all but its oval column from the text, and the column from a small part of it in web-ifc', async () => {
    const batches: WorkBatch[] = [];
    const model = warmUpModel();
    const opens = vi.spyOn(IfcAPI.prototype, 'OpenModel');
    try {
      await helpExtractIfc(model, { state: newWorkState(), send: (batch) => batches.push(batch) });
      expect(opens).toHaveBeenCalledTimes(1);
      expect(opens.mock.calls[0]![0].length).toBeLessThan(model.length / 4);
    } finally {
      opens.mockRestore();
    }
    expect(batches.flatMap((batch) => batch.results).filter((result) => result.kind === 'failed')).toEqual([]);
  });
});
