import { describe, expect, it } from 'vitest';
import { validateModelPart } from './model.js';
import { deleteItems } from './delete.js';
import { findDanglingReferences } from './references.js';
import { REGULATIONS } from './enums.js';
import {
  batteryDefaultsFor,
  cablingSettingsSchema,
  centralProductSchema,
  classASeparationFor,
  fireConfigSchema,
  fireSchema,
  hardwareFileSchema,
  type DesignBasis,
  sbfConfigSchema,
} from './fire.js';
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

describe('loop limits of a central product (issue 26)', () => {
  const limits = ['max_loop_milliamperes', 'max_loop_ohms', 'max_loop_metres', 'isolator_ohms'] as const;

  it('a stored central without them is valid: every limit null (not checked), isolators not counted as units', () => {
    expect(centralProductSchema.parse({ id: 'c', name: 'C' })).toMatchObject({
      max_loop_milliamperes: null,
      max_loop_ohms: null,
      max_loop_metres: null,
      isolator_ohms: null,
      isolators_count_as_units: false,
    });
  });

  it('keeps numbers from 0 and null; refuses negatives, text and a non-boolean flag', () => {
    const central = centralProductSchema.parse({
      id: 'c',
      name: 'C',
      max_loop_milliamperes: 400,
      max_loop_ohms: 40.5,
      max_loop_metres: 0,
      isolator_ohms: null,
      isolators_count_as_units: true,
    });
    expect(central).toMatchObject({
      max_loop_milliamperes: 400,
      max_loop_ohms: 40.5,
      max_loop_metres: 0,
      isolator_ohms: null,
      isolators_count_as_units: true,
    });
    // Parsing the output again gives it back.
    expect(centralProductSchema.parse(central)).toEqual(central);
    for (const field of limits) {
      expect(centralProductSchema.safeParse({ id: 'c', [field]: -1 }).error?.issues[0]?.path, field).toEqual([field]);
      expect(centralProductSchema.safeParse({ id: 'c', [field]: '40' }).success, field).toBe(false);
    }
    expect(centralProductSchema.safeParse({ id: 'c', isolators_count_as_units: 'yes' }).success).toBe(false);
    expect(centralProductSchema.safeParse({ id: 'c', isolators_count_as_units: null }).success).toBe(false);
  });

  it('a hardware file without them imports with the defaults', () => {
    const file = hardwareFileSchema.parse({ hardware: { detectors: [], centrals: [{ id: 'c', name: 'C', milliamperes: 90 }] } });
    expect(file.hardware.centrals[0]).toMatchObject({ milliamperes: 90, max_loop_ohms: null, isolators_count_as_units: false });
  });
});

describe('cabling settings of issue 26', () => {
  const old = { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 };

  it('units between isolators: a whole number from 1, 20 by default', () => {
    expect(cablingSettingsSchema.parse(old).isolator_max_units).toBe(20);
    expect(cablingSettingsSchema.parse({ ...old, isolator_max_units: 1 }).isolator_max_units).toBe(1);
    for (const bad of [0, -3, 2.5, null, '20'])
      expect(cablingSettingsSchema.safeParse({ ...old, isolator_max_units: bad }).success, String(bad)).toBe(false);
    expect(
      fireConfigSchema.safeParse({ ...sampleFireConfig(), cabling: { ...old, isolator_max_units: 0 } }).error?.issues[0]?.path,
    ).toEqual(['cabling', 'isolator_max_units']);
  });

  it('Class A separation is on for NFPA 72 and off for SBF 110:8 and BS 5839', () => {
    expect(REGULATIONS.map((regulation) => [regulation, classASeparationFor(regulation)])).toEqual([
      ['Sbf1108', false],
      ['Bs5839', false],
      ['Nfpa72', true],
    ]);
  });

  it("a stored config without class_a_separation gets its regulation's value", () => {
    for (const regulation of REGULATIONS) {
      const config = fireConfigSchema.parse({ ...sampleFireConfig(), regulation, cabling: old });
      expect(config.cabling, regulation).toEqual({ ...old, isolator_max_units: 20, class_a_separation: regulation === 'Nfpa72' });
    }
    // The same inside a whole fire model, and when the key is there but undefined.
    const fire = fireSchema.parse({
      config: { ...sampleFireConfig(), regulation: 'Nfpa72', cabling: { ...old, class_a_separation: undefined } },
    });
    expect(fire.config.cabling.class_a_separation).toBe(true);
  });

  it('a stored value is kept whatever the regulation; a non-boolean is refused', () => {
    const nfpaOff = fireConfigSchema.parse({ ...sampleFireConfig(), regulation: 'Nfpa72', cabling: { ...old, class_a_separation: false } });
    expect(nfpaOff.cabling.class_a_separation).toBe(false);
    const sbfOn = fireConfigSchema.parse({ ...sampleFireConfig(), cabling: { ...old, class_a_separation: true } });
    expect(sbfOn.cabling.class_a_separation).toBe(true);
    expect(fireConfigSchema.parse(nfpaOff)).toEqual(nfpaOff);
    expect(fireConfigSchema.safeParse({ ...sampleFireConfig(), cabling: { ...old, class_a_separation: 'yes' } }).success).toBe(false);
    expect(fireConfigSchema.safeParse({ ...sampleFireConfig(), cabling: { ...old, class_a_separation: null } }).success).toBe(false);
  });

  it('the cabling settings alone default it to off; a config with a bad regulation or no cabling is still refused', () => {
    expect(cablingSettingsSchema.parse(old).class_a_separation).toBe(false);
    expect(fireConfigSchema.safeParse({ ...sampleFireConfig(), regulation: 'Iso7240', cabling: old }).success).toBe(false);
    expect(fireConfigSchema.safeParse({ ...sampleFireConfig(), cabling: undefined }).error?.issues[0]?.path).toEqual(['cabling']);
    expect(fireConfigSchema.safeParse(null).success).toBe(false);
  });
});

describe('battery settings (issue 33)', () => {
  it("a stored config without them gets its regulation's: BS 5839-1 and SBF 110:8 24 h + 30 min, NFPA 72 24 h + 5 min, × 1.25", () => {
    const want = { Sbf1108: [24, 30, 1.25], Bs5839: [24, 30, 1.25], Nfpa72: [24, 5, 1.25] } as const;
    for (const regulation of REGULATIONS) {
      const config = fireConfigSchema.parse({ ...sampleFireConfig(), regulation });
      const [standby_hours, alarm_minutes, factor] = want[regulation];
      expect(config.battery, regulation).toEqual({ standby_hours, alarm_minutes, factor });
      expect(batteryDefaultsFor(regulation)).toEqual(config.battery);
    }
    // Inside a whole fire model too.
    expect(fireSchema.parse({ config: { ...sampleFireConfig(), regulation: 'Nfpa72' } }).config.battery.alarm_minutes).toBe(5);
  });

  it('a stored value is kept; a standby or alarm of 0, or a factor below 1, is refused', () => {
    const kept = fireConfigSchema.parse({ ...sampleFireConfig(), battery: { standby_hours: 72, alarm_minutes: 30, factor: 1.25 } });
    expect(kept.battery.standby_hours).toBe(72);
    expect(fireConfigSchema.parse(kept)).toEqual(kept);
    for (const bad of [
      { standby_hours: 0, alarm_minutes: 30, factor: 1.25 },
      { standby_hours: 24, alarm_minutes: 0, factor: 1.25 },
      { standby_hours: 24, alarm_minutes: 30, factor: 0.9 },
      { standby_hours: 24, alarm_minutes: 30 },
    ])
      expect(fireConfigSchema.safeParse({ ...sampleFireConfig(), battery: bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('design basis and revisions (issue 40)', () => {
  const basis = (): DesignBasis => ({
    at: '2026-11-28T09:00:00.000Z',
    rooms: { r1: { storey_id: 's1', type: 'Office', name: 'Office', area: 20, centroid: [2, 5], box: [0, 0, 4, 10] } },
    units: { dt1: { room_id: 'r1', at: [1, 1] } },
  });
  const revision = () => ({
    id: 'revision-1',
    letter: 'A',
    date: '2026-11-28T10:00:00+01:00',
    changes: { added: [], removed: [{ id: 'r9', name: 'Store', storey_id: 's1', box: [4, 0, 8, 5] }], reshaped: [], retyped: [] },
    units: { removed: { detectors: ['det-4'] } },
  });

  it('leaves a fire module without them as it was: no fields are added', () => {
    const result = validateModelPart('fire', fireOf());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect('design_basis' in result.value!).toBe(false);
      expect('revisions' in result.value!).toBe(false);
    }
  });

  it('reads a basis and a revision, the figures it did not compute null', () => {
    const result = validateModelPart('fire', { ...fireOf(), design_basis: basis(), revisions: { 'revision-1': revision() } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value!.design_basis).toEqual(basis());
    expect(result.value!.revisions?.['revision-1']).toMatchObject({
      letter: 'A',
      changes: { removed: [{ id: 'r9', box: [4, 0, 8, 5] }] },
      units: { added: {}, removed: { detectors: ['det-4'] }, moved: {}, flagged: {} },
      sections_changed: [],
      cable_m_before: null,
      cost_after: null,
    });
  });

  it('refuses a revision under another key, a letter that is not capitals, a date that is not ISO, a negative area', () => {
    const withRevision = (r: object) => ({ ...fireOf(), revisions: { 'revision-1': { ...revision(), ...r } } });
    expect(validateModelPart('fire', withRevision({ id: 'other' }))).toMatchObject({ ok: false, path: 'fire.revisions.revision-1.id' });
    expect(validateModelPart('fire', withRevision({ letter: 'a1' }))).toMatchObject({
      ok: false,
      path: 'fire.revisions.revision-1.letter',
    });
    expect(validateModelPart('fire', withRevision({ date: '28.11.2026' }))).toMatchObject({
      ok: false,
      path: 'fire.revisions.revision-1.date',
    });
    const bad = basis();
    bad.rooms.r1!.area = -1;
    expect(validateModelPart('fire', { ...fireOf(), design_basis: bad })).toMatchObject({
      ok: false,
      path: 'fire.design_basis.rooms.r1.area',
    });
  });

  it('is history, not references: a removed room stays in them, and names nothing that dangles', () => {
    const model = sampleModel();
    const roomId = Object.keys(model.arch.rooms)[0]!;
    model.fire = fireSchema.parse({
      ...model.fire!,
      design_basis: { ...basis(), rooms: { [roomId]: basis().rooms.r1 } },
      revisions: {
        'revision-1': { ...revision(), changes: { ...revision().changes, removed: [{ id: 'gone', name: '', storey_id: 's9' }] } },
      },
    });
    const after = deleteItems(model, [{ kind: 'arch.rooms', id: roomId }]);
    expect(after.arch.rooms[roomId]).toBeUndefined();
    expect(Object.keys(after.fire!.design_basis!.rooms)).toEqual([roomId]);
    expect(after.fire!.revisions!['revision-1']!.changes.removed[0]!.id).toBe('gone');
    expect(findDanglingReferences(after)).toEqual([]);
  });
});
