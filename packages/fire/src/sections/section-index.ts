import type { Door, Section } from '@edrf/model';
import type { BuildingIndex, RoomInfo } from '../building.js';
import { pointInRings, type Pt, type Ring } from '../geometry/ring.js';
import { roomGraph, type RoomGraph } from './room-graph.js';

/** The building as the sections engine reads it: each room's place, each storey's room graph. */
export interface SectionBuilding {
  /** Room id -> the room, its storey's index (bottom up) and its index in that storey's graph. */
  rooms: Map<string, { info: RoomInfo; storey: number; index: number }>;
  graphs: RoomGraph[];
}

export function sectionBuilding(building: BuildingIndex, doors: Readonly<Record<string, Door>>): SectionBuilding {
  const rooms: SectionBuilding['rooms'] = new Map();
  const graphs = building.storeys.map((storey, s) => {
    storey.rooms.forEach((info, index) => rooms.set(info.room.id, { info, storey: s, index }));
    const onStorey = storey.storey.doors.map((id) => doors[id]).filter((d): d is Door => !!d);
    return roomGraph(storey.rooms, onStorey);
  });
  return { rooms, graphs };
}

/** A part's outline: its own shape, or its room's. */
export function partRings(part: Section['parts'][number], room: RoomInfo): Ring[] {
  if (!part.shape) return room.rings;
  return [part.shape.exterior, ...part.shape.interiors] as Ring[];
}

/** The section and part holding a point of a storey (the first section by id that does), or null. */
export function sectionAt(
  sections: readonly Section[],
  building: SectionBuilding,
  storeyId: string,
  at: Pt,
): { section: Section; part: number } | null {
  for (const section of sections)
    for (const [k, part] of section.parts.entries()) {
      const room = building.rooms.get(part.room_id);
      if (!room || room.info.storey.id !== storeyId) continue;
      if (pointInRings(at[0], at[1], partRings(part, room.info))) return { section, part: k };
    }
  return null;
}
