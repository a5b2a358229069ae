/**
 * What a sheet is made of, in paper millimetres (origin at the sheet's bottom-left corner, y up, as in DXF): the
 * one picture both back ends draw, so that the PDF and the DXF of a drawing never disagree.
 */

export type Pt = readonly [number, number];

/** A CSS-style colour, '#rrggbb'. */
export type Colour = string;

interface Base {
  /** The DXF layer the item goes on (one layer per kind of content). */
  layer: string;
}

export interface PathItem extends Base {
  kind: 'path';
  points: readonly Pt[];
  closed: boolean;
  /** Line colour, or null for no outline. */
  stroke: Colour | null;
  /** Line width on paper (mm). */
  width: number;
  fill?: Colour | null;
  /** Fill opacity (PDF only; DXF has no transparency and draws the outline alone). */
  fillOpacity?: number;
  /** Dash and gap lengths on paper (mm). */
  dash?: readonly [number, number];
  /**
   * Arcs instead of straight segments: per point, the bulge of the segment from it to the next (arcs.ts; DXF's
   * LWPOLYLINE bulge), 0 for a straight one. A revision cloud's scallops.
   */
  bulges?: readonly number[];
}

export interface CircleItem extends Base {
  kind: 'circle';
  centre: Pt;
  radius: number;
  stroke: Colour | null;
  width: number;
  fill?: Colour | null;
  fillOpacity?: number;
  dash?: readonly [number, number];
}

export type Anchor = 'left' | 'centre' | 'right';

export interface TextItem extends Base {
  kind: 'text';
  /** The anchor point: the text's baseline at its left, centre or right end. */
  at: Pt;
  text: string;
  /** Cap height on paper (mm). */
  size: number;
  anchor: Anchor;
  bold?: boolean;
  colour?: Colour;
  /** Degrees counter-clockwise. */
  rotation?: number;
  /** Drawn on a white ground, so that lines under it do not cross it (PDF; DXF has no such ground). */
  halo?: boolean;
}

/** A symbol of the regulation's library, drawn at `at` (its centre) at the library's paper size. */
export interface SymbolItem extends Base {
  kind: 'symbol';
  symbol: string;
  at: Pt;
  /** Degrees counter-clockwise. */
  rotation?: number;
}

export type Item = PathItem | CircleItem | TextItem | SymbolItem;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
