// The fire design's view of the architecture at its last run (the design basis), and what has changed since: rooms
// added, removed, reshaped and re-typed (issue 40, docs/fire-revisions.md). The browser calls archChanges for the notice,
// so it reads the basis and the architecture once, with no geometry library.
import type { Arch, ArchChanges, BasisRoom, BasisWall, DesignBasis, FireUnits, RevisionRoom, RevisionWall } from '@edrf/model';
import { roomStoreys } from '../analysis/storey-order.js';
import { BuildingView } from './building-view.js';
import { measureRoom, roomFigures } from './room-figures.js';
import { axisTurn, wallFigures } from './wall-figures.js';

/** A room is reshaped when its area changes by more than this share of the area it had… */
export const RESHAPE_AREA_SHARE = 0.01;
/** …or its centroid moves more than this (m), or it moves to another storey. */
export const RESHAPE_MOVE = 0.05;
/** A wall has moved when a side of its plan box shifts more than RESHAPE_MOVE, or its long axis turns more than this (°). */
export const WALL_TURN = 1;

/** The unit groups the basis records (labels are the sections' and the designer's text, not equipment). */
export const BASIS_UNIT_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others', 'racks'] as const;

/** What the basis reads of a unit. */
export interface PlacedUnit {
  id: string;
  storey_id: string;
  coord: readonly number[];
}

/** A group's units as the basis reads them. */
export const unitsOf = (units: Partial<FireUnits>, group: (typeof BASIS_UNIT_GROUPS)[number]): PlacedUnit[] =>
  Object.values<PlacedUnit>(units[group] ?? {});

/** Every room of the architecture as the basis records it. */
export function basisRooms(arch: Arch): Record<string, BasisRoom> {
  const owner = roomStoreys(arch);
  const out: Record<string, BasisRoom> = {};
  for (const room of Object.values(arch.rooms))
    out[room.id] = { storey_id: owner.get(room.id) ?? '', type: room.type, name: room.name, ...roomFigures(room) };
  return out;
}

/**
 * Every wall of the architecture by storey, as its plan box (mm) and axis: a wall added inside a room that stays the
 * same splits no space, so only the walls tell the update that a loop's path is now blocked (issue 40).
 */
export function basisWalls(arch: Arch): NonNullable<DesignBasis['walls']> {
  const out: NonNullable<DesignBasis['walls']> = {};
  for (const storey of Object.values(arch.storeys)) {
    const walls: Record<string, BasisWall> = {};
    for (const id of storey.walls) {
      const wall = arch.walls[id];
      if (wall) walls[id] = wallFigures(wall.shape.exterior);
    }
    if (storey.walls.length > 0) out[storey.id] = walls;
  }
  return out;
}

/**
 * The design basis: the architecture's rooms now, and, given the fire units, the room each unit stands in (the first
 * room of its storey holding its point, as the engine finds it); a unit in no room is not recorded.
 */
export function designBasis(arch: Arch, at: Date | string, units?: Partial<FireUnits>): DesignBasis {
  const basis: DesignBasis = { at: typeof at === 'string' ? at : at.toISOString(), rooms: basisRooms(arch), walls: basisWalls(arch) };
  return units ? { ...basis, units: basisUnits(units, new BuildingView(arch)) } : basis;
}

/**
 * Unit id -> the room it stands in and where, for the units standing in a room. `known`: the room a unit is known to
 * stand in without looking (an update's units the old basis has where they stand, in rooms it did not change).
 */
export function basisUnits(
  units: Partial<FireUnits>,
  view: BuildingView,
  known: (unit: PlacedUnit) => string | undefined = () => undefined,
): NonNullable<DesignBasis['units']> {
  const recorded: NonNullable<DesignBasis['units']> = {};
  for (const group of BASIS_UNIT_GROUPS)
    for (const unit of unitsOf(units, group)) {
      const room = known(unit) ?? view.roomAt(unit.storey_id, unit.coord[0]!, unit.coord[1]!)?.room.id;
      if (room) recorded[unit.id] = { room_id: room, at: [unit.coord[0]!, unit.coord[1]!] };
    }
  return recorded;
}

/** A removed room as the basis had it, with its box: the drawings' revision cloud marks where it stood. */
const entry = (id: string, room: Pick<BasisRoom, 'name' | 'storey_id' | 'box'>): RevisionRoom => ({
  id,
  name: room.name,
  storey_id: room.storey_id,
  box: room.box,
});
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether a room's outline or place has changed enough to place its units again: area, centroid, storey then and now. */
function reshaped(before: BasisRoom, area: number, x: number, y: number, storeyId: string): boolean {
  if (before.storey_id !== storeyId) return true;
  if (Math.abs(area - before.area) > RESHAPE_AREA_SHARE * before.area) return true;
  return Math.hypot(x - before.centroid[0], y - before.centroid[1]) > RESHAPE_MOVE;
}

/** Whether a wall has moved: a side of its box shifted more than RESHAPE_MOVE, or its axis turned more than WALL_TURN. */
function wallMoved(before: BasisWall, now: BasisWall): boolean {
  for (let k = 0; k < 4; k++) if (Math.abs(now[k]! - before[k]!) > RESHAPE_MOVE) return true;
  // A basis taken before axes were recorded, or a wall as long as it is wide, tells by its box alone.
  const [a, b] = [before[4], now[4]];
  return a !== undefined && b !== undefined && axisTurn(a, b) > WALL_TURN;
}

/** The walls added, removed and moved (wallMoved, or another storey), by id. */
export function wallChanges(before: NonNullable<DesignBasis['walls']>, arch: Arch): NonNullable<ArchChanges['walls']> {
  const now = basisWalls(arch);
  const then = new Map<string, { storey_id: string; box: BasisWall }>();
  for (const [storeyId, walls] of Object.entries(before))
    for (const [id, box] of Object.entries(walls)) then.set(id, { storey_id: storeyId, box: box });
  const out: NonNullable<ArchChanges['walls']> = { added: [], removed: [], moved: [] };
  const seen = new Set<string>();
  for (const [storeyId, walls] of Object.entries(now))
    for (const [id, box] of Object.entries(walls)) {
      seen.add(id);
      const old = then.get(id);
      const wall: RevisionWall = { id, storey_id: storeyId };
      if (!old) out.added.push(wall);
      else if (old.storey_id !== storeyId || wallMoved(old.box, box)) out.moved.push(wall);
    }
  for (const [id, old] of then) if (!seen.has(id)) out.removed.push({ id, storey_id: old.storey_id });
  for (const list of Object.values(out)) list.sort(byId);
  return out;
}

/**
 * The rooms added, removed, reshaped (area changed by more than 1 %, centroid moved more than 5 cm, or another storey)
 * and re-typed between the basis and the architecture, each by id with its name and storey (a removed room's as they
 * were, with its box), sorted by id. A room may be both reshaped and re-typed.
 */
export function archChanges(basis: Pick<DesignBasis, 'rooms' | 'walls'>, arch: Arch): ArchChanges {
  const owner = roomStoreys(arch);
  const changes: ArchChanges = { added: [], removed: [], reshaped: [], retyped: [] };
  const m = new Float64Array(7);
  for (const room of Object.values(arch.rooms)) {
    const storeyId = owner.get(room.id) ?? '';
    const now = (): RevisionRoom => ({ id: room.id, name: room.name, storey_id: storeyId });
    const before = Object.hasOwn(basis.rooms, room.id) ? basis.rooms[room.id] : undefined;
    if (!before) {
      changes.added.push(now());
      continue;
    }
    measureRoom(room, m);
    if (reshaped(before, m[0]!, m[1]!, m[2]!, storeyId)) changes.reshaped.push(now());
    if (before.type !== room.type) changes.retyped.push({ ...now(), from: before.type, to: room.type });
  }
  for (const [id, room] of Object.entries(basis.rooms)) if (!Object.hasOwn(arch.rooms, id)) changes.removed.push(entry(id, room));
  for (const list of [changes.added, changes.removed, changes.reshaped, changes.retyped]) list.sort(byId);
  // A basis taken before walls were recorded cannot tell a new wall from an old one: no wall list then.
  return basis.walls ? { ...changes, walls: wallChanges(basis.walls, arch) } : changes;
}

/** Whether the architecture has changed since the basis (the fire area's notice). */
export const hasArchChanges = (changes: ArchChanges): boolean =>
  [changes.added, changes.removed, changes.reshaped, changes.retyped, ...Object.values(changes.walls ?? {})].some(
    (list) => list.length > 0,
  );
