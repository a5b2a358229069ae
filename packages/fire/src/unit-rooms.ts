// The room each unit serves, by the engine's one rule for where a unit belongs (section-index.ts sectionLocator): the
// room holding its point; else the room whose door it stands at (a call point on the jamb); else the nearest room on
// its storey. Each room is located as a section of one part, so a report's room column and the section the engine
// gives the unit never disagree.
import { sectionSchema, type Arch, type Room, type Section } from '@edrf/model';
import type { Pt } from './geometry/ring.js';
import { sectionLocator } from './sections/section-index.js';
import { unitSectionsBuilding } from './sections/unit-sections.js';

/** What a unit needs to be placed: its id, its storey, where it stands and, for a call point, its door. */
export interface PlacedUnit {
  id: string;
  storey_id: string;
  coord: readonly number[];
  door_id?: string;
}

/** Unit id -> the room it serves; left out only when its storey has no room the engine can use. */
export function unitRooms(arch: Arch, units: Iterable<PlacedUnit>): Map<string, Room> {
  const building = unitSectionsBuilding(arch);
  // The rooms bottom storey up, each storey's in its order: a tie goes to the first, as sectionLocator's does.
  const rooms = [...building.rooms.values()].sort((a, b) => a.storey - b.storey || a.index - b.index).map((r) => r.info.room);
  const asSections: Section[] = rooms.map((room) => sectionSchema.parse({ id: room.id, parts: [{ room_id: room.id }] }));
  const locate = sectionLocator(asSections, building);
  const out = new Map<string, Room>();
  for (const unit of units) {
    const found = locate(unit.storey_id, [unit.coord[0]!, unit.coord[1]!] as Pt, unit.door_id || undefined);
    const room = found ? arch.rooms[found.section.id] : undefined;
    if (room) out.set(unit.id, room);
  }
  return out;
}
