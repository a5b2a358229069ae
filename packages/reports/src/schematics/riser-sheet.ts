// One sheet of a system schematic drawn as items (the drawing layer's one picture for PDF and DXF): the storeys as
// bands, each rack's box in its storey with what it feeds, each loop as two rails (out at the left, return at the
// right) rising from its rack through the storeys it serves with a box per storey, the network at the foot, the notes.
import type { LegendEntry, TitleFields } from '../drawing/furniture.js';
import type { Item, Pt, TextItem } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import type { LineStyle } from '../drawing/plan-canvas.js';
import type { Sheet } from '../drawing/sheet-set.js';
import type { SymbolKey, SymbolSet } from '../symbols/library.js';
import { SYMBOL_KEYS } from '../symbols/library.js';
import { LAYERS } from './layers.js';
import type { RiserWords } from './messages.js';
import {
  BOX,
  boxHeight,
  boxWidth,
  captionLines,
  fedBoxHeight,
  HEADING,
  HEADING_PITCH,
  PITCH,
  RACK_INSET,
  TEXT,
  type Line,
} from './riser-boxes.js';
import {
  BAND_PAD,
  dropX,
  FEEDER_GAP,
  feederCount,
  feederSlots,
  LANE,
  LANE_CAPTION,
  STOREY_COL,
  type Band,
  type LoopColumn,
  type RackColumn,
  type SheetPlan,
} from './riser-layout.js';
import type { KindCounts, RiserLoop, StoreyBox } from './riser-model.js';
import { schematicFurniture } from './schematic-panel.js';
import { cut, textWidth } from './wrap.js';

const BLACK = '#000000';
const GREY = '#8a8a8a';
const LOOP: LineStyle = { stroke: '#c62828', width: 0.4 };
const RETURN: LineStyle = { stroke: '#c62828', width: 0.4, dash: [2, 1] };
const NETWORK: LineStyle = { stroke: '#1565c0', width: 0.45, dash: [4, 1.2] };
const FED: LineStyle = { stroke: '#2e7d32', width: 0.35, dash: [1.2, 0.8] };
const ZONE_COLOUR = '#1a5d1a';

/** What every sheet of one schematic shares. */
export interface SchematicContext {
  symbols: SymbolSet;
  sheetWords: SheetWords;
  words: RiserWords;
}

const path = (layer: string, points: Pt[], style: LineStyle, closed = false): Item => ({
  kind: 'path',
  layer,
  points,
  closed,
  stroke: style.stroke,
  width: style.width,
  ...(style.dash ? { dash: style.dash } : {}),
  ...(style.fill ? { fill: style.fill } : {}),
});
const rect = (layer: string, x: number, y: number, w: number, h: number, style: LineStyle = { stroke: BLACK, width: 0.25 }): Item =>
  path(
    layer,
    [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ],
    style,
    true,
  );
type TextStyle = Partial<Pick<TextItem, 'bold' | 'colour'>>;
const text = (
  layer: string,
  at: Pt,
  value: string,
  size: number,
  anchor: 'left' | 'centre' | 'right' = 'left',
  style: TextStyle = {},
): Item => ({
  kind: 'text',
  layer,
  at,
  text: value,
  size,
  anchor,
  ...style,
});
const dot = (layer: string, at: Pt, colour: string): Item => ({
  kind: 'circle',
  layer,
  centre: at,
  radius: 0.45,
  stroke: colour,
  width: 0.2,
  fill: colour,
});

/** The isolator's glyph round (0, 0): a box with two triangles tip to tip. */
export function isolatorGlyph(layer: string, at: Pt = [0, 0]): Item[] {
  const [x, y] = at;
  const style: LineStyle = { stroke: '#c62828', width: 0.25 };
  return [
    rect(layer, x - 1.8, y - 1.2, 3.6, 2.4, style),
    path(
      layer,
      [
        [x - 1.8, y - 1.2],
        [x, y],
        [x - 1.8, y + 1.2],
      ],
      { ...style, fill: '#c62828' },
      true,
    ),
    path(
      layer,
      [
        [x + 1.8, y - 1.2],
        [x, y],
        [x + 1.8, y + 1.2],
      ],
      { ...style, fill: '#c62828' },
      true,
    ),
  ];
}

/** Lines stacked down from `top`, their left ends at x. */
function lines(layer: string, x: number, top: number, list: readonly Line[], pad = 1.5): Item[] {
  let y = top - pad;
  return list.map((l) => {
    y -= l.size > TEXT ? HEADING_PITCH : PITCH;
    return text(layer, [x, y + (l.size > TEXT ? 0.6 : 0.5)], l.text, l.size, 'left', {
      ...(l.bold ? { bold: true } : {}),
      ...(l.colour ? { colour: l.colour } : {}),
    });
  });
}

/** A table of counts by symbol: the symbols in a row at the top, a row per zone (or one unnamed row), Σ at the right. */
function countTable(
  items: Item[],
  kinds: readonly SymbolKey[],
  rows: readonly { label: string | null; counts: KindCounts; total: number }[],
  x: number,
  top: number,
  w: RiserWords,
): number {
  const width = boxWidth(kinds.length);
  const headY = top - BOX.head / 2;
  kinds.forEach((kind, i) =>
    items.push({ kind: 'symbol', layer: LAYERS.devices, symbol: kind, at: [x + BOX.zoneW + (i + 0.5) * BOX.kindW, headY] }),
  );
  const totalX = x + BOX.zoneW + kinds.length * BOX.kindW + BOX.totalW / 2;
  items.push(text(LAYERS.counts, [totalX, headY - 1], w.total, HEADING, 'centre', { bold: true }));
  let y = top - BOX.head;
  items.push(
    path(
      LAYERS.boxes,
      [
        [x, y],
        [x + width, y],
      ],
      { stroke: GREY, width: 0.15 },
    ),
  );
  for (const row of rows) {
    y -= BOX.row;
    const base = y + (BOX.row - TEXT) / 2;
    if (row.label !== null)
      items.push(text(LAYERS.zones, [x + 1, base], cut(row.label, BOX.zoneW - 1.5, TEXT), TEXT, 'left', { colour: ZONE_COLOUR }));
    kinds.forEach((kind, i) => {
      const n = row.counts[kind];
      if (n) items.push(text(LAYERS.counts, [x + BOX.zoneW + (i + 0.5) * BOX.kindW, base], String(n), TEXT, 'centre'));
    });
    items.push(text(LAYERS.counts, [totalX, base], String(row.total), TEXT, 'centre', { bold: true }));
  }
  return y;
}

/** A loop's box on one storey: the device counts by zone and symbol, then its isolators and the storey's total. */
function loopBox(items: Item[], loop: RiserLoop, box: StoreyBox, x: number, y: number, w: RiserWords): void {
  const width = boxWidth(loop.kinds.length);
  const h = boxHeight(box);
  items.push(rect(LAYERS.boxes, x, y, width, h, { stroke: BLACK, width: 0.3 }));
  const rows = box.rows.map((r) => ({ label: r.zone === null ? w.noZone : w.zone(r.zone), counts: r.counts, total: r.total }));
  const bottom = countTable(items, loop.kinds, rows, x, y + h, w);
  items.push(
    path(
      LAYERS.boxes,
      [
        [x, bottom],
        [x + width, bottom],
      ],
      { stroke: GREY, width: 0.15 },
    ),
  );
  const mid = y + BOX.foot / 2;
  items.push(...isolatorGlyph(LAYERS.isolators, [x + 3, mid]));
  items.push(text(LAYERS.isolators, [x + 5.5, mid - TEXT / 2], `× ${box.isolators}`, TEXT, 'left', { colour: '#c62828' }));
  const totalX = x + BOX.zoneW + loop.kinds.length * BOX.kindW + BOX.totalW / 2;
  items.push(text(LAYERS.counts, [totalX, mid - TEXT / 2], String(box.total), TEXT, 'centre', { bold: true }));
  items.push(
    path(
      LAYERS.boxes,
      [
        [totalX - BOX.totalW / 2, y],
        [totalX - BOX.totalW / 2, y + h - BOX.head],
      ],
      { stroke: GREY, width: 0.15 },
    ),
  );
}

/** The kinds of a rack's fed units, in the library's order. */
const kindsOf = (counts: Iterable<KindCounts>) => {
  const used = new Set<SymbolKey>();
  for (const c of counts) for (const k of Object.keys(c) as SymbolKey[]) used.add(k);
  return SYMBOL_KEYS.filter((k) => used.has(k));
};

interface Drawn {
  items: Item[];
  symbols: Set<SymbolKey>;
  returns: boolean;
  fed: boolean;
  network: boolean;
}

/** One sheet of the schematic, with its panel. */
export function riserSheet(ctx: SchematicContext, plan: SheetPlan, fields: TitleFields, title: string): Sheet {
  const { words } = ctx;
  const v = plan.layout.viewport;
  const top = v.y + v.h;
  const out: Drawn = { items: [], symbols: new Set(['panel']), returns: false, fed: false, network: false };
  const items = out.items;
  const bandOf = new Map(plan.bands.map((b) => [b.storey.id, b]));

  // Storeys: a floor line under each band and the roof line over the top one, the name at the band's top left.
  items.push(text(LAYERS.storeyNames, [v.x + 1.5, top - 1.5 - HEADING], words.storeys, HEADING, 'left', { bold: true }));
  for (const band of plan.bands) {
    items.push(
      path(
        LAYERS.storeys,
        [
          [v.x, band.y],
          [v.x + v.w, band.y],
        ],
        { stroke: GREY, width: 0.35 },
      ),
    );
    items.push(...lines(LAYERS.storeyNames, v.x + 1.5, band.y + band.h, band.name, 1));
  }
  items.push(
    path(
      LAYERS.storeys,
      [
        [v.x, plan.headerBottom],
        [v.x + v.w, plan.headerBottom],
      ],
      { stroke: GREY, width: 0.35 },
    ),
  );
  items.push(
    path(
      LAYERS.storeys,
      [
        [v.x + STOREY_COL, plan.footerTop],
        [v.x + STOREY_COL, top],
      ],
      { stroke: GREY, width: 0.18 },
    ),
  );

  const rackBoxes = new Map<RackColumn, { x: number; y: number; w: number; h: number }>();
  for (const col of plan.columns) if (col.kind === 'rack') rackBoxes.set(col, drawRack(ctx, out, col, bandOf, top));
  for (const col of plan.columns) if (col.kind === 'loop') drawLoop(ctx, out, col, rackBoxes.get(col.rack)!, top, plan.bands);
  drawNetwork(ctx, out, plan, rackBoxes);
  items.push(...lines(LAYERS.notes, v.x + 1.5, plan.footerTop - (plan.lanes ? plan.lanes * LANE + LANE_CAPTION + 1.5 : 0), plan.notes, 1));

  const entries: LegendEntry[] = [
    ...SYMBOL_KEYS.filter((k) => out.symbols.has(k)).map((k) => ({ label: ctx.symbols.symbols[k].name, symbol: k })),
    { label: words.legend.isolator, glyph: isolatorGlyph(LAYERS.isolators) },
    { label: words.legend.loopOut, line: LOOP },
    ...(out.returns ? [{ label: words.legend.loopReturn, line: RETURN }] : []),
    ...(out.network ? [{ label: words.legend.network, line: NETWORK }] : []),
    ...(out.fed ? [{ label: words.legend.fed, line: FED }] : []),
  ];
  const furniture = schematicFurniture(plan.layout, words.scale, fields, entries, ctx.symbols, ctx.sheetWords);
  return { layout: plan.layout, scale: 1, title, items: [...items, ...furniture] };
}

/** A rack's column: its heading, its box in its storey, the boxes of the units it feeds per storey and their line. */
function drawRack(ctx: SchematicContext, out: Drawn, col: RackColumn, bandOf: Map<string, Band>, top: number) {
  const { words } = ctx;
  const items = out.items;
  const x = col.x + RACK_INSET;
  const w = col.w - RACK_INSET - 2;
  items.push(...lines(LAYERS.rackTexts, col.x + 2, top, captionLines(words, col.w - 4), 1));
  const band = bandOf.get(col.rack.storeyId)!;
  const box = { x, y: band.y + BAND_PAD, w, h: col.boxH };
  items.push(rect(LAYERS.racks, box.x, box.y, box.w, box.h, { stroke: BLACK, width: 0.5 }));
  items.push({ kind: 'symbol', layer: LAYERS.racks, symbol: 'panel', at: [box.x + box.w - 4.5, box.y + box.h - 4.5] });
  items.push(...lines(LAYERS.rackTexts, box.x + 1.5, box.y + box.h, col.lines));
  if (!col.continued && col.rack.fed.size > 0) {
    const kinds = kindsOf(col.rack.fed.values());
    const lineX = col.x + 5;
    const taps: number[] = [box.y + box.h - 2];
    for (const [storey, counts] of col.rack.fed) {
      const b = bandOf.get(storey);
      if (!b) continue;
      const h = fedBoxHeight();
      const y = storey === col.rack.storeyId ? box.y + box.h + 2 : b.y + (b.h - h) / 2;
      const width = Math.min(w, Math.max(boxWidth(kinds.length), textWidth(words.fedCircuits, TEXT) + 3));
      items.push(rect(LAYERS.fed, x, y, width, h, { stroke: '#2e7d32', width: 0.3 }));
      items.push(text(LAYERS.fed, [x + 1, y + h - 1 - TEXT], cut(words.fedCircuits, width - 2, TEXT), TEXT, 'left', { colour: '#2e7d32' }));
      const total = kinds.reduce((s, k) => s + (counts[k] ?? 0), 0);
      countTable(items, kinds, [{ label: null, counts, total }], x, y + h - PITCH - 1.5, words);
      for (const k of kinds) out.symbols.add(k);
      taps.push(y + h / 2);
      items.push(
        path(
          LAYERS.fed,
          [
            [lineX, y + h / 2],
            [x, y + h / 2],
          ],
          FED,
        ),
      );
    }
    items.push(
      path(
        LAYERS.fed,
        [
          [lineX, taps[0]!],
          [box.x, taps[0]!],
        ],
        FED,
      ),
    );
    items.push(
      path(
        LAYERS.fed,
        [
          [lineX, Math.min(...taps)],
          [lineX, Math.max(...taps)],
        ],
        FED,
      ),
    );
    out.fed = true;
  }
  return box;
}

/** A loop's column: its heading, its feeders from the rack box, its rails and a box per storey it serves. */
function drawLoop(
  ctx: SchematicContext,
  out: Drawn,
  col: LoopColumn,
  rackBox: { x: number; y: number; w: number; h: number },
  top: number,
  bands: readonly Band[],
): void {
  const { words } = ctx;
  const items = out.items;
  const { loop } = col;
  items.push(...lines(LAYERS.loopTexts, col.x + 2, top, col.heading, 1));
  for (const k of loop.kinds) out.symbols.add(k);

  // Feeders: in the slots the layout gives the rack's loops on this sheet, slot 0 the highest.
  const rack = col.rack;
  const n = feederCount(rack);
  const slot = feederSlots(rack).get(loop)!;
  const feederY = (i: number) => rackBox.y + 1.5 + (n - 1 - i) * FEEDER_GAP;
  const outX = col.x + 3;
  const retX = col.x + col.w - 3;
  const outY = feederY(slot.out);
  const retY = slot.ret === null ? outY : feederY(slot.ret);
  const taps: number[] = [];
  const ends: number[] = [];
  const width = boxWidth(loop.kinds.length);
  const bx = col.x + (col.w - width) / 2;
  for (const band of bands) {
    const box = loop.boxes.get(band.storey.id);
    if (!box) continue;
    const h = boxHeight(box);
    const floor = band.y + BAND_PAD + (band.strip ? band.strip + 2 : 0);
    const y = floor + (band.y + band.h - BAND_PAD - floor - h) / 2;
    loopBox(items, loop, box, bx, y, words);
    const mid = y + h / 2;
    taps.push(mid);
    ends.push(y - 1.2, y + h + 1.2);
    items.push(
      path(
        LAYERS.loops,
        [
          [outX, mid],
          [bx, mid],
        ],
        LOOP,
      ),
      dot(LAYERS.loops, [outX, mid], LOOP.stroke!),
    );
    if (loop.returns)
      items.push(
        path(
          LAYERS.loops,
          [
            [bx + width, mid],
            [retX, mid],
          ],
          LOOP,
        ),
        dot(LAYERS.loops, [retX, mid], LOOP.stroke!),
      );
  }
  // The rails run from the feeders past every box; where the loop comes back they close beyond the outermost boxes
  // (above for a loop going up, below for one going down, both for one going both ways).
  const up = loop.reach !== 'down';
  const down = loop.reach !== 'up';
  const highest = up ? Math.max(outY + 4, retY + 4, ...ends) : Math.max(outY, retY);
  const lowest = down ? Math.min(...ends) : Math.min(outY, retY);
  items.push(
    path(
      LAYERS.loops,
      [
        [rackBox.x + rackBox.w, outY],
        [outX, outY],
      ],
      LOOP,
    ),
  );
  const outEnds = loop.returns ? [lowest, highest] : [Math.min(outY, ...taps), Math.max(outY, ...taps)];
  items.push(
    path(
      LAYERS.loops,
      [
        [outX, down ? outEnds[0]! : outY],
        [outX, up ? outEnds[1]! : outY],
      ],
      LOOP,
    ),
  );
  if (loop.returns) {
    out.returns = true;
    items.push(
      path(
        LAYERS.loops,
        [
          [rackBox.x + rackBox.w, retY],
          [retX, retY],
        ],
        RETURN,
      ),
    );
    items.push(
      path(
        LAYERS.loops,
        [
          [retX, down ? lowest : retY],
          [retX, up ? highest : retY],
        ],
        RETURN,
      ),
    );
    if (up)
      items.push(
        path(
          LAYERS.loops,
          [
            [outX, highest],
            [retX, highest],
          ],
          RETURN,
        ),
      );
    if (down)
      items.push(
        path(
          LAYERS.loops,
          [
            [outX, lowest],
            [retX, lowest],
          ],
          RETURN,
        ),
      );
  }
}

/** The network at the sheet's foot: each run on its lane, the racks' drops to it, stubs toward other sheets labelled. */
function drawNetwork(
  ctx: SchematicContext,
  out: Drawn,
  plan: SheetPlan,
  rackBoxes: Map<RackColumn, { x: number; y: number; w: number; h: number }>,
): void {
  if (plan.runs.length === 0) return;
  const { words } = ctx;
  const items = out.items;
  const v = plan.layout.viewport;
  out.network = true;
  const laneY = (lane: number) => plan.footerTop - LANE / 2 - lane * LANE;
  const cables = [...new Set(plan.runs.map((r) => r.link.cable).filter(Boolean))].join(', ');
  // The caption under the deepest lane (and under its stubs' labels), where no drop comes.
  items.push(
    text(LAYERS.networkTexts, [v.x + 1.5, laneY(plan.lanes - 1) - 5.2], words.network(cables || '–'), TEXT, 'left', { colour: '#1565c0' }),
  );
  const deepest = new Map<string, number>();
  for (const run of plan.runs) {
    const y = laneY(run.lane);
    items.push(
      path(
        LAYERS.network,
        [
          [run.from, y],
          [run.to, y],
        ],
        NETWORK,
      ),
    );
    for (const id of [run.link.a, run.link.b]) deepest.set(id, Math.max(deepest.get(id) ?? 0, run.lane));
    if (run.away) {
      const sheet = plan.home.get(run.away.rack.id);
      const label = words.toRack(run.away.rack.name, sheet === undefined ? null : sheet + 1);
      // The label may run past its rack's drop by a little: the next rack's drop is a column away.
      const room = run.to - run.from + 12;
      items.push(
        run.away.side === 'left'
          ? text(LAYERS.networkTexts, [run.from + 1.5, y - 0.7 - TEXT], cut(label, room, TEXT), TEXT, 'left', { colour: '#1565c0' })
          : text(LAYERS.networkTexts, [run.to - 1.5, y - 0.7 - TEXT], cut(label, room, TEXT), TEXT, 'right', { colour: '#1565c0' }),
      );
    }
  }
  for (const [col, box] of rackBoxes) {
    if (col.continued || !deepest.has(col.rack.id)) continue;
    const x = dropX(col);
    const y = box.y + Math.min(box.h / 2, 4);
    const bottom = laneY(deepest.get(col.rack.id)!);
    items.push(
      path(
        LAYERS.network,
        [
          [box.x, y],
          [x, y],
          [x, bottom],
        ],
        NETWORK,
      ),
    );
    for (const run of plan.runs)
      if (run.link.a === col.rack.id || run.link.b === col.rack.id) items.push(dot(LAYERS.network, [x, laneY(run.lane)], NETWORK.stroke!));
  }
}
