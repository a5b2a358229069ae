// The walls a revision added or moved (issue 40): a wall added inside a room that stays the same splits no space, so
// the rooms alone do not show it. Which legs cross one, and the architecture the re-route's graph reads with them.
import type { Arch, ArchChanges } from '@edrf/model';
import { clipRingToHalfPlane, pointInRings, segmentsCross, type Pt, type Ring } from '../geometry/ring.js';

type Box = readonly [number, number, number, number];

export interface NewWall {
  id: string;
  storeyId: string;
  ring: Ring;
  box: Box;
  /** The doors standing in it (their jambs' line within DOOR_REACH of its box): a cable through one is not blocked. */
  doors: [Pt, Pt][];
}

/** A door whose jambs lie this close to a wall's box stands in it: a door line may lie anywhere in a wall's thickness (m). */
const DOOR_REACH = 0.3;

const boxOf = (ring: Ring): Box => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of ring) [x0, y0, x1, y1] = [Math.min(x0, p[0]), Math.min(y0, p[1]), Math.max(x1, p[0]), Math.max(y1, p[1])];
  return [x0, y0, x1, y1];
};
const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The walls added or moved since the basis, with their outlines now (plan), by storey. */
export function newWalls(arch: Arch, changes: ArchChanges): Map<string, NewWall[]> {
  const out = new Map<string, NewWall[]>();
  for (const { id, storey_id: storeyId } of [...(changes.walls?.added ?? []), ...(changes.walls?.moved ?? [])]) {
    const wall = arch.walls[id];
    if (!wall) continue;
    const ring: Ring = wall.shape.exterior.map((p): Pt => [p[0], p[1]]);
    const box = boxOf(ring);
    const near = ([x0, y0, x1, y1]: Box): Box => [x0 - DOOR_REACH, y0 - DOOR_REACH, x1 + DOOR_REACH, y1 + DOOR_REACH];
    const doors = (arch.storeys[storeyId]?.doors ?? []).flatMap((doorId): [Pt, Pt][] => {
      const door = arch.doors[doorId];
      if (!door) return [];
      const jambs: [Pt, Pt] = [
        [door.left[0], door.left[1]],
        [door.right[0], door.right[1]],
      ];
      return boxesMeet(boxOf(jambs), near(box)) ? [jambs] : [];
    });
    out.set(storeyId, [...(out.get(storeyId) ?? []), { id, storeyId, ring, box, doors }]);
  }
  return out;
}

/** Whether segment ab enters a wall's outline: an end inside it, or an edge crossed. */
export function crossesWall(a: Pt, b: Pt, wall: NewWall): boolean {
  if (!boxesMeet(boxOf([a, b]), wall.box)) return false;
  if (pointInRings(a[0], a[1], [wall.ring]) || pointInRings(b[0], b[1], [wall.ring])) return true;
  return wall.ring.some((p, i) => segmentsCross(a, b, p, wall.ring[(i + 1) % wall.ring.length]!));
}

/**
 * Whether any leg of a route's slices on a storey crosses one of these walls; with `throughDoors`, a leg through one of
 * the wall's doors (crossing its jambs' line) does not count: the cable between racks goes through a door as it is.
 */
export function routeCrossesWalls(
  slices: readonly { storey_id: string; nodes: readonly { coord: readonly number[] }[] }[],
  walls: ReadonlyMap<string, readonly NewWall[]>,
  throughDoors = false,
): boolean {
  return slices.some((slice) => {
    const here = walls.get(slice.storey_id);
    if (!here) return false;
    return slice.nodes.some((node, k) => {
      if (k === 0) return false;
      const a: Pt = [slice.nodes[k - 1]!.coord[0]!, slice.nodes[k - 1]!.coord[1]!];
      const b: Pt = [node.coord[0]!, node.coord[1]!];
      return here.some((wall) => crossesWall(a, b, wall) && !(throughDoors && wall.doors.some(([l, r]) => segmentsCross(a, b, l, r))));
    });
  });
}

/** A wall reaching this close to a room's outline at both ends spans the room (m). */
const SPAN_SLACK = 0.2;
/** A part of a room cut off smaller than this is no part (m²). */
const PART_MIN = 0.5;

const ringArea = (ring: Ring) =>
  Math.abs(ring.reduce((a, p, i) => a + p[0] * ring[(i + 1) % ring.length]![1] - ring[(i + 1) % ring.length]![0] * p[1], 0)) / 2;

/**
 * The room cut in two along the wall's long axis, where the wall spans it from outline to outline; else null. The
 * line is the wall's longest edge through the wall's middle.
 */
function cutAlong(room: Ring, wall: Ring): [Pt[], Pt[]] | null {
  let [dx, dy, best] = [0, 0, 0];
  wall.forEach((p, i) => {
    const q = wall[(i + 1) % wall.length]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len > best) [dx, dy, best] = [(q[0] - p[0]) / len, (q[1] - p[1]) / len, len];
  });
  if (best === 0) return null;
  const [mx, my] = [wall.reduce((a, p) => a + p[0], 0) / wall.length, wall.reduce((a, p) => a + p[1], 0) / wall.length];
  const [nx, ny] = [-dy, dx];
  const c = nx * mx + ny * my;
  // Where the line meets the room's outline, along the wall: the wall must cover that chord.
  const along: number[] = [];
  room.forEach((p, i) => {
    const q = room[(i + 1) % room.length]!;
    const [fp, fq] = [nx * p[0] + ny * p[1] - c, nx * q[0] + ny * q[1] - c];
    if ((fp <= 0 && fq > 0) || (fp > 0 && fq <= 0)) {
      const t = fp / (fp - fq);
      along.push(dx * (p[0] + t * (q[0] - p[0])) + dy * (p[1] + t * (q[1] - p[1])));
    }
  });
  if (along.length < 2) return null;
  const wallAlong = wall.map((p) => dx * p[0] + dy * p[1]);
  if (Math.min(...wallAlong) > Math.min(...along) + SPAN_SLACK || Math.max(...wallAlong) < Math.max(...along) - SPAN_SLACK) return null;
  const one = clipRingToHalfPlane(room, nx, ny, c);
  const other = clipRingToHalfPlane(room, -nx, -ny, -c);
  return ringArea(one) >= PART_MIN && ringArea(other) >= PART_MIN ? [one, other] : null;
}

/**
 * The architecture as the re-route's graph reads it. The graph joins a room's nodes across the room freely and sees
 * walls only between rooms, so a wall inside a room that is still one space would not be gone round: a new wall that
 * spans a room cuts it in two (as the architect's split rooms would be), so the leg crosses it only at WALL_PENALTY and
 * goes round through the doors where that is cheaper; a shorter wall becomes a hole in the room, an edge across it
 * leaving the room. For the graph alone: the rooms of the design are the model's.
 */
export function withNewWalls(arch: Arch, walls: ReadonlyMap<string, readonly NewWall[]>): Arch {
  if (walls.size === 0) return arch;
  const rooms = { ...arch.rooms };
  const storeys = { ...arch.storeys };
  for (const [storeyId, list] of walls) {
    const storey = arch.storeys[storeyId];
    if (!storey) continue;
    const ids = [...storey.rooms];
    for (const wall of list)
      for (const roomId of [...ids]) {
        const room = rooms[roomId];
        if (!room) continue;
        const exterior: Ring = room.shape.exterior.map((p): Pt => [p[0], p[1]]);
        const rings: Ring[] = [exterior, ...room.shape.interiors.map((r) => r.map((p): Pt => [p[0], p[1]]))];
        if (!boxesMeet(boxOf(exterior), wall.box)) continue;
        const meets =
          wall.ring.some((p) => pointInRings(p[0], p[1], rings)) ||
          wall.ring.some((p, i) =>
            exterior.some((q, j) => segmentsCross(p, wall.ring[(i + 1) % wall.ring.length]!, q, exterior[(j + 1) % exterior.length]!)),
          );
        if (!meets) continue;
        const cut = cutAlong(exterior, wall.ring);
        const copy = (ring: Ring) => ring.map((p) => [p[0], p[1]] as [number, number]);
        if (cut) {
          const holesIn = (part: Ring) => room.shape.interiors.filter((h) => h[0] && pointInRings(h[0][0], h[0][1], [part]));
          const partId = `${roomId}~${wall.id}`;
          rooms[roomId] = { ...room, shape: { ...room.shape, exterior: copy(cut[0]), interiors: holesIn(cut[0]) } };
          rooms[partId] = {
            ...room,
            id: partId,
            global_id: '',
            shape: { ...room.shape, exterior: copy(cut[1]), interiors: holesIn(cut[1]) },
          };
          ids.push(partId);
        } else rooms[roomId] = { ...room, shape: { ...room.shape, interiors: [...room.shape.interiors, copy(wall.ring)] } };
      }
    storeys[storeyId] = { ...storey, rooms: ids };
  }
  return { ...arch, rooms, storeys };
}
