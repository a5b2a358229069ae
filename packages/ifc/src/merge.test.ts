import { describe, expect, it } from 'vitest';
import { archSchema, elecSchema, emptyModel, type Arch, type ArchInput, type Elec, type Model } from '@edrf/model';
import { archGlobalIds, mergeIfc } from './merge.js';

const square = (x: number): [number, number][] => [
  [x, 0],
  [x + 4, 0],
  [x + 4, 4],
  [x, 4],
];
const storey = (id: string, gid: string, z: number, rooms: string[] = [], walls: string[] = []) => ({
  id,
  global_id: gid,
  number: 0,
  name: `Level ${z}`,
  height: { min_z: z, max_z: z + 3 },
  rooms,
  walls,
});
const room = (id: string, gid: string, x: number, name = 'Office') => ({ id, global_id: gid, name, shape: { exterior: square(x) } });
const wall = (id: string, gid: string) => ({
  id,
  global_id: gid,
  shape: {
    exterior: [
      [0, 0, 0],
      [1, 0, 0],
      [1, 0.2, 0],
    ] as [number, number, number][],
  },
});
const archOf = (input: ArchInput): Arch => archSchema.parse(input);
const extraction = (input: ArchInput, elec: Elec = elecSchema.parse({})) => ({ arch: archOf(input), elec });
const modelWith = (arch: Arch, elec?: Elec): Model => ({ ...emptyModel(), arch, elec: elec ?? elecSchema.parse({}) });
let counter = 0;
const newId = () => `new-${++counter}`;

describe('mergeIfc', () => {
  it('adds everything of a first import and counts it', () => {
    const file = extraction({
      rotation: 12,
      storeys: { s1: storey('s1', 'GS1', 0, ['r1', 'r2'], ['w1']) },
      rooms: { r1: room('r1', 'GR1', 0), r2: room('r2', 'GR2', 5) },
      walls: { w1: wall('w1', 'GW1') },
    });
    const { arch, changes } = mergeIfc(emptyModel(), file);
    expect(Object.keys(arch.rooms).sort()).toEqual(['r1', 'r2']);
    expect(arch.storeys.s1?.rooms).toEqual(['r1', 'r2']);
    expect(arch.rotation).toBe(12);
    expect(changes.rooms).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(changes.storeys).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(changes.walls).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(archGlobalIds(arch).sort()).toEqual(['GR1', 'GR2', 'GS1', 'GW1']);
  });

  it('replaces items by GlobalId, keeps their model ids and removes what the same file no longer has', () => {
    const first = mergeIfc(
      emptyModel(),
      extraction({
        storeys: { s1: storey('s1', 'GS1', 0, ['r1', 'r2']) },
        rooms: { r1: room('r1', 'GR1', 0), r2: room('r2', 'GR2', 5) },
      }),
    );
    // A tray on the storey and an edit of the user survive the re-import.
    const model = modelWith(
      first.arch,
      elecSchema.parse({ trays: { t1: { id: 't1', storey_id: 's1', start: [0, 0, 2], end: [3, 0, 2] } } }),
    );
    const second = extraction({
      storeys: { x1: storey('x1', 'GS1', 0, ['x2', 'x3']) },
      rooms: { x2: room('x2', 'GR2', 5, 'Kitchen'), x3: room('x3', 'GR3', 10) },
    });
    const { arch, elec, changes } = mergeIfc(model, second, { previousGlobalIds: new Set(archGlobalIds(first.arch)), newId });
    expect(Object.keys(arch.rooms).sort()).toEqual(['r2', 'x3']);
    expect(arch.rooms.r2?.name).toBe('Kitchen');
    expect(arch.storeys.s1?.rooms.sort()).toEqual(['r2', 'x3']);
    expect(Object.keys(arch.storeys)).toEqual(['s1']);
    expect(elec.trays.t1?.storey_id).toBe('s1');
    expect(changes.rooms).toEqual({ added: 1, changed: 1, removed: 1 });
    expect(changes.storeys).toEqual({ added: 0, changed: 1, removed: 0 });
  });

  it('removes nothing of another file, and removes with the cascade what the same file dropped', () => {
    const model = modelWith(
      archOf({
        storeys: { s1: storey('s1', 'A-S1', 0, ['a1']), s2: storey('s2', 'A-S2', 3, ['a2']) },
        rooms: { a1: room('a1', 'A-R1', 0), a2: room('a2', 'A-R2', 5) },
      }),
      elecSchema.parse({ trays: { t2: { id: 't2', storey_id: 's2', start: [0, 0, 5], end: [1, 0, 5] } } }),
    );
    // Another file (no previous GlobalIds): the model's rooms stay.
    const other = mergeIfc(model, extraction({ storeys: { b1: storey('b1', 'B-S1', 0.05, ['b2']) }, rooms: { b2: room('b2', 'B-R', 9) } }));
    expect(Object.keys(other.arch.rooms).sort()).toEqual(['a1', 'a2', 'b2']);
    // Its storey at 0.05 m joined the model's storey at 0: one storey, both rooms.
    expect(Object.keys(other.arch.storeys).sort()).toEqual(['s1', 's2']);
    expect(other.arch.storeys.s1?.rooms.sort()).toEqual(['a1', 'b2']);
    expect(other.arch.storeys.s1?.global_id).toBe('A-S1');
    expect(other.changes.storeys).toEqual({ added: 0, changed: 1, removed: 0 });

    // The same file again without its second storey: the storey, its room and the tray on it go.
    const again = mergeIfc(model, extraction({ storeys: { s1: storey('s1', 'A-S1', 0, ['a1']) }, rooms: { a1: room('a1', 'A-R1', 0) } }), {
      previousGlobalIds: new Set(['A-S1', 'A-S2', 'A-R1', 'A-R2']),
    });
    expect(Object.keys(again.arch.storeys)).toEqual(['s1']);
    expect(Object.keys(again.arch.rooms)).toEqual(['a1']);
    expect(again.elec.trays).toEqual({});
    expect(again.changes.storeys.removed).toBe(1);
    expect(again.changes.rooms).toEqual({ added: 0, changed: 0, removed: 1 });
    expect(again.changes.trays.removed).toBe(1);
  });

  it('keeps storeys apart beyond 0.1 m and gives taken ids a fresh one', () => {
    const model = modelWith(archOf({ storeys: { s1: storey('s1', 'A', 0, ['r1']) }, rooms: { r1: room('r1', 'A-R', 0) } }));
    const { arch, changes } = mergeIfc(
      model,
      extraction({ storeys: { s1: storey('s1', 'B', 0.2, ['r1']) }, rooms: { r1: room('r1', 'B-R', 3) } }),
      { newId },
    );
    expect(Object.keys(arch.storeys)).toHaveLength(2);
    expect(Object.keys(arch.rooms)).toHaveLength(2);
    const added = Object.values(arch.storeys).find((s) => s.global_id === 'B');
    expect(added?.id).not.toBe('s1');
    expect(added?.rooms).toHaveLength(1);
    expect(arch.rooms[added!.rooms[0]!]?.global_id).toBe('B-R');
    expect(arch.storeys.s1?.rooms).toEqual(['r1']);
    expect(changes.storeys.added).toBe(1);
    expect(changes.rooms.added).toBe(1);
  });

  it('counts an identical re-import as no change and leaves the input untouched', () => {
    const file = extraction({ storeys: { s1: storey('s1', 'G', 0, ['r1']) }, rooms: { r1: room('r1', 'GR', 0) } });
    const once = mergeIfc(emptyModel(), file);
    const model = modelWith(once.arch);
    const copy = structuredClone(model);
    const twice = mergeIfc(model, file, { previousGlobalIds: new Set(archGlobalIds(once.arch)) });
    expect(twice.arch).toEqual(once.arch);
    expect(Object.values(twice.changes).every((c) => c.added + c.changed + c.removed === 0)).toBe(true);
    expect(model).toEqual(copy);
  });

  it('matches the spaces of a room merged by clean_arch to it, leaves it as Clean made it, and removes it only with all its spaces', () => {
    const file = extraction({
      storeys: { s1: storey('s1', 'GS1', 0, ['r1', 'r2', 'r3']) },
      rooms: { r1: room('r1', 'GR1', 0, 'Dining'), r2: room('r2', 'GR2', 4, 'Bar'), r3: room('r3', 'GR3', 20, 'Kitchen') },
    });
    const first = mergeIfc(emptyModel(), file);
    // Clean merged r2 into r1 (docs/clean-arch.md).
    const cleaned = structuredClone(first.arch);
    cleaned.rooms.r1 = {
      ...cleaned.rooms.r1!,
      name: 'Dining + Bar',
      shape: { ...cleaned.rooms.r1!.shape, exterior: [...square(0).slice(0, 1), [8, 0], [8, 4], [0, 4]] },
      merged_global_ids: ['GR2'],
    };
    delete cleaned.rooms.r2;
    cleaned.storeys.s1!.rooms = ['r1', 'r3'];
    const model = modelWith(cleaned);
    const previousGlobalIds = new Set(archGlobalIds(first.arch));

    const again = mergeIfc(model, file, { previousGlobalIds, newId });
    expect(again.arch).toEqual(model.arch);
    expect(Object.values(again.changes).every((c) => c.added + c.changed + c.removed === 0)).toBe(true);

    // The file without the merged room's largest space still has the other one: the merged room stays.
    const withoutDining = extraction({
      storeys: { s1: storey('s1', 'GS1', 0, ['r2', 'r3']) },
      rooms: { r2: file.arch.rooms.r2!, r3: file.arch.rooms.r3! },
    });
    expect(Object.keys(mergeIfc(model, withoutDining, { previousGlobalIds, newId }).arch.rooms).sort()).toEqual(['r1', 'r3']);
    // Without both, it goes.
    const kitchenOnly = extraction({ storeys: { s1: storey('s1', 'GS1', 0, ['r3']) }, rooms: { r3: file.arch.rooms.r3! } });
    const gone = mergeIfc(model, kitchenOnly, { previousGlobalIds, newId });
    expect(Object.keys(gone.arch.rooms)).toEqual(['r3']);
    expect(gone.changes.rooms.removed).toBe(1);
  });
});
