import { describe, expect, it } from 'vitest';
import { REGULATIONS } from '@edrf/model';
import { pointInRings, type Pt } from './geometry/ring.js';
import { REGULATION_RULES } from './regulations.js';
import { makeArch, rect } from './test-support/arch.js';
import { worstDistance } from './test-support/coverage-check.js';
import { fireFor, run } from './test-support/check-units.js';

const sirensIn = (units: { coord: number[] }[], ring: Pt[]) => units.filter((u) => pointInRings(u.coord[0]!, u.coord[1]!, [ring]));

describe.each(REGULATIONS)('sirens under %s', (regulation) => {
  it('reach every point of every occupied room, and every sleeping room has its own', () => {
    const hall = rect(0, 0, 60, 25);
    const bedroom = rect(60, 0, 3, 3);
    const shaft = rect(63, 0, 2, 2);
    const arch = makeArch([
      {
        id: 's',
        rooms: [
          { id: 'hall', exterior: hall },
          { id: 'bed', exterior: bedroom, type: 'SleepingRoom' },
          { id: 'shaft', exterior: shaft, type: 'Shaft' },
        ],
      },
    ]);
    const fire = fireFor(regulation);
    const { result } = run(arch, fire);
    const sirens = Object.values(result.units.sirens);
    const range = fire.config.unit.siren.max_range;
    const inHall = sirensIn(sirens, hall).map((s) => [s.coord[0], s.coord[1]] as Pt);
    expect(worstDistance([hall], inHall, 0.25).distance).toBeLessThanOrEqual(range);
    expect(sirensIn(sirens, bedroom)).toHaveLength(1);
    expect(sirensIn(sirens, shaft)).toHaveLength(0);
    // Wall sounders at the regulation's height above the floor (units/mounting.ts).
    for (const s of sirens) expect(s.coord[2]).toBeCloseTo(regulation === 'Nfpa72' ? 2.3 : 2.4, 9);
    for (const s of sirens) expect(result.validation.siren_shapes[s.id]).toHaveLength(1);
  });
});

describe.each(REGULATIONS)('manual call points under %s', (regulation) => {
  const range = 1.5;

  it('one beside every exit door (outside, into a stairwell), none at inner doors', () => {
    const arch = makeArch([
      {
        id: 's',
        rooms: [
          { id: 'office', exterior: rect(0, 0, 10, 8) },
          { id: 'store', exterior: rect(10, 0, 6, 8) },
          { id: 'stair', exterior: rect(16, 0, 4, 8), type: 'Stairwell' },
        ],
        doors: [
          { id: 'front', left: [4, 0], right: [5, 0], exterior: true },
          { id: 'inner', left: [10, 3], right: [10, 4] },
          { id: 'to-stair', left: [16, 3], right: [16, 4.2] },
        ],
      },
    ]);
    const { result } = run(arch, fireFor(regulation));
    const buttons = Object.values(result.units.buttons);
    const near = (x: number, y: number) => buttons.filter((b) => Math.hypot(b.coord[0] - x, b.coord[1] - y) <= range);
    expect(near(4.5, 0)).toHaveLength(1);
    expect(near(16, 3.6)).toHaveLength(1);
    expect(near(10, 3.5)).toHaveLength(0);
    expect(buttons.map((b) => b.door_id).sort()).toEqual(['front', 'to-stair']);
    // On the room side of the stairwell door, at the regulation's height above the floor (units/mounting.ts).
    expect(near(16, 3.6)[0]!.coord[0]).toBeLessThan(16);
    for (const b of buttons) expect(b.coord[2]).toBeCloseTo({ Sbf1108: 1.2, Bs5839: 1.4, Nfpa72: 1.1 }[regulation], 9);
  });

  it('more along a long corridor until the travel distance holds', () => {
    const corridor = rect(0, 0, 150, 2);
    const arch = makeArch([
      { id: 's', rooms: [{ id: 'c', exterior: corridor }], doors: [{ id: 'exit', left: [0, 0.5], right: [0, 1.5], exterior: true }] },
    ]);
    const { result } = run(arch, fireFor(regulation));
    const buttons = Object.values(result.units.buttons).map((b) => [b.coord[0], b.coord[1]] as Pt);
    const limit = REGULATION_RULES[regulation].button_travel_distance;
    // The exit's own and at least enough for the rest (each serves 2 × limit of corridor), without many more.
    const least = 1 + Math.ceil((150 - limit) / (2 * limit));
    expect(buttons.length).toBeGreaterThanOrEqual(least);
    expect(buttons.length).toBeLessThanOrEqual(least + 1);
    // Every point of the corridor within the travel distance (straight, in a corridor).
    expect(worstDistance([corridor], buttons, 0.5).distance).toBeLessThanOrEqual(limit + 0.2);
  });
});
