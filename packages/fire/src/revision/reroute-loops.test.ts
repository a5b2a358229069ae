import { describe, expect, it } from 'vitest';
import { fireSchema, newRack, type Arch, type Fire, type Route } from '@edrf/model';
import { indexBuilding } from '../building.js';
import { rackToRackRoutes } from '../cabling/rack-to-rack.js';
import type { StoreyNode } from '../cabling/route-slices.js';
import { routeWallCrossings } from '../cabling/wall-crossings.js';
import { pointInRings, segmentsCross, type Pt } from '../geometry/ring.js';
import { calcFireCabling } from '../loops/calc-cabling.js';
import { loopUnits } from '../loops/loop-units.js';
import { officeBuilding } from '../loops/test-building.js';
import { sectionBuilding } from '../sections/section-index.js';
import { rect } from '../test-support/arch.js';
import { centralIn } from '../test-support/centrals.js';
import { BASIS_AT, designed, edited, putRoom, removeRoom, UPDATE_AT } from '../test-support/revision-edits.js';
import { archChanges, designBasis } from './arch-changes.js';
import { cableMetres } from './reroute.js';
import { REROUTE_MESSAGES } from './reroute-loops.js';
import { routeLegs } from './route-legs.js';
import { updateFireDesign } from './update-design.js';

const arch = officeBuilding();

/**
 * The two office storeys designed by the engine (units, sections with addresses), a rack with a central at the west
 * end of the ground floor's corridor and a second rack at its east end, the loops of calc_fire_cabling (16 units at
 * most) and the cable between the racks, the basis taken with all of it.
 */
function cabled(maxUnits = 16): Fire {
  const fire = designed(arch);
  fire.config.cabling.route_max_units = maxUnits;
  fire.units.racks = {
    r1: { ...newRack('r1', 'g', [2, 11.5, 0.1]), label: '' },
    r2: { ...newRack('r2', 'g', [78, 11.5, 0.1]), label: '' },
  };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  fire.connections = calcFireCabling({ arch, fire }).connections;
  fire.connections = rackToRackRoutes({ arch, fire }).connections;
  fire.design_basis = designBasis(arch, BASIS_AT, fire.units);
  return fire;
}
const design = cabled();

const update = (next: Arch, fire: Fire = design) =>
  updateFireDesign({ arch: next, fire }, archChanges(fire.design_basis!, next), { at: UPDATE_AT });
const loops = (fire: Fire) => Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
const rackCable = (fire: Fire) => Object.values(fire.connections.routes).find((r) => r.kind === 'RackToRack')!;
/** The units a route is locked to, in cable order. */
const locked = (route: Route) => route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
const addressOf = (fire: Fire, unit: string) => Object.values(fire.sections).find((s) => s.addresses[unit] !== undefined)?.addresses[unit];
/** Where a route passes through the wall between two rooms (no door there). */
const crosses = (a: Arch, route: Route, one: string, other: string) =>
  routeWallCrossings(a, route).filter((c) => c.rooms.includes(one) && c.rooms.includes(other));
const loopUnitIds = (a: Arch, fire: Fire) => loopUnits(fire, sectionBuilding(indexBuilding(a), a.doors)).map((u) => u.id);
const unitsIn = (fire: Fire, a: Arch, room: string): string[] =>
  (['detectors', 'sirens', 'buttons'] as const).flatMap((group) =>
    Object.values<{ id: string; coord: readonly number[] }>(fire.units[group])
      .filter((u) => pointInRings(u.coord[0]!, u.coord[1]!, [a.rooms[room]!.shape.exterior]))
      .map((u) => u.id),
  );

/** Every loop starts and ends at the central's rack, and every loop unit of the design is on exactly one loop. */
function expectClosedLoops(a: Arch, fire: Fire): void {
  for (const route of loops(fire)) {
    const ids = locked(route);
    expect([ids[0], ids.at(-1)], route.id).toEqual(['r1', 'r1']);
    for (const slice of route.slices) expect(slice.nodes.length).toBeGreaterThanOrEqual(2);
  }
  const onLoops = loops(fire).flatMap((r) => locked(r).filter((id) => id !== 'r1'));
  expect([...onLoops].sort()).toEqual(loopUnitIds(a, fire).sort());
}

/** The kept units of each loop in the cable order they had. */
function expectOrderKept(before: Fire, after: Fire): void {
  for (const route of loops(after)) {
    const now = locked(route);
    const then = locked(before.connections.routes[route.id]!);
    expect(
      now.filter((id) => then.includes(id)),
      route.id,
    ).toEqual(then.filter((id) => now.includes(id)));
  }
}

/** Every unit there was and still is keeps its address. */
function expectAddressesKept(before: Fire, after: Fire): void {
  for (const unit of Object.keys(before.units.detectors))
    if (after.units.detectors[unit]) expect(addressOf(after, unit), unit).toBe(addressOf(before, unit));
}

/** An annex south of office g-o0, through a door in its south wall. */
const withAnnex = () =>
  edited(arch, (draft) => {
    putRoom(draft, 'g', { id: 'annex', exterior: rect(0, -8, 10, 8), name: 'Annex' });
    draft.doors['d-annex'] = { ...draft.doors['g-d0']!, id: 'd-annex', left: [4, 0, 0], right: [5, 0, 0] };
    draft.storeys.g!.doors.push('d-annex');
  });

describe('updateFireDesign: loops re-routed', () => {
  // The architect adds a wall across office g-o2 at x = 26: its east part is a room of its own, with a door of its own.
  const walled = edited(arch, (draft) => {
    draft.rooms['g-o2']!.shape.exterior = rect(20, 0, 6, 10);
    putRoom(draft, 'g', { id: 'g-o2e', exterior: rect(26, 0, 4, 10), name: 'g-o2 east' });
    draft.doors['g-d2e'] = { ...draft.doors['g-d2']!, id: 'g-d2e', left: [27.5, 10, 0], right: [28.5, 10, 0] };
    draft.storeys.g!.doors.push('g-d2e');
  });

  it('takes a loop round a wall added across its path: closed, clear of the new wall, the other loops as they were', () => {
    const across = loops(design).filter((r) => crosses(walled, r, 'g-o2', 'g-o2e').length > 0);
    expect(across.length).toBeGreaterThan(0);
    const { fire, summary } = update(walled);
    for (const route of across) expect(summary.reroute).toContain(route.id);
    expectClosedLoops(walled, fire);
    for (const route of loops(fire)) expect(crosses(walled, route, 'g-o2', 'g-o2e'), route.id).toEqual([]);
    const untouched = loops(design).filter((r) => !summary.reroute.includes(r.id));
    expect(untouched.length).toBeGreaterThan(0);
    for (const route of untouched) expect(fire.connections.routes[route.id]).toEqual(route);
    expectOrderKept(design, fire);
    expectAddressesKept(design, fire);
    // The new units of the east part are on loops; the cable measured after.
    expect(unitsIn(fire, walled, 'g-o2e').filter((id) => summary.units.added.detectors?.includes(id)).length).toBeGreaterThan(0);
    expect(summary.revision.cable_m_after).toBeCloseTo(cableMetres(fire.connections.routes), 9);
    expect(summary.routesRemoved).toEqual([]);
    expect(() => fireSchema.parse(fire)).not.toThrow();
  });

  it('routes again only the legs the revision touched: every other leg of a re-routed loop stays as drawn', () => {
    // A loop through office g-o2, drawn by hand in one place away from it (a free node 0.4 m off its way in the west).
    const drawn = structuredClone(design);
    const across = loops(drawn).find((r) => crosses(walled, r, 'g-o2', 'g-o2e').length > 0)!;
    const slice = across.slices.find((s) => s.storey_id === 'g')!;
    const k = slice.nodes.findIndex((n, i) => i > 0 && n.coord[0] < 15 && slice.nodes[i - 1]!.coord[0] < 15);
    const [p, q] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
    const detour: [number, number, number] = [(p[0] + q[0]) / 2 + 0.4, (p[1] + q[1]) / 2 + 0.4, p[2]];
    slice.nodes.splice(k, 0, { unit_id: '', coord: detour });
    const { fire, summary } = update(walled, drawn);
    expect(summary.reroute).toContain(across.id);
    const after = fire.connections.routes[across.id]!;
    expect(after.slices.some((s) => s.nodes.some((n) => n.coord.join() === detour.join()))).toBe(true);
    // Every leg that came nowhere near offices g-o2 and g-o2e (x 20–30 on the ground floor) is as it was drawn.
    const away = (nodes: readonly StoreyNode[]) =>
      nodes.every(({ storeyId, node }) => storeyId !== 'g' || node.coord[0] < 18 || node.coord[0] > 32);
    const before = routeLegs(across);
    let [kept, changed] = [0, 0];
    for (const [key, nodes] of routeLegs(after)) {
      const then = before.get(key);
      if (then && away(then)) {
        expect(nodes, key).toEqual(then);
        kept++;
      } else changed++;
    }
    expect(kept).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
    expectClosedLoops(walled, fire);
  });

  it('takes a loop round a wall added inside an office that stays one room: listed, closed, clear of the wall', () => {
    // A wall across office g-o2 at x = 26, its east part a door of its own, and no room changed (the space is not
    // split in the model): only the walls of the basis show it.
    const wallAt = 26;
    const walledOnly = edited(arch, (draft) => {
      const exterior = rect(wallAt - 0.1, 0, 0.2, 10).map(([x, y]): [number, number, number] => [x, y, 0]);
      draft.walls['w-new'] = {
        id: 'w-new',
        global_id: '',
        type: 'Standard',
        shape: { exterior, below: [], above: [] },
        fire_rating: '',
        enclosing_id: '',
      };
      draft.storeys.g!.walls.push('w-new');
      draft.doors['g-d2e'] = { ...draft.doors['g-d2']!, id: 'g-d2e', left: [27.5, 10, 0], right: [28.5, 10, 0] };
      draft.storeys.g!.doors.push('g-d2e');
    });
    const changes = archChanges(design.design_basis!, walledOnly);
    expect(changes).toMatchObject({ added: [], removed: [], reshaped: [], retyped: [] });
    expect(changes.walls).toEqual({ added: [{ id: 'w-new', storey_id: 'g' }], removed: [], moved: [] });
    // A leg crossing the wall's centre line from x < 26 to x > 26 inside the office.
    const legs = (route: Route) =>
      route.slices
        .filter((s) => s.storey_id === 'g')
        .flatMap((s) =>
          s.nodes.slice(1).map((n, k): [Pt, Pt] => [
            [s.nodes[k]!.coord[0], s.nodes[k]!.coord[1]],
            [n.coord[0], n.coord[1]],
          ]),
        );
    const acrossWall = (route: Route) => legs(route).filter(([a, b]) => segmentsCross(a, b, [wallAt, 0.01], [wallAt, 9.99]));
    const across = loops(design).filter((r) => acrossWall(r).length > 0);
    expect(across.length).toBeGreaterThan(0);
    const { fire, summary } = update(walledOnly);
    for (const route of across) expect(summary.reroute).toContain(route.id);
    expectClosedLoops(walledOnly, fire);
    for (const route of loops(fire)) expect(acrossWall(route), route.id).toEqual([]);
    const untouched = loops(design).filter((r) => !summary.reroute.includes(r.id));
    expect(untouched.length).toBeGreaterThan(0);
    for (const route of untouched) expect(fire.connections.routes[route.id]).toEqual(route);
    expectOrderKept(design, fire);
    expectAddressesKept(design, fire);
    // No room changed: no unit added or removed; the new basis knows the wall, so nothing is pending after.
    expect(summary.units.added).toEqual({});
    expect(summary.units.removed).toEqual({});
    expect(archChanges(fire.design_basis!, walledOnly).walls).toEqual({ added: [], removed: [], moved: [] });
  });

  it('puts the detectors of an added room on a loop, with fresh addresses', () => {
    const annexed = withAnnex();
    const { fire, summary } = update(annexed);
    const fresh = unitsIn(fire, annexed, 'annex');
    expect(fresh.length).toBeGreaterThan(0);
    expectClosedLoops(annexed, fire);
    const joined = loops(fire).filter((r) => fresh.some((id) => locked(r).includes(id)));
    for (const route of joined) expect(summary.reroute).toContain(route.id);
    for (const route of loops(design).filter((r) => !summary.reroute.includes(r.id)))
      expect(fire.connections.routes[route.id]).toEqual(route);
    for (const id of fresh) {
      const section = Object.values(fire.sections).find((s) => s.addresses[id] !== undefined)!;
      expect(section, id).toBeDefined();
      const before = Object.values(design.sections[section.id]?.addresses ?? {});
      expect(before, id).not.toContain(section.addresses[id]);
      expect(
        Object.values(section.addresses).filter((n) => n === section.addresses[id]),
        id,
      ).toHaveLength(1);
    }
    expectOrderKept(design, fire);
    expectAddressesKept(design, fire);
    expect(summary.warnings.filter((w) => w.warning_id.startsWith('loop_'))).toEqual([]);
  });

  it('takes the units of a removed room off their loops, which stay closed', () => {
    const next = edited(arch, (draft) => removeRoom(draft, 'g-o1'));
    const { fire, summary } = update(next);
    const removed = Object.values(summary.units.removed).flat();
    expect(removed.length).toBeGreaterThan(0);
    const had = loops(design).filter((r) => removed.some((id) => locked(r).includes(id)));
    expect(had.length).toBeGreaterThan(0);
    for (const route of had) expect(summary.reroute).toContain(route.id);
    for (const route of loops(fire)) for (const id of removed) expect(locked(route), route.id).not.toContain(id);
    expectClosedLoops(next, fire);
    expectOrderKept(design, fire);
    for (const route of loops(design).filter((r) => !summary.reroute.includes(r.id)))
      expect(fire.connections.routes[route.id]).toEqual(route);
  });

  it('says so, in words, when no loop has room for a new unit, and invents no loop', () => {
    // Every loop full: route_max_units lowered to the fewest units any loop has.
    const full = structuredClone(design);
    full.config.cabling.route_max_units = Math.min(...loops(design).map((r) => locked(r).length - 2));
    const annexed = withAnnex();
    const { fire, summary } = update(annexed, full);
    const fresh = unitsIn(fire, annexed, 'annex').filter((id) => loopUnitIds(annexed, fire).includes(id));
    expect(fresh.length).toBeGreaterThan(0);
    expect(summary.warnings.filter((w) => w.warning_id.startsWith('loop_no_room:')).map((w) => w.message)).toEqual(
      fresh.map((id) => REROUTE_MESSAGES.noLoop(id)),
    );
    expect(Object.keys(fire.connections.routes).sort()).toEqual(Object.keys(full.connections.routes).sort());
    for (const route of loops(fire)) for (const id of fresh) expect(locked(route)).not.toContain(id);
  });

  it('says the loops are open, not that the unit is cut off, when the designer left every loop open', () => {
    // Each loop's last leg back to the rack taken away: the central reaches the annex, but through no closed loop.
    const open = structuredClone(design);
    for (const route of loops(open)) open.connections.routes[route.id] = { ...route, slices: route.slices.slice(0, -1) };
    const annexed = withAnnex();
    const { fire, summary } = update(annexed, open);
    const fresh = unitsIn(fire, annexed, 'annex').filter((id) => loopUnitIds(annexed, fire).includes(id));
    expect(fresh.length).toBeGreaterThan(0);
    const loopWarnings = summary.warnings.filter((w) => w.warning_id.startsWith('loop_'));
    expect(loopWarnings.map((w) => w.message)).toEqual(fresh.map((id) => REROUTE_MESSAGES.noClosedLoop(id)));
    for (const route of loops(fire)) for (const id of fresh) expect(locked(route)).not.toContain(id);
  });
});

describe('updateFireDesign: the cable between racks', () => {
  // The ground floor's corridor cut in two at x = 40, through which the cable between the racks runs.
  const cut = (door: boolean) =>
    edited(arch, (draft) => {
      draft.rooms['g-corridor']!.shape.exterior = rect(0, 10, 40, 3);
      putRoom(draft, 'g', { id: 'g-corridor-east', exterior: rect(40, 10, 40, 3) });
      if (door) {
        draft.doors['d-cut'] = { ...draft.doors['g-d0']!, id: 'd-cut', left: [40, 11, 0], right: [40, 12, 0] };
        draft.storeys.g!.doors.push('d-cut');
      }
    });

  it('stays as it was where the new wall has a door on its path', () => {
    const before = rackCable(design);
    const { fire, summary } = update(cut(true));
    expect(summary.reroute).not.toContain(before.id);
    expect(fire.connections.routes[before.id]).toBe(before);
  });

  it('is re-routed between its racks where the new wall blocks its path', () => {
    const before = rackCable(design);
    const next = cut(false);
    expect(crosses(next, before, 'g-corridor', 'g-corridor-east').length).toBeGreaterThan(0);
    const { fire, summary } = update(next);
    expect(summary.reroute).toContain(before.id);
    const after = fire.connections.routes[before.id]!;
    expect(after.kind).toBe('RackToRack');
    expect(after.product_id).toBe(before.product_id);
    expect(locked(after)).toEqual(locked(before));
  });
});

describe('updateFireDesign: the cable between racks and a wall added where no room changed', () => {
  // A wall across the ground floor's corridor at x = 40, the corridor still one space; with a door in it or not.
  const walled = (door: boolean) =>
    edited(arch, (draft) => {
      const exterior = rect(39.9, 10, 0.2, 3).map(([x, y]): [number, number, number] => [x, y, 0]);
      draft.walls['w-cut'] = {
        id: 'w-cut',
        global_id: '',
        type: 'Standard',
        shape: { exterior, below: [], above: [] },
        fire_rating: '',
        enclosing_id: '',
      };
      draft.storeys.g!.walls.push('w-cut');
      if (door) {
        draft.doors['d-cut'] = { ...draft.doors['g-d0']!, id: 'd-cut', left: [40, 11, 0], right: [40, 12, 0], walls: ['w-cut'] };
        draft.storeys.g!.doors.push('d-cut');
      }
    });

  it('stays as it was where the new wall has a door on its path', () => {
    const before = rackCable(design);
    const { fire, summary } = update(walled(true));
    expect(summary.revision.changes.walls?.added.map((w) => w.id)).toEqual(['w-cut']);
    expect(summary.reroute).not.toContain(before.id);
    expect(fire.connections.routes[before.id]).toBe(before);
  });

  it('is re-routed between its racks where the new wall blocks its path', () => {
    const before = rackCable(design);
    const { fire, summary } = update(walled(false));
    expect(summary.reroute).toContain(before.id);
    const after = fire.connections.routes[before.id]!;
    expect(after.kind).toBe('RackToRack');
    expect(locked(after)).toEqual(locked(before));
  });
});
