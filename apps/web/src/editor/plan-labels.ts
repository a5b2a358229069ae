import type { Point2 } from '@edrf/model';
import { distanceToRing, pointInRings } from './hit-test';
import { HIDDEN, placeLabels, type LabelRequest, type ScreenBox } from './label-placement';
import type { PlanItem, Ring } from './layers';
import type { PlanEditorApi } from './plan-editor-api';
import { toScreen, toWorld, type Bounds, type Viewport } from './viewport';

/**
 * The plan's texts in one pass per frame (issue 34): the names of rooms (items with a label on layers that are not
 * symbols), the lines screens add under them (a room's detector count) and the texts screens write beside symbols
 * (a unit's address), placed by label-placement.ts so that none covers a symbol or another text. Texts beside
 * symbols go first (each has only the few places round its symbol); a room's name then takes its label point, else a
 * spot nearby, else a free spot inside the room, dropping its extra lines before it is hidden.
 */

export interface LabelLine {
  text: string;
  /** A CSS font with its size in px ('600 11px system-ui, sans-serif'). */
  font: string;
  color: string;
}

/** A text beside a symbol: `beside` is the symbol's box in world metres. */
export interface SymbolLabel {
  lines: readonly LabelLine[];
  beside: Bounds;
}

/** What a screen's label source adds to a frame. */
export interface LabelSink {
  /** A text beside a symbol (placed before the room names, in the order given). */
  beside(label: SymbolLabel): void;
  /** A line under the name of an item (by its ref key); the first a short room drops. */
  note(itemKey: string, line: LabelLine): void;
}

/** A screen's texts of a frame (its units' addresses, its rooms' figures), from the editor's model, storey and view. */
export type LabelSource = (sink: LabelSink, editor: PlanEditorApi) => void;

/** Room names are written when the room is at least this many pixels across (its smaller side). */
export const MIN_LABEL_ROOM_PX = 56;
export const ROOM_NAME_FONT = '12px system-ui, sans-serif';
export const ROOM_NAME_COLOR = '#333';
/** Pixels kept between a text and the symbol it is beside. */
const GAP_PX = 2;

/** A room's name (or an item's label) on the screen this frame. */
export interface NamedItem {
  item: PlanItem;
  /** Its ref key, for the notes. */
  key: string;
  /** '' for an item with notes only (an unnamed room with detectors). */
  text: string;
}

/** A text as drawn: left edge and vertical middle of `box`, squeezed to the box's width. */
export interface PlacedText {
  text: string;
  font: string;
  color: string;
  box: ScreenBox;
}

export interface LabelLayout {
  texts: PlacedText[];
  /** The symbols' boxes the texts keep off (screen pixels). */
  symbols: ScreenBox[];
  /** Labels with no free place, not drawn. */
  hidden: number;
}

export interface LabelFrame {
  view: Viewport;
  /** The screen in CSS pixels. */
  width: number;
  height: number;
  /** The world boxes of the symbols that may show. */
  symbols: readonly Bounds[];
  named: readonly NamedItem[];
  notes: ReadonlyMap<string, readonly LabelLine[]>;
  beside: readonly SymbolLabel[];
  /** A text's width in pixels in a font. */
  measure: (text: string, font: string) => number;
}

/** The font's size in pixels (12 when it names none). */
export const fontPx = (font: string): number => Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
const lineHeight = (font: string) => fontPx(font) + 3;

/** A world box on the screen: the box of its four corners (the view may be turned). */
export function screenBox(view: Viewport, b: Bounds, pad = 0): ScreenBox {
  const corners = [
    toScreen(view, [b.minX, b.minY]),
    toScreen(view, [b.maxX, b.minY]),
    toScreen(view, [b.maxX, b.maxY]),
    toScreen(view, [b.minX, b.maxY]),
  ];
  return {
    x0: Math.min(...corners.map((p) => p[0])) - pad,
    y0: Math.min(...corners.map((p) => p[1])) - pad,
    x1: Math.max(...corners.map((p) => p[0])) + pad,
    y1: Math.max(...corners.map((p) => p[1])) + pad,
  };
}

/** Where a room's name goes, and other spots inside it to try, nearest first (world metres). */
export interface RoomSpots {
  best: Point2;
  others: Point2[];
}

/** Grid points per side tried inside a room. */
const SPOT_GRID = 12;
/** Other spots kept per room. */
const MAX_SPOTS = 8;

const depthIn = (p: Point2, rings: readonly Ring[]) => Math.min(...rings.map((ring) => distanceToRing(p, ring)));

/**
 * A room's label point as the fire engine picks a section label's (packages/fire/src/sections/label-point.ts): the
 * centroid when it lies well inside, else the grid point farthest from the edges (an L-shaped room's centroid may
 * be outside it); then the other grid points inside, nearest that point first.
 */
export function roomSpots(rings: readonly Ring[], bounds: Bounds): RoomSpots {
  const exterior = rings[0] ?? [];
  const centroid = ringCentroid(exterior, bounds);
  const inside: { p: Point2; depth: number }[] = [];
  for (let i = 0; i < SPOT_GRID; i++)
    for (let j = 0; j < SPOT_GRID; j++) {
      const p: Point2 = [
        bounds.minX + ((i + 0.5) / SPOT_GRID) * (bounds.maxX - bounds.minX),
        bounds.minY + ((j + 0.5) / SPOT_GRID) * (bounds.maxY - bounds.minY),
      ];
      if (pointInRings(p, rings)) inside.push({ p, depth: depthIn(p, rings) });
    }
  const deepest = inside.reduce<{ p: Point2; depth: number } | null>((a, b) => (!a || b.depth > a.depth ? b : a), null);
  const centroidDepth = pointInRings(centroid, rings) ? depthIn(centroid, rings) : -1;
  const best = deepest && centroidDepth < deepest.depth / 2 ? deepest.p : centroid;
  const others = inside
    .map(({ p }) => ({ p, d: Math.hypot(p[0] - best[0], p[1] - best[1]) }))
    .filter(({ d }) => d > 1e-9)
    .sort((a, b) => a.d - b.d)
    .slice(0, MAX_SPOTS)
    .map(({ p }) => p);
  return { best, others };
}

/** The area centroid of a ring (its box's centre when it has no area). */
function ringCentroid(ring: Ring, bounds: Bounds): Point2 {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    const cross = x1 * y2 - x2 * y1;
    twice += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(twice) < 1e-12) return [(bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2];
  return [cx / (3 * twice), cy / (3 * twice)];
}

/**
 * A room's label point, cheaply where it can be: the centroid when it lies inside at least a quarter of the room's
 * smaller side from every edge (any rectangle, most rooms), else roomSpots' pick (its grid costs a room's edges
 * times 144 points, too much for every room of a large storey as the plan zooms in).
 */
export function labelPointOf(rings: readonly Ring[], bounds: Bounds): Point2 {
  const centroid = ringCentroid(rings[0] ?? [], bounds);
  const side = Math.min(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  if (pointInRings(centroid, rings) && depthIn(centroid, rings) >= side / 4) return centroid;
  return roomSpots(rings, bounds).best;
}

/** Per room item, its label point and, once a frame needs them, its other spots (a storey has thousands of rooms). */
const spotsCache = new WeakMap<PlanItem, { best: Point2; others?: Point2[] }>();
function cachedSpots(item: PlanItem): { best: Point2; others?: Point2[] } {
  let spots = spotsCache.get(item);
  if (!spots) spotsCache.set(item, (spots = { best: labelPointOf(item.rings, item.bounds) }));
  return spots;
}

/** The other spots of a room, nearest its label point first. */
function othersOf(item: PlanItem): Point2[] {
  const spots = cachedSpots(item);
  if (!spots.others) {
    const best = spots.best;
    spots.others = roomSpots(item.rings, item.bounds)
      .others.concat()
      .sort((a, b) => Math.hypot(a[0] - best[0], a[1] - best[1]) - Math.hypot(b[0] - best[0], b[1] - best[1]));
  }
  return spots.others;
}

/** Lines stacked under each other, the first centred on (cx, cy); widths already measured. */
function stacked(lines: readonly { line: LabelLine; width: number }[], cx: number, cy: number): ScreenBox[] {
  const boxes: ScreenBox[] = [];
  let top = cy - lineHeight(lines[0]!.line.font) / 2;
  for (const { line, width } of lines) {
    const h = lineHeight(line.font);
    boxes.push({ x0: cx - width / 2, y0: top, x1: cx + width / 2, y1: top + h });
    top += h;
  }
  return boxes;
}

const union = (boxes: readonly ScreenBox[]): ScreenBox => ({
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

/** Screen offsets tried round a room's label point, in steps of the text's half width and its line height. */
const NUDGES: readonly [number, number][] = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
  [0, -2],
  [0, 2],
  [-2, 0],
  [2, 0],
];

interface Drafted {
  request: LabelRequest;
  /** The lines of place `i`, in the order of its boxes (a long name shortened to the room there). */
  lines(i: number): readonly LabelLine[];
}

/** The variants of a label's lines: all, then dropping the last until the first alone. */
const variantsOf = <T>(lines: readonly T[]): (readonly T[])[] => lines.map((_, k) => lines.slice(0, lines.length - k));

/**
 * How wide a centred text may be at a world point of a room (pixels): twice its distance, along the screen's x axis,
 * to the nearer edge of the room on either side. A text no wider stays inside the room along its line.
 */
export function chordPx(rings: readonly Ring[], [px, py]: Point2, view: Viewport): number {
  const o = toWorld(view, [0, 0]);
  const e = toWorld(view, [1, 0]);
  const [dx, dy] = [(e[0] - o[0]) * view.scale, (e[1] - o[1]) * view.scale];
  let ahead = Infinity;
  let behind = Infinity;
  for (const ring of rings)
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[(i + 1) % ring.length]!;
      const [ex, ey] = [bx - ax, by - ay];
      const denom = dx * ey - dy * ex;
      if (Math.abs(denom) < 1e-12) continue;
      // p + t·d = a + u·e
      const t = ((ax - px) * ey - (ay - py) * ex) / denom;
      const u = ((ax - px) * dy - (ay - py) * dx) / denom;
      if (u < 0 || u > 1) continue;
      if (t >= 0) ahead = Math.min(ahead, t);
      else behind = Math.min(behind, -t);
    }
  return 2 * Math.min(ahead, behind) * view.scale;
}

/** A name squeezed a little, else shortened with an ellipsis, to `max` pixels; null when too little of it would stay. */
export function fitText(text: string, font: string, max: number, measure: LabelFrame['measure']): { text: string; width: number } | null {
  const width = measure(text, font);
  if (width <= max) return { text, width };
  // fillText squeezes a text drawn into a narrower box: readable down to about 85 % of its width.
  if (width * 0.85 <= max) return { text, width: max };
  const chars = [...text];
  let [lo, hi] = [0, chars.length - 1];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`, font) <= max) lo = mid;
    else hi = mid - 1;
  }
  if (lo < 3) return null;
  const short = `${chars.slice(0, lo).join('').trimEnd()}…`;
  return { text: short, width: measure(short, font) };
}

/** A room's name and notes: at its label point, nudged on the screen, then at its other spots; fewer lines next. */
function roomLabel(named: NamedItem, notes: readonly LabelLine[], frame: LabelFrame): Drafted | null {
  const { item } = named;
  const { view } = frame;
  const side = Math.min(item.bounds.maxX - item.bounds.minX, item.bounds.maxY - item.bounds.minY) * view.scale;
  if (side < MIN_LABEL_ROOM_PX) return null;
  const name: LabelLine | null = named.text ? { text: named.text, font: ROOM_NAME_FONT, color: ROOM_NAME_COLOR } : null;
  const all = name ? [name, ...notes] : [...notes];
  if (all.length === 0) return null;
  const [bx, by] = toScreen(view, cachedSpots(item).best);
  // The other spots count as MAX_SPOTS places; those a room lacks are refused, and none is worked out before needed.
  const perVariant = 1 + NUDGES.length + MAX_SPOTS;
  /** The lines fitted to the room along the line through a screen point, with their widths; null where they do not fit. */
  const fitAt = (cx: number, cy: number, count: number): { line: LabelLine; width: number }[] | null => {
    const room = chordPx(item.rings, toWorld(view, [cx, cy]), view) - 8;
    const lines: { line: LabelLine; width: number }[] = [];
    for (const [j, line] of all.slice(0, count).entries()) {
      if (j === 0 && name) {
        const fitted = fitText(line.text, line.font, room, frame.measure);
        if (!fitted) return null;
        lines.push({ line: { ...line, text: fitted.text }, width: fitted.width });
      } else {
        const width = frame.measure(line.text, line.font);
        if (width > room) return null;
        lines.push({ line, width });
      }
    }
    return lines;
  };
  const atBest = variantsOf(all).map((lines) => fitAt(bx, by, lines.length));
  const inRoom = (boxes: readonly ScreenBox[]) => {
    const b = union(boxes);
    return [toWorld(view, [b.x0, b.y0]), toWorld(view, [b.x1, b.y0]), toWorld(view, [b.x1, b.y1]), toWorld(view, [b.x0, b.y1])].every((p) =>
      pointInRings(p, item.rings),
    );
  };
  const place = (i: number): { boxes: ScreenBox[]; lines: LabelLine[] } | null => {
    const variant = Math.floor(i / perVariant);
    const count = all.length - variant;
    const k = i % perVariant;
    let centre: [number, number];
    if (k === 0) centre = [bx, by];
    else if (k <= NUDGES.length) {
      const [nx, ny] = NUDGES[k - 1]!;
      const w = Math.max(...(atBest[variant] ?? [{ width: 40 }]).map((l) => l.width));
      centre = [bx + nx * (w / 2 + 6), by + ny * (lineHeight(all[0]!.font) + 2)];
    } else {
      const spot = othersOf(item)[k - 1 - NUDGES.length];
      if (!spot) return null;
      centre = toScreen(view, spot);
    }
    const lines = k === 0 ? atBest[variant] : fitAt(centre[0], centre[1], count);
    if (!lines) return null;
    const boxes = stacked(lines, centre[0], centre[1]);
    // The label point's box is kept along its line by the fit; elsewhere the whole box must lie in the room.
    if (k !== 0 && !inRoom(boxes)) return null;
    return { boxes, lines: lines.map((l) => l.line) };
  };
  return {
    request: { places: all.length * perVariant, boxes: (i) => place(i)?.boxes ?? null },
    lines: (i) => place(i)?.lines ?? [],
  };
}

/** Where a text goes beside a symbol's screen box: right, upper right, lower right, left, its corners, above, below. */
function besideLabel(label: SymbolLabel, frame: LabelFrame): Drafted | null {
  if (label.lines.length === 0) return null;
  const s = screenBox(frame.view, label.beside);
  const margin = 100;
  if (s.x1 < -margin || s.y1 < -margin || s.x0 > frame.width + margin || s.y0 > frame.height + margin) return null;
  const measured = label.lines.map((line) => ({ line, width: frame.measure(line.text, line.font) }));
  const variants = variantsOf(measured);
  const cy = (s.y0 + s.y1) / 2;
  const cx = (s.x0 + s.x1) / 2;
  const g = GAP_PX;
  const sides = (w: number, h: number): [number, number][] => [
    // Left and top edge of the block.
    [s.x1 + g, cy - h / 2],
    [s.x1 + g, s.y0 - h],
    [s.x1 + g, s.y1],
    [s.x0 - g - w, cy - h / 2],
    [s.x0 - g - w, s.y0 - h],
    [s.x0 - g - w, s.y1],
    [cx - w / 2, s.y0 - g - h],
    [cx - w / 2, s.y1 + g],
  ];
  const PER = 8;
  return {
    request: {
      places: variants.length * PER,
      boxes(i) {
        const lines = variants[Math.floor(i / PER)]!;
        const w = Math.max(...lines.map((l) => l.width));
        const h = lines.reduce((sum, l) => sum + lineHeight(l.line.font), 0);
        const [x0, y0] = sides(w, h)[i % PER]!;
        return stacked(lines, x0 + w / 2, y0 + lineHeight(lines[0]!.line.font) / 2);
      },
    },
    lines: (i) => variants[Math.floor(i / PER)]!.map((l) => l.line),
  };
}

/** The frame's texts placed: texts beside symbols first, then the rooms' names with their notes. */
export function layoutLabels(frame: LabelFrame): LabelLayout {
  const symbols = frame.symbols.map((b) => screenBox(frame.view, b, 1));
  const drafted: Drafted[] = [];
  for (const label of frame.beside) {
    const d = besideLabel(label, frame);
    if (d) drafted.push(d);
  }
  for (const named of frame.named) {
    const d = roomLabel(named, frame.notes.get(named.key) ?? [], frame);
    if (d) drafted.push(d);
  }
  const placed = placeLabels(
    symbols,
    drafted.map((d) => d.request),
    { x0: 0, y0: 0, x1: frame.width, y1: frame.height },
  );
  const texts: PlacedText[] = [];
  let hidden = 0;
  placed.forEach((place, k) => {
    if (place === HIDDEN) {
      hidden++;
      return;
    }
    const d = drafted[k]!;
    const boxes = d.request.boxes(place)!;
    d.lines(place).forEach((line, j) => texts.push({ ...line, box: boxes[j]! }));
  });
  return { texts, symbols, hidden };
}
