import { describe, expect, it } from 'vitest';
import { fireConfigSchema, PRODUCT_LISTS, REGULATIONS, type Regulation } from '@edrf/model';
import { createFireConfig } from './config.js';
import { getFireHardware } from './catalogue/hardware.js';
import { needsDetection, REGULATION_RULES } from './regulations.js';

describe('create_fire_config', () => {
  // The starting values of the issue, checked against docs/fire-rules.md.
  const expected: Record<
    Regulation,
    { smoke: [number, number]; heat: [number, number]; wall: number; inlet: number; siren: number; areas: number[]; units: number }
  > = {
    Sbf1108: { smoke: [6.2, 75], heat: [4.5, 30], wall: 0.5, inlet: 1.0, siren: 15, areas: [2000, 1600], units: 100 },
    Bs5839: { smoke: [7.5, 100], heat: [5.3, 50], wall: 0.5, inlet: 1.0, siren: 15, areas: [2000], units: 100 },
    Nfpa72: { smoke: [6.4, 83.6], heat: [10.7, 232], wall: 0.1, inlet: 0.91, siren: 20, areas: [2090], units: 127 },
  };

  it.each(REGULATIONS)('%s: a valid config with the regulation defaults', (regulation) => {
    const config = createFireConfig(regulation);
    expect(fireConfigSchema.safeParse(config).success).toBe(true);
    const want = expected[regulation];
    const { Smoke, Heat } = config.unit.detector;
    expect([Smoke.max_detector_distance, Smoke.area_per_detector]).toEqual(want.smoke);
    expect([Heat.max_detector_distance, Heat.area_per_detector]).toEqual(want.heat);
    for (const settings of [Smoke, Heat]) {
      expect(settings.min_wall_distance).toBe(want.wall);
      expect(settings.min_air_inlet_distance).toBe(want.inlet);
      expect(settings.max_shaft_distance).toBe(1.5);
    }
    expect(config.unit.siren.max_range).toBe(want.siren);
    expect(config.unit.button.max_range_from_door).toBe(1.5);
    expect(config.section.section_areas).toEqual(want.areas);
    expect(config.cabling).toEqual({
      route_max_units: want.units,
      route_max_area: 10_000,
      start_voltage_margin: 15,
      isolator_max_units: 20,
      // NFPA 72's Class A separation: on for NFPA 72 only (issue 26).
      class_a_separation: regulation === 'Nfpa72',
    });
    expect(config.regulation).toBe(regulation);
    // The SBF 110:8 form only for SBF.
    if (regulation === 'Sbf1108') expect(config.sbf).toMatchObject({ new_installation: true, cls: 'A', facility_managers: [] });
    else expect(config.sbf).toBeNull();
    // Generic hardware in every list.
    for (const list of PRODUCT_LISTS) expect(config.products[list].length, list).toBeGreaterThan(0);
  });

  it('travel distances to a call point differ per regulation', () => {
    expect(REGULATION_RULES.Sbf1108.button_travel_distance).toBe(30);
    expect(REGULATION_RULES.Bs5839.button_travel_distance).toBe(45);
    expect(REGULATION_RULES.Nfpa72.button_travel_distance).toBe(61);
  });

  it('configs are independent copies', () => {
    const a = createFireConfig('Sbf1108');
    a.unit.detector.Smoke.max_detector_distance = 1;
    expect(createFireConfig('Sbf1108').unit.detector.Smoke.max_detector_distance).toBe(6.2);
  });
});

describe('rooms that need no detection', () => {
  it('balconies never; small wet rooms under SBF; wet rooms under BS; all enclosed rooms under NFPA', () => {
    for (const regulation of REGULATIONS) expect(needsDetection(REGULATION_RULES[regulation], 'Balcony', 20)).toBe(false);
    expect(needsDetection(REGULATION_RULES.Sbf1108, 'Bathroom', 8)).toBe(false);
    expect(needsDetection(REGULATION_RULES.Sbf1108, 'Bathroom', 12)).toBe(true);
    expect(needsDetection(REGULATION_RULES.Bs5839, 'Shower', 30)).toBe(false);
    expect(needsDetection(REGULATION_RULES.Nfpa72, 'Bathroom', 4)).toBe(true);
    for (const regulation of REGULATIONS) expect(needsDetection(REGULATION_RULES[regulation], 'Other', 50)).toBe(true);
  });
});

describe('get_fire_hardware', () => {
  const { products: sets } = getFireHardware();

  it('has a generic set per regulation, each with every product list filled', () => {
    expect(sets.map((s) => s.name)).toEqual([
      'Generic addressable (SBF 110:8)',
      'Generic addressable (BS 5839)',
      'Generic addressable (NFPA 72)',
    ]);
    for (const set of sets) {
      expect(set.source).not.toBe('');
      for (const list of PRODUCT_LISTS) expect(set.products[list].length, `${set.name} ${list}`).toBeGreaterThan(0);
    }
  });

  it('products carry what placement, cabling and reports need', () => {
    for (const { products } of sets) {
      expect(new Set(products.detectors.map((d) => d.type))).toEqual(new Set(['Smoke', 'Heat']));
      for (const d of products.detectors) {
        expect(d.socket).not.toBe('');
        expect(d.electrical.min_voltage).toBeGreaterThan(0);
        expect(d.electrical.max_milliamperes).toBeGreaterThan(d.electrical.min_milliamperes);
      }
      expect(products.sirens.some((s) => s.detector_socket)).toBe(true);
      expect(products.sirens.some((s) => s.type === 'Light')).toBe(true);
      for (const c of products.cables) {
        expect(c.cross_section).toBeGreaterThan(0);
        expect(c.resistance).toBeGreaterThan(0);
        expect(c.num).toBeGreaterThanOrEqual(1);
      }
      expect(products.cables.some((c) => c.type === 'Copper')).toBe(true);
      for (const central of products.centrals) {
        expect(central.extension_ports.length).toBeGreaterThan(0);
        expect(central.builtin.num_routes).toBeGreaterThan(0);
        expect(central.builtin_psu?.voltage).toBe(24);
        // Loop limits of a typical panel (fire-next.md §2.2, §2.4): checked, within the ranges makers give.
        expect(central.max_loop_milliamperes).toBeGreaterThanOrEqual(350);
        expect(central.max_loop_milliamperes).toBeLessThanOrEqual(500);
        expect(central.max_loop_ohms).toBeGreaterThanOrEqual(40);
        expect(central.max_loop_ohms).toBeLessThanOrEqual(150);
        expect(central.max_loop_metres).toBe(2000);
        expect(central.isolator_ohms).toBe(0.2);
        expect(central.isolators_count_as_units).toBe(false);
      }
      expect(products.other_rack_products.some((p) => p.unit_type === 'AlarmTransmitter')).toBe(true);
      expect(products.power_supplies.every((p) => p.properties.ampere_hours > 0)).toBe(true);
      // Ids are unique over the whole set (the editor finds a product by id alone).
      const ids = Object.values(products).flatMap((list: { id: string }[]) => list.map((p) => p.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
