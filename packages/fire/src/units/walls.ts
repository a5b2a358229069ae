import type { RoomInfo, StoreyInfo } from '../building.js';
import { pointInRings, type Pt } from '../geometry/ring.js';
import { roomOf, type DoorInfo } from './doors.js';

/** Wall units stand this far into the room from its outline (the wall's face): the unit's depth, about. */
export const WALL_INSET = 0.05;
/** Clear of a door opening: beyond each jamb by this much, and up to this far from the door's line (a wall's thickness). */
const JAMB_CLEARANCE = 0.3;
const DOOR_DEPTH = 0.5;
/** Clear of a corner by this much: a unit is fixed on the wall's face, not in the corner. */
const CORNER_CLEARANCE = 0.3;
/** How far past the wall face another room is looked for: more than the thickest wall of the corpus. */
const NEIGHBOUR_PROBE = 0.5;

/** A place on a room's wall: on its outline, WALL_INSET into the room. */
export interface WallPoint {
  at: Pt;
  /** The unit normal from the wall into the room. */
  inward: Pt;
  /** Another room lies just behind this wall (a partition), rather than the outside. */
  shared: boolean;
}

/** Whether a point stands in a door's opening (within the door's width and a clearance, and near its line). */
export function inDoorway(p: Pt, doors: readonly DoorInfo[]): boolean {
  return doors.some((d) => {
    const dx = p[0] - d.mid[0];
    const dy = p[1] - d.mid[1];
    const along = Math.abs(dx * d.along[0] + dy * d.along[1]);
    const across = Math.abs(dx * d.normal[0] + dy * d.normal[1]);
    return along <= d.width / 2 + JAMB_CLEARANCE && across <= DOOR_DEPTH;
  });
}

/**
 * Places on the room's walls about `step` apart along each edge of its outline (holes' too), clear of corners and of
 * the doors' openings, each inside the room and found in it by the storey's room lookup (so a run again finds the
 * unit in this room).
 */
export function wallPoints(info: RoomInfo, storey: StoreyInfo, doors: readonly DoorInfo[], step: number): WallPoint[] {
  // Kept per storey, door list, room and step: the call points' travel search asks for a room's places again for every
  // point it tries (a copy each time: callers sort it).
  let byDoors = known.get(storey);
  if (!byDoors) known.set(storey, (byDoors = new WeakMap()));
  let byRoom = byDoors.get(doors);
  if (!byRoom) byDoors.set(doors, (byRoom = new WeakMap()));
  let bySteps = byRoom.get(info);
  if (!bySteps) byRoom.set(info, (bySteps = new Map<number, readonly WallPoint[]>()));
  let points = bySteps.get(step);
  if (!points) bySteps.set(step, (points = findWallPoints(info, storey, doors, step)));
  return [...points];
}

const known = new WeakMap<StoreyInfo, WeakMap<readonly DoorInfo[], WeakMap<RoomInfo, Map<number, readonly WallPoint[]>>>>();

function findWallPoints(info: RoomInfo, storey: StoreyInfo, doors: readonly DoorInfo[], step: number): WallPoint[] {
  const out: WallPoint[] = [];
  for (const ring of info.rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (!(length > 1e-6)) continue;
      const u: Pt = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
      const usable = length - 2 * CORNER_CLEARANCE;
      const count = usable > 0 ? Math.floor(usable / step) + 1 : 1;
      const first = usable > 0 ? CORNER_CLEARANCE + (usable - (count - 1) * step) / 2 : length / 2;
      for (let k = 0; k < count; k++) {
        const s = first + k * step;
        const on: Pt = [a[0] + u[0] * s, a[1] + u[1] * s];
        const point = inward(info, on, u);
        if (!point || inDoorway(point.at, doors) || roomOf(storey, point.at[0], point.at[1]) !== info) continue;
        const behind: Pt = [on[0] - point.n[0] * NEIGHBOUR_PROBE, on[1] - point.n[1] * NEIGHBOUR_PROBE];
        const other = roomOf(storey, behind[0], behind[1]);
        out.push({ at: point.at, inward: point.n, shared: other !== undefined && other !== info });
      }
    }
  }
  return out;
}

/** The point WALL_INSET off the outline on the room's side of the edge (direction u), with that side's normal. */
function inward(info: RoomInfo, on: Pt, u: Pt): { at: Pt; n: Pt } | undefined {
  for (const n of [
    [-u[1], u[0]],
    [u[1], -u[0]],
  ] as Pt[]) {
    const at: Pt = [on[0] + n[0] * WALL_INSET, on[1] + n[1] * WALL_INSET];
    if (pointInRings(at[0], at[1], info.rings)) return { at, n };
  }
  return undefined;
}

/** The wall place of the room nearest a point, clear of doors; undefined in a room with none. */
export function nearestWallPoint(info: RoomInfo, storey: StoreyInfo, doors: readonly DoorInfo[], p: Pt): Pt | undefined {
  let best: Pt | undefined;
  let bestD = Infinity;
  for (const w of wallPoints(info, storey, doors, 0.25)) {
    const d = Math.hypot(w.at[0] - p[0], w.at[1] - p[1]);
    if (d < bestD) [best, bestD] = [w.at, d];
  }
  return best;
}
