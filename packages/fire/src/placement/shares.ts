import type { Arch, Fire } from '@edrf/model';
import { indexBuilding, type StoreyInfo } from '../building.js';
import { REGULATION_RULES } from '../regulations.js';
import type { PlacementContext } from '../units/context.js';
import { placeDetectors } from '../units/detectors.js';
import { UnitIds } from '../units/ids.js';
import { placeSirens } from '../units/sirens.js';
import type { PlacementTable, Placements, RoomPlacement } from './room.js';

export type { PlacementTable, Placements, RoomPlacement };

/**
 * Rooms are placed independently of each other, so a large building's rooms can be placed in shares, on several
 * threads: each share records its rooms' placements (detectors and sirens) in a table, and calc_fire_units then runs
 * as usual with that table (calcFireUnits' `placements`), taking each placement from it instead of making it again. Whatever a
 * share left out or placed differently is placed by that run itself, so the answer is the single-thread answer.
 */

export interface RoomsInput {
  arch: Arch;
  fire: Fire;
  analyze_only?: boolean;
}

/**
 * What placing the rooms needs of the input: the storeys' rooms (outlines, not surfaces) and air inlets, the fire
 * config and units. Much smaller than the architecture, so it is cheap to hand to other threads.
 */
export function roomsPart({ arch, fire, analyze_only }: RoomsInput): RoomsInput {
  const inlets = new Set<string>(REGULATION_RULES[fire.config.regulation].inletVentTypes);
  const rooms: Arch['rooms'] = {};
  const objects: Arch['other_objects'] = {};
  const storeys: Arch['storeys'] = {};
  for (const storey of Object.values(arch.storeys)) {
    const vents = storey.other_objects.filter((id) => inlets.has(arch.other_objects[id]?.vent_type ?? ''));
    for (const id of storey.rooms) {
      const room = arch.rooms[id];
      if (room)
        rooms[id] = {
          ...room,
          shape: { ...room.shape, below: heightPoint(room.shape.below, Math.min), above: heightPoint(room.shape.above, Math.max) },
        };
    }
    for (const id of vents) objects[id] = arch.other_objects[id]!;
    const none: string[] = [];
    storeys[storey.id] = {
      ...storey,
      walls: none,
      wall_openings: none,
      doors: none,
      stairs: none,
      ceilings: none,
      floors: none,
      other_objects: vents,
    };
  }
  const empty = {};
  return {
    arch: {
      rotation: arch.rotation,
      storeys,
      buildings: empty,
      rooms,
      walls: empty,
      wall_openings: empty,
      doors: empty,
      stairs: empty,
      ceilings: empty,
      slabs: empty,
      other_objects: objects,
    },
    fire,
    analyze_only,
  };
}

/** A surface's points reduced to the one height a room's ceiling height reads (units/detector-reach.ts roomHeight). */
const heightPoint = (points: readonly [number, number, number][], pick: (...z: number[]) => number): [number, number, number][] =>
  points.length ? [[0, 0, pick(...points.map((p) => p[2]))]] : [];

/** The rooms of a building, numbered storey by storey as the placement goes through them. */
export const roomCount = (storeys: readonly StoreyInfo[]) => storeys.reduce((n, s) => n + s.rooms.length, 0);

/**
 * Places rooms [from, to) of the indexed building (detectors and sirens, as calc_fire_units would) and answers their
 * placements by input. The ids, warnings and shapes this makes are thrown away: the run with the table makes them.
 */
export function placeRoomShare(input: RoomsInput, storeys: readonly StoreyInfo[], from: number, to: number): [string, RoomPlacement][] {
  let first = 0;
  const share = storeys.map((storey) => {
    const start = first;
    first += storey.rooms.length;
    return { ...storey, rooms: storey.rooms.filter((_, i) => start + i >= from && start + i < to) };
  });
  const onShare = new Set(share.filter((s) => s.rooms.length > 0).map((s) => s.storey.id));
  // Only the units of the share's storeys: the others cannot be in its rooms.
  const units = <T extends { storey_id: string }>(group: Record<string, T>) =>
    Object.fromEntries(Object.entries(group).flatMap(([id, u]) => (onShare.has(u.storey_id) ? [[id, structuredClone(u)]] : [])));
  const { fire } = input;
  const table: PlacementTable = new Map();
  const ctx: PlacementContext = {
    fire,
    doors: {},
    rules: REGULATION_RULES[fire.config.regulation],
    ids: new UnitIds(fire),
    detectors: units(fire.units.detectors),
    sirens: units(fire.units.sirens),
    buttons: {},
    warnings: [],
    detectorShapes: {},
    sirenShapes: {},
    stats: [],
    withBounds: false,
    analyzeOnly: input.analyze_only ?? false,
    placements: { table, record: true },
  };
  placeDetectors(ctx, share);
  placeSirens(ctx, share);
  return [...table];
}

/** The building indexed as calc_fire_units indexes it. */
export const indexRooms = (input: RoomsInput) => indexBuilding(input.arch).storeys;
