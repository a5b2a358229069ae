import type { Point2 } from '@edrf/model';
import {
  layerVisible,
  refKey,
  type LayerStyle,
  type LayerVisibility,
  type PlanItem,
  type PlanLayer,
  type PlanScene,
  type Ring,
} from './layers';
import type { OverlayDraw, OverlayPainter } from './overlay';
import type { PlanEditor } from './plan-editor';
import {
  layoutLabels,
  MIN_LABEL_ROOM_PX,
  type LabelLayout,
  type LabelLine,
  type LabelSource,
  type NamedItem,
  type SymbolLabel,
} from './plan-labels';
import { rotatedBox, toScreen, toWorld, unionBounds, viewMatrix, type Bounds, type Viewport } from './viewport';

/**
 * Canvas drawing of the plan. Each layer of a storey is a few cached Path2D in world metres (one per
 * style key, for a room type's colour, plus its lines and details); a frame sets the view's matrix and
 * fills and strokes a few dozen paths, whatever the number of items. Only the selection and the
 * overlays are built per frame.
 */

export const SELECTED_FILL = 'rgba(31, 111, 214, 0.22)';
export const SELECTED_STROKE = '#1f6fd6';

function addRings(path: Path2D, rings: readonly Ring[]): void {
  for (const ring of rings) {
    ring.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
    path.closePath();
  }
}

function addLines(path: Path2D, lines: readonly (readonly [Point2, Point2])[]): void {
  for (const [a, b] of lines) {
    path.moveTo(a[0], a[1]);
    path.lineTo(b[0], b[1]);
  }
}

/** Details smaller than this on screen (pixels, the tile's smallest) are not drawn: unreadable, and arcs are the costliest strokes. */
const MIN_DETAIL_PX = 10;

/** One layer's paths in one tile. */
interface TileLayer {
  /** Rings by style key ('' for none). */
  rings: Map<string, Path2D>;
  lines: Path2D | null;
  detail: Path2D | null;
  smallestDetail: number;
}

/** The paths of one part of the storey: a frame skips the parts outside the screen. */
export interface PathTile {
  bounds: Bounds;
  layers: Map<string, TileLayer>;
  /** Item labels: a symbol's at its outline's centre, a room's placed by plan-labels.ts; `size` is the item's smaller bounding-box side (metres). */
  labels: { text: string; at: [number, number]; size: number; item: PlanItem }[];
}

export interface PlanLayerPaths {
  tiles: PathTile[];
  /** What each tile was built from (by tile index): a later build of the storey keeps the tiles whose items are the same. */
  built?: { bounds: Bounds | null; byTile: Map<number, { items: PlanItem[]; tile: PathTile }> };
}

/** The storey is cut into TILE_GRID × TILE_GRID parts (by item centre); zoomed in, most are off screen. */
const TILE_GRID = 8;

function tileLayer(tile: PathTile, id: string): TileLayer {
  let layer = tile.layers.get(id);
  if (!layer) tile.layers.set(id, (layer = { rings: new Map(), lines: null, detail: null, smallestDetail: Infinity }));
  return layer;
}

const sameBounds = (a: Bounds | null, b: Bounds | null) =>
  a === b || (!!a && !!b && a.minX === b.minX && a.minY === b.minY && a.maxX === b.maxX && a.maxY === b.maxY);

/**
 * The cached paths of a scene (built once per storey or model change). With `previous`, the paths of the same storey
 * before a change, the tiles whose items are the very same keep their paths: a moved unit builds its tile or two
 * again, not the storey's thousands of rooms, walls and objects (30 ms and more a build on the largest storeys).
 */
export function buildLayerPaths(scene: PlanScene, previous?: PlanLayerPaths): PlanLayerPaths {
  const all = scene.bounds;
  const byTile = new Map<number, PlanItem[]>();
  for (const item of scene.items) {
    let index = 0;
    if (all) {
      const cx = (item.bounds.minX + item.bounds.maxX) / 2;
      const cy = (item.bounds.minY + item.bounds.maxY) / 2;
      const col = Math.min(TILE_GRID - 1, Math.floor(((cx - all.minX) / Math.max(all.maxX - all.minX, 1e-9)) * TILE_GRID));
      const row = Math.min(TILE_GRID - 1, Math.floor(((cy - all.minY) / Math.max(all.maxY - all.minY, 1e-9)) * TILE_GRID));
      index = row * TILE_GRID + col;
    }
    let list = byTile.get(index);
    if (!list) byTile.set(index, (list = []));
    list.push(item);
  }
  const tiles: PathTile[] = [];
  const built = new Map<number, { items: PlanItem[]; tile: PathTile }>();
  const before = previous?.built && sameBounds(previous.built.bounds, all) ? previous.built.byTile : null;
  for (const [index, items] of byTile) {
    const old = before?.get(index);
    if (old && old.items.length === items.length && old.items.every((item, i) => item === items[i])) {
      tiles.push(old.tile);
      built.set(index, old);
      continue;
    }
    const tile: PathTile = { bounds: items[0]!.bounds, layers: new Map(), labels: [] };
    built.set(index, { items, tile });
    let bounds: Bounds | null = null;
    for (const item of items) {
      bounds = unionBounds(bounds, item.bounds);
      const layer = tileLayer(tile, item.layer);
      const key = item.styleKey ?? '';
      let path = layer.rings.get(key);
      if (!path) layer.rings.set(key, (path = new Path2D()));
      addRings(path, item.rings);
      if (item.lines && item.lines.length > 0) addLines((layer.lines ??= new Path2D()), item.lines);
      if (item.detail && (item.detail.lines.length > 0 || item.detail.arcs.length > 0)) {
        const detail = (layer.detail ??= new Path2D());
        addLines(detail, item.detail.lines);
        for (const arc of item.detail.arcs) {
          detail.moveTo(arc.start[0], arc.start[1]);
          detail.arc(arc.centre[0], arc.centre[1], arc.radius, arc.from, arc.to, arc.ccw);
        }
        layer.smallestDetail = Math.min(layer.smallestDetail, item.detail.size);
      }
      if (item.label)
        tile.labels.push({
          text: item.label,
          at: ringCentre(item.rings[0]!, item.bounds),
          size: Math.min(item.bounds.maxX - item.bounds.minX, item.bounds.maxY - item.bounds.minY),
          item,
        });
    }
    tile.bounds = bounds!;
    tiles.push(tile);
  }
  return { tiles, built: { bounds: all, byTile: built } };
}

/** The area centroid of a ring (its bounding box centre when it has no area): where an item's label is written. */
export function ringCentre(ring: Ring, bounds: Bounds): [number, number] {
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

/** The world rectangle the screen shows (the bounds of its corners, the view may be rotated). */
function visibleWorld(view: Viewport, width: number, height: number): Bounds {
  const corners = [toWorld(view, [0, 0]), toWorld(view, [width, 0]), toWorld(view, [width, height]), toWorld(view, [0, height])];
  return {
    minX: Math.min(...corners.map((p) => p[0])),
    minY: Math.min(...corners.map((p) => p[1])),
    maxX: Math.max(...corners.map((p) => p[0])),
    maxY: Math.max(...corners.map((p) => p[1])),
  };
}

const overlaps = (a: Bounds, b: Bounds) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** What a frame draws over the layers. */
export interface PlanOverlay {
  selected: readonly PlanItem[];
  /** A drag box, in screen pixels. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** null: no north arrow (a schematic). */
  compassDegrees: number | null;
  /** The screen's and the active tool's marks, in this order. */
  painters: readonly OverlayPainter[];
  /** The screen's texts beside its symbols and under its rooms' names, placed with the names (plan-labels.ts). */
  labels?: readonly LabelSource[];
  editor: PlanEditor;
}

function stroke(ctx: CanvasRenderingContext2D, path: Path2D, style: LayerStyle, scale: number): void {
  if (!style.stroke) return;
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = (style.width ?? 1) / scale;
  ctx.setLineDash(style.dash ? style.dash.map((d) => d / scale) : []);
  ctx.stroke(path);
}

/** Fills and strokes the layers of some tiles in their order, with the view's matrix set (world metres to device pixels). */
function drawLayers(
  ctx: CanvasRenderingContext2D,
  tiles: readonly PathTile[],
  scale: number,
  layers: readonly PlanLayer[],
  visibility: LayerVisibility,
): void {
  for (const layer of layers) {
    if (!layerVisible(layer, visibility)) continue;
    for (const tile of tiles) {
      const paths = tile.layers.get(layer.id);
      if (!paths) continue;
      for (const [key, path] of paths.rings) {
        const style = layer.style(key === '' ? undefined : key);
        if (style.fill) {
          ctx.fillStyle = style.fill;
          ctx.fill(path, 'evenodd');
        }
        stroke(ctx, path, style, scale);
      }
      const lineStyle = layer.lineStyle ?? layer.style(undefined);
      if (paths.lines) stroke(ctx, paths.lines, lineStyle, scale);
      if (paths.detail && paths.smallestDetail * scale >= MIN_DETAIL_PX) stroke(ctx, paths.detail, lineStyle, scale);
    }
  }
}

const BACKGROUND = '#fbfbfa';

/** The layers of a screen in draw order, and which of them are on. */
export interface DrawnLayers {
  layers: readonly PlanLayer[];
  visibility: LayerVisibility;
}

/**
 * The whole storey's layers drawn once into a canvas of their own, at 1.5 times the scale that fits the storey on
 * screen. Zoomed out as far as that or further, every item is on screen and a frame would fill and stroke them all;
 * drawing the picture scaled down is one call instead, and as sharp (it only ever shrinks).
 */
export interface PlanPicture {
  canvas: HTMLCanvasElement;
  /** Where the picture's own pixels (CSS, times ratio) put the world. */
  view: Viewport;
  ratio: number;
  paths: PlanLayerPaths;
  visibility: LayerVisibility;
  /** The scale that fit the storey on screen when the picture was made. */
  fitScale: number;
}

/** A picture's scale over the scale that fits the storey on screen. */
export const PICTURE_OVERSAMPLE = 1.5;
/** The largest picture side, in device pixels (a canvas this size takes 64 MB). */
const PICTURE_MAX_SIDE = 4096;

/** Draws a picture of the storey (see PlanPicture), or null when it has nothing or cannot be made. */
export function drawPlanPicture(
  paths: PlanLayerPaths,
  drawn: DrawnLayers,
  bounds: Bounds | null,
  rotation: number,
  fitScale: number,
  ratio: number,
): PlanPicture | null {
  if (!bounds) return null;
  const { minX, maxX, minY, maxY } = rotatedBox(bounds, rotation);
  const margin = 4;
  const largest = Math.max(maxX - minX, maxY - minY, 1e-6);
  const scale = Math.min(fitScale * PICTURE_OVERSAMPLE, (PICTURE_MAX_SIDE / ratio - 2 * margin) / largest);
  const width = Math.ceil((maxX - minX) * scale + 2 * margin);
  const height = Math.ceil((maxY - minY) * scale + 2 * margin);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * ratio);
  canvas.height = Math.ceil(height * ratio);
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) return null;
  const view: Viewport = { scale, x: margin - minX * scale, y: margin - minY * scale, rotation };
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const [a, b, c, d, e, f] = viewMatrix(view);
  ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
  drawLayers(ctx, paths.tiles, scale, drawn.layers, drawn.visibility);
  return { canvas, view, ratio, paths, visibility: drawn.visibility, fitScale };
}

/** Whether a frame at `view` may draw the picture instead of the layers: the same plan, turned alike, not enlarged. */
export function pictureServes(
  picture: PlanPicture | null,
  paths: PlanLayerPaths,
  visibility: LayerVisibility,
  view: Viewport,
  ratio: number,
): boolean {
  return (
    picture !== null &&
    picture.paths === paths &&
    picture.visibility === visibility &&
    picture.ratio === ratio &&
    picture.view.rotation === view.rotation &&
    view.scale <= picture.view.scale
  );
}

/** Draws one frame: `width` × `height` CSS pixels at `ratio` device pixels each; from `picture` when it serves. */
export function drawPlan(
  ctx: CanvasRenderingContext2D,
  paths: PlanLayerPaths,
  view: Viewport,
  drawn: DrawnLayers,
  overlay: PlanOverlay,
  size: { width: number; height: number; ratio: number },
  picture: PlanPicture | null = null,
): LabelLayout {
  const { ratio } = size;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, size.width, size.height);
  const [a, b, c, d, e, f] = viewMatrix(view);
  const screen = visibleWorld(view, size.width, size.height);
  const tiles = paths.tiles.filter((tile) => overlaps(tile.bounds, screen));
  if (picture && pictureServes(picture, paths, drawn.visibility, view, ratio)) {
    // Same rotation: this view's screen is the picture's scaled by k and shifted (found from the world origin).
    const k = view.scale / picture.view.scale;
    const [cx, cy] = toScreen(view, [0, 0]);
    const [px, py] = toScreen(picture.view, [0, 0]);
    ctx.setTransform(k, 0, 0, k, (cx - k * px) * ratio, (cy - k * py) * ratio);
    ctx.drawImage(picture.canvas, 0, 0);
  } else {
    ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
    drawLayers(ctx, tiles, view.scale, drawn.layers, drawn.visibility);
  }
  // A symbol's own label (a rack's) at its centre, upright whatever the rotation: in screen space.
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.setLineDash([]);
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#333';
  const symbolLayers = symbolLayerIds(drawn);
  for (const tile of tiles)
    for (const label of tile.labels) {
      if (!symbolLayers.has(label.item.layer)) continue;
      const px = label.size * view.scale;
      if (px < MIN_LABEL_ROOM_PX) continue;
      const [x, y] = toScreen(view, label.at);
      ctx.fillText(label.text, x, y, px - 8);
    }
  ctx.textAlign = 'start';
  ctx.textBaseline = 'alphabetic';
  ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
  drawOverlay(ctx, view, overlay, ratio);
  // The rooms' names and the screen's texts, placed off the symbols and each other, over everything but the marks.
  const layout = frameLabels(ctx, tiles, view, drawn, symbolLayers, overlay, size, screen);
  drawLabels(ctx, layout, ratio);
  drawScreenMarks(ctx, view, overlay, size);
  return layout;
}

/** The layers whose items are symbols (shown ones): texts keep off them. */
const symbolIds = new WeakMap<readonly PlanLayer[], { visibility: LayerVisibility; ids: Set<string> }>();
function symbolLayerIds(drawn: DrawnLayers): Set<string> {
  const kept = symbolIds.get(drawn.layers);
  if (kept?.visibility === drawn.visibility) return kept.ids;
  const ids = new Set(drawn.layers.filter((layer) => layer.symbols && layerVisible(layer, drawn.visibility)).map((layer) => layer.id));
  symbolIds.set(drawn.layers, { visibility: drawn.visibility, ids });
  return ids;
}

/** The scene's symbol items, kept per scene and set of symbol layers (a frame only looks at those on screen). */
const symbolItems = new WeakMap<PlanScene, { ids: Set<string>; items: PlanItem[] }>();
function symbolsOf(scene: PlanScene, ids: Set<string>): PlanItem[] {
  const kept = symbolItems.get(scene);
  if (kept?.ids === ids) return kept.items;
  const items = scene.items.filter((item) => ids.has(item.layer));
  symbolItems.set(scene, { ids, items });
  return items;
}

/** Text widths by font and text: measuring is the costly part of a text, and the same texts come back every frame. */
const widths = new Map<string, number>();
function measureWith(ctx: CanvasRenderingContext2D): (text: string, font: string) => number {
  return (text, font) => {
    const key = `${font}\n${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      if (widths.size > 20_000) widths.clear();
      ctx.font = font;
      widths.set(key, (width = ctx.measureText(text).width));
    }
    return width;
  };
}

/** What a frame writes: the named items on screen, the screen's texts (its label sources), placed. */
function frameLabels(
  ctx: CanvasRenderingContext2D,
  tiles: readonly PathTile[],
  view: Viewport,
  drawn: DrawnLayers,
  symbolLayers: Set<string>,
  overlay: PlanOverlay,
  size: { width: number; height: number },
  screen: Bounds,
): LabelLayout {
  const visible = new Set(drawn.layers.filter((layer) => layerVisible(layer, drawn.visibility)).map((layer) => layer.id));
  const named: NamedItem[] = [];
  const seen = new Set<string>();
  for (const tile of tiles)
    for (const label of tile.labels) {
      const item = label.item;
      if (symbolLayers.has(item.layer) || !visible.has(item.layer) || !overlaps(item.bounds, screen)) continue;
      const key = refKey(item.ref);
      seen.add(key);
      named.push({ item, key, text: label.text });
    }
  const notes = new Map<string, LabelLine[]>();
  const beside: SymbolLabel[] = [];
  const editor = overlay.editor;
  const sink = {
    beside: (label: SymbolLabel) => void beside.push(label),
    note: (key: string, line: LabelLine) => {
      const list = notes.get(key);
      if (list) list.push(line);
      else notes.set(key, [line]);
    },
  };
  for (const source of overlay.labels ?? []) source(sink, editor);
  // An item with notes and no name of its own (an unnamed room with detectors) gets the notes alone.
  const scene = editor.scene;
  for (const key of notes.keys()) {
    const item = seen.has(key) ? null : scene.byKey.get(key);
    if (item && visible.has(item.layer) && overlaps(item.bounds, screen)) named.push({ item, key, text: '' });
  }
  const margin = (2 * MIN_LABEL_ROOM_PX) / view.scale;
  const near = { minX: screen.minX - margin, minY: screen.minY - margin, maxX: screen.maxX + margin, maxY: screen.maxY + margin };
  const symbols = symbolsOf(scene, symbolLayers)
    .filter((item) => overlaps(item.bounds, near))
    .map((item) => item.bounds);
  return layoutLabels({ view, width: size.width, height: size.height, symbols, named, notes, beside, measure: measureWith(ctx) });
}

/** The placed texts, each on a light halo so that it reads over walls, fills and lines. */
function drawLabels(ctx: CanvasRenderingContext2D, layout: LabelLayout, ratio: number): void {
  if (layout.texts.length === 0) return;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.setLineDash([]);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(251, 251, 250, 0.9)';
  for (const text of layout.texts) {
    const { box } = text;
    const y = (box.y0 + box.y1) / 2;
    // A little more than the box: the box is the measured width, and a squeezed name was measured squeezed.
    const width = box.x1 - box.x0 + 0.5;
    ctx.font = text.font;
    ctx.strokeText(text.text, box.x0, y, width);
    ctx.fillStyle = text.color;
    ctx.fillText(text.text, box.x0, y, width);
  }
  ctx.restore();
}

/** The overlay drawer of one frame on a canvas whose matrix draws world metres. */
function canvasOverlay(ctx: CanvasRenderingContext2D, view: Viewport, ratio: number): OverlayDraw {
  const scale = view.scale;
  const paint = (path: Path2D, style: LayerStyle) => {
    if (style.fill) {
      ctx.fillStyle = style.fill;
      ctx.fill(path, 'evenodd');
    }
    stroke(ctx, path, style, scale);
  };
  return {
    scale,
    rings(rings, style) {
      const path = new Path2D();
      addRings(path, rings);
      paint(path, style);
    },
    polyline(points, style) {
      const path = new Path2D();
      points.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
      stroke(ctx, path, style, scale);
    },
    handles(points, style) {
      const half = (style.size ?? 8) / 2 / scale;
      const path = new Path2D();
      for (const [x, y] of points) path.rect(x - half, y - half, 2 * half, 2 * half);
      paint(path, style);
    },
    text(at, text, style) {
      const [x, y] = toScreen(view, at);
      ctx.save();
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.font = style.font ?? '13px system-ui, sans-serif';
      ctx.fillStyle = style.color;
      ctx.fillText(text, x + (style.dx ?? 0), y + (style.dy ?? 0));
      ctx.restore();
    },
  };
}

function drawOverlay(ctx: CanvasRenderingContext2D, view: Viewport, overlay: PlanOverlay, ratio: number): void {
  const draw = canvasOverlay(ctx, view, ratio);
  if (overlay.selected.length > 0)
    draw.rings(
      overlay.selected.flatMap((item) => item.rings),
      { fill: SELECTED_FILL, stroke: SELECTED_STROKE, width: 2.5 },
    );
  for (const paint of overlay.painters) paint(draw, overlay.editor);
}

/** The marks in screen space over everything: the drag box and the north arrow. */
function drawScreenMarks(
  ctx: CanvasRenderingContext2D,
  view: Viewport,
  overlay: PlanOverlay,
  size: { ratio: number; width: number },
): void {
  ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  ctx.setLineDash([]);
  if (overlay.box) {
    const { x0, y0, x1, y1 } = overlay.box;
    ctx.fillStyle = 'rgba(31, 111, 214, 0.08)';
    ctx.strokeStyle = SELECTED_STROKE;
    ctx.lineWidth = 1;
    ctx.fillRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
  }
  if (overlay.compassDegrees !== null) drawNorthArrow(ctx, view, overlay.compassDegrees, size.width);
}

/**
 * A north arrow in the top right corner. compass_degrees turns north counter-clockwise from the
 * plan's +y axis (docs/editor.md); the view's rotation turns the whole plan.
 */
function drawNorthArrow(ctx: CanvasRenderingContext2D, view: Viewport, compassDegrees: number, width: number): void {
  const angle = ((compassDegrees + view.rotation) * Math.PI) / 180;
  // North on screen: up (−y) turned counter-clockwise as seen on screen.
  const dx = -Math.sin(angle);
  const dy = -Math.cos(angle);
  const cx = width - 28;
  const cy = 30;
  const r = 14;
  ctx.save();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.beginPath();
  ctx.arc(cx, cy, r + 6, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#333';
  ctx.beginPath();
  ctx.moveTo(cx + dx * r, cy + dy * r);
  ctx.lineTo(cx - dy * r * 0.4 - dx * r * 0.6, cy + dx * r * 0.4 - dy * r * 0.6);
  ctx.lineTo(cx + dy * r * 0.4 - dx * r * 0.6, cy - dx * r * 0.4 - dy * r * 0.6);
  ctx.closePath();
  ctx.fill();
  ctx.font = 'bold 10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('N', cx - dx * (r + 1), cy - dy * (r + 1));
  ctx.restore();
}
