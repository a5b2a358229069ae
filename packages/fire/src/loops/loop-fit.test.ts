import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CableProduct } from '@edrf/model';
import { isolatorPositions } from '../electrical/isolators.js';
import { checkLoop, loopCable } from './loop-checks.js';
import { isolatorsAlong, loopFits } from './loop-fit.js';
import type { LoopUnit } from './loop-units.js';
import type { Origin } from './origins.js';

const cable = (id: string, resistance: number): CableProduct => ({ id, name: id, cross_section: 1, resistance, num: 1, type: 'Copper' });

const origin = (o: Partial<Origin>): Origin => ({
  id: 'c1',
  rack: { id: 'r1', storey_id: 'g', coord: [0, 0, 0], label: '', angle: 0, size: [1, 1], physical: true },
  capacity: 2,
  maxUnits: 100,
  startVoltage: 20.4,
  ownCurrent: 0,
  battery: null,
  maxLoopCurrent: 0.5,
  maxLoopResistance: 75,
  maxLoopLength: 2000,
  isolatorResistance: 0.2,
  isolatorsCountAsUnits: false,
  ...o,
});

const unitArb = fc.record({
  section: fc.constantFrom('', 'a', 'b', 'c'),
  alarmCurrent: fc.constantFrom(0.0003, 0.001, 0.012, 0.03),
  minVoltage: fc.constantFrom(0, 15, 17),
});
const loopArb = fc.array(fc.tuple(unitArb, fc.float({ min: 0, max: 120, noNaN: true })), { minLength: 1, maxLength: 60 });
const toUnits = (list: { section: string; alarmCurrent: number; minVoltage: number }[]): LoopUnit[] =>
  list.map((u, k) => ({
    id: `u${k}`,
    storeyId: 'g',
    coord: [k, 0, 3],
    sectionId: u.section,
    quiescentCurrent: 0.0003,
    productId: 'p',
    productName: 'p',
    known: true,
    ...u,
  }));

describe('isolatorsAlong', () => {
  it('puts isolators where isolatorPositions does (the oracle)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('', 'a', 'b'), { maxLength: 80 }), fc.integer({ min: 1, max: 25 }), (sections, max) => {
        const units = toUnits(sections.map((section) => ({ section, alarmCurrent: 0, minVoltage: 0 })));
        const oracle = isolatorPositions({ units: units.map((u) => ({ id: u.id, section: u.sectionId || null })), maxUnitsBetween: max });
        expect(isolatorsAlong(units, max)).toEqual(oracle.positions);
      }),
    );
  });
});

describe('loopFits', () => {
  it('gives checkLoop’s verdict with the best cable of the list (the oracle), legs as given', () => {
    const coppers = [cable('thin', 36), cable('thick', 12.1)];
    fc.assert(
      fc.property(loopArb, fc.float({ min: 0, max: 120, noNaN: true }), fc.boolean(), (list, back, counted) => {
        const units = toUnits(list.map(([u]) => u));
        const legs = [...list.map(([, l]) => l), back];
        const o = origin({ isolatorsCountAsUnits: counted, maxUnits: 40 });
        const { check } = loopCable(coppers, (c) => checkLoop({ id: 'x', origin: o, units, legs, cable: c, isolatorMaxUnits: 20 }));
        // A unit within a microvolt of its minimum is left out: the sums run in another order.
        const near = (check.voltages ? [check.voltages.fromA, check.voltages.fromB] : []).some((f) =>
          f.units.some((u) => Math.abs(u.voltage - u.minVoltage) < 1e-6),
        );
        fc.pre(!near);
        const expected = !check.fails && check.isolators.loopUnits <= o.maxUnits;
        expect(loopFits({ origin: o, coppers, isolatorMaxUnits: 20, maxArea: Infinity, areaOf: () => 0 }, units, legs, 1)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('scales the legs by the route factor and keeps route_max_area by each unit’s share', () => {
    const units = toUnits(Array.from({ length: 40 }, () => ({ section: 'a', alarmCurrent: 0.003, minVoltage: 17 })));
    const fit = { origin: origin({}), coppers: [cable('thin', 36)], isolatorMaxUnits: 20, maxArea: 1000, areaOf: () => 20 };
    const legs = Array.from({ length: 41 }, () => 10);
    // 410 m of 36 Ω/km pairs (29.5 Ω) pass; three times as long (88.6 Ω) is over the central's 75 Ω.
    expect(loopFits(fit, units, legs, 1)).toBe(true);
    expect(loopFits(fit, units, legs, 3)).toBe(false);
    expect(loopFits(fit, units, legs, 3)).toBe(
      loopFits(
        fit,
        units,
        legs.map((l) => 3 * l),
        1,
      ),
    );
    // 40 units × 20 m² = 800 m²: within 1,000 m², not within 700.
    expect(loopFits({ ...fit, maxArea: 700 }, units, legs, 1)).toBe(false);
  });
});
