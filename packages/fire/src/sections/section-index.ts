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

/**
 * Finds the section and part holding a point of a storey: the first section in the given order (then the first of its
 * parts) that does, or null. Built once for many points: each storey's parts with their boxes, in that order.
 */
export function sectionLocator(
  sections: readonly Section[],
  building: SectionBuilding,
): (storeyId: string, at: Pt) => { section: Section; part: number } | null {
  type Entry = { section: Section; part: number; rings: Ring[]; minX: number; minY: number; maxX: number; maxY: number };
  const byStorey = new Map<string, Entry[]>();
  for (const section of sections)
    section.parts.forEach((part, k) => {
      const room = building.rooms.get(part.room_id);
      if (!room) return;
      const rings = partRings(part, room.info);
      if (rings.length === 0) return;
      const xs = rings[0]!.map((p) => p[0]);
      const ys = rings[0]!.map((p) => p[1]);
      const entry = { section, part: k, rings, minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
      const list = byStorey.get(room.info.storey.id);
      if (list) list.push(entry);
      else byStorey.set(room.info.storey.id, [entry]);
    });
  return (storeyId, [x, y]) => {
    for (const e of byStorey.get(storeyId) ?? [])
      if (x >= e.minX && x <= e.maxX && y >= e.minY && y <= e.maxY && pointInRings(x, y, e.rings))
        return { section: e.section, part: e.part };
    return null;
  };
}
