import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isolatorPositions, isolatorWarnings, sectionBoundaries, type IsolatorUnit } from './isolators.js';

/** Units u0… with the given sections, in loop order. */
const loop = (...sections: (string | null)[]): IsolatorUnit[] => sections.map((section, i) => ({ id: `u${i}`, section }));
const run = (section: string, n: number) => Array.from({ length: n }, () => section);

describe('isolatorPositions', () => {
  it('one at every section boundary', () => {
    const units = loop('s1', 's1', 's2', 's2', 's2', 's3');
    expect(sectionBoundaries(units)).toEqual([2, 5]);
    expect(isolatorPositions({ units })).toEqual({ positions: [2, 5], count: 2, countsAsUnits: false, loopUnits: 6 });
  });

  it('a unit without a section is a section change too', () => {
    expect(isolatorPositions({ units: loop('s1', null, null, 's1') }).positions).toEqual([1, 3]);
  });

  it('20 units of one section need none; 21 need one; the parts are even', () => {
    expect(isolatorPositions({ units: loop(...run('s1', 20)) }).positions).toEqual([]);
    expect(isolatorPositions({ units: loop(...run('s1', 21)) }).positions).toEqual([10]);
    expect(isolatorPositions({ units: loop(...run('s1', 45)) }).positions).toEqual([15, 30]);
  });

  it('the limit is a setting', () => {
    expect(isolatorPositions({ units: loop(...run('s1', 10)), maxUnitsBetween: 4 }).positions).toEqual([3, 6]);
    expect(() => isolatorPositions({ units: loop('s1'), maxUnitsBetween: 0 })).toThrow(RangeError);
  });

  it('boundaries and the limit together', () => {
    const units = loop(...run('a', 25), ...run('b', 5), ...run('c', 41));
    expect(isolatorPositions({ units }).positions).toEqual([12, 25, 30, 43, 57]);
  });

  it('count as units when the central says so', () => {
    const units = loop('s1', 's2', 's3');
    expect(isolatorPositions({ units, countsAsUnits: true })).toEqual({ positions: [1, 2], count: 2, countsAsUnits: true, loopUnits: 5 });
  });

  it('a central that does not isolate its terminals gets one at each end', () => {
    expect(isolatorPositions({ units: loop('s1', 's2'), centralIsolated: false }).positions).toEqual([0, 1, 2]);
    expect(isolatorPositions({ units: [], centralIsolated: false }).positions).toEqual([]);
  });

  it('property: every boundary has one, no stretch exceeds the limit, and no fewer would do', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', null), { maxLength: 120 }), fc.integer({ min: 1, max: 25 }), (sections, max) => {
        const units = loop(...sections);
        const plan = isolatorPositions({ units, maxUnitsBetween: max });
        expect(isolatorWarnings({ units, maxUnitsBetween: max, positions: plan.positions })).toEqual([]);
        // Lower bound: each boundary-delimited run of k units needs ⌈k / max⌉ − 1 more.
        const stops = [0, ...sectionBoundaries(units), units.length];
        let least = stops.length - 2;
        for (let i = 1; i < stops.length; i++) least += Math.max(0, Math.ceil((stops[i]! - stops[i - 1]!) / max) - 1);
        expect(plan.count).toBe(Math.max(0, least));
      }),
    );
  });
});

describe('isolatorWarnings', () => {
  it('names the units on both sides of a boundary without an isolator', () => {
    expect(isolatorWarnings({ name: 'L2', units: loop('s1', 's2'), positions: [] })).toEqual([
      "Loop 'L2': no isolator between 'u0' and 'u1', which are in different sections",
    ]);
  });

  it('names the first and last unit of a stretch that is too long', () => {
    expect(isolatorWarnings({ units: loop(...run('s1', 7)), maxUnitsBetween: 3, positions: [3] })).toEqual([
      "4 units from 'u3' to 'u6' have no isolator between them, more than 3",
    ]);
  });
});
