/**
 * Synthesize rooms: regions enclosed by walls that no room covers become rooms (synthetic: true, 'New Room', Other).
 * The storey's enclosing walls (standing on the floor, not low) are united and closed by WALL_GAP (wall ends that miss
 * each other by less than that still enclose); what a frame 1 m around them holds besides walls is the outside (which
 * reaches the frame) and the enclosed faces (which do not). Only the part of a face that is indoors (indoor.ts: over
 * the storey's floor, under a cover) counts. A face wholly indoors that rooms cover less than EMPTY_SHARE of becomes a
 * room when what rooms leave of it is at least MIN_EMPTY_FACE_AREA (shafts are small). In a face that rooms partly
 * cover, or that is partly outdoors, what is left becomes rooms only where it is at least MIN_REST_WIDTH wide (an
 * opening removes the strips rooms leave along walls and slab edges leave along faces) and MIN_REST_AREA large.
 */
import type { Point2 } from '@edrf/model';
import type { PolygonOps } from '../boolean.js';
import { boundingBox, boxesTouch, polygonArea, polygonBoundingBox } from '../measure.js';
import { totalArea, type Shape } from './storey-items.js';

export const WALL_GAP = 0.1;
export const EMPTY_SHARE = 0.01;
export const MIN_EMPTY_FACE_AREA = 0.5;
export const MIN_REST_WIDTH = 0.6;
export const MIN_REST_AREA = 2;

/** Faces that lose less than this (m²) to the indoor outline are wholly indoors (the rounding of Clipper2's grid). */
const INDOOR_EPSILON = 1e-4;

/**
 * The regions of a storey enclosed by walls that no room covers, largest first. `indoor` is where the storey is
 * indoors (indoorOutline); null: everywhere.
 */
export function enclosedEmptyRegions(
  walls: readonly Shape[],
  rooms: readonly Shape[],
  ops: PolygonOps,
  indoor: readonly Shape[] | null = null,
): Shape[] {
  if (walls.length === 0) return [];
  const closed = ops.offset(ops.offset(ops.union(walls), WALL_GAP / 2), -WALL_GAP / 2);
  const bounds = boundingBox(closed.flatMap((p) => p.exterior));
  if (!bounds) return [];
  // Everything inside a frame around the walls that is not wall: the outside (which reaches the frame) and the faces.
  const frame = { minX: bounds.minX - 1, minY: bounds.minY - 1, maxX: bounds.maxX + 1, maxY: bounds.maxY + 1 };
  const frameRing: Point2[] = [
    [frame.minX, frame.minY],
    [frame.maxX, frame.minY],
    [frame.maxX, frame.maxY],
    [frame.minX, frame.maxY],
  ];
  const faces = ops.difference([{ exterior: frameRing, interiors: [] }], closed).filter((face) => {
    const box = polygonBoundingBox(face)!;
    return box.minX > frame.minX + 0.5 && box.minY > frame.minY + 0.5 && box.maxX < frame.maxX - 0.5 && box.maxY < frame.maxY - 0.5;
  });
  const roomBoxes = rooms.map((room) => ({ room, box: polygonBoundingBox(room) }));
  const out: Shape[] = [];
  for (const whole of faces) {
    const inside = indoor ? ops.intersection([whole], [...indoor]) : [whole];
    if (inside.length === 0) continue;
    const faceArea = totalArea(inside);
    const partlyOutdoors = polygonArea(whole) - faceArea > INDOOR_EPSILON;
    const faceBox = polygonBoundingBox(whole)!;
    const near = roomBoxes.filter((r) => r.box && boxesTouch(r.box, faceBox, 0)).map((r) => r.room);
    const rest = near.length > 0 ? ops.difference(inside, near) : inside;
    const covered = faceArea - totalArea(rest);
    if (!partlyOutdoors && covered < EMPTY_SHARE * faceArea) {
      out.push(...rest.filter((r) => polygonArea(r) >= MIN_EMPTY_FACE_AREA));
    } else {
      const half = MIN_REST_WIDTH / 2;
      const opened = ops.intersection(ops.offset(ops.offset(rest, -half), half), rest);
      out.push(...opened.filter((r) => polygonArea(r) >= MIN_REST_AREA));
    }
  }
  return out.sort((a, b) => polygonArea(b) - polygonArea(a));
}
