/**
 * Synthesize rooms: regions enclosed by walls that no room covers become rooms (synthetic: true, 'New Room', Other).
 * The storey's enclosing walls (standing on the floor, not low) are united and closed by WALL_GAP (wall ends that miss
 * each other by less than that still enclose); the holes of that union, less the walls inside them, are the enclosed
 * faces. A face that rooms cover less than EMPTY_SHARE of becomes a room when what rooms leave of it is at least
 * MIN_EMPTY_FACE_AREA (shafts are small). In a face that rooms partly cover, what they leave becomes rooms only where
 * it is at least MIN_REST_WIDTH wide (an opening removes the strips rooms leave along walls) and MIN_REST_AREA large.
 */
import type { PolygonOps } from '../boolean.js';
import { polygonArea } from '../measure.js';
import { totalArea, type Shape } from './storey-items.js';

export const WALL_GAP = 0.1;
export const EMPTY_SHARE = 0.01;
export const MIN_EMPTY_FACE_AREA = 0.5;
export const MIN_REST_WIDTH = 0.6;
export const MIN_REST_AREA = 2;

/** The regions of a storey enclosed by walls that no room covers, largest first. */
export function enclosedEmptyRegions(walls: readonly Shape[], rooms: readonly Shape[], ops: PolygonOps): Shape[] {
  if (walls.length === 0) return [];
  const closed = ops.offset(ops.offset(ops.union(walls), WALL_GAP / 2), -WALL_GAP / 2);
  const out: Shape[] = [];
  for (const polygon of closed) {
    for (const hole of polygon.interiors) {
      const faces = ops.difference([{ exterior: hole, interiors: [] }], closed);
      const faceArea = totalArea(faces);
      if (faceArea <= 0) continue;
      const rest = rooms.length > 0 ? ops.difference(faces, rooms) : faces;
      const covered = faceArea - totalArea(rest);
      if (covered < EMPTY_SHARE * faceArea) {
        out.push(...rest.filter((r) => polygonArea(r) >= MIN_EMPTY_FACE_AREA));
      } else {
        const half = MIN_REST_WIDTH / 2;
        const opened = ops.intersection(ops.offset(ops.offset(rest, -half), half), rest);
        out.push(...opened.filter((r) => polygonArea(r) >= MIN_REST_AREA));
      }
    }
  }
  return out.sort((a, b) => polygonArea(b) - polygonArea(a));
}
