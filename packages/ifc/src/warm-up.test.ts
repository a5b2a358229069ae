/** The model a compute worker warms up on (warm-up.ts): a valid IFC whose extraction runs the paths real files run. */
import { describe, expect, it } from 'vitest';
import { extractIfc, helpExtractIfc } from './extract.js';
import { newWorkState, type WorkBatch } from './shared-work.js';
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

  it('has a helper make all but its round column from the text', async () => {
    const batches: WorkBatch[] = [];
    await helpExtractIfc(warmUpModel(), { state: newWorkState(), send: (batch) => batches.push(batch), geometry: true });
    expect(batches.flatMap((batch) => batch.returned ?? [])).toHaveLength(1);
    expect(batches.flatMap((batch) => batch.results).filter((result) => result.kind === 'failed')).toEqual([]);
  });
});
