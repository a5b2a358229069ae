// Small item makers for the rack sheets (paper mm, y up): every text fitted to the room it has, never cut silently.
import { fitText } from '../drawing/furniture.js';
import { TEXT_WIDTH_FACTOR } from '../drawing/plan-canvas.js';
import type { Anchor, Colour, Item, Pt, Rect } from '../drawing/items.js';

export const BLACK = '#000000';
export const RED = '#c01818';
export const GREY = '#777777';

export function text(
  layer: string,
  at: Pt,
  value: string,
  size: number,
  options: { width?: number; anchor?: Anchor; bold?: boolean; colour?: Colour; rotation?: number } = {},
): Item {
  const fitted = options.width === undefined ? { text: value, size } : fitText(value, options.width, size, options.bold ?? false);
  return {
    kind: 'text',
    layer,
    at,
    text: fitted.text,
    size: fitted.size,
    anchor: options.anchor ?? 'left',
    bold: options.bold ?? false,
    colour: options.colour ?? BLACK,
    rotation: options.rotation ?? 0,
  };
}

export const line = (layer: string, points: Pt[], width: number, stroke: Colour = BLACK, dash?: readonly [number, number]): Item => ({
  kind: 'path',
  layer,
  points,
  closed: false,
  stroke,
  width,
  ...(dash ? { dash } : {}),
});

export const rect = (
  layer: string,
  r: Rect,
  width: number,
  stroke: Colour | null = BLACK,
  fill: Colour | null = null,
  dash?: readonly [number, number],
): Item => ({
  kind: 'path',
  layer,
  points: [
    [r.x, r.y],
    [r.x + r.w, r.y],
    [r.x + r.w, r.y + r.h],
    [r.x, r.y + r.h],
  ],
  closed: true,
  stroke,
  width,
  fill,
  ...(dash ? { dash } : {}),
});

/** The text broken into lines of at most `width` mm at cap height `size` (words kept whole where they fit a line). */
export function wrap(value: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * TEXT_WIDTH_FACTOR)));
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/)) {
    if (current === '') current = word;
    else if (current.length + 1 + word.length <= max) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
    while (current.length > max) {
      lines.push(current.slice(0, max));
      current = current.slice(max);
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}
