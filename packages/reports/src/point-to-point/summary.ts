// Under a loop's chain: the battery calculation of its panel (BS 5839-1 Annex E, every figure the engine's
// SupplyCheck) and the loop's checks (the engine's warnings, or that it passes them all).
import { ELECTRICAL_MESSAGES } from '@edrf/fire';
import type { Item } from '../drawing/items.js';
import { BLACK, RED, box, text, wrap } from './draw.js';
import { P2P_LAYERS as L } from './layers.js';
import type { P2pLoop } from './loops.js';
import { P2P_WORDS as W } from './words.js';

const SIZE = 2;
const LINE = 3.3;
const PAD = 2;
/** The battery's box (mm); the checks take the rest of the width. */
const BATTERY_W = 150;
const LABEL_W = 50;
/** Warnings listed at most; the rest counted. */
const MAX_WARNINGS = 10;

const mA = (a: number) => `${(a * 1000).toFixed(1)} mA`;
const amps = (a: number) => `${a.toFixed(4)} A`;
const ah = (c: number) => `${c.toFixed(2)} Ah`;
const hours = (h: number) => (h >= 1 ? `${Number(h.toFixed(2))} h` : `${Number((h * 60).toFixed(1))} min`);

/** The battery block's lines: label, value, and whether the value is bad news. */
function batteryLines(loop: P2pLoop): { title: string; lines: [string, string, boolean?][] } {
  const check = loop.chain.figures.battery;
  const panel = `${W.panel} ${loop.centralId ?? ''}`.trim();
  if (!check) return { title: W.battery(panel), lines: [[W.noBattery, '']] };
  const { load, battery } = check;
  // BS 5839-1's least capacity is 20 × I₂ where the de-rated sum is more (battery.ts): said so, not the formula.
  const threshold = battery.derating === 1 && battery.capacity === 20 * load.alarmCurrent && load.alarmCurrent > 0;
  const chosen = battery.configured ?? battery.suggested;
  const short = battery.warnings.length > 0;
  return {
    title: W.battery(panel),
    lines: [
      [W.standbyCurrent, `${mA(load.quiescentCurrent)}: ${W.carries(check.loopUnits, check.fedUnits.length)}`],
      [W.alarmCurrent, mA(load.alarmCurrent)],
      [W.standbyTime, hours(battery.standbyHours)],
      [W.alarmTime, hours(battery.alarmHours)],
      [W.derating, `${battery.derating} (${W.deratingWhy(battery.derating)})`],
      [W.factor, String(battery.factor)],
      [
        W.required,
        threshold
          ? `${W.threshold} = ${ah(battery.capacity)}`
          : `${W.formula(battery.factor)} = ${battery.factor} × (${amps(load.quiescentCurrent)} × ${hours(battery.standbyHours)} + ` +
            `${battery.derating} × ${amps(load.alarmCurrent)} × ${hours(battery.alarmHours)}) = ${ah(battery.capacity)}`,
      ],
      [W.fitted, battery.configured !== null ? ah(battery.configured) : W.none],
      [W.standard, battery.suggested !== null ? ah(battery.suggested) : W.noneLarge],
      [W.chosen, chosen !== null ? `${ah(chosen)}: ${short ? W.tooSmall : W.sufficient}` : W.noneLarge, short || chosen === null],
      ...battery.warnings.map((w): [string, string, boolean] => ['', w, true]),
    ],
  };
}

/** The checks: the loop's warnings as calc_fire_cabling gives them (in its words), or that it passes. */
function checkLines(loop: P2pLoop): { text: string; bad: boolean }[] {
  const { figures } = loop.chain;
  const warnings = [
    ...(figures.cannotWork ? [ELECTRICAL_MESSAGES.cannotWork] : []),
    ...figures.warnings,
    ...loop.devices.filter((d) => !d.link.known).map((d) => ELECTRICAL_MESSAGES.noElectrical(d.link.id, d.link.productName)),
  ];
  if (figures.voltages === null) warnings.push(W.noVoltages);
  if (warnings.length === 0) return [{ text: W.allPass, bad: false }];
  const shown = warnings.slice(0, MAX_WARNINGS).map((w) => ({ text: w, bad: true }));
  if (warnings.length > MAX_WARNINGS) shown.push({ text: `… ${warnings.length - MAX_WARNINGS} more`, bad: true });
  return shown;
}

interface Laid {
  height: number;
  draw: (top: number) => Item[];
}

/** The battery block and the checks side by side, as wide as the content; its height known before it is drawn. */
export function summaryBlock(loop: P2pLoop, x0: number, x1: number): Laid {
  const battery = batteryLines(loop);
  const valueW = BATTERY_W - LABEL_W - 2 * PAD;
  const rows = battery.lines.map(([label, value, bad]) => ({ label, values: wrap(value, valueW, SIZE), bad: !!bad }));
  const batteryH = 2 * PAD + 5 + rows.reduce((s, r) => s + r.values.length, 0) * LINE;
  const checksX = x0 + BATTERY_W + 6;
  const checksW = x1 - checksX - 2 * PAD;
  const checks = checkLines(loop).map((c) => ({ lines: wrap(c.text, checksW, SIZE), bad: c.bad }));
  const checksH = 2 * PAD + 5 + checks.reduce((s, c) => s + c.lines.length, 0) * LINE;
  const height = Math.max(batteryH, checksH);
  return {
    height,
    draw: (top) => {
      const items: Item[] = [box(L.battery, x0, top - batteryH, BATTERY_W, batteryH, 0.35)];
      items.push(text(L.battery, [x0 + PAD, top - PAD - 2.4], battery.title, 2.4, { bold: true }));
      let y = top - PAD - 5 - SIZE - 0.3;
      for (const row of rows) {
        if (row.label) items.push(text(L.battery, [x0 + PAD, y], row.label, SIZE));
        for (const value of row.values) {
          items.push(text(L.battery, [x0 + PAD + LABEL_W, y], value, SIZE, row.bad ? { colour: RED, bold: true } : {}));
          y -= LINE;
        }
      }
      items.push(box(L.battery, checksX - PAD, top - checksH, x1 - checksX + PAD, checksH, 0.35));
      items.push(text(L.battery, [checksX, top - PAD - 2.4], W.checks, 2.4, { bold: true }));
      y = top - PAD - 5 - SIZE - 0.3;
      for (const check of checks)
        for (const value of check.lines) {
          items.push(text(L.battery, [checksX, y], value, SIZE, { colour: check.bad ? RED : BLACK }));
          y -= LINE;
        }
      return items;
    },
  };
}
