import { describe, expect, it } from 'vitest';
import { validateModelPart } from './model.js';
import { fireConfigSchema, hardwareFileSchema, sbfConfigSchema } from './fire.js';
import { sampleFireConfig, sampleModel } from './test-support.js';

const fireOf = () => structuredClone(sampleModel().fire!);

describe('fire schema', () => {
  it('fills rack units defaults: size [46, 220], physical', () => {
    const result = validateModelPart('fire', {
      config: sampleFireConfig(),
      units: { racks: { r: { id: 'r', storey_id: 's', coord: [0, 0, 0] } } },
    });
    expect(result.ok && result.value?.units.racks.r).toEqual({
      id: 'r',
      storey_id: 's',
      coord: [0, 0, 0],
      label: '',
      angle: 0,
      size: [46, 220],
      physical: true,
    });
  });

  it('refuses a unit id used in two groups', () => {
    const fire = fireOf();
    fire.units.labels.dt1 = { id: 'dt1', storey_id: 's1', coord: [0, 0, 0], angle: 0, label: '' };
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.units.labels.dt1.id' });
  });

  it('refuses a route id that is also a cable id', () => {
    const fire = fireOf();
    fire.connections.cables.ro1 = { id: 'ro1', label: '', product_id: '' };
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.connections.routes.ro1.id' });
  });

  it('refuses repeated addresses in a section, and a unit addressed in two sections', () => {
    const fire = fireOf();
    fire.sections.sec1!.addresses.dt2 = 1;
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.sections.sec1.addresses.dt2' });
    const twice = fireOf();
    twice.sections.sec2 = { ...twice.sections.sec1!, id: 'sec2', addresses: { dt1: 1 } };
    expect(validateModelPart('fire', twice)).toMatchObject({ ok: false, path: 'fire.sections.sec2.addresses.dt1' });
    const zero = fireOf();
    zero.sections.sec1!.addresses.dt1 = 0;
    expect(validateModelPart('fire', zero)).toMatchObject({ ok: false, path: 'fire.sections.sec1.addresses.dt1' });
  });

  it('refuses a route slice with fewer than 2 nodes and a route without slices', () => {
    const fire = fireOf();
    fire.connections.routes.ro1!.slices[1]!.nodes.pop();
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.connections.routes.ro1.slices.1.nodes' });
    fire.connections.routes.ro1!.slices = [];
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.connections.routes.ro1.slices' });
  });

  it('refuses a repeated product id in a list', () => {
    const fire = fireOf();
    fire.config.products.cables.push({ ...fire.config.products.cables[0]! });
    expect(validateModelPart('fire', fire)).toMatchObject({ ok: false, path: 'fire.config.products.cables.1.id' });
  });
});

describe('fire config', () => {
  it('keeps section areas sorted descending, duplicates allowed', () => {
    const config = sampleFireConfig();
    expect(fireConfigSchema.parse(config).section.section_areas).toEqual([1600, 1000, 1000]);
    const unsorted = fireConfigSchema.safeParse({ ...config, section: { section_areas: [100, 200] } });
    expect(unsorted.error?.issues[0]).toMatchObject({
      path: ['section', 'section_areas', 1],
      message: 'Section areas must be sorted descending',
    });
  });

  it('checks the optimization limits of F§5', () => {
    const config = sampleFireConfig();
    expect(
      fireConfigSchema.safeParse({ ...config, cabling: { route_max_units: 0, route_max_area: 1, start_voltage_margin: 0 } }).success,
    ).toBe(false);
    expect(
      fireConfigSchema.safeParse({ ...config, cabling: { route_max_units: 1, route_max_area: 0.5, start_voltage_margin: 0 } }).success,
    ).toBe(false);
    expect(fireConfigSchema.safeParse({ ...config, regulation: 'Iso7240' }).success).toBe(false);
    expect(fireConfigSchema.parse({ ...config, sbf: undefined }).sbf).toBeNull();
  });

  it('reads the SBF form, its date and its enumerations', () => {
    expect(sbfConfigSchema.parse({ replaces_date: '2025-06-30', cls: 'C', transfer_type: 'IP' })).toMatchObject({
      replaces_date: '2025-06-30',
      cls: 'C',
    });
    expect(sbfConfigSchema.safeParse({ replaces_date: '30/06/2025' }).success).toBe(false);
    expect(sbfConfigSchema.safeParse({ cls: 'F' }).success).toBe(false);
    expect(sbfConfigSchema.parse({ facility_managers: [{ name: 'Eva' }] }).facility_managers[0]).toEqual({
      name: 'Eva',
      phone: '',
      address: { line1: '', line2: '', zip: '', city: '', state: '' },
    });
  });
});

describe('hardwareFileSchema', () => {
  it('needs hardware with a detectors list', () => {
    expect(hardwareFileSchema.safeParse({ edrf_schema: 2, hardware: { detectors: [{ id: 'd', name: 'D' }] } }).success).toBe(true);
    expect(hardwareFileSchema.safeParse({ hardware: { centrals: [] } }).success).toBe(false);
    expect(hardwareFileSchema.safeParse({}).success).toBe(false);
  });
});
