import { describe, expect, it } from 'vitest';
import { emptyModel, newRoom, storeySchema, type Model } from '@edrf/model';
import { UNKNOWN_BASE, mergeModels, resolveMerge, type MergeBase } from './merge';
import { setIn } from './paths';

const SQUARE: [number, number][] = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
];

function building(): Model {
  const model = emptyModel();
  const storey = (id: string, rooms: string[]) => storeySchema.parse({ id, number: 0, name: id, height: { min_z: 0, max_z: 3 }, rooms });
  return {
    ...model,
    arch: {
      ...model.arch,
      storeys: { s1: storey('s1', ['r1', 'r2']), s2: storey('s2', ['r3']) },
      rooms: {
        r1: { ...newRoom('r1', SQUARE), name: 'Kitchen' },
        r2: { ...newRoom('r2', SQUARE), name: 'Office' },
        r3: { ...newRoom('r3', SQUARE), name: 'Attic' },
      },
    },
  };
}

const edit = (model: Model, ...edits: [path: (string | number)[], value: unknown][]) =>
  edits.reduce<Model>((next, [path, value]) => setIn(next, path, value), model);
const partsOf = (model: Model): MergeBase => ({ config: model.config, arch: model.arch, elec: model.elec, fire: model.fire });

/** mine is made from base with shared objects, as the store's edits make it; theirs comes from the server (nothing shared). */
function merge(mine: (base: Model) => Model, theirs: (base: Model) => Model) {
  const base = building();
  return mergeModels(partsOf(base), mine(base), structuredClone(theirs(building())));
}

describe('mergeModels', () => {
  it('the same change on both sides is no conflict', () => {
    const outcome = merge(
      (base) => edit(base, [['arch', 'rooms', 'r1', 'name'], 'Pantry']),
      (base) => edit(base, [['arch', 'rooms', 'r1', 'name'], 'Pantry']),
    );
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.merged.arch.rooms.r1!.name).toBe('Pantry');
  });

  it('an item I deleted that they changed is one conflict, at the item: deleted or their room', () => {
    const outcome = merge(
      (base) => edit(base, [['arch', 'rooms', 'r2'], undefined], [['arch', 'storeys', 's1', 'rooms'], ['r1']]),
      (base) => edit(base, [['arch', 'rooms', 'r2', 'name'], 'Office B']),
    );
    expect(outcome.conflicts).toHaveLength(1);
    expect(outcome.conflicts[0]).toMatchObject({ path: ['arch', 'rooms', 'r2'], mine: undefined, theirs: { name: 'Office B' } });
    // Mine: the room is gone, and the storey's list with it.
    const mine = resolveMerge(outcome, ['mine']);
    expect(mine.arch.rooms.r2).toBeUndefined();
    expect(mine.arch.storeys.s1!.rooms).toEqual(['r1']);
    // Theirs: their room stays; the storey list, changed only by me, lost it — a room of no storey is
    // not a broken reference, and the user chose it.
    expect(resolveMerge(outcome, ['theirs']).arch.rooms.r2!.name).toBe('Office B');
  });

  it('a room each added to the same storey: both rooms, both in the storey list', () => {
    const outcome = merge(
      (base) =>
        edit(
          base,
          [['arch', 'rooms', 'r8'], { ...newRoom('r8', SQUARE), name: 'Mine' }],
          [
            ['arch', 'storeys', 's1', 'rooms'],
            ['r1', 'r2', 'r8'],
          ],
        ),
      (base) =>
        edit(
          base,
          [['arch', 'rooms', 'r9'], { ...newRoom('r9', SQUARE), name: 'Theirs' }],
          [
            ['arch', 'storeys', 's1', 'rooms'],
            ['r1', 'r2', 'r9'],
          ],
        ),
    );
    expect(outcome.conflicts).toEqual([]);
    expect(Object.keys(outcome.merged.arch.rooms).sort()).toEqual(['r1', 'r2', 'r3', 'r8', 'r9']);
    expect(outcome.merged.arch.storeys.s1!.rooms).toEqual(['r1', 'r2', 'r9', 'r8']);
  });

  it('the same new id on both sides with different content is a conflict', () => {
    const outcome = merge(
      (base) => edit(base, [['arch', 'rooms', 'r8'], { ...newRoom('r8', SQUARE), name: 'Mine' }]),
      (base) => edit(base, [['arch', 'rooms', 'r8'], { ...newRoom('r8', SQUARE), name: 'Theirs' }]),
    );
    expect(outcome.conflicts.map((conflict) => conflict.path)).toEqual([['arch', 'rooms', 'r8']]);
    expect(resolveMerge(outcome, ['mine']).arch.rooms.r8!.name).toBe('Mine');
    expect(resolveMerge(outcome, ['theirs']).arch.rooms.r8!.name).toBe('Theirs');
  });

  it('a storey I kept, whose rooms they deleted: no list names a room that is not there', () => {
    const outcome = merge(
      (base) => edit(base, [['arch', 'storeys', 's2', 'name'], 'Loft']),
      (base) => edit(base, [['arch', 'storeys', 's2'], undefined], [['arch', 'rooms', 'r3'], undefined]),
    );
    expect(outcome.conflicts.map((conflict) => conflict.path)).toEqual([['arch', 'storeys', 's2']]);
    const mine = resolveMerge(outcome, ['mine']);
    expect(mine.arch.storeys.s2).toMatchObject({ name: 'Loft', rooms: [] });
    expect(mine.arch.rooms.r3).toBeUndefined();
    expect(resolveMerge(outcome, ['theirs']).arch.storeys.s2).toBeUndefined();
  });

  it('shares what it does not change: untouched parts are theirs, untouched items too', () => {
    const outcome = merge(
      (base) => edit(base, [['config', 'name'], 'Mine']),
      (base) => edit(base, [['arch', 'rotation'], 20]),
    );
    expect(outcome.merged.arch).toBe(outcome.theirs.arch);
    expect(outcome.merged.config.owner).toBe('');
    expect(outcome.merged.config.name).toBe('Mine');
  });

  it('with a base that is not known, every value that differs is a conflict, down to the values', () => {
    const base = building();
    const mine = edit(base, [['arch', 'rooms', 'r1', 'name'], 'Pantry']);
    const theirs = structuredClone(edit(base, [['arch', 'rooms', 'r2', 'name'], 'Office B']));
    const outcome = mergeModels({ ...partsOf(base), arch: UNKNOWN_BASE }, mine, theirs);
    expect(outcome.conflicts.map((conflict) => conflict.path)).toEqual([
      ['arch', 'rooms', 'r1', 'name'],
      ['arch', 'rooms', 'r2', 'name'],
    ]);
    expect(outcome.conflicts[0]!.base).toBe(UNKNOWN_BASE);
  });
});
