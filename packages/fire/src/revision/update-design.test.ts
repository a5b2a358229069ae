import { describe, expect, it } from 'vitest';
import { fireSchema, UNIT_GROUPS, type Arch, type Fire, type UnitGroup } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { pointInRings, type Ring } from '../geometry/ring.js';
import { makeArch, rect } from '../test-support/arch.js';
import { archChanges, hasArchChanges } from './arch-changes.js';
import { PLACED_GROUPS } from './removed-units.js';
import { costModel, roomsSize } from '../cost.js';
import { revisionLetter } from './revision-record.js';
import { revisionTouches, routesToReroute } from './reroute.js';
import { BuildingView } from './building-view.js';
import { designed, edited, putRoom, removeRoom, UPDATE_AT } from '../test-support/revision-edits.js';
import { updateFireDesign, type UpdateDesignOptions } from './update-design.js';

// One storey: a corridor (y 6…8) with an exit at its west end; offices A, B and D south of it, rooms E and F north.
const building = (): Arch =>
  makeArch([
    {
      id: 'S0',
      rooms: [
        { id: 'corridor', exterior: rect(0, 6, 30, 2), name: 'Corridor' },
        { id: 'A', exterior: rect(0, 0, 10, 6), name: 'Office A' },
        { id: 'B', exterior: rect(10, 0, 10, 6), name: 'Office B' },
        { id: 'D', exterior: rect(20, 0, 10, 6), name: 'Office D' },
        { id: 'E', exterior: rect(0, 8, 15, 6), name: 'Room E' },
        { id: 'F', exterior: rect(15, 8, 15, 6), name: 'Room F' },
      ],
      doors: [
        { id: 'dA', left: [4, 6], right: [5, 6] },
        { id: 'dB', left: [14, 6], right: [15, 6] },
        { id: 'dD', left: [24, 6], right: [25, 6] },
        { id: 'dE', left: [4, 8], right: [5, 8] },
        { id: 'dF', left: [19, 8], right: [20, 8] },
        { id: 'exit', left: [0, 6.5], right: [0, 7.5], exterior: true },
      ],
    },
  ]);
const arch = building();
const design = designed(arch);

const roomRings = (a: Arch, id: string): Ring[] => [a.rooms[id]!.shape.exterior, ...a.rooms[id]!.shape.interiors];
/** The ids of a group's units standing in a room. */
const unitsIn = (fire: Fire, a: Arch, room: string, group: UnitGroup): string[] =>
  Object.values<{ id: string; coord: readonly number[] }>(fire.units[group])
    .filter((u) => pointInRings(u.coord[0]!, u.coord[1]!, roomRings(a, room)))
    .map((u) => u.id)
    .sort();
const allUnitIds = (fire: Fire) => new Set(UNIT_GROUPS.flatMap((g) => Object.keys(fire.units[g])));
const addressOf = (fire: Fire, unit: string) => {
  const section = Object.values(fire.sections).find((s) => s.addresses[unit] !== undefined);
  return section && [section.id, section.addresses[unit]];
};
const update = (next: Arch, fire: Fire = design, opts: UpdateDesignOptions = {}) =>
  updateFireDesign({ arch: next, fire }, archChanges(fire.design_basis!, next), { at: UPDATE_AT, ...opts });
/** The rooms the engine's own analysis finds not covered by detectors or by sirens. */
const uncovered = (a: Arch, fire: Fire) =>
  calcFireUnits({ arch: a, fire, analyze_only: true })
    .validation.warnings.filter((w) => /^room_(not_covered|no_siren_cover):/.test(w.warning_id))
    .map((w) => w.warning_id.split(':')[1]);

describe('updateFireDesign: the units', () => {
  it('removes the units of a removed room and only those; every other unit keeps its id, place, product and address', () => {
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const { fire, summary } = update(next);
    for (const group of PLACED_GROUPS) {
      const stood = unitsIn(design, arch, 'A', group);
      expect([...(summary.units.removed[group] ?? [])].sort(), group).toEqual(stood);
      for (const unit of Object.values(design.units[group])) {
        if (stood.includes(unit.id)) expect(fire.units[group][unit.id], unit.id).toBeUndefined();
        else {
          expect(fire.units[group][unit.id], unit.id).toEqual(unit);
          expect(addressOf(fire, unit.id), unit.id).toEqual(addressOf(design, unit.id));
        }
      }
    }
    expect(unitsIn(design, arch, 'A', 'detectors').length).toBeGreaterThan(0);
    expect(summary.units.flagged).toEqual({});
    expect(() => fireSchema.parse(fire)).not.toThrow();
  });

  it('with keepRemovedUnits keeps them where they stand, flagged', () => {
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const { fire, summary } = update(next, design, { keepRemovedUnits: true });
    expect(summary.units.removed).toEqual({});
    for (const group of PLACED_GROUPS) {
      expect([...(summary.units.flagged[group] ?? [])].sort()).toEqual(unitsIn(design, arch, 'A', group));
      for (const id of unitsIn(design, arch, 'A', group)) expect(fire.units[group][id]).toEqual(design.units[group][id]);
    }
    expect(summary.revision.units.flagged).toEqual(summary.units.flagged);
  });

  it('removes a unit that stood in a removed room and now lies in a room added in its place, and covers the new rooms', () => {
    const next = edited(arch, (draft) => {
      removeRoom(draft, 'A');
      putRoom(draft, 'S0', { id: 'A1', exterior: rect(0, 0, 5, 6) });
      putRoom(draft, 'S0', { id: 'A2', exterior: rect(5, 0, 5, 6) });
    });
    const { fire, summary } = update(next);
    expect(summary.units.removed.detectors?.sort()).toEqual(unitsIn(design, arch, 'A', 'detectors'));
    expect(unitsIn(fire, next, 'A1', 'detectors').length).toBeGreaterThan(0);
    expect(unitsIn(fire, next, 'A2', 'detectors').length).toBeGreaterThan(0);
    expect(uncovered(next, fire).filter((room) => ['A1', 'A2'].includes(room!))).toEqual([]);
  });

  it('keeps a unit placed since the basis where no room was removed, and removes one standing where a removed room was', () => {
    const mine = structuredClone(design);
    const detector = (id: string, x: number, y: number) => ({
      id,
      storey_id: 'S0',
      coord: [x, y, 2.95] as [number, number, number],
      product_id: '',
      hidden: false,
    });
    mine.units.detectors.mineE = detector('mineE', 2, 12);
    mine.units.detectors.mineOut = detector('mineOut', 40, 3);
    mine.units.detectors.mineA = detector('mineA', 8, 1);
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const { fire, summary } = update(next, mine);
    expect(summary.units.removed.detectors).toContain('mineA');
    expect(fire.units.detectors.mineE).toEqual(mine.units.detectors.mineE);
    expect(fire.units.detectors.mineOut).toEqual(mine.units.detectors.mineOut);
  });

  it('keeps the units still in a reshaped room, removes those now outside it, and covers it again', () => {
    // Office D loses its eastern 6 m.
    const next = edited(arch, (draft) => {
      draft.rooms.D!.shape.exterior = rect(20, 0, 4, 6);
    });
    const { fire, summary } = update(next);
    expect(summary.changes.reshaped.map((r) => r.id)).toEqual(['D']);
    const before = unitsIn(design, arch, 'D', 'detectors');
    const still = unitsIn(design, next, 'D', 'detectors');
    expect(before.length).toBeGreaterThan(still.length);
    expect([...(summary.units.removed.detectors ?? [])].sort()).toEqual(before.filter((id) => !still.includes(id)));
    for (const id of still) expect(fire.units.detectors[id]).toEqual(design.units.detectors[id]);
    expect(uncovered(next, fire)).not.toContain('D');
  });

  it('covers a re-typed room as its new type needs (a kitchen takes heat detectors, nearer together)', () => {
    const next = edited(arch, (draft) => {
      draft.rooms.E!.type = 'Kitchen';
    });
    expect(uncovered(next, design)).toContain('E');
    const { fire, summary } = update(next);
    expect(summary.units.added.detectors?.length).toBeGreaterThan(0);
    expect(uncovered(next, fire)).not.toContain('E');
  });

  it('flags an I/O unit standing in a removed room and never removes it', () => {
    const mine = structuredClone(design);
    mine.units.ios.io1 = { id: 'io1', storey_id: 'S0', coord: [2, 2, 0.1], product_id: '', angle: 0, inputs: [], outputs: [] };
    mine.design_basis!.units!.io1 = { room_id: 'A', at: [2, 2] };
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const { fire, summary } = update(next, mine);
    expect(summary.units.flagged).toEqual({ ios: ['io1'] });
    expect(fire.units.ios.io1).toEqual(mine.units.ios.io1);
  });

  it('gives the new units ids no unit had, never a removed unit’s', () => {
    const next = edited(arch, (draft) => {
      removeRoom(draft, 'A');
      putRoom(draft, 'S0', { id: 'A1', exterior: rect(0, 0, 10, 6) });
    });
    const { summary } = update(next);
    const before = allUnitIds(design);
    const added = Object.values(summary.units.added).flat();
    expect(added.length).toBeGreaterThan(0);
    for (const id of added) expect(before.has(id), id).toBe(false);
  });
});

describe('updateFireDesign: the exits a revision makes', () => {
  /** The call points the update added, with the doors they serve. */
  const addedButtons = (fire: Fire, ids: readonly string[] = []) => ids.map((id) => fire.units.buttons[id]!);

  it('puts a call point at a door from a kept room into a removed one, on the kept side, and adds nothing else', () => {
    // Room F is gone: its door from the corridor now opens out of the building, an exit.
    const next = edited(arch, (draft) => removeRoom(draft, 'F'));
    expect(Object.values(design.units.buttons).some((b) => b.door_id === 'dF')).toBe(false);
    const { fire, summary } = update(next);
    const made = addedButtons(fire, summary.units.added.buttons);
    expect(made.map((b) => b.door_id)).toEqual(['dF']);
    // Beside the door, in the corridor (y 6…8), within the regulation's reach of the door's middle (19.5, 8).
    const [x, y] = made[0]!.coord;
    expect(pointInRings(x, y, roomRings(next, 'corridor'))).toBe(true);
    expect(Math.hypot(x - 19.5, y - 8)).toBeLessThanOrEqual(design.config.unit.button.max_range_from_door);
    expect(Object.keys(summary.units.added)).toEqual(['buttons']);
    for (const unit of Object.values(design.units.buttons)) expect(fire.units.buttons[unit.id]).toEqual(unit);
    // The new call point is addressed in the corridor's section, at an address no other unit there has.
    const corridorSection = fire.sections[Object.values(design.sections).find((s) => s.parts.some((p) => p.room_id === 'corridor'))!.id]!;
    const address = corridorSection.addresses[made[0]!.id];
    expect(address).toBeGreaterThan(0);
    expect(Object.values(corridorSection.addresses).filter((a) => a === address)).toHaveLength(1);
  });

  it('puts a call point at a door into the part a reshaped room gave up', () => {
    // Room F made narrower from the west (x 21…30): its door from the corridor (x 19…20) now opens onto no room.
    const next = edited(arch, (draft) => {
      draft.rooms.F!.shape.exterior = rect(21, 8, 9, 6);
    });
    const { fire, summary } = update(next);
    const made = addedButtons(fire, summary.units.added.buttons);
    expect(made.map((b) => b.door_id)).toEqual(['dF']);
    const [x, y] = made[0]!.coord;
    expect(pointInRings(x, y, roomRings(next, 'corridor'))).toBe(true);
    // The page's analysis finds every exit served.
    const warnings = calcFireUnits({ arch: next, fire, analyze_only: true }).validation.warnings;
    expect(warnings.filter((w) => w.warning_id.startsWith('door_without_button:'))).toEqual([]);
  });

  it('adds no call point at a door into a room added where the removed one stood, nor where a call point already serves it', () => {
    const replaced = edited(arch, (draft) => {
      removeRoom(draft, 'F');
      putRoom(draft, 'S0', { id: 'G', exterior: rect(15, 8, 15, 6), name: 'Room G' });
    });
    const { fire, summary } = update(replaced);
    expect(addedButtons(fire, summary.units.added.buttons).map((b) => b.door_id)).not.toContain('dF');
    // A call point the designer put beside the door, in the corridor, already serves the new exit.
    const mine = structuredClone(design);
    const product = design.config.products.buttons[0]?.id ?? '';
    mine.units.buttons['btn-mine'] = {
      id: 'btn-mine',
      storey_id: 'S0',
      door_id: '',
      product_id: product,
      coord: [18.5, 7.7, 1.4],
      angle: 0,
    };
    const served = update(
      edited(arch, (draft) => removeRoom(draft, 'F')),
      mine,
    );
    expect(served.summary.units.added).toEqual({});
    expect(served.fire.units.buttons['btn-mine']).toEqual(mine.units.buttons['btn-mine']);
  });
});

describe('calcFireUnits with a room filter', () => {
  it('places in the given rooms what a whole run places there, and adds nothing elsewhere', () => {
    const emptied = structuredClone(design);
    for (const group of PLACED_GROUPS)
      for (const id of [...unitsIn(design, arch, 'B', group), ...unitsIn(design, arch, 'E', group)]) delete emptied.units[group][id];
    const whole = calcFireUnits({ arch, fire: emptied });
    const some = calcFireUnits({ arch, fire: emptied, rooms: new Set(['B', 'E']) });
    const made = (result: typeof whole, group: (typeof PLACED_GROUPS)[number]) =>
      Object.values<{ id: string; coord: readonly number[] }>(result.units[group])
        .filter((u) => !emptied.units[group][u.id])
        .map((u) => u.coord);
    expect(made(some, 'detectors')).toEqual(made(whole, 'detectors'));
    expect(made(some, 'sirens')).toEqual(made(whole, 'sirens'));
    expect(made(some, 'detectors').length).toBeGreaterThan(0);
    for (const group of PLACED_GROUPS)
      for (const [id, unit] of Object.entries(emptied.units[group])) expect(some.units[group][id]).toEqual(unit);
  });

  it('puts call points only at the exits of the given rooms', () => {
    // Two rooms side by side, each with a door to the outside; no call point yet.
    const pair = makeArch([
      {
        id: 'S0',
        rooms: [
          { id: 'west', exterior: rect(0, 0, 10, 8) },
          { id: 'east', exterior: rect(10.2, 0, 10, 8) },
        ],
        doors: [
          { id: 'out-west', left: [0, 3], right: [0, 4], exterior: true },
          { id: 'out-east', left: [20.2, 3], right: [20.2, 4], exterior: true },
        ],
      },
    ]);
    const empty = designed(pair, { sections: false });
    empty.units.buttons = {};
    expect(
      Object.values(calcFireUnits({ arch: pair, fire: empty }).units.buttons)
        .map((b) => b.door_id)
        .sort(),
    ).toEqual(['out-east', 'out-west']);
    expect(Object.values(calcFireUnits({ arch: pair, fire: empty, rooms: new Set(['east']) }).units.buttons).map((b) => b.door_id)).toEqual(
      ['out-east'],
    );
  });
});

describe('updateFireDesign: routes', () => {
  const listed = (next: Arch, fire: Fire, gone: string[] = []) =>
    routesToReroute(
      fire.connections.routes,
      new Set(gone),
      revisionTouches(fire.design_basis, archChanges(fire.design_basis!, next), new BuildingView(next)),
    );

  it('lists the routes through a removed room or naming a removed unit; removes a loop left with no unit, keeps a cable that joins none', () => {
    const before = routed();
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    expect(listed(next, before, unitsIn(design, arch, 'A', 'detectors'))).toEqual(['loop', 'through']);
    const { fire, summary } = update(next, before);
    // The loop joined office A's detector alone; the cable through office A is drawn between no units: nothing to route.
    expect(summary.routesRemoved).toEqual(['loop']);
    expect(fire.connections.routes.loop).toBeUndefined();
    expect(summary.reroute).toEqual([]);
    expect(fire.connections.routes.north).toEqual(before.connections.routes.north);
    expect(fire.connections.routes.through).toEqual(before.connections.routes.through);
  });

  it('lists a route crossing a reshaped room, not one beside it', () => {
    const next = edited(arch, (draft) => {
      draft.rooms.E!.shape.exterior = rect(0, 8, 15, 4);
    });
    expect(listed(next, routed())).toEqual(['north']);
  });
});

describe('updateFireDesign: the revision record and the new basis', () => {
  it('appends revision A, then B, each on the basis the one before took', () => {
    const first = edited(arch, (draft) => removeRoom(draft, 'A'));
    const one = update(first, routed());
    expect(hasArchChanges(archChanges(one.fire.design_basis!, first))).toBe(false);
    expect(one.fire.design_basis!.at).toBe(UPDATE_AT);
    const second = edited(first, (draft) => putRoom(draft, 'S0', { id: 'G', exterior: rect(30, 0, 6, 6), name: 'Room G' }));
    const two = update(second, one.fire, { at: '2026-11-29T08:00:00.000Z' });
    expect(Object.values(two.fire.revisions!).map((r) => [r.letter, r.date])).toEqual([
      ['A', UPDATE_AT],
      ['B', '2026-11-29T08:00:00.000Z'],
    ]);
    expect(two.summary.revision.changes.added).toEqual([{ id: 'G', name: 'Room G', storey_id: 'S0' }]);
    expect(two.summary.revision.changes.removed).toEqual([]);
    expect(() => fireSchema.parse(two.fire)).not.toThrow();
  });

  it('records what changed: rooms, units by group, sections, the cable drawn and the price before and after', () => {
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const before = routed();
    const { fire, summary } = update(next, before);
    const revision = fire.revisions![summary.revision.id]!;
    expect(revision).toEqual(summary.revision);
    expect(revision.changes.removed).toEqual([{ id: 'A', name: 'Office A', storey_id: 'S0', box: [0, 0, 10, 6] }]);
    expect(revision.units.removed).toEqual(summary.units.removed);
    expect(revision.sections_changed).toEqual([...summary.sections.changed, ...summary.sections.removed, ...summary.sections.added].sort());
    expect(revision.sections_changed.length).toBeGreaterThan(0);
    // Loop: 4,7 → the detector → 6,7; the cables 9 m and 26 m. After: the loop, left with no unit, is gone.
    const [x, y] = before.units.detectors[unitsIn(design, arch, 'A', 'detectors')[0]!]!.coord;
    expect(revision.cable_m_before).toBeCloseTo(Math.hypot(x - 4, y - 7) + Math.hypot(x - 6, y - 7) + 9 + 26, 9);
    expect(revision.cable_m_after).toBeCloseTo(9 + 26, 9);
    // What cost_model answers for the rooms before and after.
    expect(revision.cost_before).toBe(costModel(roomsSize(Object.values(arch.rooms)), 'fire'));
    expect(revision.cost_after).toBe(costModel(roomsSize(Object.values(next.rooms)), 'fire'));
  });

  it('letters A … Z, then AA, AB …', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(revisionLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

/**
 * A loop from the corridor into office A (its detector on the loop) and back; a cable through office A's middle; a
 * cable along rooms E and F.
 */
function routed(): Fire {
  const fire = structuredClone(design);
  const inA = unitsIn(design, arch, 'A', 'detectors')[0]!;
  const at = design.units.detectors[inA]!.coord;
  const node = (x: number, y: number, unit = '') => ({ unit_id: unit, coord: [x, y, 2.9] as [number, number, number] });
  fire.connections.routes = {
    loop: {
      id: 'loop',
      product_id: '',
      kind: 'Loop',
      slices: [{ storey_id: 'S0', nodes: [node(4, 7), node(at[0], at[1], inA), node(6, 7)] }],
    },
    through: { id: 'through', product_id: '', kind: 'RackToRack', slices: [{ storey_id: 'S0', nodes: [node(5, -2), node(5, 7)] }] },
    north: { id: 'north', product_id: '', kind: 'RackToRack', slices: [{ storey_id: 'S0', nodes: [node(2, 11), node(28, 11)] }] },
  };
  return fire;
}
