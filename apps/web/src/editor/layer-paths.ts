import type { Point2 } from '@edrf/model';
import { layerVisible, type LayerStyle, type LayerVisibility, type PlanItem, type PlanLayer, type PlanScene, type Ring } from './layers';
import { toWorld, unionBounds, type Bounds, type Viewport } from './viewport';

/**
 * The storey's layers as cached Path2D in world metres (one per style key, for a room type's colour, plus its lines
 * and details), cut into tiles: a frame sets the view's matrix and fills and strokes the few dozen paths of the tiles
 * on screen, whatever the number of items. Both scenes draw with these (static-scene.ts, interactive-scene.ts).
 */

export function addRings(path: Path2D, rings: readonly Ring[]): void {
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
export function visibleWorld(view: Viewport, width: number, height: number): Bounds {
  const corners = [toWorld(view, [0, 0]), toWorld(view, [width, 0]), toWorld(view, [width, height]), toWorld(view, [0, height])];
  return {
    minX: Math.min(...corners.map((p) => p[0])),
    minY: Math.min(...corners.map((p) => p[1])),
    maxX: Math.max(...corners.map((p) => p[0])),
    maxY: Math.max(...corners.map((p) => p[1])),
  };
}

export const overlaps = (a: Bounds, b: Bounds) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** The layers of a screen in draw order, and which of them are on. */
export interface DrawnLayers {
  layers: readonly PlanLayer[];
  visibility: LayerVisibility;
}

export function stroke(ctx: CanvasRenderingContext2D, path: Path2D, style: LayerStyle, scale: number): void {
  if (!style.stroke) return;
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = (style.width ?? 1) / scale;
  ctx.setLineDash(style.dash ? style.dash.map((d) => d / scale) : []);
  ctx.stroke(path);
}

/** Fills and strokes the layers of some tiles in their order, with the view's matrix set (world metres to device pixels). */
export function drawLayers(
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
