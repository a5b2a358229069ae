import { designerBox, legend, revisionBox, titleBlock, type LegendEntry, type TitleFields } from '../drawing/furniture.js';
import type { Item, Rect } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import type { SheetLayout } from '../drawing/sheet.js';
import type { SymbolSet } from '../symbols/library.js';
import { RACK_LAYERS } from './layers.js';

/** Heights of the panel's blocks (mm), as the plans' panel has them. */
const REVISION_BLOCK = 16;
const DESIGNER_BLOCK = 12;
const TITLE_BLOCK = 62;

const outline = (r: Rect, width: number): Item => ({
  kind: 'path',
  layer: RACK_LAYERS.frame,
  points: [
    [r.x, r.y],
    [r.x + r.w, r.y],
    [r.x + r.w, r.y + r.h],
    [r.x, r.y + r.h],
  ],
  closed: true,
  stroke: '#000000',
  width,
});

/**
 * The frame and the right-hand panel of a rack document, top to bottom: legend, revisions, designer, title block. A
 * cabinet's front view and a connection diagram have no north and no plan scale bar: the plans' panel without them.
 * `scale` is the front view's 1:n, or a text ('–' for a diagram drawn to no scale).
 */
export function rackFurniture(
  layout: SheetLayout,
  scale: number | string,
  fields: TitleFields,
  entries: readonly LegendEntry[],
  symbols: SymbolSet,
  words: SheetWords,
): Item[] {
  const { frame, panel } = layout;
  const items: Item[] = [outline(frame, 0.5), outline(panel, 0.25)];
  const titleRect = { x: panel.x, y: panel.y, w: panel.w, h: TITLE_BLOCK };
  const designerRect = { x: panel.x, y: titleRect.y + titleRect.h, w: panel.w, h: DESIGNER_BLOCK };
  const revisionRect = { x: panel.x, y: designerRect.y + designerRect.h, w: panel.w, h: REVISION_BLOCK };
  const legendTop = panel.y + panel.h;
  const legendRect = { x: panel.x, y: revisionRect.y + revisionRect.h, w: panel.w, h: legendTop - (revisionRect.y + revisionRect.h) };
  items.push(...legend(legendRect, entries, symbols, words));
  items.push(...revisionBox(revisionRect, fields, words));
  items.push(...designerBox(designerRect, fields, words));
  items.push(...titleBlock(titleRect, fields, words, scale, layout.size));
  return items;
}
