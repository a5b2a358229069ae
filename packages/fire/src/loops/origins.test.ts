import { describe, expect, it } from 'vitest';
import { newRack } from '@edrf/model';
import { assignCentrals, type Origin } from './origins.js';

const origin = (id: string, x: number, y: number): Origin => ({
  id,
  rack: newRack(`r-${id}`, 's', [x, y, 0]),
  capacity: 4,
  maxUnits: 100,
  startVoltage: 0,
  ownCurrent: 0,
  battery: null,
  maxLoopCurrent: null,
  maxLoopResistance: null,
  maxLoopLength: null,
  isolatorResistance: 0,
  isolatorsCountAsUnits: false,
});

interface U {
  id: string;
  sectionId: string;
  x: number;
  y: number;
  part: number;
}
const dist = (u: U, o: Origin) => Math.hypot(u.x - o.rack.coord[0], u.y - o.rack.coord[1]);

/** A small random generator (mulberry32): the cases are the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('assignCentrals', () => {
  it('keeps a section that straddles two centrals whole, on the one nearer its units in sum', () => {
    const [a, b] = [origin('a', 0, 0), origin('b', 100, 0)];
    // Section s lies mostly on a's side; unit by unit, its last unit would go to b.
    const units: U[] = [30, 40, 45, 60].map((x, k) => ({ id: `u${k}`, sectionId: 's', x, y: 0, part: 0 }));
    const got = assignCentrals(units, () => [a, b], dist);
    expect(units.map((u) => got.get(u)!.id)).toEqual(['a', 'a', 'a', 'a']);
    expect(dist(units[3]!, b)).toBeLessThan(dist(units[3]!, a));
  });

  it('gives every section one central of its part, the least sum by brute force, and a unit in no section its nearest', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = random(seed);
      // Two parts of the building, each with its own centrals.
      const centrals = [
        [origin('a', rnd() * 100, rnd() * 100), origin('b', rnd() * 100, rnd() * 100)],
        [
          origin('c', 200 + rnd() * 100, rnd() * 100),
          origin('d', 200 + rnd() * 100, rnd() * 100),
          origin('e', 200 + rnd() * 100, rnd() * 100),
        ],
      ];
      const units: U[] = Array.from({ length: 30 }, (_, k) => {
        const part = rnd() < 0.5 ? 0 : 1;
        const section = rnd() < 0.2 ? '' : `s${Math.floor(rnd() * 5)}`;
        return { id: `u${k}`, sectionId: section, x: part * 200 + rnd() * 100, y: rnd() * 100, part };
      });
      const got = assignCentrals(units, (u) => centrals[u.part]!, dist);
      for (const u of units) {
        expect(centrals[u.part]).toContain(got.get(u));
        const sum = (list: U[], o: Origin) => list.reduce((s, v) => s + dist(v, o), 0);
        const mates = u.sectionId === '' ? [u] : units.filter((v) => v.sectionId === u.sectionId && v.part === u.part);
        for (const v of mates) expect(got.get(v)).toBe(got.get(u));
        const least = Math.min(...centrals[u.part]!.map((o) => sum(mates, o)));
        expect(sum(mates, got.get(u)!)).toBeCloseTo(least, 9);
      }
    }
  });
});
