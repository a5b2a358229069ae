// Small item makers of the point-to-point sheets: lines, boxes and texts in paper mm, and text wrapped to a width.
import type { Anchor, Colour, Item, Pt } from '../drawing/items.js';
import { TEXT_WIDTH_FACTOR } from '../drawing/plan-canvas.js';

export const BLACK = '#000000';
export const GREY = '#555555';
export const RED = '#d62828';

export const line = (
  layer: string,
  points: readonly Pt[],
  width = 0.25,
  stroke: Colour = BLACK,
  dash?: readonly [number, number],
): Item => ({
  kind: 'path',
  layer,
  points,
  closed: false,
  stroke,
  width,
  ...(dash ? { dash } : {}),
});

export const box = (layer: string, x: number, y: number, w: number, h: number, width = 0.25, fill: Colour | null = null): Item => ({
  kind: 'path',
  layer,
  points: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ],
  closed: true,
  stroke: BLACK,
  width,
  fill,
});

export interface TextOptions {
  anchor?: Anchor;
  bold?: boolean;
  colour?: Colour;
}

export const text = (layer: string, at: Pt, value: string, size: number, options: TextOptions = {}): Item => ({
  kind: 'text',
  layer,
  at,
  text: value,
  size,
  anchor: options.anchor ?? 'left',
  ...(options.bold ? { bold: true } : {}),
  ...(options.colour ? { colour: options.colour } : {}),
});

/** The printed width of a text (mm), as the drawing layer estimates it (bold a little wider). */
export const textWidth = (value: string, size: number, bold = false) => value.length * size * TEXT_WIDTH_FACTOR * (bold ? 1.15 : 1);

/** The text broken at spaces into lines no wider than `width` mm (a word longer than the width stands alone). */
export function wrap(value: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** The short-circuit isolator's mark, centred on the cable at `at`: a square across the line with a diagonal. */
export function isolatorMark(layer: string, at: Pt): Item[] {
  const h = 1.6;
  return [
    box(layer, at[0] - h, at[1] - h, 2 * h, 2 * h, 0.35, '#ffffff'),
    line(
      layer,
      [
        [at[0] - h, at[1] - h],
        [at[0] + h, at[1] + h],
      ],
      0.35,
    ),
  ];
}
