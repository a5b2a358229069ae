// A loop's sheets: its heading, the chain's rows, the battery and checks, then the schedule, laid top to bottom on A3
// sheets and carried on to further sheets where they do not fit (a loop of 200 devices takes several). The layout is
// worked out first (heights only), so each row knows the sheets of the rows before and after it; each sheet is drawn
// only when asked for.
import type { LegendEntry, TitleFields } from '../drawing/furniture.js';
import type { Item } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import { sheetLayout, type SheetLayout } from '../drawing/sheet.js';
import type { Sheet } from '../drawing/sheet-set.js';
import { SYMBOL_KEYS, type SymbolSet } from '../symbols/library.js';
import { ROW_HEIGHT, chainRow, chainRowCount, devicesPerRow } from './chain.js';
import { p2pFurniture } from './furniture.js';
import { HEADING, HEADING_CONTINUED, heading } from './heading.js';
import type { P2pLoop } from './loops.js';
import { SCHEDULE_HEAD, SCHEDULE_ROW, scheduleHead, scheduleRow, scheduleRows } from './schedule.js';
import { summaryBlock } from './summary.js';
import { P2P_WORDS as W } from './words.js';

/** [our reading] A3: a chain of ten devices a row and a schedule of sixty rows a sheet print legibly on it. */
export const P2P_SHEET = 'A3';
/** Room kept free inside the viewport (mm). */
const INSET = 5;
/** Between the chain, the summary and the schedule (mm). */
const GAP = 5;
/** The schedule starts on a sheet only with its head and this many rows. */
const MIN_SCHEDULE_ROWS = 5;

type Placed =
  | { kind: 'row'; row: number; top: number }
  | { kind: 'summary'; top: number }
  | { kind: 'head'; top: number; continued: boolean }
  | { kind: 'schedule'; k: number; top: number };

export interface LoopSheets {
  count: number;
  /** The sheets drawn one by one. */
  sheets: () => Iterable<Sheet>;
}

/** The content's box inside the viewport. */
const content = (layout: SheetLayout) => ({
  x0: layout.viewport.x + INSET,
  x1: layout.viewport.x + layout.viewport.w - INSET,
  top: layout.viewport.y + layout.viewport.h - INSET,
  bottom: layout.viewport.y + INSET,
});

/**
 * The sheets of one loop; `fields(title, number)` gives each sheet's title block, `title(i, n)` its title. Sheet
 * numbers in the chain's references are the loop's own (1 to n).
 */
export function loopSheets(
  loop: P2pLoop,
  symbols: SymbolSet,
  words: SheetWords,
  title: (sheet: number, of: number) => string,
  number: (sheet: number) => string,
  fields: (title: string, number: string) => TitleFields,
): LoopSheets {
  const layout = sheetLayout(P2P_SHEET);
  const { x0, x1, top, bottom } = content(layout);
  const perRow = devicesPerRow(x0, x1);
  const rows = chainRowCount(loop.devices.length, perRow);
  const summary = summaryBlock(loop, x0, x1);

  // Heights only: which sheet each block goes on, and its top.
  const pages: Placed[][] = [[]];
  let y = top - HEADING;
  const fits = (h: number) => y - h >= bottom;
  const newSheet = () => {
    pages.push([]);
    y = top - HEADING_CONTINUED;
  };
  const put = (block: Placed, h: number) => {
    pages[pages.length - 1]!.push(block);
    y -= h;
  };
  const rowSheet: number[] = [];
  for (let row = 0; row < rows; row++) {
    if (!fits(ROW_HEIGHT) && pages[pages.length - 1]!.length > 0) newSheet();
    rowSheet.push(pages.length);
    put({ kind: 'row', row, top: y }, ROW_HEIGHT);
  }
  y -= GAP;
  if (!fits(summary.height)) newSheet();
  put({ kind: 'summary', top: y }, summary.height + GAP);
  const total = scheduleRows(loop);
  let headed = false;
  for (let k = 0; k < total; k++) {
    if (!headed) {
      if (!fits(SCHEDULE_HEAD + SCHEDULE_ROW * Math.min(MIN_SCHEDULE_ROWS, total - k))) newSheet();
      put({ kind: 'head', top: y, continued: k > 0 }, SCHEDULE_HEAD);
      headed = true;
    }
    put({ kind: 'schedule', k, top: y }, SCHEDULE_ROW);
    if (!fits(SCHEDULE_ROW) && k + 1 < total) {
      newSheet();
      headed = false;
    }
  }

  const entries: LegendEntry[] = [
    ...SYMBOL_KEYS.filter((key) => loop.devices.some((d) => d.symbol === key)).map((key) => ({
      label: symbols.symbols[key].name,
      symbol: key,
    })),
    { label: W.cable, line: { stroke: '#b00000', width: 0.35 } },
  ];
  const panelSheet = rowSheet[0]!;
  const returnSheet = rowSheet[rows - 1]!;
  const panelName = `${W.panel} ${loop.centralId ?? ''}`.trim();
  const count = pages.length;

  function draw(page: Placed[], n: number): Sheet {
    const items: Item[] = [...heading(loop, x0, x1, top, n > 1)];
    for (const block of page) {
      if (block.kind === 'row')
        items.push(
          ...chainRow({
            loop,
            row: block.row,
            perRow,
            x0,
            x1,
            top: block.top,
            sheet: n,
            before: block.row > 0 ? rowSheet[block.row - 1]! : null,
            after: block.row + 1 < rows ? rowSheet[block.row + 1]! : null,
            panelSheet,
            returnSheet,
            last: block.row === rows - 1,
            panelName,
          }),
        );
      else if (block.kind === 'summary') items.push(...summary.draw(block.top));
      else if (block.kind === 'head') items.push(...scheduleHead(loop, x0, x1, block.top, block.continued));
      else items.push(...scheduleRow(loop, block.k, x0, x1, block.top));
    }
    const sheetTitle = title(n, count);
    items.push(...p2pFurniture(layout, fields(sheetTitle, number(n)), entries, symbols, words));
    return { layout, scale: 1, title: sheetTitle, items };
  }

  return {
    count,
    sheets: function* () {
      for (const [i, page] of pages.entries()) yield draw(page, i + 1);
    },
  };
}
