import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  evenlyDistributedDrop,
  intactVoltages,
  loopLimitWarnings,
  loopVoltages,
  lumpedDrop,
  maxRouteLength,
  startVoltage,
  voltagesFromA,
  voltagesFromB,
  type LoopInput,
  type LoopUnit,
} from './voltage-drop.js';
import { conductorResistancePerMetre } from './voltage-drop.js';

/**
 * Oracles A, B, C of fire-next.md §2.5: 1.5 mm² Cu, R′ = 12.1 Ω/km per conductor, V_nom 24 V with a
 * 15 % margin (20.4 V), V_min 17 V, ideal constant-current units. The expected figures are the
 * research's, checked to the precision it gives them (A and B to 1 mV, C to 0.1 mV).
 */
const R1 = conductorResistancePerMetre(12.1);
const V_START = startVoltage(24, 15);
const V_MIN = 17;

const unit = (id: string, mA: number): LoopUnit => ({ id, alarmCurrent: mA / 1000, minVoltage: V_MIN });

/** Every figure within half a unit of its last decimal. */
function expectFigures(actual: readonly number[], expected: readonly number[], decimals: number) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) =>
    expect(Math.abs(v - expected[i]!), `#${i}: ${v} vs ${expected[i]}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12),
  );
}

const volts = (c: { units: { voltage: number }[] }) => c.units.map((u) => u.voltage);

/** Four 50 mA sounders, five equal segments of `segment` m. */
function fourSounders(segment: number): LoopInput {
  return {
    name: 'L1',
    startVoltage: V_START,
    resistancePerMetre: R1,
    segments: [1, 2, 3, 4].map((i) => ({ length: segment, unit: unit(`d${i}`, 50) })),
    returnLength: segment,
  };
}

/** D S D D S D D S D S, D 0.5 mA, S 20 mA; segments 20, 15 × 9, return 20. */
function oracleC(): LoopInput {
  const kinds = 'DSDDSDDSDS'.split('');
  return {
    startVoltage: V_START,
    resistancePerMetre: R1,
    segments: kinds.map((k, i) => ({ length: i === 0 ? 20 : 15, unit: unit(`d${i + 1}`, k === 'D' ? 0.5 : 20) })),
    returnLength: 20,
  };
}

describe('common settings', () => {
  it('start at 85 % of 24 V and 0.0242 Ω per route metre', () => {
    expect(V_START).toBeCloseTo(20.4, 12);
    expect(2 * R1).toBeCloseTo(0.0242, 12);
  });
});

describe('oracle A (4 × 50 mA, 100 m segments: passes)', () => {
  const r = loopVoltages(fourSounders(100));

  it('fed from A: drops 0.484, 0.363, 0.242, 0.121 V', () => {
    // I_down × 100 m × 0.0242 Ω/m, by hand:
    const hand = [0.2, 0.15, 0.1, 0.05].map((i) => i * 100 * 0.0242);
    expectFigures(hand, [0.484, 0.363, 0.242, 0.121], 3);
    expectFigures(volts(r.fromA), [19.916, 19.553, 19.311, 19.19], 3);
  });

  it('fed from B is symmetric, worst 19.190 V, no warning', () => {
    expectFigures(volts(r.fromB), [19.19, 19.311, 19.553, 19.916], 3);
    expect(r.worst?.unit.voltage).toBeCloseTo(19.19, 3);
    expect(r.worst?.feed).toBe('A');
    expect(r.worst?.unit.id).toBe('d4');
    expect(r.fromB.worst?.id).toBe('d1');
    expect(r.warnings).toEqual([]);
    expect(r.fromA.below).toEqual([]);
    expect(r.fromB.below).toEqual([]);
  });

  it('intact (both ends at 20.4 V): 20.158, 20.037, 20.037, 20.158', () => {
    expectFigures(volts(r.intact), [20.158, 20.037, 20.037, 20.158], 3);
  });

  it('lumped 1.936 V drop (18.464 V), evenly spread 0.968 V (19.432 V); point to point lies between', () => {
    expect(lumpedDrop(r.totalCurrent, R1, 400)).toBeCloseTo(1.936, 9);
    expect(V_START - lumpedDrop(r.totalCurrent, R1, 400)).toBeCloseTo(18.464, 9);
    expect(evenlyDistributedDrop(r.totalCurrent, R1, 400)).toBeCloseTo(0.968, 9);
    expect(V_START - evenlyDistributedDrop(r.totalCurrent, R1, 400)).toBeCloseTo(19.432, 9);
    expect(r.worst!.unit.voltage).toBeGreaterThan(18.464);
    expect(r.worst!.unit.voltage).toBeLessThan(19.432);
  });

  it('totals: 0.2 A, 500 m, 12.1 Ω', () => {
    expect(r.totalCurrent).toBeCloseTo(0.2, 12);
    expect(r.length).toBe(500);
    expect(r.resistance).toBeCloseTo(12.1, 9);
  });
});

describe('oracle B (300 m segments: fails)', () => {
  const r = loopVoltages(fourSounders(300));

  it('fed from A: 18.948, 17.859, 17.133, 16.770; from B the mirror', () => {
    expectFigures(volts(r.fromA), [18.948, 17.859, 17.133, 16.77], 3);
    expectFigures(volts(r.fromB), [16.77, 17.133, 17.859, 18.948], 3);
    expect(r.worst?.unit.voltage).toBeCloseTo(16.77, 3);
  });

  it('warns exactly for the units below 17 V: the last for the A feed, the first for the B feed', () => {
    expect(r.fromA.below.map((u) => u.id)).toEqual(['d4']);
    expect(r.fromB.below.map((u) => u.id)).toEqual(['d1']);
    expect(r.warnings).toEqual([
      "Loop 'L1': unit 'd4' gets 16.770 V in alarm when the loop is fed from end A only (open after the last unit), below its minimum 17.000 V",
      "Loop 'L1': unit 'd1' gets 16.770 V in alarm when the loop is fed from end B only (open before the first unit), below its minimum 17.000 V",
    ]);
  });

  it('the intact loop passes (19.674, 19.311, 19.311, 19.674): checking only it is not enough', () => {
    expectFigures(volts(r.intact), [19.674, 19.311, 19.311, 19.674], 3);
    expect(r.intact.below).toEqual([]);
  });
});

describe('oracle C (10 units, 175 m)', () => {
  const input = oracleC();
  const r = loopVoltages(input);

  it('I_tot 83.0 mA over 175 m', () => {
    expect(r.totalCurrent * 1000).toBeCloseTo(83, 9);
    expect(r.length).toBe(175);
  });

  it('fed from A: d1…d10 to 0.1 mV', () => {
    expectFigures(volts(r.fromA), [20.3598, 20.3299, 20.3072, 20.2847, 20.2624, 20.2473, 20.2324, 20.2177, 20.2103, 20.203], 4);
    expect(r.fromA.worst?.id).toBe('d10');
  });

  it('fed from B: worst 20.2455 V at d1; intact worst 20.3524 V', () => {
    expect(r.fromB.worst?.id).toBe('d1');
    expectFigures([r.fromB.worst!.voltage], [20.2455], 4);
    expectFigures([r.intact.worst!.voltage], [20.3524], 4);
    expect(r.warnings).toEqual([]);
  });

  it('lumped at d10 (155 m): 20.0887 V', () => {
    expectFigures([V_START - lumpedDrop(r.totalCurrent, R1, 155)], [20.0887], 4);
  });

  it('maximum route for 17 V: 1,692.7 m lumped, 3,385.4 m evenly distributed', () => {
    const opts = { startVoltage: V_START, minVoltage: V_MIN, current: r.totalCurrent, resistancePerMetre: R1 };
    expectFigures([maxRouteLength({ ...opts, distribution: 'lumped' })], [1692.7], 1);
    expectFigures([maxRouteLength({ ...opts, distribution: 'even' })], [3385.4], 1);
  });
});

describe('isolators', () => {
  it('add their series resistance to the segment they sit in', () => {
    const plain = fourSounders(100);
    const withIso = { ...plain, isolators: { resistance: 0.2, positions: [2] } };
    const a = voltagesFromA(withIso);
    // Segment 2 (d2 → d3) carries 0.10 A: 0.2 Ω more drops 20 mV more for d3 and d4, nothing before.
    expectFigures(volts(a), [19.916, 19.553, 19.291, 19.17], 3);
    const b = voltagesFromB(withIso);
    // From B, segment 2 carries d1 + d2 = 0.10 A: d2 and d1 lose 20 mV.
    expectFigures(volts(b), [19.17, 19.291, 19.553, 19.916], 3);
    expect(loopVoltages(withIso).resistance).toBeCloseTo(12.3, 9);
  });

  it('refuse a position outside the loop', () => {
    expect(() => voltagesFromA({ ...fourSounders(100), isolators: { resistance: 0.2, positions: [5] } })).toThrow(RangeError);
  });
});

describe('edges', () => {
  it('a loop without units has no worst and no warning', () => {
    const r = loopVoltages({ startVoltage: 20, resistancePerMetre: R1, segments: [], returnLength: 50 });
    expect(r.worst).toBeNull();
    expect(r.fromA.units).toEqual([]);
    expect(r.intact.worst).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it('refuses negative or non-finite figures', () => {
    expect(() => loopVoltages({ ...fourSounders(100), resistancePerMetre: -1 })).toThrow(RangeError);
    expect(() => loopVoltages({ ...fourSounders(100), returnLength: Number.NaN })).toThrow(RangeError);
  });

  it('maxRouteLength: 0 when there is no margin, Infinity without current', () => {
    expect(maxRouteLength({ startVoltage: 17, minVoltage: 17, current: 0.1, resistancePerMetre: R1, distribution: 'lumped' })).toBe(0);
    expect(maxRouteLength({ startVoltage: 20, minVoltage: 17, current: 0, resistancePerMetre: R1, distribution: 'even' })).toBe(Infinity);
  });
});

describe('loop limits', () => {
  const loop = { name: 'L1', totalCurrent: 0.42, resistance: 45.5, length: 2100 };
  it('absent limits are not checked', () => {
    expect(loopLimitWarnings(loop, {})).toEqual([]);
    expect(loopLimitWarnings(loop, { maxCurrent: null, maxResistance: null, maxLength: null })).toEqual([]);
  });
  it('each exceeded limit is one warning with its figures', () => {
    expect(loopLimitWarnings(loop, { maxCurrent: 0.4, maxResistance: 40, maxLength: 2000 })).toEqual([
      "Loop 'L1': the alarm current 420.0 mA is more than the central's 400.0 mA per loop",
      "Loop 'L1': the loop resistance 45.50 Ω is more than the central's 40.00 Ω",
      "Loop 'L1': the loop is 2100 m long, more than the central's 2000 m",
    ]);
    expect(loopLimitWarnings(loop, { maxCurrent: 0.42, maxResistance: 45.5, maxLength: 2100 })).toEqual([]);
  });
});

// ---------------------------------------------------------------- properties

/** Independent reference: the intact ladder by Gaussian elimination on the node equations. */
function nodalIntact(input: LoopInput): number[] {
  const n = input.segments.length;
  const r = [...input.segments.map((s) => 2 * input.resistancePerMetre * s.length), 2 * input.resistancePerMetre * input.returnLength];
  for (const p of input.isolators?.positions ?? []) r[p]! += input.isolators!.resistance;
  const g = r.map((x) => 1 / x);
  // Node k (unit k): g[k](V_{k-1} − V_k) + g[k+1](V_{k+1} − V_k) = I_k, with V_{-1} = V_n = V_start.
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (let k = 0; k < n; k++) {
    const row = a[k]!;
    row[k] = g[k]! + g[k + 1]!;
    if (k > 0) row[k - 1] = -g[k]!;
    else row[n]! += g[0]! * input.startVoltage;
    if (k < n - 1) row[k + 1] = -g[k + 1]!;
    else row[n]! += g[n]! * input.startVoltage;
    row[n]! -= input.segments[k]!.unit.alarmCurrent;
  }
  for (let c = 0; c < n; c++) {
    for (let k = c + 1; k < n; k++) {
      const f = a[k]![c]! / a[c]![c]!;
      for (let j = c; j <= n; j++) a[k]![j]! -= f * a[c]![j]!;
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let k = n - 1; k >= 0; k--) {
    let s = a[k]![n]!;
    for (let j = k + 1; j < n; j++) s -= a[k]![j]! * v[j]!;
    v[k] = s / a[k]![k]!;
  }
  return v;
}

const loopArb = fc
  .record({
    startVoltage: fc.double({ min: 15, max: 42, noNaN: true }),
    ohmPerKm: fc.double({ min: 1, max: 40, noNaN: true }),
    units: fc.array(
      fc.record({ length: fc.double({ min: 0.5, max: 300, noNaN: true }), mA: fc.double({ min: 0, max: 30, noNaN: true }) }),
      {
        minLength: 1,
        maxLength: 40,
      },
    ),
    returnLength: fc.double({ min: 0.5, max: 300, noNaN: true }),
    isolatorOhm: fc.double({ min: 0, max: 1, noNaN: true }),
    isolatorEvery: fc.integer({ min: 1, max: 25 }),
  })
  .map((x): LoopInput => ({
    startVoltage: x.startVoltage,
    resistancePerMetre: x.ohmPerKm / 1000,
    segments: x.units.map((u, i) => ({ length: u.length, unit: { id: `u${i}`, alarmCurrent: u.mA / 1000, minVoltage: 17 } })),
    returnLength: x.returnLength,
    isolators: {
      resistance: x.isolatorOhm,
      positions: Array.from({ length: x.units.length + 1 }, (_, p) => p).filter((p) => p % x.isolatorEvery === 0),
    },
  }));

describe('properties', () => {
  it('voltages never rise along the feed: A falls from d1 on, B falls from the last unit back', () => {
    fc.assert(
      fc.property(loopArb, (input) => {
        const a = volts(voltagesFromA(input));
        const b = volts(voltagesFromB(input));
        expect(a[0]!).toBeLessThanOrEqual(input.startVoltage + 1e-12);
        for (let k = 1; k < a.length; k++) expect(a[k]!).toBeLessThanOrEqual(a[k - 1]! + 1e-12);
        expect(b[b.length - 1]!).toBeLessThanOrEqual(input.startVoltage + 1e-12);
        for (let k = 0; k < b.length - 1; k++) expect(b[k]!).toBeLessThanOrEqual(b[k + 1]! + 1e-12);
      }),
    );
  });

  it('adding current to any unit never raises any voltage, in either feed or intact', () => {
    fc.assert(
      fc.property(loopArb, fc.nat(), fc.double({ min: 0, max: 0.05, noNaN: true }), (input, pick, extra) => {
        const k = pick % input.segments.length;
        const more: LoopInput = {
          ...input,
          segments: input.segments.map((s, i) => (i === k ? { ...s, unit: { ...s.unit, alarmCurrent: s.unit.alarmCurrent + extra } } : s)),
        };
        const before = loopVoltages(input);
        const after = loopVoltages(more);
        for (const c of ['fromA', 'fromB', 'intact'] as const)
          after[c].units.forEach((u, i) => expect(u.voltage).toBeLessThanOrEqual(before[c].units[i]!.voltage + 1e-9));
      }),
    );
  });

  it('the intact loop matches a nodal solution, and is never below either feed', () => {
    fc.assert(
      fc.property(loopArb, (input) => {
        const intact = volts(intactVoltages(input));
        const reference = nodalIntact(input);
        intact.forEach((v, i) => expect(Math.abs(v - reference[i]!)).toBeLessThan(1e-6));
        const a = volts(voltagesFromA(input));
        const b = volts(voltagesFromB(input));
        intact.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(Math.max(a[i]!, b[i]!) - 1e-9));
      }),
    );
  });

  it('the feeds match the direct sum V_k = V_start − Σ_{s ≤ k} R_s · I_down(s)', () => {
    fc.assert(
      fc.property(loopArb, (input) => {
        const n = input.segments.length;
        const r = (s: number) =>
          2 * input.resistancePerMetre * (s < n ? input.segments[s]!.length : input.returnLength) +
          input.isolators!.resistance * input.isolators!.positions.filter((p) => p === s).length;
        const i = (j: number) => input.segments[j]!.unit.alarmCurrent;
        const a = volts(voltagesFromA(input));
        const b = volts(voltagesFromB(input));
        for (let k = 0; k < n; k++) {
          let dropA = 0;
          for (let s = 0; s <= k; s++) for (let j = s; j < n; j++) dropA += r(s) * i(j);
          let dropB = 0;
          for (let s = k + 1; s <= n; s++) for (let j = 0; j < s; j++) dropB += r(s) * i(j);
          expect(Math.abs(a[k]! - (input.startVoltage - dropA))).toBeLessThan(1e-9);
          expect(Math.abs(b[k]! - (input.startVoltage - dropB))).toBeLessThan(1e-9);
        }
      }),
    );
  });
});

describe('a loop whose voltage falls below zero (issue 33)', () => {
  it('is warned of in words, never as a negative number of volts', () => {
    // 4 × 50 mA on 100 m legs of 1 Ω/m: from A the first leg alone drops 0.2 A × 200 Ω = 40 V.
    const v = loopVoltages({
      name: 'L1',
      startVoltage: 20.4,
      resistancePerMetre: 1,
      segments: [1, 2, 3, 4].map((k) => ({ length: 100, unit: { id: `d${k}`, alarmCurrent: 0.05, minVoltage: 17 } })),
      returnLength: 100,
    });
    expect(v.fromA.units[0]!.voltage).toBeCloseTo(20.4 - 0.2 * 200, 9);
    expect(v.warnings).toContain(
      "Loop 'L1': unit 'd1' gets no voltage in alarm when the loop is fed from end A only (open after the last unit): the loop cannot work at this length",
    );
    expect(v.warnings.join('\n')).not.toMatch(/-\d+\.\d+ V/);
  });
});
