/**
 * Clean room overlap: rooms of one storey never overlap afterwards. Rooms are placed one by one, rooms from the file
 * before synthetic ones and smaller before larger (a small room drawn inside a large one is usually a part of it that
 * got its own space, e.g. a shaft in a corridor); each room loses what the rooms placed before it cover. A room left
 * in pieces keeps the largest and the other pieces of at least MIN_ROOM_AREA become rooms of the same name and type;
 * a room left with less than MIN_ROOM_AREA is removed.
 */
import type { Room } from '@edrf/model';
import type { PolygonOps } from '../boolean.js';
import { boxesTouch, polygonArea, polygonBoundingBox, type BoundingBox } from '../measure.js';
import { MIN_ROOM_AREA } from '../tolerance.js';
import { roomPolygon, totalArea, type Shape } from './storey-items.js';

/** Overlaps smaller than this (m²) are rounding, not overlap. */
export const OVERLAP_EPSILON = 1e-6;

export interface RoomPiece {
  /** The room the piece comes from. */
  room: Room;
  shape: Shape;
  /** The room's largest piece keeps its id; the others are new rooms. */
  main: boolean;
}

const box = (shape: Shape): BoundingBox => polygonBoundingBox(shape) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/** The storey's rooms as pieces that do not overlap; rooms without a piece are to be removed. */
export function separateRooms(rooms: readonly Room[], ops: PolygonOps): RoomPiece[] {
  const order = rooms
    .map((room) => ({ room, shape: roomPolygon(room), area: polygonArea(roomPolygon(room)) }))
    .sort((a, b) => Number(a.room.synthetic) - Number(b.room.synthetic) || a.area - b.area || a.room.id.localeCompare(b.room.id));
  const placed: { shape: Shape; box: BoundingBox }[] = [];
  const out: RoomPiece[] = [];
  for (const { room, shape } of order) {
    const own = box(shape);
    const near = placed.filter((p) => boxesTouch(p.box, own, 0)).map((p) => p.shape);
    let pieces: Shape[] = [shape];
    if (near.length > 0 && totalArea(ops.intersection([shape], near)) > OVERLAP_EPSILON) {
      pieces = ops.difference([shape], near).filter((piece) => polygonArea(piece) >= MIN_ROOM_AREA);
    }
    pieces.forEach((piece, i) => {
      out.push({ room, shape: piece, main: i === 0 });
      placed.push({ shape: piece, box: box(piece) });
    });
  }
  return out;
}
