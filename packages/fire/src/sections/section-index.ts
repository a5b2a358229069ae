import type { Door, Section, WallOpening } from '@edrf/model';
import type { BuildingIndex, RoomInfo } from '../building.js';
import { distanceToRings, pointInRings, ringCentroid, segmentClosest, type Pt, type Ring } from '../geometry/ring.js';
import { DOOR_REACH, roomGraph, type RoomGraph } from './room-graph.js';
import type { WalkDoor } from './extent.js';

/** The building as the sections engine reads it: each room's place, each storey's room graph. */
export interface SectionBuilding {
  /** Room id -> the room, its storey's index (bottom up) and its index in that storey's graph. */
  rooms: Map<string, { info: RoomInfo; storey: number; index: number }>;
  graphs: RoomGraph[];
  /** The model's doors by id, and each storey's doors (by storey id). */
  doors: Map<string, Door>;
  doorsByStorey: Map<string, Door[]>;
  /** Each storey's doors (by storey index) with the rooms they open into, for the search walk (extent.ts). */
  walkDoors: WalkDoor[][];
}

/** The rooms (ids) within DOOR_REACH of each door's middle: the rooms it opens into, as the room graph joins them. */
function doorRooms(rooms: readonly RoomInfo[], doors: readonly Pick<Door, 'left' | 'right'>[]): WalkDoor[] {
  const boxes = rooms.map((r) => {
    const xs = r.rings[0]!.map((p) => p[0]);
    const ys = r.rings[0]!.map((p) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
  });
  return doors.map((d) => {
    const at: Pt = [(d.left[0] + d.right[0]) / 2, (d.left[1] + d.right[1]) / 2];
    const near = rooms.filter((r, k) => {
      const [x0, y0, x1, y1] = boxes[k]!;
      const outside = at[0] < x0 - DOOR_REACH || at[0] > x1 + DOOR_REACH || at[1] < y0 - DOOR_REACH || at[1] > y1 + DOOR_REACH;
      return !outside && distanceToRings(at[0], at[1], r.rings) <= DOOR_REACH;
    });
    return { at, rooms: near.map((r) => r.room.id) };
  });
}

/** An opening is walkable when it starts at most this far above its storey's floor (a window has a sill)… */
const OPENING_SILL = 0.3;
/** …and is at least this tall (a door's height). */
const OPENING_HEIGHT = 1.9;

export function sectionBuilding(
  building: BuildingIndex,
  doors: Readonly<Record<string, Door>>,
  openings: Readonly<Record<string, WallOpening>> = {},
): SectionBuilding {
  const rooms: SectionBuilding['rooms'] = new Map();
  const doorsByStorey = new Map<string, Door[]>();
  const graphs = building.storeys.map((storey, s) => {
    storey.rooms.forEach((info, index) => rooms.set(info.room.id, { info, storey: s, index }));
    const onStorey = storey.storey.doors.map((id) => doors[id]).filter((d): d is Door => !!d);
    doorsByStorey.set(storey.storey.id, onStorey);
    return roomGraph(storey.rooms, onStorey);
  });
  // Walkable openings (a door-height opening at floor level, no leaf) join rooms for the search walk as doors do.
  const walkDoors = building.storeys.map((storey) => {
    const floor = storey.storey.height.min_z;
    const passages = storey.storey.wall_openings
      .map((id) => openings[id])
      .filter((o): o is WallOpening => !!o && o.min_z <= floor + OPENING_SILL && o.max_z - o.min_z >= OPENING_HEIGHT)
      .flatMap((o) => {
        const ring = o.shape.exterior;
        if (ring.length < 3) return [];
        const [cx, cy] = ringCentroid(ring);
        const passage: Pick<Door, 'left' | 'right'> = { left: [cx, cy, floor], right: [cx, cy, floor] };
        return [passage];
      });
    return doorRooms(storey.rooms, [...doorsByStorey.get(storey.storey.id)!, ...passages]);
  });
  return { rooms, graphs, doors: new Map(Object.entries(doors)), doorsByStorey, walkDoors };
}

/** A part's outline: its own shape, or its room's. */
export function partRings(part: Section['parts'][number], room: RoomInfo): Ring[] {
  if (!part.shape) return room.rings;
  return [part.shape.exterior, ...part.shape.interiors] as Ring[];
}

/** Where a located unit belongs: its section and the part (index into the section's parts) of the room it serves. */
export interface LocatedUnit {
  section: Section;
  part: number;
}

/** A unit stands at a door when it is within this distance of the door's line (a call point on the jamb or wall). */
export const AT_DOOR = DOOR_REACH;

/**
 * The one rule for which section a unit belongs to (issue 33; the addresses and the loops both read it): the room it
 * serves, and that room's section. The room it serves is the part holding its point; else the room whose door it
 * stands at (the door named, a button's door_id, or the door whose line its point lies within AT_DOOR of), the one of
 * the door's rooms nearest the point; else the nearest part on its storey. Null only when no section has a part on
 * the unit's storey. Ties go to the first section in the given order (then the first of its parts). Built once for many
 * units: each storey's parts with their boxes, in that order.
 */
export function sectionLocator(
  sections: readonly Section[],
  building: SectionBuilding,
): (storeyId: string, at: Pt, doorId?: string) => LocatedUnit | null {
  type Entry = LocatedUnit & { rings: Ring[]; minX: number; minY: number; maxX: number; maxY: number };
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
  const boxGap = (e: Entry, x: number, y: number) => Math.hypot(Math.max(e.minX - x, 0, x - e.maxX), Math.max(e.minY - y, 0, y - e.maxY));
  /** The entry nearest (x, y) among those accepted, by distance to its outline; the first on a tie. */
  const nearest = (entries: readonly Entry[], x: number, y: number, accept: (e: Entry) => boolean = () => true) => {
    let best: Entry | null = null;
    let bestD = Infinity;
    for (const e of entries) {
      if (!accept(e) || boxGap(e, x, y) >= bestD) continue;
      const d = distanceToRings(x, y, e.rings);
      if (d < bestD - 1e-9) [best, bestD] = [e, d];
    }
    return best;
  };
  const found = (e: Entry | null): LocatedUnit | null => (e ? { section: e.section, part: e.part } : null);
  return (storeyId, [x, y], doorId) => {
    const entries = byStorey.get(storeyId) ?? [];
    for (const e of entries) if (x >= e.minX && x <= e.maxX && y >= e.minY && y <= e.maxY && pointInRings(x, y, e.rings)) return found(e);
    const doors = building.doorsByStorey.get(storeyId) ?? [];
    const named = doorId ? building.doors.get(doorId) : undefined;
    const door =
      named ??
      doors
        .map((d) => ({ d, gap: segmentClosest(x, y, [d.left[0], d.left[1]], [d.right[0], d.right[1]]).d }))
        .filter((c) => c.gap <= AT_DOOR)
        .sort((a, b) => a.gap - b.gap)[0]?.d;
    if (door) {
      const m: Pt = [(door.left[0] + door.right[0]) / 2, (door.left[1] + door.right[1]) / 2];
      const served = nearest(
        entries,
        x,
        y,
        (e) => boxGap(e, m[0], m[1]) <= DOOR_REACH && distanceToRings(m[0], m[1], e.rings) <= DOOR_REACH,
      );
      if (served) return found(served);
    }
    return found(nearest(entries, x, y));
  };
}
