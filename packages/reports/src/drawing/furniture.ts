import type { SymbolSet } from '../symbols/library.js';
import type { Item, Pt, Rect } from './items.js';
import type { SheetWords } from './messages.js';
import { TEXT_WIDTH_FACTOR, type LineStyle } from './plan-canvas.js';
import type { TitleBlock } from '../tables/table.js';
import type { SheetLayout } from './sheet.js';

/** The title block's fields (issue 35): from model.config, the report and the request; the lists' title block too. */
export type TitleFields = TitleBlock;

/** A legend row: a symbol of the set, a line or area sample in the style the plan draws it, or a glyph drawn round (0, 0). */
export type LegendEntry =
  | { label: string; symbol: string }
  | { label: string; line: LineStyle }
  | { label: string; area: LineStyle }
  | { label: string; glyph: readonly Item[] };

export const FRAME_LAYER = 'FRAME';
export const TITLE_LAYER = 'TITLE';
export const LEGEND_LAYER = 'LEGEND';

const BLACK = '#000000';
const THIN = 0.25;
const THICK = 0.5;
/** Smallest text printed (mm cap height): legible on the printed sheet. */
export const MIN_TEXT = 1.8;

const rectPath = (layer: string, r: Rect, width = THIN): Item => ({
  kind: 'path',
  layer,
  points: [
    [r.x, r.y],
    [r.x + r.w, r.y],
    [r.x + r.w, r.y + r.h],
    [r.x, r.y + r.h],
  ],
  closed: true,
  stroke: BLACK,
  width,
});

const hline = (layer: string, x0: number, x1: number, y: number): Item => ({
  kind: 'path',
  layer,
  points: [
    [x0, y],
    [x1, y],
  ],
  closed: false,
  stroke: BLACK,
  width: THIN,
});

const vline = (layer: string, x: number, y0: number, y1: number): Item => ({
  kind: 'path',
  layer,
  points: [
    [x, y0],
    [x, y1],
  ],
  closed: false,
  stroke: BLACK,
  width: THIN,
});

/** DejaVu Sans Bold's characters are about this much wider than the regular face's (the drawing title ran out of its cell). */
const BOLD_WIDTH = 1.15;

/** The text shrunk (down to MIN_TEXT) and, if still too long, cut with '…' to fit `width` mm. */
export function fitText(text: string, width: number, size: number, bold = false): { text: string; size: number } {
  const factor = TEXT_WIDTH_FACTOR * (bold ? BOLD_WIDTH : 1);
  const need = (t: string, s: number) => t.length * s * factor;
  if (need(text, size) <= width) return { text, size };
  const shrunk = width / (text.length * factor);
  if (shrunk >= MIN_TEXT) return { text, size: shrunk };
  const chars = Math.max(1, Math.floor(width / (MIN_TEXT * factor)) - 1);
  return { text: `${text.slice(0, chars)}…`, size: MIN_TEXT };
}

const text = (at: Pt, value: string, size: number, width: number, bold = false): Item => {
  const fitted = fitText(value, width, size, bold);
  return { kind: 'text', layer: TITLE_LAYER, at, text: fitted.text, size: fitted.size, anchor: 'left', bold };
};

/** A labelled cell: the label small at its top, the value below it. */
function cell(r: Rect, label: string, value: string, size: number, bold = false): Item[] {
  return [
    { kind: 'text', layer: TITLE_LAYER, at: [r.x + 1.5, r.y + r.h - 3], text: label, size: MIN_TEXT * 0.9, anchor: 'left' },
    text([r.x + 1.5, r.y + 2], value || '–', size, r.w - 3, bold),
  ];
}

/**
 * The title block: project, address, owner, drawing title and number, revision, date, status, designer, scale, sheet.
 * A scale given as text is printed as it is (a schematic's 'NTS').
 */
export function titleBlock(r: Rect, f: TitleFields, words: SheetWords, scale: number | string, sheet: string): Item[] {
  const items: Item[] = [rectPath(TITLE_LAYER, r, THICK)];
  const rows = [11, 10, 10, 12, 9, 9];
  const total = rows.reduce((a, b) => a + b, 0);
  let top = r.y + r.h;
  const row = (h: number) => {
    const y = top - (h * r.h) / total;
    const out = { y, h: top - y };
    top = y;
    if (top > r.y + 0.01) items.push(hline(TITLE_LAYER, r.x, r.x + r.w, top));
    return out;
  };
  const cols = (y: number, h: number, n: number) => Array.from({ length: n }, (_, i) => ({ x: r.x + (i * r.w) / n, y, w: r.w / n, h }));
  const split = (y: number, h: number, n: number) => {
    for (let i = 1; i < n; i++) items.push(vline(TITLE_LAYER, r.x + (i * r.w) / n, y, y + h));
    return cols(y, h, n);
  };
  let b = row(rows[0]!);
  items.push(...cell({ x: r.x, y: b.y, w: r.w, h: b.h }, words.project, f.project, 3.2, true));
  b = row(rows[1]!);
  items.push(...cell({ x: r.x, y: b.y, w: r.w, h: b.h }, words.address, f.address, 2.4));
  b = row(rows[2]!);
  items.push(...cell({ x: r.x, y: b.y, w: r.w, h: b.h }, words.owner, f.owner, 2.4));
  b = row(rows[3]!);
  items.push(...cell({ x: r.x, y: b.y, w: r.w, h: b.h }, words.title, f.title, 3.2, true));
  b = row(rows[4]!);
  const [c1, c2, c3] = split(b.y, b.h, 3);
  items.push(
    ...cell(c1!, words.number, f.number, 2.6, true),
    ...cell(c2!, words.revision, f.revision, 2.6),
    ...cell(c3!, words.scale, typeof scale === 'number' ? `1:${scale}` : scale, 2.6),
  );
  b = row(rows[5]!);
  const [d1, d2, d3] = split(b.y, b.h, 3);
  items.push(...cell(d1!, words.date, f.date, 2.4), ...cell(d2!, words.status, f.status, 2.4), ...cell(d3!, words.sheet, sheet, 2.4));
  return items;
}

/** The responsible designer's row sits above the title block proper (a signature line needs the room). */
export function designerBox(r: Rect, f: TitleFields, words: SheetWords): Item[] {
  return [rectPath(TITLE_LAYER, r, THIN), ...cell(r, words.designer, f.designer, 2.4)];
}

/** The revision box: one row per revision; this documents carry the one the request names. */
export function revisionBox(r: Rect, f: TitleFields, words: SheetWords): Item[] {
  const items: Item[] = [rectPath(TITLE_LAYER, r)];
  const head = r.y + r.h - 5;
  items.push(hline(TITLE_LAYER, r.x, r.x + r.w, head));
  items.push({ kind: 'text', layer: TITLE_LAYER, at: [r.x + 1.5, head + 1.5], text: words.revisions, size: 2, anchor: 'left', bold: true });
  const x1 = r.x + 12;
  const x2 = r.x + 34;
  items.push(vline(TITLE_LAYER, x1, r.y, head), vline(TITLE_LAYER, x2, r.y, head));
  const y = r.y + (head - r.y) / 2 - 1;
  items.push(text([r.x + 1.5, y], f.revision || '–', 2.2, x1 - r.x - 3));
  items.push(text([x1 + 1.5, y], f.date, 2.2, x2 - x1 - 3));
  items.push(text([x2 + 1.5, y], `${words.firstIssue}: ${f.status}`, 2.2, r.x + r.w - x2 - 3));
  return items;
}

/** A north arrow: compass_degrees turns north counter-clockwise from the plan's +y axis (docs/editor.md). */
export function northArrow(centre: Pt, radius: number, compassDegrees: number, words: SheetWords): Item[] {
  const a = (compassDegrees * Math.PI) / 180;
  const d: Pt = [-Math.sin(a), Math.cos(a)];
  const n: Pt = [-d[1], d[0]];
  const p = (s: number, t: number): Pt => [centre[0] + d[0] * s + n[0] * t, centre[1] + d[1] * s + n[1] * t];
  return [
    { kind: 'circle', layer: FRAME_LAYER, centre, radius, stroke: BLACK, width: THIN },
    {
      kind: 'path',
      layer: FRAME_LAYER,
      points: [p(radius, 0), p(-radius * 0.6, radius * 0.4), p(-radius * 0.3, 0)],
      closed: true,
      stroke: BLACK,
      width: THIN,
      fill: BLACK,
    },
    {
      kind: 'path',
      layer: FRAME_LAYER,
      points: [p(radius, 0), p(-radius * 0.3, 0), p(-radius * 0.6, -radius * 0.4)],
      closed: true,
      stroke: BLACK,
      width: THIN,
      fill: '#ffffff',
    },
    {
      kind: 'text',
      layer: FRAME_LAYER,
      at: [centre[0] + d[0] * (radius + 3), centre[1] + d[1] * (radius + 3) - 1.4],
      text: words.north,
      size: 2.8,
      anchor: 'centre',
      bold: true,
    },
  ];
}

/** Round lengths for the scale bar (m). */
const BAR_LENGTHS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];

/** The scale bar's length (m): the longest round length that fits `maxWidth` mm at 1:scale. */
export const scaleBarLength = (scale: number, maxWidth: number): number =>
  [...BAR_LENGTHS].reverse().find((l) => (l * 1000) / scale <= maxWidth) ?? BAR_LENGTHS[0]!;

/**
 * A graphic scale: alternate black and white blocks from `origin`, the whole bar exactly `length` metres at 1:scale
 * on paper, so that it stays true however the sheet is printed.
 */
export function scaleBar(origin: Pt, scale: number, maxWidth: number, words: SheetWords): Item[] {
  const length = scaleBarLength(scale, maxWidth);
  const lead = Number(String(length)[0]);
  const blocks = lead === 2 ? 4 : 5;
  const w = (length * 1000) / scale;
  const h = 2;
  const items: Item[] = [];
  for (let i = 0; i < blocks; i++) {
    const x0 = origin[0] + (i * w) / blocks;
    const x1 = origin[0] + ((i + 1) * w) / blocks;
    items.push({
      kind: 'path',
      layer: FRAME_LAYER,
      points: [
        [x0, origin[1]],
        [x1, origin[1]],
        [x1, origin[1] + h],
        [x0, origin[1] + h],
      ],
      closed: true,
      stroke: BLACK,
      width: THIN,
      fill: i % 2 === 0 ? BLACK : '#ffffff',
    });
  }
  items.push({ kind: 'text', layer: FRAME_LAYER, at: [origin[0], origin[1] + h + 1.2], text: '0', size: 2, anchor: 'centre' });
  items.push({
    kind: 'text',
    layer: FRAME_LAYER,
    at: [origin[0] + w, origin[1] + h + 1.2],
    text: `${length} ${words.metres}`,
    size: 2,
    anchor: 'centre',
  });
  items.push({
    kind: 'text',
    layer: FRAME_LAYER,
    at: [origin[0], origin[1] - 3.5],
    text: `${words.scale} 1:${scale}`,
    size: 2,
    anchor: 'left',
  });
  return items;
}

/** An item moved by (dx, dy) mm: a glyph drawn round (0, 0) put in its place. */
export function moveItem(item: Item, dx: number, dy: number): Item {
  const at = (p: Pt): Pt => [p[0] + dx, p[1] + dy];
  switch (item.kind) {
    case 'path':
      return { ...item, points: item.points.map(at) };
    case 'circle':
      return { ...item, centre: at(item.centre) };
    case 'text':
    case 'symbol':
      return { ...item, at: at(item.at) };
  }
}

const LEGEND_ROW = 6.5;

/** The legend: each symbol or line kind the sheet uses, in rows (two columns where one does not hold them). */
export function legend(r: Rect, entries: readonly LegendEntry[], symbols: SymbolSet, words: SheetWords): Item[] {
  const items: Item[] = [rectPath(LEGEND_LAYER, r)];
  items.push({
    kind: 'text',
    layer: LEGEND_LAYER,
    at: [r.x + 1.5, r.y + r.h - 4.5],
    text: words.legend,
    size: 2.4,
    anchor: 'left',
    bold: true,
  });
  const top = r.y + r.h - 7;
  const perColumn = Math.max(1, Math.floor((top - r.y) / LEGEND_ROW));
  const columns = entries.length > perColumn ? 2 : 1;
  const colWidth = r.w / columns;
  const shown = entries.slice(0, perColumn * columns);
  const half = symbols.size_mm / 2;
  shown.forEach((entry, i) => {
    const col = Math.floor(i / perColumn);
    const x = r.x + col * colWidth;
    const y = top - (i % perColumn) * LEGEND_ROW - LEGEND_ROW / 2;
    const sx = x + 2 + half * 1.6;
    if ('symbol' in entry) items.push({ kind: 'symbol', layer: LEGEND_LAYER, symbol: entry.symbol, at: [sx, y] });
    else if ('glyph' in entry) items.push(...entry.glyph.map((item) => moveItem({ ...item, layer: LEGEND_LAYER }, sx, y)));
    else if ('line' in entry)
      items.push({
        kind: 'path',
        layer: LEGEND_LAYER,
        points: [
          [x + 1.5, y],
          [x + 1.5 + 2 * half * 1.6, y],
        ],
        closed: false,
        ...entry.line,
      });
    else
      items.push({
        kind: 'path',
        layer: LEGEND_LAYER,
        points: [
          [x + 1.5, y - 1.8],
          [x + 1.5 + 2 * half * 1.6, y - 1.8],
          [x + 1.5 + 2 * half * 1.6, y + 1.8],
          [x + 1.5, y + 1.8],
        ],
        closed: true,
        ...entry.area,
      });
    const labelX = x + 3 + 2 * half * 1.6;
    const fitted = fitText(entry.label, x + colWidth - labelX - 1, 2.2);
    items.push({
      kind: 'text',
      layer: LEGEND_LAYER,
      at: [labelX, y - fitted.size / 2],
      text: fitted.text,
      size: fitted.size,
      anchor: 'left',
    });
  });
  return items;
}

/** Heights of the panel's blocks (mm). */
const ARROW_BLOCK = 30;
const REVISION_BLOCK = 16;
const DESIGNER_BLOCK = 12;
const TITLE_BLOCK = 62;

/**
 * The frame and the right-hand panel, top to bottom: north arrow and scale bar, legend, revisions, designer, title
 * block. The plan's viewport lies left of the panel and never under it.
 */
export function sheetFurniture(
  layout: SheetLayout,
  scale: number,
  fields: TitleFields,
  entries: readonly LegendEntry[],
  compassDegrees: number,
  symbols: SymbolSet,
  words: SheetWords,
): Item[] {
  const { frame, panel } = layout;
  const items: Item[] = [rectPath(FRAME_LAYER, frame, THICK), vline(FRAME_LAYER, panel.x, panel.y, panel.y + panel.h)];
  const top = panel.y + panel.h;
  items.push(...northArrow([panel.x + 13, top - ARROW_BLOCK / 2 + 1], 8, compassDegrees, words));
  items.push(...scaleBar([panel.x + 30, top - ARROW_BLOCK / 2], scale, panel.w - 36, words));
  items.push(hline(FRAME_LAYER, panel.x, panel.x + panel.w, top - ARROW_BLOCK));
  const titleRect = { x: panel.x, y: panel.y, w: panel.w, h: TITLE_BLOCK };
  const designerRect = { x: panel.x, y: titleRect.y + titleRect.h, w: panel.w, h: DESIGNER_BLOCK };
  const revisionRect = { x: panel.x, y: designerRect.y + designerRect.h, w: panel.w, h: REVISION_BLOCK };
  const legendRect = {
    x: panel.x,
    y: revisionRect.y + revisionRect.h,
    w: panel.w,
    h: top - ARROW_BLOCK - (revisionRect.y + revisionRect.h),
  };
  items.push(...legend(legendRect, entries, symbols, words));
  items.push(...revisionBox(revisionRect, fields, words));
  items.push(...designerBox(designerRect, fields, words));
  items.push(...titleBlock(titleRect, fields, words, scale, layout.size));
  return items;
}
