import { MIN_ROOM_AREA, type Arch, type Room, type Storey } from '@edrf/model';
import { pointInRings, ringArea, ringCentroid, ringSelfIntersects, type Pt, type Ring } from './geometry/ring.js';
import type { AnalysisWarning } from './analysis.js';
import { MESSAGES } from './messages.js';
import { compareStoreys } from './analysis/storey-order.js';

/** A room the engine can work with: on a storey, with a valid outline. */
export interface RoomInfo {
  room: Room;
  storey: Storey;
  rings: Ring[];
  area: number;
  centroid: Pt;
}

export interface StoreyInfo {
  storey: Storey;
  rooms: RoomInfo[];
  /** Outlines of the storey's objects, by vent type. */
  vents: { type: string; ring: Ring }[];
}

/** The building as the engine reads it, with a warning for each item it had to skip. */
export interface BuildingIndex {
  storeys: StoreyInfo[];
  warnings: AnalysisWarning[];
}

export const warning = (kind: string, id: string, message: string, unitId = ''): AnalysisWarning => ({
  warning_id: `${kind}:${id}`,
  unit_id: unitId,
  section_id: '',
  message,
});

const finite = (ring: readonly (readonly number[])[]) => ring.every((p) => p.every((v) => Number.isFinite(v)));

/** Why a room's outline cannot be used, or undefined when it can. */
export function roomShapeProblem(rings: readonly Ring[]): string | undefined {
  if (!rings.every(finite)) return 'its outline has a coordinate that is not a number';
  if (rings.some((ring) => ring.length < 3)) return 'its outline has fewer than 3 points';
  if (rings.some(ringSelfIntersects)) return 'its outline crosses itself';
  const area = Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
  if (!(area >= MIN_ROOM_AREA)) return `its area is below ${MIN_ROOM_AREA} m²`;
  return undefined;
}

export const roomLabel = (room: Room) => room.name || room.id;

export function indexBuilding(arch: Arch): BuildingIndex {
  const warnings: AnalysisWarning[] = [];
  const onStorey = new Set<string>();
  const storeys = Object.values(arch.storeys)
    .sort(compareStoreys)
    .map((storey): StoreyInfo => {
      const rooms: RoomInfo[] = [];
      for (const id of storey.rooms) {
        const room = arch.rooms[id];
        if (!room) {
          warnings.push(warning('unknown_room', `${storey.id}/${id}`, MESSAGES.unknownRoom(storey.name || storey.id, id)));
          continue;
        }
        if (onStorey.has(id)) continue;
        onStorey.add(id);
        const rings: Ring[] = [room.shape.exterior, ...room.shape.interiors];
        const problem = roomShapeProblem(rings);
        if (problem) {
          warnings.push(warning('bad_room_shape', id, MESSAGES.badRoomShape(roomLabel(room), problem)));
          continue;
        }
        const area = Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
        rooms.push({ room, storey, rings, area, centroid: ringCentroid(rings[0]!) });
      }
      const vents = storey.other_objects
        .map((id) => arch.other_objects[id])
        .flatMap((o) => (o && finite(o.shape.exterior) ? [{ type: o.vent_type, ring: o.shape.exterior }] : []));
      return { storey, rooms, vents };
    });
  for (const room of Object.values(arch.rooms)) {
    if (!onStorey.has(room.id)) warnings.push(warning('room_without_storey', room.id, MESSAGES.roomWithoutStorey(roomLabel(room))));
  }
  if (Object.keys(arch.rooms).length === 0) warnings.push(warning('empty_building', 'building', MESSAGES.emptyBuilding));
  return { storeys, warnings };
}

/** The room of a storey a plan point lies in. */
export const roomAt = (storey: StoreyInfo, x: number, y: number): RoomInfo | undefined =>
  storey.rooms.find((r) => pointInRings(x, y, r.rings));
