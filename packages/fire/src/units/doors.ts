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

const SIDE_PROBE = 0.3;

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

/**
 * An exit door leads out of the building (exterior flag, or a room on one side only) or into a
 * stairwell from a room that is not one. Answers the side (0 or 1) a call point goes on, or -1.
 */
export function exitSide(info: DoorInfo): 0 | 1 | -1 {
  const [a, b] = info.sides;
  if (!a && !b) return -1;
  const stairA = a?.room.type === 'Stairwell';
  const stairB = b?.room.type === 'Stairwell';
  if (a && b && stairA !== stairB) return stairA ? 1 : 0;
  if (!a || !b) return a ? 0 : 1;
  if (info.door.exterior) return 0;
  return -1;
}
