import { emptyArch, UNIT_GROUPS, type Arch, type Fire, type Storey } from '@edrf/model';
import { distanceToRings, pointInRings, type Ring } from '../geometry/ring.js';
import { REGULATION_RULES } from '../regulations.js';
import { roomStoreys, storeyOrder } from './storey-order.js';

/**
 * What calc_fire_units analyze_only reads of a storey, so that the units page can ask for one storey (or some rooms)
 * and get the whole model's answer for it (docs/fire-units.md 'Analysis'): its rooms (as in the model: outlines,
 * types, floor and ceiling surfaces, whence their heights), its doors (exit doors and travel, for the call points),
 * its air inlets, the detectors, sirens and buttons on it, the fire config, and, for a shaft, whether a shaft room of
 * the storey above continues it. Nothing else: no walls, openings, stairs, ceilings, slabs, beams, racks, cables or
 * sections: under 1 MB for a storey of the 185,000 m² building whose whole model is 78 MB.
 *
 * The engine's reading it rests on (building.ts indexBuilding, units/detectors.ts, sirens.ts, buttons.ts):
 * - storeys by min_z, then number, and a room listed by two storeys is the first's (storey-order.ts);
 * - a detector or siren belongs to the first room of its storey (in the storey's order) its plan point lies in, and
 *   only units of a room change that room's figures and warnings;
 * - a shaft room gets its detector only where no shaft room of the next storey up lies over it;
 * - call points are checked storey by storey (doors, travel through the storey's rooms).
 * storey-scope.test.ts checks it against the whole analysis on corpus models: a new reading there fails it.
 */

export { roomStoreys, storeyOrder };

/** The unit groups calc_fire_units reads. */
export const ANALYSED_GROUPS = ['detectors', 'sirens', 'buttons'] as const;
export type AnalysedGroup = (typeof ANALYSED_GROUPS)[number];

/** What the analysis reads of every detector, siren and button. */
export interface AnalysedUnit {
  id: string;
  storey_id: string;
  coord: [number, number, number];
}

/** The units of an analysed group. */
export const unitsOf = (fire: Fire, group: AnalysedGroup): AnalysedUnit[] => Object.values<AnalysedUnit>(fire.units[group]);

/**
 * A part of the model to analyse: one storey, or, with `rooms`, only some rooms of it for their detectors and sirens
 * (its doors and buttons left out), or, with `buttons`, only its call points' check (doors and travel through its
 * rooms; no detectors or sirens). `units` are the detectors and sirens that part speaks for: those sent, and those
 * gone from it since the last analysis (their old warnings and coverage go with the answer); `buttons` the call points
 * it speaks for likewise.
 */
export interface AnalysisScope {
  storeyId: string;
  rooms?: readonly string[];
  units?: readonly string[];
  buttons?: readonly string[];
}

/**
 * The fire settings for a call points' check alone: no detector or siren distance, so that the engine places and
 * checks none in the rooms it is sent (the travel check needs the rooms, not their detection, which is most of the
 * time of a storey's analysis: seconds on the largest storey of the 185,000 m² building). Kept per settings.
 */
const buttonsOnlyConfigs = new WeakMap<Fire['config'], Fire['config']>();
function buttonsOnlyConfig(config: Fire['config']): Fire['config'] {
  let only = buttonsOnlyConfigs.get(config);
  if (!only) {
    const { detector, siren } = config.unit;
    const none = (settings: typeof detector.Smoke) => ({ ...settings, max_detector_distance: 0, area_per_detector: 0 });
    only = {
      ...config,
      unit: { ...config.unit, detector: { Smoke: none(detector.Smoke), Heat: none(detector.Heat) }, siren: { ...siren, max_range: 0 } },
    };
    buttonsOnlyConfigs.set(config, only);
  }
  return only;
}

type Units<T> = Record<string, T>;
const pick = <T>(items: Units<T>, ids: Iterable<string>): Units<T> => {
  const out: Units<T> = {};
  for (const id of ids) {
    const item = items[id];
    if (item !== undefined) out[id] = item;
  }
  return out;
};

/** A storey that lists only `rooms`, `doors` and `other_objects`. */
const storeyWith = (storey: Storey, rooms: string[], doors: string[], objects: string[]): Storey => ({
  ...storey,
  rooms,
  walls: [],
  wall_openings: [],
  doors,
  stairs: [],
  ceilings: [],
  floors: [],
  other_objects: objects,
});

/** The fire part with only the analysed units (`keep` says which); no connections or sections. */
function fireWith(fire: Fire, keep: (group: AnalysedGroup, unit: AnalysedUnit) => boolean): Fire {
  const units = Object.fromEntries(UNIT_GROUPS.map((group) => [group, {}])) as Fire['units'];
  for (const group of ANALYSED_GROUPS) {
    const kept: Units<unknown> = {};
    for (const unit of unitsOf(fire, group)) if (keep(group, unit)) kept[unit.id] = unit;
    (units as Record<AnalysedGroup, Units<unknown>>)[group] = kept;
  }
  const connections = Object.fromEntries(Object.keys(fire.connections).map((key) => [key, {}])) as Fire['connections'];
  return { ...fire, units, connections, sections: {} };
}

const emptyArchOf = (arch: Arch): Arch => ({ ...emptyArch(), rotation: arch.rotation });

/** The arch of a storey's call points' check, kept per architecture: it depends on nothing else, and is asked per drop. */
const buttonsArchs = new WeakMap<Arch, Map<string, Arch>>();

/**
 * The arch and fire to send for `scope` (none: the whole building), as small as the analysis allows; its answer for
 * the scope's storey (or rooms) is the whole model's. The whole building keeps every storey's list of rooms (a room
 * missing or on no storey is warned about) and every room.
 */
export function analysisInput(arch: Arch, fire: Fire, scope?: AnalysisScope): { arch: Arch; fire: Fire } {
  if (scope?.buttons && !scope.rooms) {
    let kept = buttonsArchs.get(arch);
    if (!kept) buttonsArchs.set(arch, (kept = new Map<string, Arch>()));
    const known = kept.get(scope.storeyId);
    if (known) return { arch: known, fire: buttonsFire(fire, scope.storeyId) };
    const input = scopedInput(arch, fire, scope);
    kept.set(scope.storeyId, input.arch);
    return input;
  }
  return scopedInput(arch, fire, scope);
}

/** The fire part of a storey's call points' check: its call points, settings with no detection. */
const buttonsFire = (fire: Fire, storeyId: string): Fire => ({
  ...fireWith(fire, (group, unit) => group === 'buttons' && unit.storey_id === storeyId),
  config: buttonsOnlyConfig(fire.config),
});

function scopedInput(arch: Arch, fire: Fire, scope?: AnalysisScope): { arch: Arch; fire: Fire } {
  const inlets = new Set<string>(REGULATION_RULES[fire.config.regulation].inletVentTypes);
  const inletsOf = (storey: Storey) => storey.other_objects.filter((id) => inlets.has(arch.other_objects[id]?.vent_type ?? ''));
  const doorsOf = (storey: Storey) => storey.doors.filter((id) => arch.doors[id]);
  const out = emptyArchOf(arch);
  const addDoors = (ids: readonly string[]) => {
    for (const id of ids) out.doors[id] = arch.doors[id]!.walls.length ? { ...arch.doors[id]!, walls: [] } : arch.doors[id]!;
  };
  const addRooms = (ids: Iterable<string>) => {
    for (const id of ids) if (arch.rooms[id]) out.rooms[id] = arch.rooms[id];
  };

  if (!scope) {
    for (const storey of Object.values(arch.storeys)) {
      const objects = inletsOf(storey);
      const doors = doorsOf(storey);
      out.storeys[storey.id] = storeyWith(storey, storey.rooms, doors, objects);
      addDoors(doors);
      Object.assign(out.other_objects, pick(arch.other_objects, objects));
    }
    addRooms(Object.keys(arch.rooms));
    return { arch: out, fire: fireWith(fire, () => true) };
  }

  const order = storeyOrder(arch);
  const owner = roomStoreys(arch);
  const index = order.findIndex((s) => s.id === scope.storeyId);
  const storey = order[index];
  if (!storey) throw new Error(`No storey '${scope.storeyId}' to analyse`);
  // The storey's rooms as the engine takes them: a room an earlier storey lists is that storey's (a missing one stays
  // listed, for its warning).
  const own = storey.rooms.filter((id) => !arch.rooms[id] || owner.get(id) === storey.id);
  const wanted = scope.rooms ? new Set(scope.rooms) : null;
  const rooms = wanted ? own.filter((id) => wanted.has(id) && arch.rooms[id]) : own;
  const doors = wanted ? [] : doorsOf(storey);
  // The air inlets and the shafts above bear on detectors alone.
  const objects = scope.buttons ? [] : inletsOf(storey);
  out.storeys[storey.id] = storeyWith(storey, rooms, doors, objects);
  addRooms(rooms);
  addDoors(doors);
  Object.assign(out.other_objects, pick(arch.other_objects, objects));
  if (scope.buttons) return { arch: out, fire: buttonsFire(fire, storey.id) };
  // The next storey up, with its shafts alone: whether they continue this storey's shafts.
  const above = order[index + 1];
  if (above) {
    const shafts = above.rooms.filter((id) => arch.rooms[id]?.type === 'Shaft' && owner.get(id) === above.id);
    out.storeys[above.id] = storeyWith(above, shafts, [], []);
    addRooms(shafts);
  }
  const units = scope.units ? new Set(scope.units) : null;
  return {
    arch: out,
    fire: fireWith(fire, (group, unit) =>
      units ? group !== 'buttons' && units.has(unit.id) && unit.storey_id === storey.id : unit.storey_id === storey.id,
    ),
  };
}

/** Closer than this to a room's outline counts as in the room, whichever side the engine would decide. */
const NEAR = 1e-6;

/** A room's outline and box, to ask whether a plan point may be in it. */
interface Outline {
  rings: Ring[];
  box: readonly [number, number, number, number];
}

const outlines = new WeakMap<Arch['rooms'][string], Outline>();
function outlineOf(room: Arch['rooms'][string]): Outline {
  const known = outlines.get(room);
  if (known) return known;
  const rings: Ring[] = [room.shape.exterior, ...room.shape.interiors];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings)
    for (const p of ring) {
      x0 = Math.min(x0, p[0]);
      y0 = Math.min(y0, p[1]);
      x1 = Math.max(x1, p[0]);
      y1 = Math.max(y1, p[1]);
    }
  const outline: Outline = { rings, box: [x0, y0, x1, y1] };
  outlines.set(room, outline);
  return outline;
}

/** Whether the engine may find the point in the room: inside it by the engine's rule, or on its outline. */
function mayHold(outline: Outline, x: number, y: number): boolean {
  const [x0, y0, x1, y1] = outline.box;
  if (!(x >= x0 - NEAR && x <= x1 + NEAR && y >= y0 - NEAR && y <= y1 + NEAR)) return false;
  return pointInRings(x, y, outline.rings) || distanceToRings(x, y, outline.rings) <= NEAR;
}

/**
 * The rooms of a storey whose detectors and sirens change when those units move (`points`: where the changed units
 * of the storey stand and stood; `unitIds`: them): every room that may hold one of the points, then, until nothing is
 * added, every detector and siren of the storey a room taken may hold and every room that may hold such a unit. So the
 * scope holds each of its units' rooms (and every room before it in the storey's order that could claim the unit) and
 * each of its rooms' units: its answer is the whole model's for them. Answers the rooms in the storey's order and the
 * units (`unitIds` first).
 */
export function roomsScope(
  arch: Arch,
  fire: Fire,
  storeyId: string,
  points: readonly (readonly number[])[],
  unitIds: readonly string[],
): AnalysisScope {
  const storey = arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey '${storeyId}' to analyse`);
  const owner = roomStoreys(arch);
  const rooms = storey.rooms.filter((id) => owner.get(id) === storeyId);
  const outlines = rooms.map((id) => outlineOf(arch.rooms[id]!));
  const units = (['detectors', 'sirens'] as const).flatMap((group) => unitsOf(fire, group).filter((unit) => unit.storey_id === storeyId));
  const takenRooms = new Set<number>();
  const takenUnits = new Set<string>(unitIds);
  const queue: (readonly number[])[] = [...points];
  while (queue.length > 0) {
    const [x, y] = queue.pop()!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    outlines.forEach((outline, i) => {
      if (takenRooms.has(i) || !mayHold(outline, x!, y!)) return;
      takenRooms.add(i);
      for (const unit of units) {
        if (takenUnits.has(unit.id) || !mayHold(outline, unit.coord[0], unit.coord[1])) continue;
        takenUnits.add(unit.id);
        queue.push(unit.coord);
      }
    });
  }
  return { storeyId, rooms: rooms.filter((_, i) => takenRooms.has(i)), units: [...takenUnits] };
}
