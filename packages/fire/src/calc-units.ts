import type { Arch, Fire } from '@edrf/model';
import { fireUnitsResultSchema, type FireUnitsResult } from './analysis.js';
import { storeyOrder, roomStoreys } from './analysis/storey-order.js';
import { indexBuilding, roomAt, warning, type BuildingIndex, type StoreyInfo } from './building.js';
import { MESSAGES } from './messages.js';
import type { PlacementTable } from './placement/room.js';
import { REGULATION_RULES } from './regulations.js';
import type { PlacementContext, RoomStats } from './units/context.js';
import { placeButtons } from './units/buttons.js';
import { placeDetectors } from './units/detectors.js';
import { UnitIds } from './units/ids.js';
import { placeSirens } from './units/sirens.js';

export interface CalcFireUnitsInput {
  arch: Arch;
  fire: Fire;
  /** Place nothing: the answer's units are the model's, with their warnings and coverage (the units page's analysis). */
  analyze_only?: boolean;
  /**
   * Place only in these rooms (a revision's changed rooms, issue 40): the units elsewhere are kept as they are and not
   * analysed, call points go only at these rooms' exits and for travel from them, so the work is that of these rooms.
   * The answer still holds every unit. Absent: the whole building.
   */
  rooms?: ReadonlySet<string>;
  /**
   * With `rooms`: call points also at these doors where they are exits, though no room of theirs is in `rooms` — a door
   * a revision left opening onto where a removed room stood, now out of the building (issue 40). Nothing else is placed
   * for them.
   */
  exits?: ReadonlySet<string>;
}

/**
 * calc_fire_units: detectors, sirens and manual call points for the whole building under the
 * fire config's regulation and settings. Units already in the model are kept and counted; only
 * what is missing is added. Bad rooms and units are skipped with a warning each. With `placements`, a room
 * other threads placed (placement/shares.ts) is taken from that table instead of placed again: the same answer.
 */
export function calcFireUnits(input: CalcFireUnitsInput, opts: { placements?: PlacementTable } = {}): FireUnitsResult {
  return calcFireUnitsWithStats(input, opts).result;
}

/** calc_fire_units with the detection figures of every room (detectors placed, lower bound), for the benchmark. */
export function calcFireUnitsWithStats(
  input: CalcFireUnitsInput,
  opts: { withBounds?: boolean; placements?: PlacementTable } = {},
): { result: FireUnitsResult; stats: RoomStats[] } {
  const { arch, fire } = input;
  const scope = input.rooms;
  const building = scope ? scopedBuilding(arch, scope, input.exits) : indexBuilding(arch);
  // A limited run reads the detectors and sirens of its rooms only; call points all (they serve the storey's travel).
  const inScope = scope && standsIn(building.storeys, scope);
  const ctx: PlacementContext = {
    fire,
    doors: arch.doors,
    rules: REGULATION_RULES[fire.config.regulation],
    ids: new UnitIds(fire),
    detectors: structuredClone(inScope ? pick(fire.units.detectors, inScope) : fire.units.detectors),
    sirens: structuredClone(inScope ? pick(fire.units.sirens, inScope) : fire.units.sirens),
    buttons: structuredClone(fire.units.buttons),
    warnings: [...building.warnings],
    detectorShapes: {},
    sirenShapes: {},
    stats: [],
    withBounds: opts.withBounds ?? false,
    analyzeOnly: input.analyze_only ?? false,
    ...(scope ? { rooms: scope } : {}),
    ...(scope && input.exits ? { exits: input.exits } : {}),
    // Rooms other threads placed (placement/shares.ts), taken from the table, never added to it.
    ...(opts.placements ? { placements: { table: opts.placements, record: false } } : {}),
  };
  if (!scope) checkUnitStoreys(ctx, arch);
  placeDetectors(ctx, building.storeys);
  placeSirens(ctx, building.storeys);
  placeButtons(ctx, building.storeys);
  const result = fireUnitsResultSchema.parse({
    units: { detectors: ctx.detectors, sirens: ctx.sirens, buttons: ctx.buttons },
    validation: { warnings: ctx.warnings, detector_shapes: ctx.detectorShapes, siren_shapes: ctx.sirenShapes, split_sections: [] },
    // The units page shows each room's detectors beside the least it could have.
    ...(ctx.analyzeOnly ? { rooms: ctx.stats } : {}),
  });
  // A limited run answers every unit: those it did not read, as the model has them, before its own.
  if (scope) {
    result.units.detectors = { ...fire.units.detectors, ...result.units.detectors };
    result.units.sirens = { ...fire.units.sirens, ...result.units.sirens };
  }
  return { result, stats: ctx.stats };
}

const BAD_SHAPE = 'bad_room_shape:';

/**
 * The building a limited run reads: the storeys holding one of its rooms, each with the storey above it (a shaft's top
 * is where no shaft room of the storey above stands over it), every room on the storey the engine reads it on. Of the
 * building's warnings it keeps those about its rooms. The storeys of `exits` too, for their call points.
 */
function scopedBuilding(arch: Arch, rooms: ReadonlySet<string>, exits: ReadonlySet<string> = new Set()): BuildingIndex {
  const order = storeyOrder(arch);
  const owner = roomStoreys(arch);
  const read = new Set<number>();
  order.forEach((storey, k) => {
    if (storey.doors.some((id) => exits.has(id))) read.add(k);
    if (!storey.rooms.some((id) => rooms.has(id) && owner.get(id) === storey.id)) return;
    read.add(k);
    if (k + 1 < order.length) read.add(k + 1);
  });
  const index = indexBuilding({ ...arch, storeys: Object.fromEntries([...read].map((k) => [order[k]!.id, order[k]!])) });
  return {
    storeys: index.storeys.map((s) => ({ ...s, rooms: s.rooms.filter((r) => owner.get(r.room.id) === s.storey.id) })),
    warnings: index.warnings.filter((w) => w.warning_id.startsWith(BAD_SHAPE) && rooms.has(w.warning_id.slice(BAD_SHAPE.length))),
  };
}

/** The units of a record that pass a test. */
const pick = <U>(units: Record<string, U>, keep: (unit: U) => boolean): Record<string, U> =>
  Object.fromEntries(Object.entries(units).filter(([, unit]) => keep(unit)));

/** Whether a unit stands in one of the rooms: the room roomAt finds for it (the first of its storey holding its point). */
function standsIn(storeys: readonly StoreyInfo[], rooms: ReadonlySet<string>) {
  const byStorey = new Map<string, { storey: StoreyInfo; boxes: [number, number, number, number][] }>();
  for (const storey of storeys) {
    const boxes = storey.rooms
      .filter((room) => rooms.has(room.room.id))
      .map((room): [number, number, number, number] => {
        const xs = room.rings[0]!.map((p) => p[0]);
        const ys = room.rings[0]!.map((p) => p[1]);
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      });
    if (boxes.length > 0) byStorey.set(storey.storey.id, { storey, boxes });
  }
  return (unit: { storey_id: string; coord: readonly number[] }): boolean => {
    const entry = byStorey.get(unit.storey_id);
    const [x, y] = [unit.coord[0]!, unit.coord[1]!];
    // The rooms' boxes first: most units of a building stand far from a revision's rooms.
    if (!entry || !entry.boxes.some(([x0, y0, x1, y1]) => x >= x0 && y >= y0 && x <= x1 && y <= y1)) return false;
    const room = roomAt(entry.storey, x, y);
    return room !== undefined && rooms.has(room.room.id);
  };
}

function checkUnitStoreys(ctx: PlacementContext, arch: Arch): void {
  const groups: [string, { id: string; storey_id: string; coord: number[] }[]][] = [
    ['Detector', Object.values(ctx.detectors)],
    ['Siren', Object.values(ctx.sirens)],
    ['Button', Object.values(ctx.buttons)],
  ];
  for (const [kind, units] of groups) {
    for (const unit of units) {
      if (!unit.coord.every(Number.isFinite)) ctx.warnings.push(warning('bad_coordinate', unit.id, MESSAGES.badCoordinate(kind), unit.id));
      if (!arch.storeys[unit.storey_id])
        ctx.warnings.push(warning('unknown_storey', unit.id, MESSAGES.unitUnknownStorey(kind, unit.storey_id), unit.id));
    }
  }
}
