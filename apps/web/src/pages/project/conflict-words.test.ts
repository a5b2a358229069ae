import { describe, expect, it } from 'vitest';
import { emptyModel, newRoom, storeySchema, type Model } from '@edrf/model';
import { mergeModels, type MergeBase } from '../../state/merge';
import { setIn } from '../../state/paths';
import { createFireConfigForTest } from './fire/test-fire';
import { conflictWords, sideText } from './conflict-words';

/** One storey of two rooms side by side: Kitchen x 0..5, Hall x 5..12 (y 0..6), a detector in each, a rack in the hall. */
function office(): Model {
  const model = emptyModel();
  const fire = createFireConfigForTest();
  return {
    ...model,
    arch: {
      ...model.arch,
      storeys: {
        s1: storeySchema.parse({ id: 's1', number: 0, name: 'Ground floor', height: { min_z: 0, max_z: 3 }, rooms: ['r1', 'r2'] }),
      },
      rooms: {
        r1: {
          ...newRoom('r1', [
            [0, 0],
            [5, 0],
            [5, 6],
            [0, 6],
          ]),
          name: 'Kitchen',
        },
        r2: {
          ...newRoom('r2', [
            [5, 0],
            [12, 0],
            [12, 6],
            [5, 6],
          ]),
          name: 'Hall',
        },
      },
    },
    fire: {
      ...fire,
      units: {
        ...fire.units,
        detectors: {
          'det-41': { id: 'det-41', storey_id: 's1', coord: [2, 3, 2.9], product_id: '', hidden: false },
          'det-42': { id: 'det-42', storey_id: 's1', coord: [8, 3, 2.9], product_id: '', hidden: false },
        },
        racks: { rk1: { id: 'rk1', storey_id: 's1', coord: [11, 1, 0], label: 'R1', angle: 0, size: [1, 2], physical: true } },
      },
    },
  };
}

const edit = (model: Model, ...edits: [path: (string | number)[], value: unknown][]) =>
  edits.reduce<Model>((next, [path, value]) => setIn(next, path, value), model);
const partsOf = (model: Model): MergeBase => ({ config: model.config, arch: model.arch, elec: model.elec, fire: model.fire });

/** The merge's one conflict in words: mine and theirs both edited the office. */
function wordsOf(mine: (base: Model) => Model, theirs: (base: Model) => Model) {
  const base = office();
  const outcome = mergeModels(partsOf(base), mine(base), structuredClone(theirs(office())));
  expect(outcome.conflicts).toHaveLength(1);
  return conflictWords(outcome.conflicts[0]!, outcome);
}

describe('a conflict in words', () => {
  it('names a moved detector by kind and id, the room it stands in, and where each side put it', () => {
    const words = wordsOf(
      (base) =>
        edit(base, [
          ['fire', 'units', 'detectors', 'det-41', 'coord'],
          [2.4, 3.1, 2.9],
        ]),
      (base) =>
        edit(base, [
          ['fire', 'units', 'detectors', 'det-41', 'coord'],
          [3.2, 4.1, 2.9],
        ]),
    );
    expect(words.sentence).toBe('Detector det-41 in Kitchen: position moved by them to 3.20, 4.10 m; by you to 2.40, 3.10 m');
    expect(sideText(words.mine)).toBe('moved to 2.40, 3.10 m');
    expect(sideText(words.theirs)).toBe('moved to 3.20, 4.10 m');
    expect(words.sentence).not.toMatch(/[{}[\]"]/);
  });

  it('the room is the one the unit stands in (the hall, not the kitchen), and a height change is a height', () => {
    const words = wordsOf(
      (base) =>
        edit(base, [
          ['fire', 'units', 'detectors', 'det-42', 'coord'],
          [8, 3, 2.7],
        ]),
      (base) =>
        edit(base, [
          ['fire', 'units', 'detectors', 'det-42', 'coord'],
          [8, 3, 2.5],
        ]),
    );
    expect(words.sentence).toBe('Detector det-42 in Hall: position raised by them to 2.50 m; by you to 2.70 m');
  });

  it('a rack by its label, its rotation in degrees, and a deleted unit against an edited one', () => {
    const turned = wordsOf(
      (base) => edit(base, [['fire', 'units', 'racks', 'rk1', 'angle'], 90]),
      (base) => edit(base, [['fire', 'units', 'racks', 'rk1', 'angle'], 180]),
    );
    expect(turned.sentence).toBe('Rack R1 in Hall: rotation turned by them to 180°; by you to 90°');
    const deleted = wordsOf(
      (base) => edit(base, [['fire', 'units', 'detectors', 'det-42'], undefined]),
      (base) =>
        edit(base, [
          ['fire', 'units', 'detectors', 'det-42', 'coord'],
          [9, 2, 2.9],
        ]),
    );
    expect(deleted.subject).toBe('Detector det-42 in Hall');
    expect(deleted.field).toBe('');
    expect(sideText(deleted.mine)).toBe('deleted');
    expect(sideText(deleted.theirs)).toBe('kept and edited, at 9.00, 2.00 m');
  });

  it('an item of the architecture by kind and name, and a labelled value as its label says', () => {
    const room = wordsOf(
      (base) => edit(base, [['arch', 'rooms', 'r1', 'name'], 'Pantry']),
      (base) => edit(base, [['arch', 'rooms', 'r1', 'name'], 'Scullery']),
    );
    expect(room.sentence).toBe('Room Pantry: name set by them to Scullery; by you to Pantry');
    const base = office();
    const tenant = conflictWords(
      { path: ['config', 'tenant'], base: '', mine: 'Acme', theirs: '' },
      { mine: base, theirs: base },
      'Tenant',
    );
    expect([tenant.field, sideText(tenant.mine), sideText(tenant.theirs)]).toEqual(['Tenant', 'Acme', 'empty']);
  });
});
