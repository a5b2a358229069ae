import { describe, expect, it } from 'vitest';
import { newRack, type Arch, type Fire } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { ELECTRICAL_MESSAGES } from '../electrical/messages.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { centralIn } from '../test-support/centrals.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireCabling } from './calc-cabling.js';
import { loopFiguresOf } from './loop-figures.js';
import { officeBuilding } from './test-building.js';

/** Issue 33's office: BS 5839 units, one rack with the catalogue's 500 mA, 2-loop central (7 Ah) in the corridor, sections. */
function office(): { arch: Arch; fire: Fire } {
  const arch = officeBuilding();
  const fire = fireFor('Bs5839');
  fire.units = {
    ...fire.units,
    ...calcFireUnits({ arch, fire }).units,
    racks: { r1: { ...newRack('r1', 'g', [2, 11.5, 0.1]), label: '' } },
  };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
  return { arch, fire };
}

/** The 40 strobes, along the ground floor's corridor (80 × 3 m at y 10–13) under its ceiling. */
function addStrobes(fire: Fire): string[] {
  const strobe = fire.config.products.other_units.find((p) => p.unit_type === 'strobelight')!;
  return Array.from({ length: 40 }, (_, k) => {
    const id = `strobe-${k}`;
    fire.units.others[id] = {
      id,
      storey_id: 'g',
      coord: [1 + k * 1.95, 11.5, 2.9],
      product_id: strobe.id,
      unit_type: 'strobelight',
      angle: 0,
      comment: '',
    };
    return id;
  });
}

/**
 * mA of a unit in alarm and in standby, read from the catalogue as the issue counts them: what sounds or flashes at its
 * maximum, detectors and call points at their quiescent current.
 */
function currents(fire: Fire, id: string): { alarm: number; standby: number } {
  const { products } = fire.config;
  const pick = (e: { min_milliamperes: number; max_milliamperes: number }, loud: boolean) => ({
    alarm: loud ? e.max_milliamperes : e.min_milliamperes,
    standby: e.min_milliamperes,
  });
  const u = fire.units;
  if (u.detectors[id]) return pick(products.detectors.find((p) => p.id === u.detectors[id]!.product_id)!.electrical, false);
  if (u.buttons[id]) return pick(products.buttons.find((p) => p.id === u.buttons[id]!.product_id)!.electrical, false);
  if (u.sirens[id]) return pick(products.sirens.find((p) => p.id === u.sirens[id]!.product_id)!.electrical, true);
  return pick(products.other_units.find((p) => p.id === u.others[id]!.product_id)!.electrical, true);
}

/** BS 5839-1 Annex E by hand: C = 1.25 (I₁·T₁ + D·I₂·T₂), D = 1.75 while I₂ > C/20 (A, h, Ah). */
function bsBattery(standbyA: number, alarmA: number, standbyHours = 24, alarmHours = 0.5): number {
  const plain = 1.25 * (standbyA * standbyHours + alarmA * alarmHours);
  if (alarmA <= plain / 20) return plain;
  return Math.min(1.25 * (standbyA * standbyHours + 1.75 * alarmA * alarmHours), 20 * alarmA);
}

/** The smallest standard battery (fire-next.md §2.3) of at least `ah`. */
const standard = (ah: number) => [4, 7, 7.2, 10, 12, 18, 26, 40, 55].find((size) => size >= ah) ?? null;

const loopIds = (fire: Fire) =>
  Object.values(fire.connections.routes)
    .filter((r) => r.kind === 'Loop')
    .map((r) => r.id);
const membersOf = (fire: Fire, routeId: string) =>
  fire.connections.routes[routeId]!.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '' && id !== 'r1');

describe('issue 33: every load counted (40 strobes in the office corridor, BS 5839, one 500 mA central)', () => {
  it('counts the strobes: no loop over 500 mA, and the central’s 7 Ah battery warned of with the need worked by hand', () => {
    const { arch, fire } = office();
    addStrobes(fire);
    const { connections, validation } = calcFireCabling({ arch, fire });
    const designed = { ...fire, connections };
    const all = loopIds(designed).flatMap((id) => membersOf(designed, id));
    expect(all).toHaveLength(98);
    const alarmMa = all.reduce((s, id) => s + currents(fire, id).alarm, 0);
    expect(alarmMa).toBeCloseTo(898, 6);
    for (const id of loopIds(designed))
      expect(
        membersOf(designed, id).reduce((s, u) => s + currents(fire, u).alarm, 0),
        id,
      ).toBeLessThanOrEqual(500);

    const central = fire.config.products.centrals[0]!;
    const standbyA = (central.milliamperes + all.reduce((s, id) => s + currents(fire, id).standby, 0)) / 1000;
    const need = bsBattery(standbyA, (central.milliamperes + alarmMa) / 1000);
    expect(need).toBeCloseTo(7.7, 1);
    const battery = validation.warnings.filter((w) => w.warning_id.startsWith('battery:'));
    expect(battery.map((w) => w.message)).toEqual([ELECTRICAL_MESSAGES.batteryTooSmall('c1', 7, need, 10)]);
  });

  it('the issue’s one loop of 98 units, as drawn when strobes counted 0 mA, shows 898 mA against 500 mA on the loop', () => {
    const { arch, fire } = office();
    const strobes = addStrobes(fire);
    const strobe = fire.config.products.other_units.find((p) => p.unit_type === 'strobelight')!;
    const real = strobe.electrical;
    strobe.electrical = { min_voltage: 0, max_voltage: 0, min_milliamperes: 0, max_milliamperes: 0 };
    const before = calcFireCabling({ arch, fire });
    // A product with no electrical data is named for every unit of it, never counted 0 mA in silence.
    const unknown = before.validation.warnings.filter((w) => w.warning_id.startsWith('no_electrical:'));
    expect(unknown.map((w) => w.unit_id).sort()).toEqual([...strobes].sort());
    expect(unknown[0]!.message).toBe(ELECTRICAL_MESSAGES.noElectrical(unknown[0]!.unit_id, strobe.name));
    expect(loopIds({ ...fire, connections: before.connections })).toHaveLength(1);

    strobe.electrical = real;
    const drawn = { ...fire, connections: before.connections };
    const figures = loopFiguresOf({ arch, fire: drawn })('loop-1')!;
    const alarmMa = membersOf(drawn, 'loop-1').reduce((s, id) => s + currents(fire, id).alarm, 0);
    expect(figures.members).toHaveLength(98);
    expect(figures.load * 1000).toBeCloseTo(alarmMa, 6);
    expect(figures.warnings).toContain(ELECTRICAL_MESSAGES.loopCurrentTooHigh('loop-1', alarmMa / 1000, 0.5));
  });
});

describe('issue 33: the batteries of power supplies and the fire config’s durations', () => {
  /** Ten conventional sounders (on a sounder circuit, not the loop) and an annunciator near the rack. */
  function withFedUnits(fire: Fire): string[] {
    fire.config.products.sirens.push({
      id: 'conv',
      name: 'Conventional sounder',
      type: 'Sound',
      detector_socket: false,
      addressable: false,
      electrical: { min_voltage: 9, max_voltage: 28, min_milliamperes: 0, max_milliamperes: 20 },
    });
    const ids = Array.from({ length: 10 }, (_, k) => {
      const id = `conv-${k}`;
      fire.units.sirens[id] = { id, storey_id: 'g', coord: [5 + k * 7, 12.5, 2.5], product_id: 'conv' } as Fire['units']['sirens'][string];
      return id;
    });
    const annunciator = fire.config.products.other_units.find((p) => p.unit_type === 'annunciator')!;
    fire.units.others.ann = {
      id: 'ann',
      storey_id: 'g',
      coord: [1, 12, 1.5],
      product_id: annunciator.id,
      unit_type: 'annunciator',
      angle: 0,
      comment: '',
    };
    return [...ids, 'ann'];
  }

  it('checks a power supply’s battery against the conventional sounders and annunciator its rack feeds', () => {
    const { arch, fire } = office();
    const fed = withFedUnits(fire);
    fire.config.products.power_supplies.push({
      id: 'psu-small',
      name: 'Small PSU',
      rack_size: [10, 10],
      properties: { voltage: 24, ampere_hours: 0.5, life_years: 4 },
    });
    fire.connections.power_supplies = { p1: { id: 'p1', product_id: 'psu-small', rack_id: 'r1', rack_pos: [2, 2], connections: [] } };
    const standbyA = fed.reduce((s, id) => s + currents(fire, id).standby, 0) / 1000;
    const alarmA = fed.reduce((s, id) => s + currents(fire, id).alarm, 0) / 1000;
    const need = bsBattery(standbyA, alarmA);
    expect(need).toBeGreaterThan(0.5);
    const { validation } = calcFireCabling({ arch, fire });
    const messages = validation.warnings.filter((w) => w.warning_id.startsWith('battery:')).map((w) => w.message);
    expect(messages).toEqual([ELECTRICAL_MESSAGES.batteryTooSmall('p1', 0.5, need, standard(need))]);

    // A 38 Ah supply carries them; without any supply the central does, and its 7 Ah no longer suffice.
    fire.connections.power_supplies.p1!.product_id = fire.config.products.power_supplies.find((p) => p.properties.ampere_hours === 38)!.id;
    expect(calcFireCabling({ arch, fire }).validation.warnings.filter((w) => w.warning_id.startsWith('battery:'))).toEqual([]);
    fire.connections.power_supplies = {};
    const alone = calcFireCabling({ arch, fire });
    const central = fire.config.products.centrals[0]!;
    const loopUnitsOn = loopIds({ ...fire, connections: alone.connections }).flatMap((id) =>
      membersOf({ ...fire, connections: alone.connections }, id),
    );
    const sum = (key: 'standby' | 'alarm') =>
      [...loopUnitsOn, ...fed].reduce((s, id) => s + currents(fire, id)[key], central.milliamperes) / 1000;
    const centralNeed = bsBattery(sum('standby'), sum('alarm'));
    expect(alone.validation.warnings.filter((w) => w.warning_id.startsWith('battery:')).map((w) => w.message)).toEqual(
      centralNeed > 7 ? [ELECTRICAL_MESSAGES.batteryTooSmall('c1', 7, centralNeed, standard(centralNeed))] : [],
    );
  });

  it('uses the fire config’s standby hours: 72 h (BS 5839-1 without a maintenance contract) outgrow the 7 Ah battery', () => {
    const { arch, fire } = office();
    expect(fire.config.battery).toEqual({ standby_hours: 24, alarm_minutes: 30, factor: 1.25 });
    expect(calcFireCabling({ arch, fire }).validation.warnings.filter((w) => w.warning_id.startsWith('battery:'))).toEqual([]);
    fire.config.battery.standby_hours = 72;
    const { connections, validation } = calcFireCabling({ arch, fire });
    const all = loopIds({ ...fire, connections }).flatMap((id) => membersOf({ ...fire, connections }, id));
    const central = fire.config.products.centrals[0]!;
    const sum = (key: 'standby' | 'alarm') => all.reduce((s, id) => s + currents(fire, id)[key], central.milliamperes) / 1000;
    const need = bsBattery(sum('standby'), sum('alarm'), 72);
    expect(validation.warnings.filter((w) => w.warning_id.startsWith('battery:')).map((w) => w.message)).toEqual([
      ELECTRICAL_MESSAGES.batteryTooSmall('c1', 7, need, standard(need)),
    ]);
  });
});

describe('issue 33: the loop figures the routes page shows are the engine’s', () => {
  it('equal calc_fire_cabling’s checks of the same loops: warnings, voltages at both feeds, battery', () => {
    const { arch, fire } = office();
    addStrobes(fire);
    // A thin cable so that the voltages matter and warn.
    fire.config.products.cables = fire.config.products.cables.map((c) => (c.type === 'Copper' ? { ...c, resistance: 150 } : c));
    const { connections, validation } = calcFireCabling({ arch, fire });
    const designed = { ...fire, connections };
    const figuresOf = loopFiguresOf({ arch, fire: designed });
    const electrical = validation.warnings.filter((w) => w.warning_id.startsWith('loop_electrical:'));
    expect(electrical.length).toBeGreaterThan(0);
    for (const id of loopIds(designed)) {
      const figures = figuresOf(id)!;
      const engine = validation.warnings.filter((w) => w.warning_id.startsWith(`loop_electrical:${id}/`)).map((w) => w.message);
      expect(figures.warnings, id).toEqual(engine);
      // The length as drawn, node to node in 3D (the oracle), and the voltages from it.
      const nodes = designed.connections.routes[id]!.slices.flatMap((s) => s.nodes.map((n) => n.coord));
      const drawn = nodes.slice(1).reduce((s, p, k) => s + Math.hypot(p[0] - nodes[k]![0], p[1] - nodes[k]![1], p[2] - nodes[k]![2]), 0);
      expect(figures.length).toBeCloseTo(drawn, 9);
      expect(figures.voltages!.length).toBeCloseTo(drawn, 9);
      expect(figures.battery!.battery.warnings).toEqual(
        validation.warnings.filter((w) => w.warning_id.startsWith('battery:c1/')).map((w) => w.message),
      );
    }
  });

  it('says a loop whose voltage falls below zero cannot work at this length, not a number of volts', () => {
    const { arch, fire } = office();
    addStrobes(fire);
    const { connections } = calcFireCabling({ arch, fire });
    const designed = { ...fire, connections };
    // The same loops on a cable of 10 kΩ/km: every feed's worst unit far below 0 V.
    designed.config = {
      ...fire.config,
      products: { ...fire.config.products, cables: fire.config.products.cables.map((c) => ({ ...c, resistance: 10_000 })) },
    };
    const figures = loopFiguresOf({ arch, fire: designed })(loopIds(designed)[0]!)!;
    expect(figures.cannotWork).toBe(true);
    expect(figures.warnings.some((m) => m.endsWith(ELECTRICAL_MESSAGES.cannotWork))).toBe(true);
    expect(figures.warnings.join('\n')).not.toMatch(/-\d+\.\d+ V/);
  });
});
