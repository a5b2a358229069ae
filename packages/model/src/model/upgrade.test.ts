import { describe, expect, it } from 'vitest';
import { COLLECTIONS, ITEM_KINDS, valueAt, type JsonObject } from './collections.js';
import { CURRENT_SCHEMA } from './constants.js';
import { emptyModel } from './model.js';
import { UPGRADE_STEPS, schemaVersionOf, upgradeModel, upgradeV1toV2 } from './upgrade.js';
import { sampleModel, square } from './test-support.js';

/** How version 1 stored a model: every keyed collection as an array of its items. */
function toV1(model: object): JsonObject {
  const doc = structuredClone(model) as JsonObject;
  for (const kind of ITEM_KINDS) {
    if (COLLECTIONS[kind] !== 'record') continue;
    const path = kind.split('.');
    const last = path.pop()!;
    const parent = valueAt(doc, path.join('.'));
    if (parent && typeof parent === 'object') (parent as JsonObject)[last] = Object.values((parent as JsonObject)[last] as object);
  }
  doc.edrf_schema = 1;
  return doc;
}

/** A version 1 export as written by the old app: arrays of items, no edrf_schema field. */
const oldExport = {
  config: { name: 'Old house' },
  arch: {
    storeys: [{ id: 's1', number: 0, name: 'Plan 1', height: { min_z: 0, max_z: 2.7 }, rooms: ['r1'] }],
    rooms: [{ id: 'r1', name: 'Kök', type: 'Kitchen', shape: { exterior: square(0, 0, 3) } }],
    walls: [],
  },
  elec: { trays: [{ id: 't1', storey_id: 's1', start: [0, 0, 2.65], end: [3, 0, 2.65] }] },
  fire: null,
};

describe('UPGRADE_STEPS', () => {
  it('has one step from every older version to the next, up to CURRENT_SCHEMA', () => {
    expect(UPGRADE_STEPS.map((s) => s.from)).toEqual(Array.from({ length: CURRENT_SCHEMA - 1 }, (_, i) => i + 1));
  });
});

describe('upgradeV1toV2', () => {
  it('keys array collections by id, leaves keyed ones and absent parts alone', () => {
    const doc = upgradeV1toV2(structuredClone(oldExport));
    expect(doc.edrf_schema).toBe(2);
    expect(valueAt(doc, 'arch.rooms')).toEqual({ r1: oldExport.arch.rooms[0] });
    expect(valueAt(doc, 'arch.walls')).toEqual({});
    expect(valueAt(doc, 'elec.trays.t1.storey_id')).toBe('s1');
    expect(valueAt(doc, 'arch.doors')).toBeUndefined();
    expect(doc.fire).toBeNull();
  });

  it('refuses an item without an id or a repeated id, naming it', () => {
    expect(() => upgradeV1toV2({ arch: { rooms: [{ name: 'x' }] } })).toThrow(expect.objectContaining({ path: 'arch.rooms.0.id' }));
    expect(() => upgradeV1toV2({ arch: { rooms: [{ id: 'a' }, { id: 'a' }] } })).toThrow(
      expect.objectContaining({ path: 'arch.rooms.1.id', message: "Duplicate id 'a'" }),
    );
  });
});

describe('schemaVersionOf', () => {
  it('reads edrf_schema, 1 when absent, null when not a positive integer', () => {
    expect(schemaVersionOf({ edrf_schema: 2 })).toBe(2);
    expect(schemaVersionOf({})).toBe(1);
    expect(schemaVersionOf({ edrf_schema: '2' })).toBeNull();
    expect(schemaVersionOf({ edrf_schema: 0 })).toBeNull();
    expect(schemaVersionOf({ edrf_schema: 1.5 })).toBeNull();
  });
});

describe('upgradeModel', () => {
  it('upgrades an old export without edrf_schema to a valid current model', () => {
    const result = upgradeModel(oldExport);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.from).toBe(1);
    expect(result.model.edrf_schema).toBe(CURRENT_SCHEMA);
    expect(result.model.arch.rooms.r1).toMatchObject({ id: 'r1', name: 'Kök', type: 'Kitchen' });
    expect(result.model.elec.trays.t1).toMatchObject({ width: 0.3, to_storey_id: '' });
    expect(result.model.fire).toBeNull();
  });

  it('brings a version 1 copy of a full model back to the same model, without changing its input', () => {
    const model = sampleModel();
    const v1 = toV1(model);
    const before = structuredClone(v1);
    expect(upgradeModel(v1)).toEqual({ ok: true, model, from: 1 });
    expect(v1).toEqual(before);
  });

  it('a stored model from before issue 26 is valid: loop limits null, 20 units between isolators, Class A separation by regulation', () => {
    for (const regulation of ['Sbf1108', 'Bs5839', 'Nfpa72'] as const) {
      // As stored: no loop limits on the central, no isolator or Class A settings; sbf only for SBF.
      const stored = toV1(sampleModel()) as { fire: { config: Record<string, unknown> } };
      stored.fire.config.regulation = regulation;
      stored.fire.config.cabling = { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 };
      stored.fire.config.products = { ...(stored.fire.config.products as object), centrals: [{ id: 'pc1', name: 'Central' }] };
      for (const doc of [stored, upgradeV1toV2(structuredClone(stored))]) {
        const result = upgradeModel(doc);
        expect(result.ok, regulation).toBe(true);
        if (!result.ok) continue;
        const config = result.model.fire!.config;
        expect(config.cabling).toEqual({
          route_max_units: 128,
          route_max_area: 2000,
          start_voltage_margin: 10,
          isolator_max_units: 20,
          class_a_separation: regulation === 'Nfpa72',
        });
        expect(config.products.centrals[0]).toMatchObject({
          max_loop_milliamperes: null,
          max_loop_ohms: null,
          max_loop_metres: null,
          isolator_ohms: null,
          isolators_count_as_units: false,
        });
      }
    }
  });

  it('only validates a current model', () => {
    expect(upgradeModel(emptyModel())).toEqual({ ok: true, model: emptyModel(), from: CURRENT_SCHEMA });
  });

  it('refuses what it cannot upgrade, naming the path', () => {
    expect(upgradeModel([])).toEqual({ ok: false, path: '', message: 'A model must be a JSON object' });
    expect(upgradeModel({ arch: {}, edrf_schema: CURRENT_SCHEMA + 1 })).toMatchObject({ ok: false, path: 'edrf_schema' });
    expect(upgradeModel({ arch: {}, edrf_schema: 'x' })).toMatchObject({ ok: false, path: 'edrf_schema' });
    expect(upgradeModel({ arch: { rooms: [{ id: 'r1' }, { id: 'r1' }] } })).toMatchObject({ ok: false, path: 'arch.rooms.1.id' });
    expect(upgradeModel({ arch: { rooms: [{ id: 'r1', shape: { exterior: [] } }] } })).toMatchObject({
      ok: false,
      path: 'arch.rooms.r1.shape.exterior',
    });
  });
});
