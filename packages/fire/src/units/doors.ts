import type { Door } from '@edrf/model';
import type { RoomInfo, StoreyInfo } from '../building.js';
import { pointInRings, type Pt } from '../geometry/ring.js';

/** A door seen from the plan: its middle, direction, and the rooms on its two sides. */
export interface DoorInfo {
  door: Door;
  mid: Pt;
  /** Unit vector from the left jamb to the right one. */
  along: Pt;
  /** Unit normal. */
  normal: Pt;
  width: number;
  /** The rooms 0.3 m to each side: [normal side, opposite side]. */
  sides: [RoomInfo | undefined, RoomInfo | undefined];
}

/** How far from a door's line its sides' rooms are looked for. */
export const SIDE_PROBE = 0.3;

/** Each room's box (x0, y0, x1, y1 in a row), kept per storey: the call point check looks up a room per door side. */
const storeyBoxes = new WeakMap<StoreyInfo, Float64Array>();
function boxesOf(storey: StoreyInfo): Float64Array {
  const known = storeyBoxes.get(storey);
  if (known) return known;
  const made = new Float64Array(storey.rooms.length * 4);
  storey.rooms.forEach((room, i) => {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of room.rings)
      for (const p of ring) {
        x0 = Math.min(x0, p[0]);
        y0 = Math.min(y0, p[1]);
        x1 = Math.max(x1, p[0]);
        y1 = Math.max(y1, p[1]);
      }
    made.set([x0, y0, x1, y1], i * 4);
  });
  storeyBoxes.set(storey, made);
  return made;
}

/**
 * building.ts roomAt (the first room of the storey holding the point), with each room's box asked first: the
 * even-odd rule finds no point outside a ring's box inside it, so the answer is the same.
 */
export function roomOf(storey: StoreyInfo, x: number, y: number): RoomInfo | undefined {
  const boxes = boxesOf(storey);
  for (let i = 0; i < storey.rooms.length; i++) {
    const k = i * 4;
    if (x < boxes[k]! || y < boxes[k + 1]! || x > boxes[k + 2]! || y > boxes[k + 3]!) continue;
    if (pointInRings(x, y, storey.rooms[i]!.rings)) return storey.rooms[i];
  }
  return undefined;
}

export function doorInfo(door: Door, storey: StoreyInfo): DoorInfo | undefined {
  const [lx, ly] = door.left;
  const [rx, ry] = door.right;
  const width = Math.hypot(rx - lx, ry - ly);
  if (!(width > 1e-6) || ![lx, ly, rx, ry].every(Number.isFinite)) return undefined;
  const along: Pt = [(rx - lx) / width, (ry - ly) / width];
  const normal: Pt = [-along[1], along[0]];
  const mid: Pt = [(lx + rx) / 2, (ly + ry) / 2];
  const sides: [RoomInfo | undefined, RoomInfo | undefined] = [
    roomOf(storey, mid[0] + normal[0] * SIDE_PROBE, mid[1] + normal[1] * SIDE_PROBE),
    roomOf(storey, mid[0] - normal[0] * SIDE_PROBE, mid[1] - normal[1] * SIDE_PROBE),
  ];
  return { door, mid, along, normal, width, sides };
}

/** The storey's doors seen from the plan, kept per storey and door record (the steps of a run share them). */
const doorLists = new WeakMap<StoreyInfo, { record: Readonly<Record<string, Door>>; list: DoorInfo[] }>();
export function storeyDoors(storey: StoreyInfo, record: Readonly<Record<string, Door>>): DoorInfo[] {
  const known = doorLists.get(storey);
  if (known && known.record === record) return known.list;
  const list = storey.storey.doors.flatMap((id) => {
    const door = record[id];
    const info = door && doorInfo(door, storey);
    return info ? [info] : [];
  });
  doorLists.set(storey, { record, list });
  return list;
}

/** An exit door, the side its call point goes on (the accommodation side), and why it is one. */
export interface ExitDoor {
  info: DoorInfo;
  side: 0 | 1;
  /** final: out of the building (to open air); storey: into a stairwell. */
  kind: 'final' | 'storey';
}

/**
 * The exit doors of a storey (BS 5839-1 cl. 20, NFPA 72 §17.14.8.4, SBF 110:8: call points at storey exits and final
 * exits, on the accommodation side). `closedVoid`: rooms that count as outside (units/voids.ts).
 * - Final exit: a room people are in on one side, nothing, a balcony (open air) or a closed void on the other. A door
 *   with rooms on both sides leads into the building whatever the file's exterior flag says, and a shaft (a lift) is
 *   no way out.
 * - Storey exit: a door into a stairwell from a room of the storey's escape route (one that joins two places or more:
 *   a corridor, a hall). A door from a room that opens onto the stair alone (an office, a plant room) is that room's own
 *   door, like an office door onto a corridor, while the storey reaches the stair from a corridor too: call points
 *   stand on the escape route everyone takes, not behind an office door (its people reach the corridor's one within
 *   the travel distance, which is checked).
 */
export function exitDoors(doors: readonly DoorInfo[], closedVoid: (room: RoomInfo) => boolean): ExitDoor[] {
  const { outside, onRoute } = escapeRoute(doors, closedVoid);
  const stairSide = (d: DoorInfo) => {
    const [a, b] = d.sides;
    if (!a || !b || outside(a) || outside(b)) return undefined;
    const [stairA, stairB] = [a.room.type === 'Stairwell', b.room.type === 'Stairwell'];
    if (stairA === stairB) return undefined;
    const side: 0 | 1 = stairA ? 1 : 0;
    return d.sides[side]!.room.type === 'Shaft' ? undefined : { side, stair: stairA ? a : b, from: d.sides[side]! };
  };
  // Stairs the storey reaches from its escape route.
  const reached = new Set<RoomInfo>();
  for (const d of doors) {
    const s = stairSide(d);
    if (s && onRoute(s.from)) reached.add(s.stair);
  }
  const out: ExitDoor[] = [];
  for (const info of doors) {
    const [a, b] = info.sides;
    if (outside(a) !== outside(b)) {
      const side: 0 | 1 = outside(b) ? 0 : 1;
      if (info.sides[side]!.room.type !== 'Shaft') out.push({ info, side, kind: 'final' });
      continue;
    }
    const s = stairSide(info);
    if (s && (onRoute(s.from) || !reached.has(s.stair))) out.push({ info, side: s.side, kind: 'storey' });
  }
  return out;
}

/**
 * How a storey's rooms join: `outside` (no room, a balcony, a closed void), and `onRoute`: a room whose doors join it to
 * two places or more (other rooms, the outside), through which others' way out runs: a corridor, a hall, a lobby.
 */
export function escapeRoute(doors: readonly DoorInfo[], closedVoid: (room: RoomInfo) => boolean) {
  const outside = (room: RoomInfo | undefined) => !room || room.room.type === 'Balcony' || closedVoid(room);
  const places = new Map<RoomInfo, Set<RoomInfo | 'outside'>>();
  for (const d of doors) {
    const [a, b] = d.sides;
    if (a === b) continue;
    for (const [room, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!room || outside(room)) continue;
      const set = places.get(room) ?? new Set();
      set.add(outside(other) ? 'outside' : other!);
      places.set(room, set);
    }
  }
  return { outside, onRoute: (room: RoomInfo) => (places.get(room)?.size ?? 0) >= 2 };
}
