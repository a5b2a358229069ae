/** The plan shapes and heights of a storey's rooms and walls, as the clean steps read them. */
import type { Arch, Point2, Point3, Polygon, Room, Storey, Wall } from '@edrf/model';
import { polygonArea } from '../measure.js';

/** P§9: walls that start more than this above the storey floor are beams, not room boundaries. */
export const BEAM_START = 1.5;
/** Walls whose top is less than this above the storey floor are low walls (railings, parapets, plinths). */
export const LOW_WALL_TOP = 1.8;

export type Shape = Pick<Polygon, 'exterior' | 'interiors'>;

export const roomPolygon = (room: Room): Shape => ({ exterior: room.shape.exterior, interiors: room.shape.interiors });
export const wallPolygon = (wall: Wall): Shape => ({ exterior: wall.shape.exterior.map(([x, y]): Point2 => [x, y]), interiors: [] });

const zs = (points: readonly Point3[]) => points.map((p) => p[2]);

/** The lowest and highest z of a wall (its footprint and its bottom and top corners). */
export function wallZRange(wall: Wall): { bottom: number; top: number } {
  const low = [...zs(wall.shape.exterior), ...zs(wall.shape.below)];
  const high = wall.shape.above.length > 0 ? zs(wall.shape.above) : low;
  return { bottom: Math.min(...low), top: Math.max(...high) };
}

/** The items a storey lists that exist in the arch. */
export const storeyRooms = (arch: Arch, storey: Storey): Room[] => storey.rooms.map((id) => arch.rooms[id]).filter((r): r is Room => !!r);
export const storeyWalls = (arch: Arch, storey: Storey): Wall[] => storey.walls.map((id) => arch.walls[id]).filter((w): w is Wall => !!w);

/** Whether a wall's top is less than LOW_WALL_TOP above its storey's floor. */
export const isLowWall = (wall: Wall, storey: Storey): boolean => wallZRange(wall).top < storey.height.min_z + LOW_WALL_TOP;

/** Walls that bound rooms: standing on the storey (not beams) and not low. */
export function enclosingWalls(arch: Arch, storey: Storey): Wall[] {
  return storeyWalls(arch, storey).filter((wall) => {
    const { bottom } = wallZRange(wall);
    return bottom <= storey.height.min_z + BEAM_START && !isLowWall(wall, storey);
  });
}

const zRange = (points: readonly Point3[], fallback: number, pick: (a: number, b: number) => number) =>
  points.length > 0 ? points.map((p) => p[2]).reduce((a, b) => pick(a, b)) : fallback;

/** The room with a new plan shape; its floor and ceiling points follow the new outline at their old heights. */
export function withShape(room: Room, shape: Shape, storey: Storey): Room {
  const floor = zRange(room.shape.below, storey.height.min_z, Math.min);
  const ceiling = zRange(room.shape.above, storey.height.max_z, Math.max);
  return {
    ...room,
    shape: {
      exterior: shape.exterior,
      interiors: shape.interiors,
      below: shape.exterior.map(([x, y]): Point3 => [x, y, floor]),
      above: shape.exterior.map(([x, y]): Point3 => [x, y, ceiling]),
    },
  };
}

export const totalArea = (shapes: readonly Shape[]): number => shapes.reduce((sum, s) => sum + polygonArea(s), 0);

/** A fresh id that is not a key of `taken` (and is then added to it). */
export function freshId(base: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
