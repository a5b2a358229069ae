import { describe, expect, it } from 'vitest';
import { newRack, type Arch, type Fire } from '@edrf/model';
import { centralIn } from '../test-support/centrals.js';
import { fireFor } from '../test-support/check-units.js';
import { makeArch, rect } from '../test-support/arch.js';
import { loopChainsOf } from './loop-chain.js';
import { loopFiguresOf } from './loop-figures.js';

/**
 * fire-next.md §2.5 Oracle A laid out as a building: the rack and four 50 mA sounders on the corners of a regular
 * pentagon of 100 m sides, so that every leg of the loop (rack → d1 → … → d4 → rack) is 100 m; 1.5 mm² copper
 * (12.1 Ω/km), a 24 V central with a 15 % margin (20.4 V). `split`: the west units (d1, d2) and the east ones (d3, d4)
 * in two sections, so that an isolator of 0.2 Ω sits between d2 and d3.
 */
function pentagon(split: boolean): { arch: Arch; fire: Fire } {
  const arch = makeArch([
    {
      id: 'g',
      rooms: [
        { id: 'west', exterior: rect(-100, -100, 100, 200) },
        { id: 'east', exterior: rect(0, -100, 100, 200) },
      ],
    },
  ]);
  const fire = fireFor('Bs5839');
  const radius = 100 / (2 * Math.sin(Math.PI / 5));
  const corner = (k: number): [number, number, number] => {
    const a = Math.PI / 2 + (k * 2 * Math.PI) / 5;
    return [radius * Math.cos(a), radius * Math.sin(a), 2.5];
  };
  fire.config.cabling.start_voltage_margin = 15;
  fire.config.cabling.isolator_max_units = 20;
  const central = fire.config.products.centrals[0]!;
  central.voltage_output = [24, 24];
  central.isolator_ohms = 0.2;
  central.milliamperes = 150;
  central.builtin_psu = { voltage: 24, ampere_hours: 7, life_years: 4 };
  fire.config.products.cables = [{ id: 'cu15', name: 'FP200 2 × 1.5 mm²', cross_section: 1.5, resistance: 12.1, num: 1, type: 'Copper' }];
  fire.config.products.sirens = [
    {
      id: 'snd',
      name: 'Loop sounder',
      type: 'Sound',
      detector_socket: false,
      addressable: true,
      electrical: { min_voltage: 17, max_voltage: 28, min_milliamperes: 5, max_milliamperes: 50 },
    },
  ];
  fire.units.racks = { r1: { ...newRack('r1', 'g', corner(0)), label: '' } };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', central) };
  const ids = ['d1', 'd2', 'd3', 'd4'];
  ids.forEach(
    (id, k) => (fire.units.sirens[id] = { id, storey_id: 'g', coord: corner(k + 1), product_id: 'snd', angle: 0, locked_to: '' }),
  );
  const section = (id: string, room: string, addresses: Record<string, number>) => ({
    id,
    name: id,
    description: '',
    color: '#ffffff',
    highlight_color: '#000000',
    parts: [{ room_id: room, shape: null }],
    addresses,
  });
  fire.sections = split
    ? { W: section('W', 'west', { d1: 1, d2: 2 }), E: section('E', 'east', { d3: 1, d4: 2 }) }
    : { Z: section('Z', 'west', { d1: 1, d2: 2, d3: 3, d4: 4 }) };
  if (!split) fire.sections.Z!.parts.push({ room_id: 'east', shape: null });
  const node = (unit_id: string, coord: [number, number, number]) => ({ unit_id, coord });
  fire.connections.routes = {
    L1: {
      id: 'L1',
      product_id: 'cu15',
      kind: 'Loop',
      slices: [{ storey_id: 'g', nodes: [node('r1', corner(0)), ...ids.map((id, k) => node(id, corner(k + 1))), node('r1', corner(0))] }],
    },
  };
  return { arch, fire };
}

/** Oracle A's R_pair per 100 m leg: 2 × 12.1 Ω/km × 100 m. */
const R = 2 * 0.0121 * 100;

describe('loopChainsOf: a loop as its point-to-point drawing prints it', () => {
  it('Oracle A: 100 m legs, the voltages of both single-fault feeds by hand, addresses in cable order', () => {
    const model = pentagon(false);
    const chain = loopChainsOf(model)('L1')!;
    expect(chain.links.map((l) => [l.id, l.sectionId, l.address])).toEqual([
      ['d1', 'Z', 1],
      ['d2', 'Z', 2],
      ['d3', 'Z', 3],
      ['d4', 'Z', 4],
    ]);
    for (const l of chain.links) expect(l.leg).toBeCloseTo(100, 9);
    expect(chain.returnLeg).toBeCloseTo(100, 9);
    expect(chain.startVoltage).toBeCloseTo(20.4, 12);
    // Fed from A: the leg into unit k carries the sounders from k on (0.2, 0.15, 0.1, 0.05 A).
    const fromA = [20.4 - 0.2 * R, 20.4 - 0.35 * R, 20.4 - 0.45 * R, 20.4 - 0.5 * R];
    expect(fromA.map((v) => Number(v.toFixed(3)))).toEqual([19.916, 19.553, 19.311, 19.19]);
    chain.links.forEach((l, k) => {
      expect(l.fromA!).toBeCloseTo(fromA[k]!, 9);
      expect(l.fromB!).toBeCloseTo(fromA[3 - k]!, 9);
      expect(l.alarmCurrent).toBeCloseTo(0.05, 12);
      expect(l.quiescentCurrent).toBeCloseTo(0.005, 12);
      expect(l.productName).toBe('Loop sounder');
    });
    expect(chain.isolatorPositions).toEqual([]);
    expect(chain.links.some((l) => l.isolatorBefore) || chain.isolatorOnReturn).toBe(false);
    expect(chain.cable?.id).toBe('cu15');
  });

  it('an isolator at the section boundary: its 0.2 Ω on the leg into d3, in both feeds, as the figures count it', () => {
    const model = pentagon(true);
    const chain = loopChainsOf(model)('L1')!;
    expect(chain.links.map((l) => `${l.sectionId}/${l.address}`)).toEqual(['W/1', 'W/2', 'E/1', 'E/2']);
    expect(chain.links.map((l) => l.isolatorBefore)).toEqual([false, false, true, false]);
    expect(chain.isolatorPositions).toEqual([2]);
    expect(chain.figures.isolators).toBe(1);
    // From A the leg into d3 carries d3 and d4 (0.1 A) through the isolator; from B the same leg carries d1 and d2.
    const fromA = [20.4 - 0.2 * R, 20.4 - 0.35 * R, 20.4 - 0.45 * R - 0.1 * 0.2, 20.4 - 0.5 * R - 0.1 * 0.2];
    const fromB = [20.4 - 0.5 * R - 0.1 * 0.2, 20.4 - 0.45 * R - 0.1 * 0.2, 20.4 - 0.35 * R, 20.4 - 0.2 * R];
    chain.links.forEach((l, k) => {
      expect(l.fromA!).toBeCloseTo(fromA[k]!, 9);
      expect(l.fromB!).toBeCloseTo(fromB[k]!, 9);
    });
  });

  it('the battery of its central by BS 5839-1 Annex E worked by hand, and the figures the routes page shows', () => {
    const model = pentagon(true);
    const chain = loopChainsOf(model)('L1')!;
    const figures = loopFiguresOf(model)('L1')!;
    expect(chain.figures).toEqual(figures);
    expect(chain.links.reduce((s, l) => s + l.leg, chain.returnLeg)).toBeCloseTo(figures.length, 9);
    // I₁ = 150 mA + 4 × 5 mA, I₂ = 150 mA + 4 × 50 mA. With D = 1, C = 1.25 (I₁·24 h + I₂·0.5 h) = 5.32 Ah and I₂ >
    // C/20: D = 1.75, C = 1.25 (I₁·24 h + 1.75 I₂·0.5 h) = 5.48 Ah, still below 20 I₂ = 7 Ah (where D would fall to 1).
    const standby = 0.15 + 4 * 0.005;
    const alarm = 0.15 + 4 * 0.05;
    expect(alarm).toBeGreaterThan((1.25 * (standby * 24 + alarm * 0.5)) / 20);
    const c = 1.25 * (standby * 24 + 1.75 * alarm * 0.5);
    expect(c).toBeLessThan(20 * alarm);
    expect(c).toBeCloseTo(5.4828, 4);
    const battery = chain.figures.battery!;
    expect(battery.load.quiescentCurrent).toBeCloseTo(standby, 12);
    expect(battery.load.alarmCurrent).toBeCloseTo(alarm, 12);
    expect(battery.battery.capacity).toBeCloseTo(c, 9);
    expect(battery.battery.derating).toBe(1.75);
    expect(battery.battery.suggested).toBe(7);
    expect(battery.battery.configured).toBe(7);
  });

  it('null for a route that is not a loop or not in the model', () => {
    const model = pentagon(false);
    expect(loopChainsOf(model)('nope')).toBeNull();
  });
});
