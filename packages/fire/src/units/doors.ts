import type { Door } from '@edrf/model';
import { roomAt, type RoomInfo, type StoreyInfo } from '../building.js';
import type { Pt } from '../geometry/ring.js';

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

export function doorInfo(door: Door, storey: StoreyInfo): DoorInfo | undefined {
  const [lx, ly] = door.left;
  const [rx, ry] = door.right;
  const width = Math.hypot(rx - lx, ry - ly);
  if (!(width > 1e-6) || ![lx, ly, rx, ry].every(Number.isFinite)) return undefined;
  const along: Pt = [(rx - lx) / width, (ry - ly) / width];
  const normal: Pt = [-along[1], along[0]];
  const mid: Pt = [(lx + rx) / 2, (ly + ry) / 2];
  const sides: [RoomInfo | undefined, RoomInfo | undefined] = [
    roomAt(storey, mid[0] + normal[0] * SIDE_PROBE, mid[1] + normal[1] * SIDE_PROBE),
    roomAt(storey, mid[0] - normal[0] * SIDE_PROBE, mid[1] - normal[1] * SIDE_PROBE),
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
