import { designerBox, FRAME_LAYER, legend, revisionBox, titleBlock, type LegendEntry, type TitleFields } from '../drawing/furniture.js';
import type { Item } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import type { SheetLayout } from '../drawing/sheet.js';
import type { SymbolSet } from '../symbols/library.js';

/** Heights of the panel's blocks (mm), as a plan's (furniture.ts). */
const REVISION_BLOCK = 16;
const DESIGNER_BLOCK = 12;
const TITLE_BLOCK = 62;

const frameLine = (points: [number, number][], width: number, closed: boolean): Item => ({
  kind: 'path',
  layer: FRAME_LAYER,
  points,
  closed,
  stroke: '#000000',
  width,
});

/**
 * The frame and right-hand panel of a schematic: a plan's panel without north arrow and scale bar (a schematic has
 * neither), the legend taking their room; the title block's scale is a text ('NTS').
 */
export function schematicFurniture(
  layout: SheetLayout,
  scale: string,
  fields: TitleFields,
  entries: readonly LegendEntry[],
  symbols: SymbolSet,
  words: SheetWords,
): Item[] {
  const { frame, panel } = layout;
  const items: Item[] = [
    frameLine(
      [
        [frame.x, frame.y],
        [frame.x + frame.w, frame.y],
        [frame.x + frame.w, frame.y + frame.h],
        [frame.x, frame.y + frame.h],
      ],
      0.5,
      true,
    ),
    frameLine(
      [
        [panel.x, panel.y],
        [panel.x, panel.y + panel.h],
      ],
      0.25,
      false,
    ),
  ];
  const titleRect = { x: panel.x, y: panel.y, w: panel.w, h: TITLE_BLOCK };
  const designerRect = { x: panel.x, y: titleRect.y + TITLE_BLOCK, w: panel.w, h: DESIGNER_BLOCK };
  const revisionRect = { x: panel.x, y: designerRect.y + DESIGNER_BLOCK, w: panel.w, h: REVISION_BLOCK };
  const legendRect = {
    x: panel.x,
    y: revisionRect.y + REVISION_BLOCK,
    w: panel.w,
    h: panel.y + panel.h - (revisionRect.y + REVISION_BLOCK),
  };
  items.push(...legend(legendRect, entries, symbols, words));
  items.push(...revisionBox(revisionRect, fields, words));
  items.push(...designerBox(designerRect, fields, words));
  items.push(...titleBlock(titleRect, fields, words, scale, layout.size));
  return items;
}

/** Legend rows that fit the panel of a sheet of this height (the legend's own rows of 6.5 mm under its heading). */
export const legendRows = (layout: SheetLayout) => Math.floor((layout.panel.h - TITLE_BLOCK - DESIGNER_BLOCK - REVISION_BLOCK - 7) / 6.5);
