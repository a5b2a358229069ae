// Where everything of a schematic goes: the sheet size, which racks and loops go on which sheet (columns left to right
// in network order, a rack's loops after it, continued on the next sheet with the rack repeated where they do not fit),
// the storeys' bands (lowest at the bottom, each as high as its tallest box), the network's lanes and the notes.
import { SHEET_ORDER, sheetLayout, type SheetLayout } from '../drawing/sheet.js';
import type { SheetSize } from '../pdf/document.js';
import type { RiserWords } from './messages.js';
import {
  boxHeight,
  captionLines,
  fedBoxHeight,
  HEADING_PITCH,
  linesHeight,
  loopColumnWidth,
  loopHeading,
  RACK_COL,
  rackLines,
  STOREY_TEXT,
  TEXT,
  type Line,
} from './riser-boxes.js';
import type { RiserLink, RiserLoop, RiserModel, RiserRack, RiserStorey } from './riser-model.js';
import { wrap } from './wrap.js';

/** The storeys' names column at the left (mm). */
export const STOREY_COL = 36;
/** Above and below the boxes in a band; a band nothing stands in on this sheet (mm). */
export const BAND_PAD = 2;
const EMPTY_BAND = 9;
/** Between the feeders leaving a rack box, one per loop end (mm). */
export const FEEDER_GAP = 2.2;
/** Between two network lanes; the network's caption row (mm). */
export const LANE = 3.8;
export const LANE_CAPTION = 5.5;
/** Kept clear round a network run's ends when lanes are shared (mm). */
const LANE_CLEAR = 2;

export interface RackColumn {
  kind: 'rack';
  rack: RiserRack;
  /** The rack's loops did not all fit on the sheet before: it is drawn again for the rest. */
  continued: boolean;
  /** Its loops on this sheet, in column order. */
  loops: RiserLoop[];
  x: number;
  w: number;
  lines: Line[];
  /** The rack box's height: its lines, and at least its feeders' strip. */
  boxH: number;
}

export interface LoopColumn {
  kind: 'loop';
  loop: RiserLoop;
  rack: RackColumn;
  x: number;
  w: number;
  heading: Line[];
}

export type Column = RackColumn | LoopColumn;

export interface Band {
  storey: RiserStorey;
  /** Bottom edge and height (mm). */
  y: number;
  h: number;
  /** The feeders' strip at the bottom of the band of a rack with loops on this sheet (mm, 0: none). */
  strip: number;
  name: Line[];
}

/** A network cable on a sheet: between two racks on it, or from one to the sheet's edge toward the other's sheet. */
export interface NetworkRun {
  link: RiserLink;
  lane: number;
  from: number;
  to: number;
  /** The rack at the other end, off this sheet, and the side it lies to. */
  away: { rack: RiserRack; side: 'left' | 'right' } | null;
}

export interface SheetPlan {
  layout: SheetLayout;
  columns: Column[];
  /** Lowest first. */
  bands: Band[];
  /** The header's bottom edge (the bands' top) and the footer's top edge (the bands' bottom). */
  headerBottom: number;
  footerTop: number;
  runs: NetworkRun[];
  lanes: number;
  notes: Line[];
  /** Where each rack's own (not continued) column is, by rack id: the sheet index, for the runs' labels. */
  home: ReadonlyMap<string, number>;
}

/** How many feeders leave a rack box: a loop's out and, where it comes back, its return. */
export const feederCount = (col: RackColumn) => col.loops.reduce((n, l) => n + (l.returns ? 2 : 1), 0);
/**
 * Each loop's feeder slots, 0 the highest: so that a feeder crosses no rail on its way, the loops going up take the
 * top slots left to right (out above return), those going both ways the next, and those going down the lowest, right
 * to left (return above out).
 */
export function feederSlots(col: RackColumn): Map<RiserLoop, { out: number; ret: number | null }> {
  const slots = new Map<RiserLoop, { out: number; ret: number | null }>();
  let next = 0;
  const take = (loop: RiserLoop, returnFirst: boolean) => {
    if (!loop.returns) slots.set(loop, { out: next++, ret: null });
    else if (returnFirst) slots.set(loop, { ret: next++, out: next++ });
    else slots.set(loop, { out: next++, ret: next++ });
  };
  for (const loop of col.loops) if (loop.reach === 'up') take(loop, false);
  for (const loop of col.loops) if (loop.reach === 'both') take(loop, false);
  for (const loop of [...col.loops].reverse()) if (loop.reach === 'down') take(loop, true);
  return slots;
}
const stripHeight = (col: RackColumn) => (col.loops.length ? feederCount(col) * FEEDER_GAP + 1.5 : 0);

/** The sheet sizes tried for one sheet, smallest first; failing that, the sheets continued (A1, else A0). */
const SINGLE: readonly SheetSize[] = SHEET_ORDER;
const CONTINUED: readonly SheetSize[] = ['A1', 'A0'];

/**
 * The schematic's sheets: the smallest sheet that holds it all; else A1 sheets (A0 where a column's storeys need the
 * height) continued one after the other, every storey on each; else only the storeys each sheet's columns reach.
 * Throws where even one rack and one loop do not fit an A0 sheet.
 */
export function planSheets(model: RiserModel, words: RiserWords, notes: readonly string[]): SheetPlan[] {
  for (const size of SINGLE) {
    const plans = paginate(model, words, notes, size, 'all', 1);
    if (plans) return plans;
  }
  for (const mode of ['all', 'reached'] as const)
    for (const size of CONTINUED) {
      const plans = paginate(model, words, notes, size, mode);
      if (plans) return plans;
    }
  throw new Error('The schematic does not fit an A0 sheet: a loop reaches more storeys than one sheet can show');
}

type Mode = 'all' | 'reached';

/** The sheets at `size`; null where a rack and one loop do not fit one, or more than `most` sheets are needed. */
function paginate(
  model: RiserModel,
  words: RiserWords,
  notes: readonly string[],
  size: SheetSize,
  mode: Mode,
  most = Infinity,
): SheetPlan[] | null {
  const layout = sheetLayout(size);
  const v = layout.viewport;
  const left = v.x + STOREY_COL;
  const right = v.x + v.w - 2;
  const noteLines = notes.flatMap((n) => wrap(n, v.w - 4, TEXT)).map((text) => ({ text, size: TEXT }));
  const home = new Map<string, number>();
  const sheets: Column[][] = [];
  let current: Column[] = [];
  const rackColumn = (rack: RiserRack, continued: boolean): RackColumn => {
    const lines = rackLines(rack, words, RACK_COL - 10, continued);
    return { kind: 'rack', rack, continued, loops: [], x: 0, w: RACK_COL, lines, boxH: linesHeight(lines) };
  };
  const loopColumn = (loop: RiserLoop, rack: RackColumn): LoopColumn => {
    const w = loopColumnWidth(loop);
    return { kind: 'loop', loop, rack, x: 0, w, heading: loopHeading(loop, words, w - 4) };
  };
  const place = (columns: Column[]) => {
    let x = left;
    for (const c of columns) {
      c.x = x;
      x += c.w;
    }
    return x <= right;
  };
  const fits = (columns: Column[]) =>
    place(columns) && measure(model, words, layout, columns, noteLines, home, sheets.length, mode) !== null;
  const flush = () => {
    for (const c of current) if (c.kind === 'rack' && !c.continued) home.set(c.rack.id, sheets.length);
    sheets.push(current);
    current = [];
    return sheets.length < most;
  };
  // Whether a rack and all its loops fit a sheet of their own.
  const fitsAlone = (rack: RiserRack, loops: readonly RiserLoop[]) => {
    const col = rackColumn(rack, false);
    col.loops = [...loops];
    col.boxH = Math.max(linesHeight(col.lines), stripHeight(col) + 3);
    return fits([col, ...loops.map((l) => loopColumn(l, col))]);
  };
  for (const rack of model.racks) {
    const loops = model.loops.get(rack.id) ?? [];
    let next = 0;
    let continued = false;
    for (;;) {
      const col = rackColumn(rack, continued);
      // The columns with the rack and its next k loops.
      const build = (k: number): Column[] => {
        col.loops = loops.slice(next, next + k);
        col.boxH = Math.max(linesHeight(col.lines), stripHeight(col) + 3);
        return [...current, col, ...col.loops.map((l) => loopColumn(l, col))];
      };
      let k = 0;
      while (next + k < loops.length && fits(build(k + 1))) k++;
      // A rack whose loops do not all fit after what the sheet holds starts the next sheet whole where they fit there.
      const split = next + k < loops.length && current.length > 0 && !continued && fitsAlone(rack, loops);
      if (split || (loops.length > 0 && k === 0) || (loops.length === 0 && !fits(build(0)))) {
        if (current.length === 0 || !flush()) return null;
        continue;
      }
      current = build(k);
      next += k;
      if (next >= loops.length) break;
      if (!flush()) return null;
      continued = true;
    }
  }
  if (current.length) flush();
  const out: SheetPlan[] = [];
  sheets.forEach((columns, i) => {
    place(columns);
    const plan = measure(model, words, layout, columns, noteLines, home, i, mode);
    if (!plan) throw new Error('A schematic sheet planned to fit no longer fits');
    out.push({ ...plan, home });
  });
  return out;
}

/** The sheet's bands, header, runs and footer if they fit its viewport; null where they do not. */
function measure(
  model: RiserModel,
  words: RiserWords,
  layout: SheetLayout,
  columns: Column[],
  notes: Line[],
  home: ReadonlyMap<string, number>,
  sheet: number,
  mode: Mode,
): Omit<SheetPlan, 'home'> | null {
  const v = layout.viewport;
  const racks = columns.filter((c): c is RackColumn => c.kind === 'rack');
  const loops = columns.filter((c): c is LoopColumn => c.kind === 'loop');
  const storeys = mode === 'all' ? model.storeys : reached(model.storeys, racks, loops);

  const caption = captionLines(words, RACK_COL - 4);
  const headerH = Math.max(linesHeight(caption), ...loops.map((c) => linesHeight(c.heading)), HEADING_PITCH + 3) + 1;

  const runs = networkRuns(model, racks, home, sheet, [v.x + 1, v.x + v.w - 1]);
  const lanes = runs.reduce((n, r) => Math.max(n, r.lane + 1), 0);
  const footerH = linesHeight(notes, 1) + (lanes ? LANE_CAPTION + lanes * LANE + 1.5 : 0);

  const bands: Band[] = storeys.map((storey) => {
    const name = [
      ...wrap(storey.name, STOREY_COL - 3, STOREY_TEXT, true).map((text) => ({ text, size: STOREY_TEXT, bold: true })),
      { text: `${storey.elevation >= 0 ? '+' : ''}${words.num(storey.elevation, 2)} m`, size: TEXT },
    ];
    const here = racks.filter((c) => c.rack.storeyId === storey.id);
    const strip = Math.max(0, ...here.map(stripHeight));
    const rackNeed = Math.max(
      0,
      ...racks.map((c) => {
        const fed = !c.continued && c.rack.fed.has(storey.id) ? fedBoxHeight() : 0;
        return c.rack.storeyId === storey.id ? c.boxH + (fed ? fed + 2 : 0) : fed;
      }),
    );
    const loopNeed = Math.max(0, ...loops.map((c) => (c.loop.boxes.has(storey.id) ? boxHeight(c.loop.boxes.get(storey.id)!) : 0)));
    const h = Math.max(
      EMPTY_BAND,
      linesHeight(name, 1),
      rackNeed ? rackNeed + 2 * BAND_PAD : 0,
      loopNeed ? loopNeed + 2 * BAND_PAD + (strip ? strip + 2 : 0) : 0,
    );
    return { storey, y: 0, h, strip, name };
  });
  const room = v.h - headerH - footerH;
  const need = bands.reduce((s, b) => s + b.h, 0);
  if (need > room) return null;
  // Room to spare evens the bands out, the lowest raised first (as storeys of a building section), so that the
  // drawing fills its sheet.
  const level = evenLevel(
    bands.map((b) => b.h),
    room,
  );
  let y = v.y + footerH;
  for (const band of bands) {
    band.y = y;
    band.h = Math.max(band.h, level);
    y += band.h;
  }
  return { layout, columns, bands, headerBottom: v.y + v.h - headerH, footerTop: v.y + footerH, runs, lanes, notes };
}

/** The level L at which Σ max(need, L) fills `room` (the needs summing to at most room). */
export function evenLevel(needs: readonly number[], room: number): number {
  const a = [...needs].sort((x, y) => x - y);
  let rest = a.reduce((s, x) => s + x, 0);
  // The k lowest raised to L: k · L plus the others' needs is the room.
  for (let k = 1; k <= a.length; k++) {
    rest -= a[k - 1]!;
    const level = (room - rest) / k;
    if (level >= a[k - 1]! && (k === a.length || level <= a[k]!)) return level;
  }
  return a[a.length - 1] ?? 0;
}

/** The storeys a sheet's columns reach: their racks' and fed units', their loops' boxes and what the loops pass. */
function reached(storeys: readonly RiserStorey[], racks: RackColumn[], loops: LoopColumn[]): RiserStorey[] {
  const index = new Map(storeys.map((s, i) => [s.id, i]));
  const used = new Set<number>();
  for (const c of racks) {
    used.add(index.get(c.rack.storeyId) ?? -1);
    if (!c.continued) for (const s of c.rack.fed.keys()) used.add(index.get(s) ?? -1);
  }
  for (const c of loops) {
    const levels = [...c.loop.boxes.keys(), c.rack.rack.storeyId].map((s) => index.get(s) ?? -1).filter((i) => i >= 0);
    for (let i = Math.min(...levels); i <= Math.max(...levels); i++) used.add(i);
  }
  return storeys.filter((_, i) => used.has(i));
}

/** The x of a rack's network drop in its column. */
export const dropX = (col: RackColumn) => col.x + 2.5;

/**
 * The network cables a sheet draws: between two racks whose own columns are on it, or from one to the sheet's edge
 * toward the sheet of the other (an earlier sheet to the left, a later one to the right); each on the first lane
 * where it meets no other run.
 */
function networkRuns(
  model: RiserModel,
  racks: RackColumn[],
  home: ReadonlyMap<string, number>,
  sheet: number,
  edges: readonly [number, number],
): NetworkRun[] {
  const own = new Map(racks.filter((c) => !c.continued).map((c) => [c.rack.id, c]));
  const byId = new Map(model.racks.map((r) => [r.id, r]));
  const runs: NetworkRun[] = [];
  for (const link of model.links) {
    const [a, b] = [own.get(link.a), own.get(link.b)];
    if (!a && !b) continue;
    if (a && b) {
      const [x0, x1] = [dropX(a), dropX(b)].sort((p, q) => p - q) as [number, number];
      runs.push({ link, lane: 0, from: x0, to: x1, away: null });
      continue;
    }
    const here = (a ?? b)!;
    const other = byId.get(a ? link.b : link.a);
    if (!other) continue;
    const x = dropX(here);
    // A stub runs to the drawing's edge, its label at that end.
    runs.push(
      (home.get(other.id) ?? Infinity) < sheet
        ? { link, lane: 0, from: edges[0], to: x, away: { rack: other, side: 'left' } }
        : { link, lane: 0, from: x, to: edges[1], away: { rack: other, side: 'right' } },
    );
  }
  runs.sort((p, q) => p.from - q.from || p.to - q.to);
  const ends: number[] = [];
  for (const run of runs) {
    let lane = ends.findIndex((end) => end + LANE_CLEAR < run.from);
    if (lane < 0) lane = ends.push(run.to) - 1;
    else ends[lane] = run.to;
    run.lane = lane;
  }
  return runs;
}
