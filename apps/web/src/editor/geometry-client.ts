import type { Point2 } from '@edrf/model';
import { roomShapeProblem } from './room-shape';

/**
 * The plan's geometry questions, asynchronous so that they can run off the page's thread. Today
 * the room check is the small pure function of room-shape.ts (a few dozen points: microseconds);
 * when packages/geometry (@edrf/geometry, WASM) lands, this is the one place that sends the
 * question to its Web Worker instead (docs/editor.md).
 */
export function checkRoomShape(ring: readonly Point2[]): Promise<boolean> {
  return Promise.resolve(roomShapeProblem(ring) === null);
}
