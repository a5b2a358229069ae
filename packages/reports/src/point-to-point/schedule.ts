// The loop schedule: a row per device in cable order (address, device, product, quiescent and alarm mA, the segment
// into it, an isolator before it, its minimum voltage and the voltages of both single-fault feeds), the return to the
// panel and the totals; drawn as items so that the PDF and the DXF carry the same table.
import type { Item } from '../drawing/items.js';
import { fitText } from '../drawing/furniture.js';
import { GREY, RED, line, text } from './draw.js';
import { P2P_LAYERS as L } from './layers.js';
import type { P2pLoop } from './loops.js';
import { P2P_WORDS as W } from './words.js';

/** A row of the schedule (mm) and the column heads with the schedule's title over them. */
export const SCHEDULE_ROW = 3.8;
export const SCHEDULE_HEAD = 12;

const SIZE = 1.9;
/** Relative widths of the columns (W.columns); the product takes what the others leave. */
const WIDTHS = [9, 17, 40, 0, 19, 16, 17, 17, 12, 17, 17];
/** Numeric columns, right-aligned. */
const NUMERIC = new Set([0, 4, 5, 6, 8, 9, 10]);

interface Column {
  x: number;
  w: number;
}

function columns(x0: number, x1: number): Column[] {
  const fixed = WIDTHS.reduce((a, b) => a + b, 0);
  const product = Math.max(30, x1 - x0 - fixed);
  let x = x0;
  return WIDTHS.map((w) => {
    const c = { x, w: w || product };
    x += c.w;
    return c;
  });
}

/** One line of cells; `bold` for the totals, a colour per cell where one differs. */
function cells(
  x0: number,
  x1: number,
  baseline: number,
  values: readonly string[],
  bold = false,
  colours: (string | undefined)[] = [],
): Item[] {
  const cols = columns(x0, x1);
  const items: Item[] = [];
  values.forEach((value, i) => {
    if (!value) return;
    const c = cols[i]!;
    const fitted = fitText(value, c.w - 2, SIZE, bold);
    const numeric = NUMERIC.has(i);
    items.push(
      text(L.schedule, [numeric ? c.x + c.w - 1 : c.x + 1, baseline], fitted.text, fitted.size, {
        anchor: numeric ? 'right' : 'left',
        bold: bold || colours[i] === RED,
        ...(colours[i] ? { colour: colours[i] } : {}),
      }),
    );
  });
  return items;
}

/** The title and column heads, a rule under them; `continued` on a sheet after the first. */
export function scheduleHead(loop: P2pLoop, x0: number, x1: number, top: number, continued: boolean): Item[] {
  const title = W.schedule(W.loop(loop.name)) + (continued ? ` (${W.continued})` : '');
  return [
    text(L.schedule, [x0, top - 3.2], title, 2.4, { bold: true }),
    ...cells(
      x0,
      x1,
      top - 7.2,
      W.columns.map((c) => c[0]),
      true,
    ),
    ...cells(
      x0,
      x1,
      top - 9.6,
      W.columns.map((c) => c[1]),
      true,
    ),
    line(
      L.schedule,
      [
        [x0, top - SCHEDULE_HEAD + 1.2],
        [x1, top - SCHEDULE_HEAD + 1.2],
      ],
      0.35,
    ),
  ];
}

const mA = (a: number) => (a * 1000).toFixed(2);

/**
 * Row `k` of the schedule: a device (k < devices), the return to IN (B), or the totals (alarm current and length as
 * the loop's figures give them).
 */
export function scheduleRow(loop: P2pLoop, k: number, x0: number, x1: number, top: number): Item[] {
  const baseline = top - SCHEDULE_ROW + 1;
  // A light rule under every fifth row guides the eye along a row (one under each would double a long schedule's items).
  const rule: Item[] =
    k % 5 === 4
      ? [
          line(
            L.schedule,
            [
              [x0, top - SCHEDULE_ROW],
              [x1, top - SCHEDULE_ROW],
            ],
            0.1,
            '#909090',
          ),
        ]
      : [];
  const { devices, chain } = loop;
  const shown = chain.figures.voltages !== null && !chain.figures.cannotWork;
  const volts = (v: number | null) => (v === null || !shown ? '—' : v.toFixed(2));
  if (k < devices.length) {
    const d = devices[k]!;
    const l = d.link;
    return [
      ...cells(
        x0,
        x1,
        baseline,
        [
          String(k + 1),
          d.address || W.noAddress,
          d.typeName,
          l.productName || W.noProduct,
          mA(l.quiescentCurrent),
          mA(l.alarmCurrent),
          l.leg.toFixed(1),
          l.isolatorBefore ? W.isolatorBefore : '',
          l.minVoltage > 0 ? l.minVoltage.toFixed(1) : '—',
          volts(l.fromA),
          volts(l.fromB),
        ],
        false,
        // A product without electrical data is greyed: its currents are not counted (the engine warns of it).
        Object.assign(Array<string | undefined>(11).fill(undefined), {
          3: l.known ? undefined : GREY,
          9: d.belowA ? RED : undefined,
          10: d.belowB ? RED : undefined,
        }),
      ),
      ...rule,
    ];
  }
  if (k === devices.length)
    return [
      ...cells(x0, x1, baseline, [
        '',
        '',
        W.returnRow,
        '',
        '',
        '',
        chain.returnLeg.toFixed(1),
        chain.isolatorOnReturn ? W.isolatorBefore : '',
      ]),
    ];
  const quiescent = devices.reduce((s, d) => s + d.link.quiescentCurrent, 0);
  return [
    line(
      L.schedule,
      [
        [x0, top],
        [x1, top],
      ],
      0.35,
    ),
    ...cells(x0, x1, baseline, ['', '', W.total, '', mA(quiescent), mA(chain.figures.load), chain.figures.length.toFixed(1)], true),
  ];
}

/** The schedule's rows: one per device, the return and the totals. */
export const scheduleRows = (loop: P2pLoop) => loop.devices.length + 2;
