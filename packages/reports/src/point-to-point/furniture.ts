// The frame and right-hand panel of a point-to-point sheet: a schematic has no north and no scale, so the plans' north
// arrow and scale bar give way to the key of the chain's marks; legend, revisions, designer and title block as on the
// plans (scale 'NTS').
import {
  FRAME_LAYER,
  LEGEND_LAYER,
  designerBox,
  legend,
  revisionBox,
  titleBlock,
  type LegendEntry,
  type TitleFields,
} from '../drawing/furniture.js';
import type { Item, Pt } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import type { SheetLayout } from '../drawing/sheet.js';
import type { SymbolSet } from '../symbols/library.js';
import { BLACK, box, isolatorMark, line, text, wrap } from './draw.js';
import { P2P_WORDS as W } from './words.js';

const KEY_BLOCK = 46;
const REVISION_BLOCK = 16;
const DESIGNER_BLOCK = 12;
const TITLE_BLOCK = 62;
/** Not to scale: a schematic. */
export const NOT_TO_SCALE = 'NTS';

const KEY_SIZE = 1.9;
const KEY_LINE = 2.7;

/** The key: each mark of the chain beside what it means (the feeds in the engine's words). */
function key(x: number, top: number, w: number): Item[] {
  const items: Item[] = [text(LEGEND_LAYER, [x + 1.5, top - 4.5], W.key, 2.4, { bold: true })];
  const sampleW = 16;
  const entries: { sample: (at: Pt) => Item[]; label: string }[] = [
    {
      sample: (at) => [
        line(
          LEGEND_LAYER,
          [
            [at[0] - 5, at[1]],
            [at[0] + 5, at[1]],
          ],
          0.35,
          '#b00000',
        ),
        ...isolatorMark(LEGEND_LAYER, at),
      ],
      label: W.keyIsolator,
    },
    {
      sample: (at) => [text(LEGEND_LAYER, [at[0], at[1] - 0.8], W.metres(12.3), KEY_SIZE, { anchor: 'centre', colour: '#b00000' })],
      label: W.keyLength,
    },
    {
      sample: (at) => [text(LEGEND_LAYER, [at[0], at[1] - 0.8], W.feedA('…V'), KEY_SIZE, { anchor: 'centre', colour: '#1f4e9e' })],
      label: W.keyFeedA,
    },
    {
      sample: (at) => [text(LEGEND_LAYER, [at[0], at[1] - 0.8], W.feedB('…V'), KEY_SIZE, { anchor: 'centre', colour: '#6b3a00' })],
      label: W.keyFeedB,
    },
    {
      sample: (at) => [
        text(LEGEND_LAYER, [at[0], at[1] - 0.8], W.feedA('…V'), KEY_SIZE, { anchor: 'centre', colour: '#d62828', bold: true }),
      ],
      label: W.keyBelow,
    },
  ];
  let y = top - 9;
  for (const entry of entries) {
    const lines = wrap(entry.label, w - sampleW - 3, KEY_SIZE);
    const h = lines.length * KEY_LINE;
    items.push(...entry.sample([x + 1.5 + sampleW / 2, y - h / 2 + 0.4]));
    lines.forEach((l, i) => items.push(text(LEGEND_LAYER, [x + sampleW + 3, y - KEY_SIZE - i * KEY_LINE], l, KEY_SIZE)));
    y -= h + 1.6;
  }
  return items;
}

/** The frame, the key, the legend (the symbols used and the loop cable), revisions, designer and the title block. */
export function p2pFurniture(
  layout: SheetLayout,
  fields: TitleFields,
  entries: readonly LegendEntry[],
  symbols: SymbolSet,
  words: SheetWords,
): Item[] {
  const { frame, panel } = layout;
  const top = panel.y + panel.h;
  const items: Item[] = [
    box(FRAME_LAYER, frame.x, frame.y, frame.w, frame.h, 0.5),
    line(
      FRAME_LAYER,
      [
        [panel.x, panel.y],
        [panel.x, top],
      ],
      0.25,
      BLACK,
    ),
    line(
      FRAME_LAYER,
      [
        [panel.x, top - KEY_BLOCK],
        [panel.x + panel.w, top - KEY_BLOCK],
      ],
      0.25,
      BLACK,
    ),
    ...key(panel.x, top, panel.w),
  ];
  const titleRect = { x: panel.x, y: panel.y, w: panel.w, h: TITLE_BLOCK };
  const designerRect = { x: panel.x, y: titleRect.y + titleRect.h, w: panel.w, h: DESIGNER_BLOCK };
  const revisionRect = { x: panel.x, y: designerRect.y + designerRect.h, w: panel.w, h: REVISION_BLOCK };
  const legendRect = { x: panel.x, y: revisionRect.y + revisionRect.h, w: panel.w, h: top - KEY_BLOCK - (revisionRect.y + revisionRect.h) };
  items.push(...legend(legendRect, entries, symbols, words));
  items.push(...revisionBox(revisionRect, fields, words));
  items.push(...designerBox(designerRect, fields, words));
  items.push(...titleBlock(titleRect, fields, words, NOT_TO_SCALE, layout.size));
  return items;
}
