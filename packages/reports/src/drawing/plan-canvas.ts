import { flattenBulges } from './arcs.js';
import { clipPolygon, clipPolyline, inRect } from './clip.js';
import type { Anchor, Colour, Item, Pt, Rect } from './items.js';
import type { PlanTransform } from './sheet.js';

export interface LineStyle {
  stroke: Colour | null;
  width: number;
  fill?: Colour | null;
  fillOpacity?: number;
  dash?: readonly [number, number];
}

export interface TextStyle {
  size: number;
  anchor?: Anchor;
  bold?: boolean;
  /** One colour, or one per line (the last for the rest). */
  colour?: Colour | readonly Colour[];
  /** Between lines, besides the text's size (mm). */
  leading?: number;
  /** Paper offset (mm) from the world point. */
  offset?: Pt;
}

/** The colour of line i: the one colour, or the i-th of the list (the last for the rest). */
function lineColour(colour: TextStyle['colour'], i: number): Colour | undefined {
  if (typeof colour === 'string' || colour === undefined) return colour;
  return colour[i] ?? colour[colour.length - 1];
}

/** Where a text may go: its offset from the point (paper mm) and its anchor. */
export interface Place {
  offset: Pt;
  anchor: Anchor;
}

/** Side of the cells of the occupancy grid (mm). */
const CELL = 10;

/** Segments of the circles drawn as polygons (coverage circles cut at the viewport's edge). */
const CIRCLE_SEGMENTS = 48;
/** A text's width per character as a share of its cap height (DejaVu Sans, average). */
export const TEXT_WIDTH_FACTOR = 0.82;

/**
 * The plan part of a sheet: draws world geometry (metres) onto the viewport at the sheet's scale, cut to the
 * viewport, so that the plan never runs over the panel; texts and symbols that would cross its edge are left out.
 */
export class PlanCanvas {
  readonly items: Item[] = [];

  constructor(
    readonly viewport: Rect,
    readonly t: PlanTransform,
  ) {}

  private paper(points: readonly Pt[]): Pt[] {
    return points.map((p) => this.t.toPaper(p[0], p[1]));
  }

  /** An open polyline in world coordinates. */
  line(layer: string, world: readonly Pt[], style: LineStyle): void {
    for (const run of clipPolyline(this.paper(world), this.viewport))
      this.items.push({ kind: 'path', layer, points: run, closed: false, stroke: style.stroke, width: style.width, dash: style.dash });
  }

  /** A closed polygon in world coordinates. */
  polygon(layer: string, world: readonly Pt[], style: LineStyle): void {
    const points = clipPolygon(this.paper(world), this.viewport);
    if (points.length < 3) return;
    this.items.push({ kind: 'path', layer, points, closed: true, ...style });
  }

  /**
   * A closed ring of arcs (bulges as arcs.ts has them) in world coordinates, unfilled: drawn as arcs where it lies
   * wholly in the viewport, else flattened and cut at its edge (a cut arc is no arc a DXF can hold).
   */
  arcRing(layer: string, world: readonly Pt[], bulges: readonly number[], style: LineStyle): void {
    const paper = this.paper(world);
    const flat = flattenBulges(paper, bulges, true);
    const { stroke, width, dash } = style;
    if (flat.every((p) => inRect(this.viewport, p))) {
      this.items.push({ kind: 'path', layer, points: paper, closed: true, stroke, width, dash, bulges: [...bulges] });
      return;
    }
    for (const run of clipPolyline([...flat, flat[0]!], this.viewport))
      this.items.push({ kind: 'path', layer, points: run, closed: false, stroke, width, dash });
  }

  /** A circle of a world radius; cut to a polygon where it crosses the viewport's edge. */
  circle(layer: string, centre: Pt, radius: number, style: LineStyle): void {
    const c = this.t.toPaper(centre[0], centre[1]);
    const r = radius * this.t.mmPerMetre;
    const v = this.viewport;
    if (c[0] - r >= v.x && c[0] + r <= v.x + v.w && c[1] - r >= v.y && c[1] + r <= v.y + v.h) {
      this.items.push({ kind: 'circle', layer, centre: c, radius: r, ...style });
      return;
    }
    const ring: Pt[] = [];
    for (let i = 0; i < CIRCLE_SEGMENTS; i++) {
      const a = (2 * Math.PI * i) / CIRCLE_SEGMENTS;
      ring.push([c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]);
    }
    const points = clipPolygon(ring, v);
    if (points.length >= 3) this.items.push({ kind: 'path', layer, points, closed: true, ...style });
  }

  /**
   * Lines of text beside a world point, at the first of the `places` (offset of the first line's anchor, in paper
   * mm) where they stay in the viewport and clear of the symbols and texts placed before; where none is clear, at the
   * first that stays in the viewport if `required`, else left out. Returns whether they were drawn.
   */
  text(
    layer: string,
    world: Pt,
    lines: string | readonly string[],
    style: TextStyle,
    places: readonly Place[] = [{ offset: style.offset ?? [0, 0], anchor: style.anchor ?? 'left' }],
    required = false,
    /** World box the text should stay in (a room's), where a place allows. */
    within?: { min: Pt; max: Pt },
  ): boolean {
    const texts = typeof lines === 'string' ? [lines] : lines;
    if (texts.length === 0) return false;
    const p = this.t.toPaper(world[0], world[1]);
    const step = style.size + (style.leading ?? 1);
    const width = Math.max(...texts.map((line) => line.length)) * style.size * TEXT_WIDTH_FACTOR;
    const v = this.viewport;
    const inner = within ? this.paperBox(within, 0.8) : null;
    // The first clear place wins; failing that (where required), the place with the fewest texts and symbols under
    // it, inside the room before outside.
    let best: { at: Pt; anchor: Anchor; box: Rect; score: number } | null = null;
    for (const place of places) {
      const at: Pt = [p[0] + place.offset[0], p[1] + place.offset[1]];
      const left = place.anchor === 'left' ? at[0] : place.anchor === 'centre' ? at[0] - width / 2 : at[0] - width;
      const box: Rect = {
        x: left,
        y: at[1] - (texts.length - 1) * step - style.size * 0.3,
        w: width,
        h: (texts.length - 1) * step + style.size * 1.3,
      };
      if (box.x < v.x || box.y < v.y || box.x + box.w > v.x + v.w || box.y + box.h > v.y + v.h) continue;
      const outside =
        inner && !(box.x >= inner.x && box.y >= inner.y && box.x + box.w <= inner.x + inner.w && box.y + box.h <= inner.y + inner.h);
      const score = (outside ? 1000 : 0) + this.overlaps(box);
      if (!best || score < best.score) best = { at, anchor: place.anchor, box, score };
      if (score === 0) break;
    }
    const chosen = best && (best.score === 0 || required) ? best : null;
    if (!chosen) return false;
    this.occupy(chosen.box);
    texts.forEach((line, i) =>
      this.items.push({
        kind: 'text',
        layer,
        at: [chosen.at[0], chosen.at[1] - i * step],
        text: line,
        size: style.size,
        anchor: chosen.anchor,
        bold: style.bold,
        colour: lineColour(style.colour, i),
        halo: true,
      }),
    );
    return true;
  }

  /** A world box on paper, shrunk by `inset` mm. */
  private paperBox(b: { min: Pt; max: Pt }, inset: number): Rect {
    const a = this.t.toPaper(b.min[0], b.min[1]);
    const c = this.t.toPaper(b.max[0], b.max[1]);
    return { x: a[0] + inset, y: a[1] + inset, w: c[0] - a[0] - 2 * inset, h: c[1] - a[1] - 2 * inset };
  }

  /** Paper space taken by symbols and texts, in cells of CELL mm, so that later texts keep clear of them. */
  private readonly taken = new Map<number, Rect[]>();

  private cells(r: Rect, visit: (key: number) => boolean | void): void {
    for (let i = Math.floor(r.x / CELL); i <= Math.floor((r.x + r.w) / CELL); i++)
      for (let j = Math.floor(r.y / CELL); j <= Math.floor((r.y + r.h) / CELL); j++) if (visit(i * 100_000 + j)) return;
  }

  occupy(r: Rect): void {
    this.cells(r, (key) => {
      const list = this.taken.get(key);
      if (list) list.push(r);
      else this.taken.set(key, [r]);
    });
  }

  /** How many placed symbols and texts r overlaps. */
  overlaps(r: Rect): number {
    const hit = new Set<Rect>();
    this.cells(r, (key) => {
      for (const o of this.taken.get(key) ?? []) if (o.x < r.x + r.w && r.x < o.x + o.w && o.y < r.y + r.h && r.y < o.y + o.h) hit.add(o);
    });
    return hit.size;
  }

  /** A symbol at a world point; left out unless its whole box (half-size `reach` mm round it) lies in the viewport. */
  symbol(layer: string, key: string, world: Pt, reach: number, rotation = 0): boolean {
    const at = this.t.toPaper(world[0], world[1]);
    const v = this.viewport;
    const box: Rect = { x: v.x + reach, y: v.y + reach, w: v.w - 2 * reach, h: v.h - 2 * reach };
    if (!inRect(box, at)) return false;
    this.items.push({ kind: 'symbol', layer, symbol: key, at, rotation });
    this.occupy({ x: at[0] - reach * 0.75, y: at[1] - reach * 0.75, w: reach * 1.5, h: reach * 1.5 });
    return true;
  }
}
