import { describe, expect, it } from 'vitest';
import { fireSchema, type Detector, type Model } from '@edrf/model';
import { testModel } from '../../../../editor/arch/test-arch';
import { applyEdits, type EditRequest } from '../../../../state/history';
import { createFireConfigForTest } from '../test-fire';
import {
  detectorPairs,
  moveUnitEdits,
  newUnitId,
  normalizeAngle,
  placeUnitEdits,
  placementZ,
  productsFor,
  rotateUnitsEdits,
  socketSirenEdits,
  unitFieldEdits,
} from './units-edits';

/** The test arch (s0: floor 0, top 3; s1: floor 3, top 6) with the SBF fire module. */
function fireModel(edit: (model: Model) => void = () => {}): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  edit(model);
  return model;
}

const apply = (model: Model, requests: readonly EditRequest[]): Model => applyEdits(model, requests).model;

const detector = (id: string, x: number, y: number, hidden = false, storey_id = 's0'): Detector => ({
  id,
  storey_id,
  coord: [x, y, 2.95],
  product_id: 'sbf-smoke',
  hidden,
});

function withDetectors(...detectors: Detector[]): Model {
  return fireModel((m) => {
    for (const d of detectors) m.fire!.units.detectors[d.id] = d;
  });
}

describe('new units', () => {
  it('F§9 heights on a storey from 3 to 6: detector and siren 5.95, button 4, IO 3.1, other units and labels 4.5', () => {
    const model = fireModel();
    expect((['detectors', 'sirens', 'buttons', 'ios', 'others', 'labels'] as const).map((g) => placementZ(model, 's1', g))).toEqual([
      5.95, 5.95, 4, 3.1, 4.5, 4.5,
    ]);
    expect(() => placementZ(model, 'nowhere', 'detectors')).toThrow('No storey nowhere');
  });

  it('ids are the first free over every unit group, and the placed unit keeps the fire model valid', () => {
    const model = fireModel((m) => {
      m.fire!.units.sirens['det-1'] = { id: 'det-1', storey_id: 's0', coord: [0, 0, 2.95], product_id: '', angle: 0, locked_to: '' };
    });
    expect(newUnitId(model.fire!, 'det')).toBe('det-2');
    const placed = placeUnitEdits(model, 's0', 'detector', [1, 2], { productId: 'sbf-heat-cs' });
    expect(placed.id).toBe('det-2');
    const after = apply(model, placed.requests);
    expect(after.fire!.units.detectors['det-2']).toEqual({
      id: 'det-2',
      storey_id: 's0',
      coord: [1, 2, 2.95],
      product_id: 'sbf-heat-cs',
      hidden: false,
    });
    expect(fireSchema.safeParse(after.fire).success).toBe(true);
  });

  it('an other unit takes its unit_type, a label its text, and angles are kept in 0–360', () => {
    const model = fireModel();
    const damper = placeUnitEdits(model, 's0', 'firedamper', [1, 1], { productId: null, angle: -30 });
    const label = placeUnitEdits(model, 's0', 'label', [2, 1], { productId: null, angle: 370 });
    const after = apply(model, [...damper.requests, ...label.requests]);
    expect(after.fire!.units.others[damper.id]).toMatchObject({ unit_type: 'firedamper', angle: 330, product_id: '', comment: '' });
    expect(after.fire!.units.labels[label.id]).toMatchObject({ label: 'Label', angle: 10 });
  });

  it('the products a kind offers: its list; other units by unit_type; sockets only when socketing; a label none', () => {
    const model = fireModel();
    expect(productsFor(model, 'siren').map((p) => p.id)).toEqual(['sbf-sounder', 'sbf-sounder-base', 'sbf-beacon', 'sbf-sounder-beacon']);
    expect(productsFor(model, 'siren', { socketOnly: true }).map((p) => p.id)).toEqual(['sbf-sounder-base']);
    expect(productsFor(model, 'strobelight').map((p) => p.id)).toEqual(['sbf-strobe']);
    expect(productsFor(model, 'label')).toEqual([]);
  });

  it('normalizeAngle wraps both ways', () => {
    expect([normalizeAngle(-1), normalizeAngle(360), normalizeAngle(725), normalizeAngle(-0)]).toEqual([359, 0, 5, 0]);
  });
});

describe('pairing (F§4: hidden and visible, the nearest within 0.5)', () => {
  it('pairs nearest first, each detector once, never two of one kind, never farther than 0.5', () => {
    const pairs = detectorPairs([
      detector('v1', 0, 0),
      detector('h1', 0.4, 0, true),
      detector('h2', 0.1, 0, true),
      detector('v2', 0.6, 0),
      detector('h3', 3, 0, true),
      detector('v3', 3.51, 0),
      detector('v4', 5, 0),
      detector('v5', 5.2, 0),
    ]);
    expect(Object.fromEntries(pairs)).toEqual({ h2: 'v1', v1: 'h2', h1: 'v2', v2: 'h1' });
  });

  it('a new detector goes onto a free partner of the other kind, and says which', () => {
    const model = withDetectors(detector('v1', 1, 1), detector('h1', 3, 1, true), detector('v3', 3, 1));
    const hidden = placeUnitEdits(model, 's0', 'detector', [1.3, 1.3], { productId: 'sbf-smoke', hidden: true });
    expect(hidden.pairedWith).toBe('v1');
    expect(apply(model, hidden.requests).fire!.units.detectors[hidden.id]!.coord).toEqual([1, 1, 2.95]);
    // h1 is paired with v3 already: a visible one placed beside it does not pair.
    const visible = placeUnitEdits(model, 's0', 'detector', [3.2, 1], { productId: 'sbf-smoke' });
    expect(visible.pairedWith).toBeNull();
    // Two of one kind never pair.
    expect(placeUnitEdits(model, 's0', 'detector', [1.1, 1], { productId: 'sbf-smoke' }).pairedWith).toBeNull();
  });

  it('a partner on another storey does not count', () => {
    const model = withDetectors(detector('v1', 1, 1, false, 's1'));
    expect(placeUnitEdits(model, 's0', 'detector', [1, 1], { productId: null, hidden: true }).pairedWith).toBeNull();
  });
});

describe('socketing (F§4)', () => {
  it('puts a siren with a socket product on the nearest free detector at its place and height', () => {
    const model = withDetectors(detector('d1', 1, 1), detector('d2', 1.4, 1));
    const first = socketSirenEdits(model, 's0', [1.3, 1], { productId: 'sbf-sounder-base', angle: 20 })!;
    expect(first.detectorId).toBe('d2');
    const after = apply(model, first.requests);
    expect(after.fire!.units.sirens[first.id]).toMatchObject({ coord: [1.4, 1, 2.95], locked_to: 'd2', angle: 20 });
    // d2 holds a siren now: the next goes onto d1; then none is free.
    const second = socketSirenEdits(after, 's0', [1.3, 1], { productId: 'sbf-sounder-base' })!;
    expect(second.detectorId).toBe('d1');
    expect(socketSirenEdits(apply(after, second.requests), 's0', [1.3, 1], { productId: 'sbf-sounder-base' })).toBeNull();
  });

  it('refuses a siren product without a detector socket', () => {
    const model = withDetectors(detector('d1', 1, 1));
    expect(() => socketSirenEdits(model, 's0', [1, 1], { productId: 'sbf-sounder' })).toThrow('no detector socket');
  });
});

describe('rotating and moving', () => {
  it('r / R turn the units that have an angle and leave detectors', () => {
    const model = fireModel();
    const siren = placeUnitEdits(model, 's0', 'siren', [1, 1], { productId: null, angle: 355 });
    const after = apply(model, siren.requests);
    const requests = rotateUnitsEdits(
      after,
      [
        { group: 'sirens', id: siren.id },
        { group: 'detectors', id: 'nope' },
      ],
      10,
    );
    expect(apply(after, requests).fire!.units.sirens[siren.id]!.angle).toBe(5);
    expect(requests).toHaveLength(1);
  });

  it('a moved unit keeps its height; a detector takes its socketed siren along and pairs', () => {
    let model = withDetectors(detector('d1', 1, 1), detector('h1', 4, 2, true));
    const siren = socketSirenEdits(model, 's0', [1, 1], { productId: 'sbf-sounder-base' })!;
    model = apply(model, siren.requests);
    const moved = apply(model, moveUnitEdits(model, 'detectors', 'd1', [3.8, 2.2]));
    expect(moved.fire!.units.detectors.d1!.coord).toEqual([4, 2, 2.95]);
    expect(moved.fire!.units.sirens[siren.id]).toMatchObject({ coord: [4, 2, 2.95], locked_to: 'd1' });
    expect(moveUnitEdits(model, 'detectors', 'd1', [1, 1])).toEqual([]);
  });

  it('a siren moved near a detector sockets only when its product has a socket; moved away it lets go', () => {
    let model = withDetectors(detector('d1', 1, 1));
    const plain = placeUnitEdits(model, 's0', 'siren', [3, 1], { productId: 'sbf-sounder' });
    const base = placeUnitEdits(apply(model, plain.requests), 's0', 'siren', [3, 2], { productId: 'sbf-sounder-base' });
    model = apply(apply(model, plain.requests), base.requests);
    const near = apply(model, moveUnitEdits(model, 'sirens', plain.id, [1.2, 1]));
    expect(near.fire!.units.sirens[plain.id]).toMatchObject({ coord: [1.2, 1, 2.95], locked_to: '' });
    const socketed = apply(model, moveUnitEdits(model, 'sirens', base.id, [1.2, 1]));
    expect(socketed.fire!.units.sirens[base.id]).toMatchObject({ coord: [1, 1, 2.95], locked_to: 'd1' });
    const away = apply(socketed, moveUnitEdits(socketed, 'sirens', base.id, [5, 2]));
    expect(away.fire!.units.sirens[base.id]).toMatchObject({ coord: [5, 2, 2.95], locked_to: '' });
  });
});

describe('the side panel’s fields', () => {
  function placed() {
    const model = fireModel();
    const d = placeUnitEdits(model, 's0', 'detector', [1, 1], { productId: 'sbf-smoke' });
    const s = socketSirenEdits(apply(model, d.requests), 's0', [1, 1], { productId: 'sbf-sounder-base' })!;
    const o = placeUnitEdits(apply(apply(model, d.requests), s.requests), 's0', 'annunciator', [3, 1], { productId: 'sbf-annunciator' });
    return { model: apply(apply(apply(model, d.requests), s.requests), o.requests), d: d.id, s: s.id, o: o.id };
  }

  it('writes angle (wrapped), height, comment, label text and hidden at their paths', () => {
    const { model, d, o } = placed();
    expect(unitFieldEdits(model, 'others', o, 'angle', -90)).toEqual([{ path: ['fire', 'units', 'others', o, 'angle'], value: 270 }]);
    expect(unitFieldEdits(model, 'others', o, 'z', 2.2)).toEqual([{ path: ['fire', 'units', 'others', o, 'coord'], value: [3, 1, 2.2] }]);
    expect(unitFieldEdits(model, 'others', o, 'comment', 'By the door')).toEqual([
      { path: ['fire', 'units', 'others', o, 'comment'], value: 'By the door' },
    ]);
    expect(unitFieldEdits(model, 'detectors', d, 'hidden', true)).toEqual([
      { path: ['fire', 'units', 'detectors', d, 'hidden'], value: true },
    ]);
  });

  it('refuses a field the unit has not and a product not of its kind', () => {
    const { model, d, o } = placed();
    expect(() => unitFieldEdits(model, 'detectors', d, 'angle', 10)).toThrow('no angle');
    expect(() => unitFieldEdits(model, 'others', o, 'product_id', 'sbf-strobe')).toThrow('No product sbf-strobe');
    expect(() => unitFieldEdits(model, 'others', 'nope', 'z', 1)).toThrow('No unit others.nope');
    expect(unitFieldEdits(model, 'others', o, 'product_id', '')).toEqual([
      { path: ['fire', 'units', 'others', o, 'product_id'], value: '' },
    ]);
  });

  it('a socketed siren given a product without a socket leaves the socket; with one it stays', () => {
    const { model, s } = placed();
    expect(unitFieldEdits(model, 'sirens', s, 'product_id', 'sbf-beacon')).toEqual([
      { path: ['fire', 'units', 'sirens', s, 'product_id'], value: 'sbf-beacon' },
      { path: ['fire', 'units', 'sirens', s, 'locked_to'], value: '' },
    ]);
    expect(unitFieldEdits(model, 'sirens', s, 'product_id', 'sbf-sounder-base')).toHaveLength(1);
  });
});
