// The Förbindningsschema's sheets: per rack, every core from the unit it is wired to in the rack, over its plinth
// terminal, to the cable and the other end (a connection diagram drawn as rows, IEC 61082's connection table with its
// lines); first, where racks are cabled together, the cores between racks terminal to terminal.
import type { Fire } from '@edrf/model';
import type { LegendEntry, TitleFields } from '../drawing/furniture.js';
import type { Item, Rect } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import { sheetLayout, type SheetLayout } from '../drawing/sheet.js';
import type { Sheet } from '../drawing/sheet-set.js';
import type { SymbolSet } from '../symbols/library.js';
import { BLACK, GREY, RED, line, rect, text, wrap } from './draw.js';
import { RACK_LAYERS as L } from './layers.js';
import { rackFurniture } from './panel.js';
import type { Landing, RackWiring, Wiring } from './terminals.js';
import { coreText, WORDS, type RackText } from './words.js';

/** A row of the diagram. */
type Row =
  | { kind: 'plinth'; code: string; text: string }
  | {
      kind: 'core';
      landing: Landing;
      /** The unit the terminal is wired on to, and its port. */
      unit: string | null;
      unitLabel: string;
      port: string;
      terminal: string;
      core: string;
      /** The cable group the row belongs to: one bracket per cable end. */
      group: string;
      cable: string;
      cableNote: string;
      far: string;
    }
  | { kind: 'heading'; text: string; warn: boolean }
  | { kind: 'note'; text: string; warn: boolean }
  | { kind: 'gap' };

/** A row of the table of cores between racks. */
interface LinkRow {
  group: string;
  cable: string;
  product: string;
  core: string;
  from: string;
  fromUnit: string;
  to: string;
  toUnit: string;
}

const ROW = 5;
const TEXT = 2;
const HEAD = 2.2;
/** Where the columns start, mm from the viewport's left (the terminal number is centred between terminal and terminalEnd). */
export const SCHEMA_COLUMNS = {
  box: 3,
  boxEnd: 41,
  portEnd: 88,
  terminal: 100,
  terminalEnd: 112,
  core: 113.5,
  coreLine: 128,
  bracket: 146,
  cable: 148,
  far: 222,
} as const;
const X = SCHEMA_COLUMNS;

export interface SchemaContext {
  fire: Fire;
  wiring: Wiring;
  names: RackText;
  symbols: SymbolSet;
  words: SheetWords;
  fields: (title: string, number: string) => TitleFields;
  /** The storey's and room's names of a rack, for the sheet's heading. */
  where: (rackId: string) => string;
}

export interface SheetGroup {
  name: string;
  sheets: () => Iterable<Sheet>;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

const LEGEND: LegendEntry[] = [
  { label: WORDS.legendJumper, line: { stroke: GREY, width: 0.25 } },
  { label: WORDS.legendCore, line: { stroke: BLACK, width: 0.5 } },
  { label: WORDS.legendMissing, line: { stroke: RED, width: 0.5, dash: [1.5, 1] } },
];

/** The width a note row has (mm): the viewport of an A3 sheet less its margins. */
const NOTE_WIDTH = 300;

/** Notes longer than a row are broken over rows, never cut. */
const wrapped = (rows: Row[]): Row[] =>
  rows.flatMap((row): Row[] => (row.kind === 'note' ? wrap(row.text, NOTE_WIDTH, TEXT).map((t) => ({ ...row, text: t })) : [row]));

/** The rows of one rack's diagram: each plinth's used terminals, the cores without a terminal, then the notes. */
export function rackRows(wiring: RackWiring, names: RackText): Row[] {
  return wrapped(rackRowsUnwrapped(wiring, names));
}

function rackRowsUnwrapped(wiring: RackWiring, names: RackText): Row[] {
  const rows: Row[] = [];
  const coreRow = (l: Landing): Row => {
    const carrier = names.carrier(l.carrier, l);
    return {
      kind: 'core',
      landing: l,
      unit: l.inside,
      unitLabel: l.inside ? `${names.designation(l.inside)} ${names.kind(l.inside)}` : '',
      port: l.inside ? names.portName(l) || names.designation(l.inside) : WORDS.none,
      terminal: l.terminal ? String(l.terminal.number) : WORDS.none,
      core: coreText(l.core),
      group: `${l.cableId}|${carrier}`,
      cable: `${names.cable(l.cableId)} · ${carrier}`,
      cableNote: names.cableProduct(l.productId),
      far: names.far(l),
    };
  };
  for (const plinth of wiring.plinths) {
    const used = plinth.terminals.filter((t) => t !== undefined).length;
    const free = plinth.terminals.flatMap((t, i) => (t === undefined ? [i + 1] : []));
    const freeText = free.length === 0 ? '' : `; ${WORDS.free.toLowerCase()}: ${ranges(free)}`;
    rows.push({
      kind: 'plinth',
      code: names.designation(plinth.plinthId),
      text: `${names.productOf(plinth.plinthId)} (${plinth.plinthId}) – ${WORDS.terminalsUsed(used, plinth.capacity)}${freeText}`,
    });
    for (const landing of plinth.terminals) if (landing) rows.push(coreRow(landing));
    rows.push({ kind: 'gap' });
  }
  if (wiring.overflow.length > 0) {
    const terminals = wiring.plinths.reduce((s, p) => s + p.capacity, 0);
    rows.push({ kind: 'heading', text: wiring.plinths.length === 0 ? WORDS.noPlinthHeading : WORDS.overflowHeading, warn: true });
    rows.push({
      kind: 'note',
      text: wiring.plinths.length === 0 ? WORDS.noPlinth(wiring.landings.length) : WORDS.overflowNote(wiring.landings.length, terminals),
      warn: true,
    });
    for (const landing of wiring.overflow) rows.push(coreRow(landing));
    rows.push({ kind: 'gap' });
  }
  if (wiring.landings.length === 0) rows.push({ kind: 'note', text: WORDS.noConnections, warn: false });
  if (wiring.spares.length > 0) {
    rows.push({ kind: 'heading', text: WORDS.sparesHeading, warn: false });
    for (const s of wiring.spares)
      rows.push({ kind: 'note', text: WORDS.spare(names.cable(s.cableId), names.carrier(s.carrier), s.pair), warn: false });
  }
  if (wiring.internal.length > 0) {
    rows.push({ kind: 'heading', text: WORDS.internalHeading, warn: false });
    for (const c of wiring.internal)
      rows.push({
        kind: 'note',
        text: WORDS.internal(
          names.cable(c.cableId),
          names.cableProduct(c.productId),
          names.unit(c.ends[0]),
          c.ends[1] ? names.unit(c.ends[1]) : WORDS.open,
        ),
        warn: false,
      });
  }
  if (wiring.landings.length > 0) rows.push({ kind: 'note', text: WORDS.colourNote, warn: false });
  return rows;
}

/** '1–3, 7, 9–12' */
function ranges(numbers: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    out.push(j === i ? `${numbers[i]}` : `${numbers[i]}–${numbers[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** The cores between racks, one row per core, each cable's from the rack first in order. */
export function linkRows(wiring: Wiring, names: RackText): LinkRow[] {
  const rows: LinkRow[] = [];
  const done = new Set<string>();
  for (const rack of wiring.racks)
    for (const l of rack.landings) {
      if (l.carrier.kind !== 'link' || done.has(l.cableId)) continue;
      const cores = rack.landings.filter((o) => o.cableId === l.cableId);
      for (const c of cores) {
        const there = c.far.kind === 'terminal' ? c.far : null;
        const farRack = there ? wiring.racks.find((r) => r.rackId === there.rackId) : undefined;
        const farLanding = farRack?.landings.find(
          (o) => o.cableId === c.cableId && o.core.pair === c.core.pair && o.core.wire === c.core.wire,
        );
        rows.push({
          group: c.cableId,
          cable: names.cable(c.cableId),
          product: names.cableProduct(c.productId),
          core: coreText(c.core),
          from: c.terminal ? names.terminal(rack.rackId, c.terminal) : `${names.rack(rack.rackId)} (saknar plint)`,
          fromUnit: c.inside ? names.full(rack.rackId, names.port(c)) : WORDS.none,
          to: names.far(c),
          toUnit: farLanding?.inside ? names.full(farLanding.rackId, names.port(farLanding)) : WORDS.none,
        });
      }
      done.add(l.cableId);
    }
  return rows;
}

/** The viewport's rows: how many fit under the heading and the column titles. */
function rowSpace(layout: SheetLayout): { top: number; count: number } {
  const v = layout.viewport;
  const top = v.y + v.h - 22;
  return { top, count: Math.floor((top - v.y - 4) / ROW) };
}

/** Rows cut into sheets; a bracket or unit box open at a sheet's end is closed there and opened again on the next. */
function paginate<T>(rows: T[], perSheet: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < rows.length; i += perSheet) pages.push(rows.slice(i, i + perSheet));
  return pages.length > 0 ? pages : [[]];
}

/**
 * A rack's rows cut into sheets: a plinth's code or a heading is not left alone at a sheet's foot, and a sheet that
 * goes on with a plinth's terminals (or the cores without one) starts with its code or heading again, '(forts.)'.
 */
function paginateRack(rows: Row[], perSheet: number): Row[][] {
  const pages: Row[][] = [[]];
  let context: Row | null = null;
  for (const [i, row] of rows.entries()) {
    let page = pages[pages.length - 1]!;
    const opens = row.kind === 'plinth' || row.kind === 'heading';
    const full = page.length >= perSheet || (opens && page.length >= perSheet - 1 && i < rows.length - 1);
    if (full) {
      page = [];
      pages.push(page);
      if (row.kind === 'core' && context) page.push(continued(context));
    }
    if (row.kind === 'gap' && page.length === 0) continue;
    if (opens) context = row;
    page.push(row);
  }
  return pages;
}

const continued = (row: Row): Row =>
  row.kind === 'plinth'
    ? { ...row, text: `${row.text} (forts.)` }
    : row.kind === 'heading'
      ? { ...row, text: `${row.text} (forts.)` }
      : row;

/** The heading and the sheet's furniture, common to both kinds of sheet. */
function frameOf(ctx: SchemaContext, layout: SheetLayout, heading: string, sub: string, fields: TitleFields): Item[] {
  const v = layout.viewport;
  return [
    ...rackFurniture(layout, WORDS.none, fields, LEGEND, ctx.symbols, ctx.words),
    text(L.texts, [v.x + 4, v.y + v.h - 8], heading, 3.5, { bold: true, width: v.w - 8 }),
    text(L.texts, [v.x + 4, v.y + v.h - 13.5], sub, 2.2, { width: v.w - 8 }),
  ];
}

/** One rack's sheets. */
export function* rackSchemaSheets(ctx: SchemaContext, wiring: RackWiring, index: number): Iterable<Sheet> {
  const layout = sheetLayout('A3');
  const v = layout.viewport;
  const { top, count } = rowSpace(layout);
  const pages = paginateRack(rackRows(wiring, ctx.names), count);
  const name = ctx.names.rack(wiring.rackId);
  for (const [p, rows] of pages.entries()) {
    const sheetNo = pages.length > 1 ? ` (${WORDS.continued(p + 1, pages.length)})` : '';
    const title = `${WORDS.schemaTitle} – ${WORDS.rack(name)}${sheetNo}`;
    const number = `FS-${pad2(index + 1)}${pages.length > 1 ? `.${p + 1}` : ''}`;
    const items = frameOf(
      ctx,
      layout,
      `${WORDS.rack(name)} – ${WORDS.schemaTitle.toLowerCase()}${sheetNo}`,
      ctx.where(wiring.rackId),
      ctx.fields(title, number),
    );
    const x = (dx: number) => v.x + dx;
    const headY = top + 2;
    items.push(
      text(L.texts, [x(X.box), headY], WORDS.unitColumn, HEAD, { bold: true, width: X.portEnd - X.box }),
      text(L.texts, [x((X.terminal + X.terminalEnd) / 2), headY], WORDS.terminalColumn, HEAD, { bold: true, anchor: 'centre' }),
      text(L.texts, [x(X.core), headY], WORDS.coreColumn, HEAD, { bold: true }),
      text(L.texts, [x(X.cable), headY], WORDS.cableColumn, HEAD, { bold: true }),
      text(L.texts, [x(X.far), headY], WORDS.destinationColumn, HEAD, { bold: true }),
      line(
        L.texts,
        [
          [x(X.box), top + 0.8],
          [x(v.w - 2), top + 0.8],
        ],
        0.25,
      ),
    );
    const rowTop = (i: number) => top - i * ROW;
    const base = (i: number) => rowTop(i) - ROW / 2 - TEXT / 2;
    const mid = (i: number) => rowTop(i) - ROW / 2;
    rows.forEach((row, i) => {
      switch (row.kind) {
        case 'gap':
          return;
        case 'plinth':
          items.push(text(L.terminals, [x(X.terminal), base(i)], row.code, HEAD, { bold: true }));
          items.push(text(L.texts, [x(X.terminalEnd + 2), base(i)], row.text, TEXT, { width: v.w - X.terminalEnd - 4 }));
          return;
        case 'heading':
          items.push(
            text(row.warn ? L.warnings : L.texts, [x(X.box), base(i)], row.text, HEAD, {
              bold: true,
              colour: row.warn ? RED : BLACK,
              width: v.w - 6,
            }),
          );
          return;
        case 'note':
          items.push(
            text(row.warn ? L.warnings : L.texts, [x(X.box + 2), base(i)], row.text, TEXT, {
              colour: row.warn ? RED : BLACK,
              width: v.w - 8,
            }),
          );
          return;
        case 'core': {
          const missing = row.landing.terminal === null;
          items.push(text(L.texts, [x(X.portEnd), base(i)], row.port, TEXT, { anchor: 'right', width: X.portEnd - X.boxEnd - 2 }));
          if (row.unit)
            items.push(
              line(
                L.jumpers,
                [
                  [x(X.portEnd + 1), mid(i)],
                  [x(X.terminal), mid(i)],
                ],
                0.25,
                GREY,
              ),
            );
          const box: Rect = { x: x(X.terminal), y: rowTop(i) - ROW + 0.5, w: X.terminalEnd - X.terminal, h: ROW - 1 };
          items.push(rect(missing ? L.warnings : L.terminals, box, 0.35, missing ? RED : BLACK, null, missing ? [1, 0.7] : undefined));
          items.push(
            text(missing ? L.warnings : L.terminals, [x((X.terminal + X.terminalEnd) / 2), base(i)], row.terminal, TEXT, {
              anchor: 'centre',
              bold: true,
              colour: missing ? RED : BLACK,
            }),
          );
          items.push(text(L.texts, [x(X.core), base(i)], row.core, TEXT, { width: X.coreLine - X.core - 0.5 }));
          items.push(
            line(
              missing ? L.warnings : L.cores,
              [
                [x(X.coreLine), mid(i)],
                [x(X.bracket), mid(i)],
              ],
              0.5,
              missing ? RED : BLACK,
              missing ? [1.5, 1] : undefined,
            ),
          );
          items.push(text(L.texts, [x(X.far), base(i)], row.far, TEXT, { width: v.w - X.far - 2 }));
          return;
        }
      }
    });
    // Unit boxes and cable brackets over runs of rows.
    for (const run of runs(rows, (r) => (r.kind === 'core' && r.unit ? r.unit : null))) {
      const first = rows[run.from] as Extract<Row, { kind: 'core' }>;
      const r: Rect = { x: x(X.box), y: rowTop(run.to) - ROW + 0.4, w: X.boxEnd - X.box, h: (run.to - run.from + 1) * ROW - 0.8 };
      items.push(rect(L.texts, r, 0.35));
      items.push(text(L.texts, [x(X.box + 1.5), base(run.from)], first.unitLabel, TEXT, { bold: true, width: X.boxEnd - X.box - 3 }));
    }
    for (const run of runs(rows, (r) => (r.kind === 'core' ? r.group : null))) {
      const first = rows[run.from] as Extract<Row, { kind: 'core' }>;
      const y0 = rowTop(run.from) - 0.8;
      const y1 = rowTop(run.to) - ROW + 0.8;
      items.push(
        line(
          L.cores,
          [
            [x(X.bracket), y0],
            [x(X.bracket), y1],
          ],
          0.5,
        ),
      );
      items.push(text(L.texts, [x(X.cable), base(run.from)], first.cable, TEXT, { bold: true, width: X.far - X.cable - 2 }));
      if (run.to > run.from)
        items.push(text(L.texts, [x(X.cable), base(run.from + 1)], first.cableNote, TEXT * 0.9, { width: X.far - X.cable - 2 }));
    }
    yield { layout, scale: 0, title, items };
  }
}

/** The table of cores between racks: one sheet or more, before the racks' own. */
export function* linkSheets(ctx: SchemaContext): Iterable<Sheet> {
  const layout = sheetLayout('A3');
  const v = layout.viewport;
  const { top, count } = rowSpace(layout);
  const rows = linkRows(ctx.wiring, ctx.names);
  const pages = paginate(rows, count);
  const C = { cable: 3, core: 77, from: 97, fromUnit: 135, to: 187, toUnit: 225 } as const;
  for (const [p, page] of pages.entries()) {
    const sheetNo = pages.length > 1 ? ` (${WORDS.continued(p + 1, pages.length)})` : '';
    const title = `${WORDS.schemaTitle} – ${WORDS.links}${sheetNo}`;
    const number = `FS-00${pages.length > 1 ? `.${p + 1}` : ''}`;
    const items = frameOf(ctx, layout, `${WORDS.links}${sheetNo}`, WORDS.colourNote, ctx.fields(title, number));
    const x = (dx: number) => v.x + dx;
    const headY = top + 2;
    const heads: [number, string][] = [
      [C.cable, WORDS.cableColumn],
      [C.core, WORDS.coreColumn],
      [C.from, WORDS.fromColumn],
      [C.fromUnit, WORDS.inside],
      [C.to, WORDS.toColumn],
      [C.toUnit, WORDS.inside],
    ];
    for (const [dx, t] of heads) items.push(text(L.texts, [x(dx), headY], t, HEAD, { bold: true }));
    items.push(
      line(
        L.texts,
        [
          [x(C.cable), top + 0.8],
          [x(v.w - 2), top + 0.8],
        ],
        0.25,
      ),
    );
    const rowTop = (i: number) => top - i * ROW;
    const base = (i: number) => rowTop(i) - ROW / 2 - TEXT / 2;
    page.forEach((row, i) => {
      items.push(text(L.texts, [x(C.core), base(i)], row.core, TEXT, { width: C.from - C.core - 2 }));
      items.push(text(L.terminals, [x(C.from), base(i)], row.from, TEXT, { bold: true, width: C.fromUnit - C.from - 2 }));
      items.push(text(L.texts, [x(C.fromUnit), base(i)], row.fromUnit, TEXT, { width: C.to - C.fromUnit - 2 }));
      items.push(
        line(
          L.cores,
          [
            [x(C.to - 8), rowTop(i) - ROW / 2],
            [x(C.to - 2), rowTop(i) - ROW / 2],
          ],
          0.5,
        ),
      );
      items.push(text(L.terminals, [x(C.to), base(i)], row.to, TEXT, { bold: true, width: C.toUnit - C.to - 2 }));
      items.push(text(L.texts, [x(C.toUnit), base(i)], row.toUnit, TEXT, { width: v.w - C.toUnit - 2 }));
    });
    for (const run of runs(page, (r) => r.group)) {
      const first = page[run.from]!;
      items.push(
        line(
          L.cores,
          [
            [x(C.core - 2), rowTop(run.from) - 0.8],
            [x(C.core - 2), rowTop(run.to) - ROW + 0.8],
          ],
          0.5,
        ),
      );
      items.push(text(L.texts, [x(C.cable), base(run.from)], first.cable, TEXT, { bold: true, width: C.core - C.cable - 4 }));
      if (run.to > run.from)
        items.push(text(L.texts, [x(C.cable), base(run.from + 1)], first.product, TEXT * 0.9, { width: C.core - C.cable - 4 }));
    }
    yield { layout, scale: 0, title, items };
  }
}

/** Runs of consecutive rows with the same key (null breaks a run). */
function runs<T>(rows: readonly T[], key: (row: T) => string | null): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let start = -1;
  let current: string | null = null;
  rows.forEach((row, i) => {
    const k = key(row);
    if (k !== null && k === current) return;
    if (current !== null) out.push({ from: start, to: i - 1 });
    current = k;
    start = i;
  });
  if (current !== null) out.push({ from: start, to: rows.length - 1 });
  return out;
}

/** The Förbindningsschema's groups of sheets: the cores between racks (where any), then each rack. */
export function schemaGroups(ctx: SchemaContext): SheetGroup[] {
  const groups: SheetGroup[] = [];
  if (linkRows(ctx.wiring, ctx.names).length > 0) groups.push({ name: WORDS.links, sheets: () => linkSheets(ctx) });
  ctx.wiring.racks.forEach((rack, i) => groups.push({ name: ctx.names.rack(rack.rackId), sheets: () => rackSchemaSheets(ctx, rack, i) }));
  return groups;
}
