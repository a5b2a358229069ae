import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA } from './constants.js';
import { emptyModel, joinPath, modelSchema, validateModel, validateModelPart } from './model.js';
import { sampleModel, square } from './test-support.js';

describe('emptyModel', () => {
  it('has every part with empty collections, no fire module and the current schema', () => {
    const model = emptyModel();
    expect(model.fire).toBeNull();
    expect(model.edrf_schema).toBe(CURRENT_SCHEMA);
    expect(model.elec.trays).toEqual({});
    expect(model.arch).toEqual({
      rotation: 0,
      storeys: {},
      buildings: {},
      rooms: {},
      walls: {},
      wall_openings: {},
      doors: {},
      stairs: {},
      ceilings: {},
      slabs: {},
      other_objects: {},
    });
    expect(model.config).toEqual({
      name: '',
      address: '',
      owner: '',
      owner_address: '',
      tenant: '',
      compass_degrees: 0,
      ifc_files: {},
      report_tiles: {},
    });
    expect(validateModel(model)).toEqual({ ok: true, value: model });
  });

  it('gives a fresh model each time', () => {
    const a = emptyModel();
    a.arch.rooms.x = {
      id: 'x',
      global_id: '',
      name: '',
      type: 'Other',
      synthetic: false,
      shape: { exterior: square(0, 0, 1), interiors: [], below: [], above: [] },
    };
    expect(emptyModel().arch.rooms).toEqual({});
  });
});

describe('validateModelPart', () => {
  const arch = () =>
    structuredClone(sampleModel().arch) as Record<string, unknown> & { rooms: Record<string, { shape: { exterior: unknown[] } }> };

  it('accepts a valid part and fills in defaults', () => {
    const result = validateModelPart('arch', { rooms: { r1: { id: 'r1', shape: { exterior: square(0, 0, 2) } } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.rooms.r1).toMatchObject({
      name: '',
      type: 'Other',
      synthetic: false,
      shape: { interiors: [], below: [], above: [] },
    });
    expect(result.value.walls).toEqual({});
  });

  it('names the failing path from the model root', () => {
    const value = arch();
    value.rooms.r1!.shape.exterior[2] = ['x', 1];
    const result = validateModelPart('arch', value);
    expect(result).toMatchObject({ ok: false, path: 'arch.rooms.r1.shape.exterior.2.0' });
    value.rooms.r1!.shape.exterior[2] = 'not a point';
    expect(validateModelPart('arch', value)).toMatchObject({ ok: false, path: 'arch.rooms.r1.shape.exterior.2' });
  });

  it('refuses an item whose id differs from its key', () => {
    const value = arch();
    value.rooms.r9 = value.rooms.r1!;
    const result = validateModelPart('arch', value);
    expect(result).toEqual({ ok: false, path: 'arch.rooms.r9.id', message: "Id 'r1' differs from its key 'r9'" });
  });

  it('refuses a wrong enumeration value, a too small polygon and a storey upside down', () => {
    const value = arch() as Record<string, Record<string, Record<string, unknown>>>;
    value.rooms!.r2!.type = 'Garage';
    expect(validateModelPart('arch', value)).toMatchObject({ ok: false, path: 'arch.rooms.r2.type' });
    expect(
      validateModelPart('arch', {
        rooms: {
          r: {
            id: 'r',
            shape: {
              exterior: [
                [0, 0],
                [1, 1],
              ],
            },
          },
        },
      }),
    ).toMatchObject({
      ok: false,
      path: 'arch.rooms.r.shape.exterior',
    });
    expect(validateModelPart('arch', { storeys: { s: { id: 's', number: 0, height: { min_z: 3, max_z: 0 } } } })).toMatchObject({
      ok: false,
      path: 'arch.storeys.s.height.max_z',
      message: 'min_z must not exceed max_z',
    });
  });

  it('validates config: IFC files keyed by SHA-256, compass in [0, 360)', () => {
    expect(
      validateModelPart('config', { ifc_files: { abc: { name: 'a.ifc', size: 1, uploaded_at: '2026-01-01T00:00:00Z' } } }),
    ).toMatchObject({
      ok: false,
      path: 'config.ifc_files.abc',
    });
    expect(validateModelPart('config', { compass_degrees: 360 })).toMatchObject({ ok: false, path: 'config.compass_degrees' });
    expect(validateModelPart('config', { report_tiles: { s1: [{ min: [5, 5], max: [0, 0] }] } })).toMatchObject({
      ok: false,
      path: 'config.report_tiles.s1.0.max',
    });
    expect(validateModelPart('config', sampleModel().config)).toEqual({ ok: true, value: sampleModel().config });
  });

  it('validates elec and clears a tray’s to_storey_id equal to its storey (P§5)', () => {
    const result = validateModelPart('elec', {
      trays: { t: { id: 't', storey_id: 's1', to_storey_id: 's1', start: [0, 0, 0], end: [1, 0, 0] } },
    });
    expect(result).toEqual({
      ok: true,
      value: { trays: { t: { id: 't', storey_id: 's1', to_storey_id: '', start: [0, 0, 0], end: [1, 0, 0], width: 0.3 } } },
    });
    expect(validateModelPart('elec', { trays: { t: { id: 't', storey_id: '', start: [0, 0, 0], end: [1, 0, 0] } } })).toMatchObject({
      ok: false,
      path: 'elec.trays.t.storey_id',
    });
    expect(
      validateModelPart('elec', { trays: { t: { id: 't', storey_id: 's', start: [0, 0, 0], end: [1, 0, 0], width: 0 } } }),
    ).toMatchObject({
      ok: false,
      path: 'elec.trays.t.width',
    });
  });

  it('accepts fire null (no fire module) and names fire paths', () => {
    expect(validateModelPart('fire', null)).toEqual({ ok: true, value: null });
    const fire = structuredClone(sampleModel().fire!) as unknown as { units: { detectors: Record<string, { coord: unknown }> } };
    fire.units.detectors.dt2!.coord = [1, 2];
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.units.detectors.dt2.coord' });
    expect(validateModelPart('fire', undefined)).toMatchObject({ ok: false, path: 'fire' });
  });

  it('names a bad map key', () => {
    const result = validateModelPart('config', { report_tiles: { '': [] } });
    expect(result).toMatchObject({ ok: false, path: 'config.report_tiles' });
  });
});

describe('validateModel', () => {
  it('accepts the sample model and refuses another schema version', () => {
    const model = sampleModel();
    expect(validateModel(model)).toEqual({ ok: true, value: model });
    expect(validateModel({ ...model, edrf_schema: 1 })).toMatchObject({ ok: false, path: 'edrf_schema' });
  });

  it('fills in missing config, elec and fire', () => {
    const result = validateModel({ arch: {}, edrf_schema: CURRENT_SCHEMA });
    expect(result).toEqual({ ok: true, value: emptyModel() });
  });

  it('round-trips through JSON unchanged', () => {
    const model = sampleModel();
    expect(modelSchema.parse(JSON.parse(JSON.stringify(model)))).toEqual(model);
  });
});

describe('joinPath', () => {
  it('joins a prefix and a zod path with dots', () => {
    expect(joinPath('arch', ['rooms', 'r1', 'shape', 'exterior', 2])).toBe('arch.rooms.r1.shape.exterior.2');
    expect(joinPath('', ['edrf_schema'])).toBe('edrf_schema');
    expect(joinPath('fire', [])).toBe('fire');
  });
});
