import type { Model, Regulation, Section } from '@edrf/model';
import { sheetFurniture, type LegendEntry, type TitleFields } from '../drawing/furniture.js';
import type { Pt } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import { PlanCanvas, TEXT_WIDTH_FACTOR, type LineStyle, type Place } from '../drawing/plan-canvas.js';
import { chooseSheet, planTransform } from '../drawing/sheet.js';
import type { Sheet } from '../drawing/sheet-set.js';
import { SYMBOL_KEYS, type SymbolKey, type SymbolSet } from '../symbols/library.js';
import { boxesMeet, boxOf, type Box } from './geometry.js';
import { LAYERS } from './layers.js';
import type { PlanWords } from './messages.js';
import { addressText, type PlanUnit, type StoreyPlan } from './plan-model.js';
import { drawRevisionClouds, drawRevisionTriangles } from './revision-cloud.js';

/** What one kind of plan drawing shows (issue 35: each drawing's content list). */
export interface PlanContent {
  /** How sections appear: zone outlines with their names (BS 5839), a light fill, or one section coloured (OR). */
  sections: 'zones' | 'fill' | 'none' | { only: Section };
  coverage: boolean;
  /** Which units: all, or only the racks and panels (the orientation drawing). */
  units: 'all' | 'central';
  addresses: boolean;
  heights: boolean;
  routes: boolean;
  trays: boolean;
  ceilings: boolean;
  /** Rooms' outlines for walls, no doors: the orientation drawing's simplified plan, light to print per section. */
  simplified?: boolean;
  /** A note printed at the plan's top left (the orientation drawing: where the entrance is when not on this storey). */
  note?: string;
  /** A way to draw (entrance to central), with its marks. */
  way?: { points: Pt[]; entrance: Pt | null; central: Pt | null };
  /** Clouds round what the design's latest revision changed on the storey, with its letter (issue 40). */
  revisionClouds?: boolean;
}

/** What every sheet of a report shares. */
export interface DrawingContext {
  model: Model;
  regulation: Regulation;
  symbols: SymbolSet;
  words: SheetWords;
  planWords: PlanWords;
}

const GREY = '#555555';
const WALL: LineStyle = { stroke: '#333333', width: 0.18, fill: '#9a9a9a' };
const ROOM: LineStyle = { stroke: '#b0b0b0', width: 0.13 };
const SIMPLE_ROOM: LineStyle = { stroke: '#333333', width: 0.35 };
const DOOR: LineStyle = { stroke: '#8a5a2b', width: 0.18 };
const COVERAGE: LineStyle = { stroke: '#3b7dd8', width: 0.13, dash: [1.2, 0.8] };
const CABLE: LineStyle = { stroke: '#d62828', width: 0.35 };
const TRAY: LineStyle = { stroke: '#c98a1b', width: 1.2 };
const WAY: LineStyle = { stroke: '#d62828', width: 0.7, dash: [3, 1.5] };
const UNIT_TEXT = 1.9;
const ROOM_TEXT = 2.2;
/** Room around a tile or storey so its outer walls are not on the viewport's edge (m). */
const PAD = 1;

/** The tiles of a storey to print: config.report_tiles for it, else the whole storey. */
export function storeyTiles(model: Model, plan: StoreyPlan): Box[] {
  const tiles = model.config.report_tiles[plan.storey.id];
  if (tiles && tiles.length) return tiles.map((t) => ({ min: [t.min[0], t.min[1]], max: [t.max[0], t.max[1]] }));
  const b = plan.box;
  if (!Number.isFinite(b.min[0])) return [{ min: [0, 0], max: [10, 10] }];
  return [{ min: [b.min[0] - PAD, b.min[1] - PAD], max: [b.max[0] + PAD, b.max[1] + PAD] }];
}

/** One sheet of a plan drawing: the tile of the storey at the scale and on the sheet chosen for it. */
export function planSheet(
  ctx: DrawingContext,
  plan: StoreyPlan,
  tile: Box,
  content: PlanContent,
  fields: TitleFields,
  title: string,
): Sheet {
  const w = tile.max[0] - tile.min[0];
  const h = tile.max[1] - tile.min[1];
  const { layout, scale } = chooseSheet(w, h);
  const centre: Pt = [(tile.min[0] + tile.max[0]) / 2, (tile.min[1] + tile.max[1]) / 2];
  const t = planTransform(layout.viewport, scale, centre);
  const canvas = new PlanCanvas(layout.viewport, t);
  // The world seen through the viewport: items outside it are skipped before any clipping.
  const seen: Box = {
    min: [tile.min[0] - (layout.viewport.w / t.mmPerMetre - w) / 2, tile.min[1] - (layout.viewport.h / t.mmPerMetre - h) / 2],
    max: [tile.max[0] + (layout.viewport.w / t.mmPerMetre - w) / 2, tile.max[1] + (layout.viewport.h / t.mmPerMetre - h) / 2],
  };
  const visible = (points: readonly Pt[]) => boxesMeet(boxOf(points), seen);
  const symbolsUsed = new Set<SymbolKey>();
  const extra: LegendEntry[] = [];
  const pw = ctx.planWords;
  const zoneNames: { at: Pt; text: string; colour: string }[] = [];

  // Sections under everything else.
  const sectionStyle = (s: Section): LineStyle =>
    content.sections === 'zones'
      ? { stroke: s.highlight_color, width: 0.6, fill: s.color, fillOpacity: 0.18, dash: [4, 1.5] }
      : { stroke: s.highlight_color, width: 0.35, fill: s.color, fillOpacity: 0.45 };
  if (content.sections !== 'none') {
    const only = typeof content.sections === 'object' ? content.sections.only : null;
    const shown = new Map<string, Section>();
    for (const part of plan.parts) {
      if (only && part.section.id !== only.id) continue;
      if (!visible(part.rings[0]!)) continue;
      canvas.polygon(LAYERS.sections, part.rings[0]!, sectionStyle(part.section));
      shown.set(part.section.id, part.section);
    }
    if (content.sections === 'zones') {
      if (shown.size) extra.push({ label: pw.zoneBoundary, line: { stroke: '#d62828', width: 0.6, dash: [4, 1.5] } });
      for (const section of shown.values()) {
        const parts = plan.parts.filter((p) => p.section.id === section.id);
        const largest = parts.reduce((a, b) => (area(b.rings[0]!) > area(a.rings[0]!) ? b : a));
        const room = plan.rooms.find((r) => r.id === largest.roomId);
        const at = room ? ([room.label[0], room.label[1]] as Pt) : largest.rings[0]![0]!;
        zoneNames.push({ at, text: pw.zone(section.name), colour: section.highlight_color });
      }
    } else for (const section of shown.values()) extra.push({ label: pw.section(section.name), area: sectionStyle(section) });
  }

  // A simplified plan (the orientation drawing) draws the rooms' outlines as its walls, and no doors.
  const roomStyle = content.simplified ? SIMPLE_ROOM : ROOM;
  for (const room of plan.rooms) if (boxesMeet(room.box, seen)) canvas.polygon(LAYERS.rooms, room.rings[0]!, roomStyle);
  if (!content.simplified) {
    for (const wall of plan.walls) if (visible(wall)) canvas.polygon(LAYERS.walls, wall, WALL);
    for (const door of plan.doors) if (visible([door.left, door.right])) drawDoor(canvas, door.left, door.right);
  }

  if (content.trays && plan.trays.length) {
    for (const tray of plan.trays) canvas.line(LAYERS.trays, [tray.a, tray.b], TRAY);
    extra.push({ label: pw.tray, line: TRAY });
  }
  const routes = content.routes ? plan.routes.filter((r) => visible(r.points)) : [];
  for (const route of routes) canvas.line(LAYERS.cables, route.points, CABLE);
  if (routes.length) extra.push({ label: pw.cableRoute, line: CABLE });
  if (content.way && content.way.points.length > 1) {
    canvas.line(LAYERS.way, content.way.points, WAY);
    extra.push({ label: pw.way, line: WAY });
  }

  // The clouds over the plan's lines and under the units and texts, which stay readable across them.
  const revision = content.revisionClouds ? plan.revision : null;
  const clouds = revision ? drawRevisionClouds(canvas, LAYERS.revision, revision) : [];

  const units = content.units === 'all' ? plan.units : plan.units.filter((u) => u.group === 'racks');
  if (content.coverage) {
    const settings = ctx.model.fire?.config.unit.detector;
    let drawn = false;
    for (const unit of units) {
      if (unit.group !== 'detectors' || !settings) continue;
      const radius = settings[unit.symbol === 'heat' ? 'Heat' : 'Smoke'].max_detector_distance;
      if (radius <= 0) continue;
      canvas.circle(LAYERS.coverage, unit.at, radius, COVERAGE);
      drawn = true;
    }
    if (drawn) extra.push({ label: pw.coverage, line: COVERAGE });
  }
  const half = ctx.symbols.size_mm / 2;
  const reach = half * 1.6;
  // Symbols first, then texts in order of importance, each kept clear of what is already placed.
  // Units on one spot (a sounder in its detector's base) side by side, a symbol's width apart, so both show.
  const spot = new Map<string, number>();
  const spread = 2 * half + 0.6;
  const placed: { unit: PlanUnit; at: Pt }[] = [];
  for (const unit of units) {
    const key = `${Math.round((unit.at[0] * t.mmPerMetre) / spread)},${Math.round((unit.at[1] * t.mmPerMetre) / spread)}`;
    const n = spot.get(key) ?? 0;
    spot.set(key, n + 1);
    const at: Pt = [unit.at[0] + (n * spread) / t.mmPerMetre, unit.at[1]];
    if (!canvas.symbol(LAYERS.units, unit.symbol, at, reach, unit.angle)) continue;
    symbolsUsed.add(unit.symbol);
    placed.push({ unit, at });
  }
  if (revision) drawRevisionTriangles(canvas, LAYERS.revision, clouds, revision.letter);
  if (content.way?.entrance && canvas.symbol(LAYERS.way, 'entryway', content.way.entrance, reach)) symbolsUsed.add('entryway');
  if (content.way) {
    const gap = reach + 0.6;
    if (content.way.entrance)
      canvas.text(
        LAYERS.way,
        content.way.entrance,
        `${pw.entrance} – ${pw.youAreHere}`,
        { size: 2.4, bold: true, colour: '#d62828' },
        around(gap, 2.4),
        true,
      );
    if (content.way.central) canvas.text(LAYERS.way, content.way.central, pw.central, { size: 2.4, bold: true }, around(gap, 2.4), true);
  }
  const unitPlaces = around(reach * 0.75 + 0.6, UNIT_TEXT);
  for (const { unit, at } of placed) {
    const lines = unitLines(ctx, unit, content);
    if (lines.length)
      canvas.text(LAYERS.unitTexts, at, lines, { size: UNIT_TEXT, colour: ['#1a5d1a', GREY], leading: 0.9 }, unitPlaces, true);
  }

  for (const room of plan.rooms) {
    if (!boxesMeet(room.box, seen) || !room.name) continue;
    const roomWidth = (room.box.max[0] - room.box.min[0]) * t.mmPerMetre;
    const roomHeight = (room.box.max[1] - room.box.min[1]) * t.mmPerMetre;
    // Texts wider or taller than their room would run over its neighbours: the ceiling height goes first, then the
    // name (a room too small at this scale is named in a larger-scale tile).
    const fits = (texts: string[]) =>
      roomHeight >= texts.length * (ROOM_TEXT + 1.2) &&
      roomWidth >= Math.max(...texts.map((l) => l.length)) * ROOM_TEXT * TEXT_WIDTH_FACTOR;
    const lines = [content.ceilings ? [room.name, pw.ceiling(room.ceiling)] : [], [room.name]].find((texts) => texts.length && fits(texts));
    if (!lines) continue;
    canvas.text(LAYERS.roomNames, room.label, lines, { size: ROOM_TEXT, colour: ['#000000', GREY] }, ROOM_PLACES, true, room.box);
  }
  for (const z of zoneNames)
    canvas.text(
      LAYERS.sectionNames,
      z.at,
      z.text,
      { size: 2.6, bold: true, colour: z.colour },
      [7, -7, 12, -12].map((dy) => ({ offset: [0, dy] as Pt, anchor: 'centre' as const })),
      false,
    );
  for (const route of routes) {
    const mid = longestSegmentMiddle(route.points);
    if (mid)
      canvas.text(
        LAYERS.cableTexts,
        mid,
        route.label,
        { size: UNIT_TEXT, colour: '#d62828' },
        [1, -3, 3, -5].map((dy) => ({ offset: [0, dy] as Pt, anchor: 'centre' as const })),
        false,
      );
  }

  if (content.note) {
    const v = layout.viewport;
    canvas.items.push({
      kind: 'text',
      layer: LAYERS.way,
      at: [v.x + 5, v.y + v.h - 8],
      text: content.note,
      size: 3.5,
      anchor: 'left',
      bold: true,
      colour: '#d62828',
    });
  }

  const entries: LegendEntry[] = [
    ...SYMBOL_KEYS.filter((k) => symbolsUsed.has(k)).map((k) => ({ label: ctx.symbols.symbols[k].name, symbol: k })),
    ...extra,
  ];
  const furniture = sheetFurniture(layout, scale, fields, entries, ctx.model.config.compass_degrees, ctx.symbols, ctx.words);
  // The DXF draws the plan at 1:1 in metres: the tile's centre is where the model has it.
  const paper: Pt = [layout.viewport.x + layout.viewport.w / 2, layout.viewport.y + layout.viewport.h / 2];
  return { layout, scale, title, items: [...canvas.items, ...furniture], modelSpace: { paper, world: centre } };
}

/** Where a room's name may go round its label point: nearest first, up and down, then to the sides. */
const ROOM_PLACES: Place[] = [0, -5, 5, -10, 10, -15, 15].flatMap((dy) =>
  [0, -10, 10].map((dx) => ({ offset: [dx, dy] as Pt, anchor: 'centre' as const })),
);

/** Right, left, above and below a point, `gap` mm clear of it, for text `size` mm high. */
const around = (gap: number, size: number): Place[] => [
  { offset: [gap, -size / 2], anchor: 'left' },
  { offset: [-gap, -size / 2], anchor: 'right' },
  { offset: [0, gap], anchor: 'centre' },
  { offset: [0, -gap - size], anchor: 'centre' },
  { offset: [gap, gap * 0.6], anchor: 'left' },
  { offset: [gap, -gap * 0.6 - size], anchor: 'left' },
  { offset: [-gap, gap * 0.6], anchor: 'right' },
  { offset: [-gap, -gap * 0.6 - size], anchor: 'right' },
];

/** The texts beside a unit: its address (in its section), then its mounting height where asked. */
function unitLines(ctx: DrawingContext, unit: PlanUnit, content: PlanContent): string[] {
  const lines: string[] = [];
  if (content.addresses) {
    const address = addressText(unit, ctx.regulation);
    if (address) lines.push(address);
  }
  if (content.heights) lines.push(ctx.planWords.height(unit.height));
  return lines;
}

function drawDoor(canvas: PlanCanvas, left: Pt, right: Pt): void {
  const dx = right[0] - left[0];
  const dy = right[1] - left[1];
  const width = Math.hypot(dx, dy);
  if (width < 0.05) return;
  // The leaf drawn open at 90° from the left jamb, and its swing as a quarter arc back to the right jamb.
  const leaf: Pt = [left[0] - dy, left[1] + dx];
  const arc: Pt[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = (i / 8) * (Math.PI / 2);
    arc.push([left[0] + dx * Math.cos(a) - dy * Math.sin(a), left[1] + dy * Math.cos(a) + dx * Math.sin(a)]);
  }
  canvas.line(LAYERS.doors, [left, right], { stroke: '#ffffff', width: 0.5 });
  canvas.line(LAYERS.doors, [left, leaf], DOOR);
  canvas.line(LAYERS.doors, arc, { ...DOOR, width: 0.13 });
}

function longestSegmentMiddle(points: readonly Pt[]): Pt | null {
  let best: Pt | null = null;
  let bestLength = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length > bestLength) [best, bestLength] = [[(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], length];
  }
  return best;
}

function area(ring: readonly Pt[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return Math.abs(twice / 2);
}
