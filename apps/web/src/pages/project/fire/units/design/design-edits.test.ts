import { describe, expect, it } from 'vitest';
import { fireSchema, type Detector, type Model } from '@edrf/model';
import { calcFireUnits } from '@edrf/fire';
import { testModel } from '../../../../../editor/arch/test-arch';
import { applyEdits } from '../../../../../state/history';
import { testProjectStore } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { designEdits, designMessage } from './design-edits';

const detector = (id: string, x: number, y: number, storey_id = 's0'): Detector => ({
  id,
  storey_id,
  coord: [x, y, 2.95],
  product_id: '',
  hidden: false,
});

function fireModel(...detectors: Detector[]): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  for (const d of detectors) model.fire!.units.detectors[d.id] = d;
  return model;
}

/** The real engine's answer for the model. */
const design = (model: Model) => calcFireUnits({ arch: model.arch, fire: model.fire! });
const ids = (model: Model) => Object.keys(model.fire!.units.detectors).sort();

describe('designEdits', () => {
  it('adds every unit the engine designed, and the model stays valid', () => {
    const model = fireModel();
    const answer = design(model);
    const { requests, added } = designEdits(model, model.fire!, answer.units, { kind: 'building' });
    expect(added.detectors).toBeGreaterThan(0);
    expect(added).toEqual({
      detectors: Object.keys(answer.units.detectors).length,
      sirens: Object.keys(answer.units.sirens).length,
      buttons: Object.keys(answer.units.buttons).length,
    });
    const next = applyEdits(model, requests).model;
    expect(next.fire!.units.detectors).toEqual(answer.units.detectors);
    expect(next.fire!.units.sirens).toEqual(answer.units.sirens);
    expect(() => fireSchema.parse(next.fire)).not.toThrow();
  });

  it('keeps the units the user placed where they are', () => {
    const mine = detector('det-1', 1, 1);
    const model = fireModel(mine);
    const answer = design(model);
    // The engine may answer the kept unit as it is; even a changed copy of it must not come back.
    answer.units.detectors['det-1'] = { ...mine, coord: [9, 9, 2.95] };
    const { requests, added } = designEdits(model, model.fire!, answer.units, { kind: 'building' });
    const next = applyEdits(model, requests).model;
    expect(next.fire!.units.detectors['det-1']).toBe(mine);
    expect(added.detectors).toBe(Object.keys(answer.units.detectors).length - 1);
    expect(requests.every((r) => r.path[3] !== 'det-1')).toBe(true);
  });

  it('merges against the model as it is now: a unit deleted during the run stays deleted, a taken id gets a free one', () => {
    const sent = fireModel(detector('det-1', 1, 1));
    const answer = design(sent);
    const designed = Object.keys(answer.units.detectors).filter((id) => id !== 'det-1');
    expect(designed.length).toBeGreaterThan(1);
    // Meanwhile the user deleted det-1 and placed a detector under the first designed one's id.
    const now = fireModel(detector(designed[0]!, 2, 2));
    const { requests, added } = designEdits(now, sent.fire!, answer.units, { kind: 'building' });
    const next = applyEdits(now, requests).model;
    // The deleted det-1 (at 1, 1) does not come back; its id may go to a designed unit.
    expect(Object.values(next.fire!.units.detectors).some((d) => d.coord[0] === 1 && d.coord[1] === 1)).toBe(false);
    expect(next.fire!.units.detectors[designed[0]!]).toBe(now.fire!.units.detectors[designed[0]!]);
    expect(added.detectors).toBe(designed.length);
    expect(ids(next)).toHaveLength(designed.length + 1);
    // The re-named one stands where the engine put it.
    const coords = Object.values(next.fire!.units.detectors).map((d) => d.coord.join());
    expect(coords).toContain(answer.units.detectors[designed[0]!]!.coord.join());
    expect(() => fireSchema.parse(next.fire)).not.toThrow();
  });

  it('adds only the chosen storey’s units for This storey', () => {
    const model = fireModel();
    const answer = design(model);
    const onS1 = Object.values(answer.units.detectors).filter((d) => d.storey_id === 's1');
    expect(onS1.length).toBeGreaterThan(0);
    expect(Object.values(answer.units.detectors).some((d) => d.storey_id === 's0')).toBe(true);
    const { requests, added } = designEdits(model, model.fire!, answer.units, { kind: 'storey', storeyId: 's1' });
    const next = applyEdits(model, requests).model;
    expect(Object.values(next.fire!.units.detectors).map((d) => d.storey_id)).toEqual(onS1.map(() => 's1'));
    expect(added.detectors).toBe(onS1.length);
    for (const group of ['sirens', 'buttons'] as const)
      expect(Object.values(next.fire!.units[group]).every((u) => u.storey_id === 's1')).toBe(true);
  });

  it('adds nothing when the fire module is gone', () => {
    const sent = fireModel();
    const answer = design(sent);
    expect(designEdits({ ...sent, fire: null }, sent.fire!, answer.units, { kind: 'building' }).requests).toEqual([]);
  });

  it('is one undo step through the project store', () => {
    const model = fireModel(detector('det-1', 1, 1));
    const store = testProjectStore(model);
    // A user edit just before: batching would put the design into its step if it were not a step of its own.
    store.edit([{ path: ['fire', 'units', 'detectors', 'det-1', 'hidden'], value: true }], '/project/p1/fire/units');
    const before = store.getState().model;
    const { requests } = designEdits(before, before.fire!, design(before).units, { kind: 'building' });
    store.replaceModel(applyEdits(before, requests).model, '/project/p1/fire/units');
    expect(ids(store.getState().model).length).toBeGreaterThan(1);
    store.undo();
    expect(store.getState().model).toEqual(before);
    store.redo();
    expect(ids(store.getState().model).length).toBeGreaterThan(1);
  });
});

describe('designMessage', () => {
  it('counts what was added', () => {
    expect(designMessage({ detectors: 12, sirens: 3, buttons: 2 })).toBe('Added 12 detectors, 3 sirens and 2 buttons');
    expect(designMessage({ detectors: 1, sirens: 0, buttons: 1 })).toBe('Added 1 detector and 1 button');
    expect(designMessage({ detectors: 0, sirens: 2, buttons: 0 })).toBe('Added 2 sirens');
    expect(designMessage({ detectors: 0, sirens: 0, buttons: 0 })).toBe('Nothing to add');
  });
});
