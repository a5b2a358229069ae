// The texts and sizes of a schematic's boxes (a rack's, a loop's heading, a loop's box per storey): the layout sizes
// the sheet with them and the sheet draws them, so that what is measured is what is drawn.
import type { RiserWords } from './messages.js';
import type { RiserBattery, RiserLoop, RiserRack, StoreyBox } from './riser-model.js';
import { wrap } from './wrap.js';

/** Cap heights (mm): every text at least furniture's MIN_TEXT (1.8). */
export const TEXT = 2;
export const HEADING = 2.4;
export const STOREY_TEXT = 2.5;
/** Baseline to baseline (mm) of TEXT lines; of HEADING lines. */
export const PITCH = 3.1;
export const HEADING_PITCH = 3.6;

/** A storey box: its symbol row, a row per zone, the isolator and total row; the column widths (mm). */
export const BOX = { head: 7.4, row: 4.2, foot: 4.8, zoneW: 12, kindW: 6.4, totalW: 8 } as const;
/** Room between a loop's rails and its boxes, and the least width of a loop's column (mm). */
export const RAIL_INSET = 6;
export const MIN_LOOP_COL = 58;
/** The rack column: its width; the box's left edge from the column's (leaves room for the network and circuit lines). */
export const RACK_COL = 74;
export const RACK_INSET = 8;
/** Room kept free in a rack box's top right for the panel symbol (mm). */
const SYMBOL_ROOM = 8;

export interface Line {
  text: string;
  size: number;
  bold?: boolean;
  colour?: string;
}

const RED = '#c62828';

const line = (text: string, size = TEXT, bold = false, colour?: string): Line => ({ text, size, bold, ...(colour ? { colour } : {}) });
const wrapped = (text: string, width: number, size = TEXT, bold = false, colour?: string): Line[] =>
  wrap(text, width, size, bold).map((t) => line(t, size, bold, colour));

/** The height of lines stacked from a top edge, with `pad` mm above and below. */
export const linesHeight = (lines: readonly Line[], pad = 1.5) =>
  lines.reduce((h, l) => h + (l.size > TEXT ? HEADING_PITCH : PITCH), 0) + 2 * pad;

/** A battery's four lines: standby and alarm load with their times, the capacity required, the battery fitted. */
export function batteryLines(b: RiserBattery, w: RiserWords, width: number): Line[] {
  const n = w.num;
  const out = [
    ...wrapped(w.standby(n(b.standby, 3), n(b.standbyHours, 0)), width),
    ...wrapped(w.alarm(n(b.alarm, 3), n(b.alarmHours * 60, 0), b.derating !== 1 ? n(b.derating, 2) : null), width),
    ...wrapped(w.required(n(b.factor, 2), n(b.capacity, 2)), width),
  ];
  if (b.configured !== null)
    out.push(
      ...(b.configured < b.capacity
        ? wrapped(w.fittedTooSmall(n(b.configured, 1)), width, TEXT, true, RED)
        : wrapped(w.fitted(n(b.configured, 1)), width)),
    );
  else if (b.suggested !== null) out.push(...wrapped(w.suggested(n(b.suggested, 1)), width));
  else out.push(...wrapped(w.noStandardBattery, width, TEXT, true, RED));
  return out;
}

/** A rack box's lines: its name, then each central, power supply and other unit with its product and battery. */
export function rackLines(rack: RiserRack, w: RiserWords, width: number, continued: boolean): Line[] {
  const inner = width - 3;
  const out: Line[] = wrapped(`${w.rack(rack.name)}${continued ? ` ${w.continued}` : ''}`, inner - SYMBOL_ROOM, HEADING, true);
  for (const c of rack.centrals) {
    out.push(...wrapped(w.central(c.id, c.main), inner, TEXT, true));
    out.push(...wrapped(c.product || w.noProduct, inner));
    if (c.battery) out.push(...batteryLines(c.battery, w, inner));
  }
  for (const p of rack.supplies) {
    out.push(...wrapped(w.powerSupply(p.id), inner, TEXT, true));
    out.push(...wrapped(p.product || w.noProduct, inner));
    if (p.battery) out.push(...batteryLines(p.battery, w, inner));
  }
  for (const o of rack.others) {
    out.push(...wrapped(o.transmitter ? w.transmitter : w.otherRackUnit, inner, TEXT, true));
    out.push(...wrapped(o.product || w.noProduct, inner));
  }
  return out;
}

/** A loop's heading over its column: name (and class), cable, length, devices and load, isolators and voltages. */
export function loopHeading(loop: RiserLoop, w: RiserWords, width: number): Line[] {
  const n = w.num;
  const name = w.loopClass ? `${w.loop(loop.name)} · ${w.loopClass(loop.returns)}` : w.loop(loop.name);
  const out: Line[] = [...wrapped(name, width, HEADING, true)];
  if (loop.cable) out.push(...wrapped(loop.cable, width));
  out.push(...wrapped(w.loopFigures(n(loop.length, 0), loop.devices, n(loop.load * 1000, 1)), width));
  const isolators = w.isolators(loop.isolators);
  if (loop.cannotWork) out.push(...wrapped(isolators, width), ...wrapped(w.cannotWork, width, TEXT, true, RED));
  else if (!loop.worst) out.push(...wrapped(`${isolators} · ${w.noVoltages}`, width));
  else if (w.loopClass) {
    const percent = loop.startVoltage > 0 ? ((loop.startVoltage - loop.worst.voltage) / loop.startVoltage) * 100 : 0;
    out.push(...wrapped(isolators, width));
    out.push(...wrapped(w.voltageDrop(n(loop.startVoltage, 2), n(loop.worst.voltage, 2), n(percent, 1)), width));
    out.push(...wrapped(w.worstVoltage(n(loop.worst.voltage, 2), loop.worst.feed), width));
  } else out.push(...wrapped(`${isolators} · ${w.worstVoltage(n(loop.worst.voltage, 2), loop.worst.feed)}`, width));
  return out;
}

export const boxWidth = (kinds: number) => BOX.zoneW + kinds * BOX.kindW + BOX.totalW + 2;
export const boxHeight = (box: StoreyBox) => BOX.head + box.rows.length * BOX.row + BOX.foot;
/** A box of units a rack feeds on one storey: a caption, the symbol row and one row of counts. */
export const fedBoxHeight = () => PITCH + 1.5 + BOX.head + BOX.row + 0.6;

/** A loop's column: its rails round its widest box, and at least MIN_LOOP_COL for its heading. */
export const loopColumnWidth = (loop: RiserLoop) => Math.max(MIN_LOOP_COL, boxWidth(loop.kinds.length) + 2 * RAIL_INSET);

/** The rack column's caption in the header. */
export const captionLines = (w: RiserWords, width: number): Line[] => wrapped(w.controlEquipment, width, HEADING, true);
