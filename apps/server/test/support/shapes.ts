/** A rectangle outline for test models: x, y of a corner, width and height (metres), counter-clockwise. */
export const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
