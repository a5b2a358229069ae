// The loop drawn as a chain of device symbols in cable order, from the panel's loop-out terminal (A) back to its
// loop-in terminal (B), in rows that each read left to right: at a row's end the cable drops to a lane under the row
// and runs back to the start of the next (a carriage return), the last device's return runs back under its row to the
// panel. Every figure printed is the engine's (ChainLink, LoopFigures).
import type { Item, Pt } from '../drawing/items.js';
import { GREY, RED, isolatorMark, line, text, textWidth, box } from './draw.js';
import { P2P_LAYERS as L } from './layers.js';
import type { P2pLoop } from './loops.js';
import { P2P_WORDS as W } from './words.js';

/** Between two devices on a row (mm): room for the widest of their texts (24 mm) side by side. */
export const PITCH = 26;
/** A row of the chain: labels over the cable, the symbol, four lines of text under it and the lane back (mm). */
export const ROW_HEIGHT = 24;
/** The cable's line below the row's top (mm). */
const LINE_DOWN = 6;
/** The lane the cable runs back along, below the row's line (mm). */
const LANE_DOWN = 17;
/** The panel's box at the left of the first row (mm). */
const PANEL_W = 22;
const PANEL_UP = 5;
const PANEL_DOWN = 15;
/** The loop-in terminal below the loop-out one (mm). */
const IN_DOWN = 12;
/** The return's vertical, right of the panel (mm from the content's left). */
const RETURN_DX = 25.5;
/** A row starts here (mm from the content's left): the cable comes down from the lane above at this x. */
const ROW_DX = 31;
/** Half a symbol plus a hair: the cable stops at the symbol's edge. */
const SYMBOL_GAP = 2.6;

const CABLE = 0.35;
const CABLE_COLOUR = '#b00000';
const LABEL = 1.8;
const ADDRESS = 2.2;
const VOLTS = 1.8;
const A_COLOUR = '#1f4e9e';
const B_COLOUR = '#6b3a00';

/** How many devices a row of the content from x0 to x1 holds: the last one's texts and the turn down clear of x1. */
export const devicesPerRow = (x0: number, x1: number) => Math.max(1, Math.floor((x1 - x0 - ROW_DX - PITCH / 2) / PITCH));

/** The rows of a chain of `devices` (one at least: the panel's row, even for an empty loop). */
export const chainRowCount = (devices: number, perRow: number) => Math.max(1, Math.ceil(devices / perRow));

export interface RowPlace {
  loop: P2pLoop;
  row: number;
  perRow: number;
  /** Left and right of the content (mm) and the row's top. */
  x0: number;
  x1: number;
  top: number;
  /** The sheet (1-based) this row is on; the sheet of the row before and after (null: none). */
  sheet: number;
  before: number | null;
  after: number | null;
  /** The sheet the panel is drawn on (the first row's), and the one the return is drawn on (the last row's). */
  panelSheet: number;
  returnSheet: number;
  /** The loop's last row. */
  last: boolean;
  /** The panel's name as the drawing prints it ('CIE c1'). */
  panelName: string;
}

/** One row of the chain: its devices with their texts, the cable and its lengths, isolators, and the panel on row 0. */
export function chainRow(p: RowPlace): Item[] {
  const { loop, row, perRow, x0, top } = p;
  const items: Item[] = [];
  const ly = top - LINE_DOWN;
  const lane = ly - LANE_DOWN;
  const xl = x0 + ROW_DX;
  const xReturn = x0 + RETURN_DX;
  const first = row * perRow;
  const devices = loop.devices.slice(first, first + perRow);
  const cable = (points: Pt[]) => items.push(line(L.cable, points, CABLE, CABLE_COLOUR));
  const voltagesShown = loop.chain.figures.voltages !== null && !loop.chain.figures.cannotWork;

  // Where the row's cable comes from: the panel's loop-out terminal, the lane of the row above, or another sheet.
  let start = xl;
  if (row === 0) {
    items.push(...panel(p, ly));
    start = x0 + PANEL_W;
  } else if (p.before !== p.sheet) {
    start = xl - 4;
    items.push(text(L.references, [start - 1, ly - 0.6], W.fromSheet(p.before!), LABEL, { anchor: 'right', colour: GREY }));
  }

  let from = start;
  devices.forEach((device, j) => {
    const x = xl + PITCH * (j + 1);
    const mid = x - PITCH / 2;
    cable([
      [from, ly],
      [x - SYMBOL_GAP, ly],
    ]);
    if (device.link.isolatorBefore) items.push(...isolatorMark(L.isolators, [mid, ly]));
    items.push(text(L.lengths, [mid, ly + 2.5], W.metres(device.link.leg), LABEL, { anchor: 'centre', colour: CABLE_COLOUR }));
    items.push({ kind: 'symbol', layer: L.devices, symbol: device.symbol, at: [x, ly] });
    items.push(text(L.addresses, [x, ly - 5.7], device.address || W.noAddress, ADDRESS, { anchor: 'centre', bold: true }));
    items.push(text(L.types, [x, ly - 8.6], device.shortType, LABEL, { anchor: 'centre', colour: GREY }));
    const volts = (v: number | null) => (v === null || !voltagesShown ? '—' : W.volts(v));
    items.push(
      text(L.voltages, [x, ly - 11.4], W.feedA(volts(device.link.fromA)), VOLTS, {
        anchor: 'centre',
        colour: device.belowA ? RED : A_COLOUR,
        bold: device.belowA,
      }),
      text(L.voltages, [x, ly - 14.2], W.feedB(volts(device.link.fromB)), VOLTS, {
        anchor: 'centre',
        colour: device.belowB ? RED : B_COLOUR,
        bold: device.belowB,
      }),
    );
    from = x + SYMBOL_GAP;
  });

  // The row's end: a turn down to the lane and back to the next row, to another sheet, or the return to the panel.
  const xLast = devices.length > 0 ? xl + PITCH * devices.length : xl;
  const xEnd = xLast + PITCH / 2;
  if (!p.last) {
    if (p.after === p.sheet)
      cable([
        [from, ly],
        [xEnd, ly],
        [xEnd, lane],
        [xl, lane],
        [xl, ly - ROW_HEIGHT],
      ]);
    else {
      cable([
        [from, ly],
        [xEnd, ly],
        [xEnd, lane + 1],
      ]);
      items.push(arrowDown(xEnd, lane + 1));
      items.push(text(L.references, [xEnd - 2, lane + 0.2], W.toSheet(p.after!), LABEL, { anchor: 'right', colour: GREY }));
    }
    return items;
  }
  const { returnLeg, isolatorOnReturn } = loop.chain;
  const labelX = devices.length > 0 ? xLast + SYMBOL_GAP + 0.6 : xl + 1;
  items.push(text(L.lengths, [labelX, ly + 2.5], W.metres(returnLeg), LABEL, { colour: CABLE_COLOUR }));
  if (isolatorOnReturn) items.push(...isolatorMark(L.isolators, [(from + xEnd) / 2, ly]));
  if (p.sheet === p.panelSheet)
    cable([
      [from, ly],
      [xEnd, ly],
      [xEnd, lane],
      [xReturn, lane],
      // Up to the panel's loop-in terminal, on the first row: the rows are all on this sheet, ROW_HEIGHT apart.
      [xReturn, top + ROW_HEIGHT * row - LINE_DOWN - IN_DOWN],
      [x0 + PANEL_W, top + ROW_HEIGHT * row - LINE_DOWN - IN_DOWN],
    ]);
  else {
    cable([
      [from, ly],
      [xEnd, ly],
      [xEnd, lane],
      [xReturn, lane],
    ]);
    items.push(arrowLeft(xReturn, lane));
    items.push(text(L.references, [x0, lane + 1], W.returnTo(p.panelName, p.panelSheet), LABEL, { colour: GREY }));
  }
  return items;
}

/** The panel at the left of the first row: its name and loop, the loop-out terminal on the row's line, loop-in below. */
function panel(p: RowPlace, ly: number): Item[] {
  const { x0, loop } = p;
  const inY = ly - IN_DOWN;
  const items: Item[] = [
    box(L.panel, x0, ly - PANEL_DOWN, PANEL_W, PANEL_UP + PANEL_DOWN, 0.5),
    text(L.panel, [x0 + 1.5, ly + 1.8], W.panel, 2.6, { bold: true }),
    text(L.panel, [x0 + PANEL_W - 1, ly - 0.6], W.loopOut, 1.6, { anchor: 'right' }),
    text(L.panel, [x0 + 1.5, ly - 4.6], fit(loop.centralId ?? '—', PANEL_W - 3, 2.2, true), 2.2, { bold: true }),
    text(L.panel, [x0 + 1.5, ly - 7.8], fit(W.loop(loop.name), PANEL_W - 3, 1.8), 1.8),
    text(L.panel, [x0 + PANEL_W - 1, inY - 0.6], W.loopIn, 1.6, { anchor: 'right' }),
  ];
  if (p.returnSheet !== p.sheet) {
    const xReturn = x0 + RETURN_DX;
    items.push(
      line(
        L.cable,
        [
          [x0 + PANEL_W, inY],
          [xReturn, inY],
          [xReturn, ly - LANE_DOWN],
        ],
        CABLE,
        CABLE_COLOUR,
      ),
      arrowUp(xReturn, ly - LANE_DOWN),
      text(L.references, [x0, ly - LANE_DOWN - 2.6], W.returnFrom(p.returnSheet), LABEL, { colour: GREY }),
    );
  }
  return items;
}

/** The text cut with '…' to `width` mm (a panel's id in its box). */
function fit(value: string, width: number, size: number, bold = false): string {
  if (textWidth(value, size, bold) <= width) return value;
  let cut = value;
  while (cut.length > 1 && textWidth(`${cut}…`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

const head = (tip: Pt, dx: number, dy: number): Item => ({
  kind: 'path',
  layer: L.cable,
  points: [tip, [tip[0] + dx - dy * 0.5, tip[1] + dy + dx * 0.5], [tip[0] + dx + dy * 0.5, tip[1] + dy - dx * 0.5]],
  closed: true,
  stroke: CABLE_COLOUR,
  width: 0.2,
  fill: CABLE_COLOUR,
});
/** Arrow heads where the cable leaves the sheet: pointing down, left or up (towards the tip, 1.6 mm long). */
const arrowDown = (x: number, y: number) => head([x, y - 1.6], 0, 1.6);
const arrowLeft = (x: number, y: number) => head([x - 1.6, y], 1.6, 0);
const arrowUp = (x: number, y: number) => head([x, y + 1.6], 0, -1.6);
