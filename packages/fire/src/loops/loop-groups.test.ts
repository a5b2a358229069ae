import { describe, expect, it } from 'vitest';
import { loopGroups } from './loop-groups.js';
import type { LoopUnit } from './loop-units.js';

/** `count` units of one section in a row along y = section index × 10, drawing `amps` each in alarm. */
function section(sectionId: string, row: number, count: number, amps = 0.001): LoopUnit[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `${sectionId}-${k}`,
    storeyId: 'g',
    coord: [k, row * 10, 3] as [number, number, number],
    sectionId,
    alarmCurrent: amps,
    quiescentCurrent: 0.0003,
    minVoltage: 17,
    productId: 'p',
    productName: 'p',
    known: true,
  }));
}

const storeys = new Map([['g', 0]]);
const sectionsOf = (loop: readonly LoopUnit[]) => new Set(loop.map((u) => u.sectionId));

describe('loopGroups', () => {
  it('keeps sections whole where that costs no loop', () => {
    // 40 + 40 + 60: whole sections need two loops of 100, as few as any packing.
    const units = [...section('a', 1, 40), ...section('b', 2, 40), ...section('c', 3, 60)];
    const loops = loopGroups(units, { maxUnits: 100, maxArea: Infinity }, new Map(), storeys, [0, 0]);
    expect(loops).toHaveLength(2);
    for (const s of ['a', 'b', 'c']) expect(loops.filter((l) => sectionsOf(l).has(s))).toHaveLength(1);
  });

  it('splits a section when keeping it whole would cost a loop: the fewest loops, ⌈units / max⌉', () => {
    // Six sections of 60: whole, they need six loops; 360 units need four.
    const units = Array.from({ length: 6 }, (_, i) => section(`s${i}`, i, 60)).flat();
    const loops = loopGroups(units, { maxUnits: 100, maxArea: Infinity }, new Map(), storeys, [0, 0]);
    expect(loops).toHaveLength(Math.ceil(360 / 100));
    expect(
      loops
        .flat()
        .map((u) => u.id)
        .sort(),
    ).toEqual(units.map((u) => u.id).sort());
    for (const loop of loops) expect(loop.length).toBeLessThanOrEqual(100);
    // A split section lies on two loops at most.
    for (let i = 0; i < 6; i++) expect(loops.filter((l) => sectionsOf(l).has(`s${i}`)).length).toBeLessThanOrEqual(2);
  });

  it('keeps each loop within route_max_area, a split section counting for its share of units', () => {
    const units = [...section('a', 1, 30), ...section('b', 2, 30), ...section('c', 3, 30)];
    const area = new Map([
      ['a', 3000],
      ['b', 3000],
      ['c', 3000],
    ]);
    const loops = loopGroups(units, { maxUnits: 100, maxArea: 5000 }, area, storeys, [0, 0]);
    for (const loop of loops) {
      const share = [...sectionsOf(loop)].reduce((s, id) => s + (3000 * loop.filter((u) => u.sectionId === id).length) / 30, 0);
      expect(share).toBeLessThanOrEqual(5000 + 1e-6);
    }
    expect(loops).toHaveLength(2);
  });

  it('keeps each loop within the central’s loop current in alarm', () => {
    // 100 sounders of 12 mA: 0.5 A a loop holds 41 of them.
    const units = section('a', 1, 100, 0.012);
    const loops = loopGroups(units, { maxUnits: 100, maxArea: Infinity, maxCurrent: 0.5 }, new Map(), storeys, [0, 0]);
    expect(loops).toHaveLength(Math.ceil(100 / 41));
    for (const loop of loops) expect(loop.reduce((s, u) => s + u.alarmCurrent, 0)).toBeLessThanOrEqual(0.5 + 1e-12);
  });

  it('leaves room for isolators where the central counts them as units', () => {
    // One section of 100 with an isolator every 20 units at most: 95 units and their ⌈95 / 20⌉ = 5 isolators fill 100 places.
    const units = section('a', 1, 100);
    const loops = loopGroups(
      units,
      { maxUnits: 100, maxArea: Infinity, isolatorsCount: true, isolatorMaxUnits: 20 },
      new Map(),
      storeys,
      [0, 0],
    );
    expect(loops.map((l) => l.length)).toEqual([95, 5]);
  });
});
