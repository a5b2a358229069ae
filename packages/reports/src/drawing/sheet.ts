import { SHEET_SIZES, type SheetSize } from '../pdf/document.js';
import type { Rect } from './items.js';

/** Sheets from the smallest up: a plan takes the first that holds it legibly. */
export const SHEET_ORDER: readonly SheetSize[] = ['A4', 'A3', 'A2', 'A1', 'A0'];

/** The standard series of plan scales (1:n); the larger ones only where a plan does not fit A0 at 1:200. */
export const SCALES: readonly number[] = [50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000];

/**
 * The scales at which a plan stays legible, each with the largest sheet worth it: 1:100 up to A1 (a room's name and
 * its units' addresses side by side in a 3 m corridor), else 1:200 up to A0 (the 5 mm symbols of units 3–4 m apart
 * still 10 mm apart).
 */
export const LEGIBLE: readonly (readonly [scale: number, largest: SheetSize])[] = [
  [100, 'A1'],
  [200, 'A0'],
];

/** Border of the sheet (mm), outside the frame. */
export const MARGIN = 10;
/** The column at the right of the frame holding north arrow, scale bar, legend, revisions and title block (mm). */
export const PANEL_WIDTH = 85;
/** Room kept free round the plan inside its viewport (mm). */
const PLAN_PADDING = 4;

export interface SheetLayout {
  size: SheetSize;
  /** Landscape width and height (mm). */
  width: number;
  height: number;
  /** The frame round everything, inside the margin. */
  frame: Rect;
  /** Where the plan is drawn: nothing of the plan leaves it. */
  viewport: Rect;
  /** The right-hand column. */
  panel: Rect;
}

/** The regions of a landscape sheet. */
export function sheetLayout(size: SheetSize): SheetLayout {
  const [short, long] = SHEET_SIZES[size].mm;
  const frame = { x: MARGIN, y: MARGIN, w: long - 2 * MARGIN, h: short - 2 * MARGIN };
  const panel = { x: frame.x + frame.w - PANEL_WIDTH, y: frame.y, w: PANEL_WIDTH, h: frame.h };
  const viewport = { x: frame.x, y: frame.y, w: frame.w - PANEL_WIDTH, h: frame.h };
  return { size, width: long, height: short, frame, panel, viewport };
}

/** Whether a plan of w × h metres fits the viewport at 1:scale, with its padding. */
const fits = (layout: SheetLayout, w: number, h: number, scale: number) =>
  (w * 1000) / scale <= layout.viewport.w - 2 * PLAN_PADDING && (h * 1000) / scale <= layout.viewport.h - 2 * PLAN_PADDING;

/**
 * The sheet and scale of a plan of w × h metres: the smallest sheet that holds it at 1:100 (up to A1), else at 1:200
 * (up to A0), at the finest scale of the series that fits; where none does, A0 at the finest scale that fits.
 */
export function chooseSheet(w: number, h: number): { layout: SheetLayout; scale: number } {
  for (const [legible, largest] of LEGIBLE)
    for (const size of SHEET_ORDER.slice(0, SHEET_ORDER.indexOf(largest) + 1)) {
      const layout = sheetLayout(size);
      const scale = SCALES.find((s) => s <= legible && fits(layout, w, h, s));
      if (scale !== undefined) return { layout, scale };
    }
  const layout = sheetLayout('A0');
  const scale = SCALES.find((s) => fits(layout, w, h, s)) ?? niceScale(layout, w, h);
  return { layout, scale };
}

/** Beyond the series (a plan kilometres wide): the next round 1:n that fits. */
function niceScale(layout: SheetLayout, w: number, h: number): number {
  const need = Math.max((w * 1000) / (layout.viewport.w - 2 * PLAN_PADDING), (h * 1000) / (layout.viewport.h - 2 * PLAN_PADDING));
  const step = 10 ** Math.floor(Math.log10(need));
  return Math.ceil(need / step) * step;
}

/** World metres to paper millimetres at 1:scale, the world point `centre` on the viewport's centre. */
export interface PlanTransform {
  scale: number;
  /** Paper mm per world metre. */
  mmPerMetre: number;
  toPaper: (x: number, y: number) => [number, number];
}

export function planTransform(viewport: Rect, scale: number, centre: readonly [number, number]): PlanTransform {
  const k = 1000 / scale;
  const cx = viewport.x + viewport.w / 2;
  const cy = viewport.y + viewport.h / 2;
  return { scale, mmPerMetre: k, toPaper: (x, y) => [cx + (x - centre[0]) * k, cy + (y - centre[1]) * k] };
}
