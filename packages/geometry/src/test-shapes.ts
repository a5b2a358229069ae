/** Small hand-made shapes for the tests. */
import type { Point2, Polygon } from '@edrf/model';

export const rect = (x: number, y: number, w: number, h: number): Point2[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
export const square = (x: number, y: number, size: number, holes: Point2[][] = []): Polygon => ({
  exterior: rect(x, y, size, size),
  interiors: holes,
});
