import type { Point2, ReportTile } from '@edrf/model';
import { roomFill } from './palette';
import {
  PLAN_LAYERS,
  layerVisible,
  refKey,
  type LayerVisibility,
  type PlanItem,
  type PlanLayer,
  type PlanScene,
  type Ring,
} from './plan-scene';
import type { RoomEdit } from './room-edit';
import { formatLength, rulerLength, type RulerState } from './ruler';
import { rotatedBox, toScreen, toWorld, unionBounds, viewMatrix, type Bounds, type Viewport } from './viewport';

/**
 * Canvas drawing of the plan. Each layer of a storey is one cached Path2D in world metres (rooms
 * one per type, for their colour); a frame sets the view's matrix and fills and strokes a dozen
 * paths, whatever the number of items. Only the selection and the tools' overlays are built per frame.
 */

interface LayerStyle {
  fill?: string;
  stroke?: string;
  /** Screen pixels. */
  width?: number;
  dash?: number[];
}

const STYLES: Record<PlanLayer, LayerStyle> = {
  slabs: { fill: '#ecebe7', stroke: '#c9c6bd', width: 1 },
  ceilings: { stroke: '#8a8fc0', width: 1, dash: [6, 4] },
  rooms: { stroke: '#9a9a9a', width: 1 },
  stairs: { fill: '#dcdcdc', stroke: '#666', width: 1 },
  objects: { fill: '#ece6d3', stroke: '#9d9682', width: 1 },
  inlets: { fill: '#cfe3f5', stroke: '#3b6ea8', width: 1.5 },
  walls: { fill: '#4a4a4a' },
  beams: { fill: 'rgba(150, 100, 50, 0.45)', stroke: '#7a5326', width: 1, dash: [4, 3] },
  openings: { fill: '#ffffff', stroke: '#555', width: 1 },
  doors: { stroke: '#222', width: 1 },
};

const CEILING_GRID = '#c5c8e6';
const SELECTED_FILL = 'rgba(31, 111, 214, 0.22)';
const SELECTED_STROKE = '#1f6fd6';
const TILE_STROKE = '#b35c00';

function addRings(path: Path2D, rings: readonly Ring[]): void {
  for (const ring of rings) {
    ring.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
    path.closePath();
  }
}

/** The opening between the jambs into `opening`; the leaves and their quarter arcs into `swings`. Answers the door's width. */
function addDoor(opening: Path2D, swings: Path2D, item: PlanItem): number {
  const leaves = item.swing?.leaves ?? [];
  const outline = item.rings[0]!;
  opening.moveTo(outline[0]![0], outline[0]![1]);
  opening.lineTo(outline[1]![0], outline[1]![1]);
  for (const { hinge, open, closed } of leaves) {
    swings.moveTo(hinge[0], hinge[1]);
    swings.lineTo(open[0], open[1]);
    const radius = Math.hypot(open[0] - hinge[0], open[1] - hinge[1]);
    const a0 = Math.atan2(open[1] - hinge[1], open[0] - hinge[0]);
    const a1 = Math.atan2(closed[1] - hinge[1], closed[0] - hinge[0]);
    let sweep = a1 - a0;
    while (sweep > Math.PI) sweep -= 2 * Math.PI;
    while (sweep <= -Math.PI) sweep += 2 * Math.PI;
    swings.moveTo(open[0], open[1]);
    swings.arc(hinge[0], hinge[1], radius, a0, a1, sweep < 0);
  }
  return Math.hypot(outline[1]![0] - outline[0]![0], outline[1]![1] - outline[0]![1]);
}

/** Door swings smaller than this on screen (pixels, the tile's narrowest door) are not drawn: unreadable, and arcs are the costliest strokes. */
const MIN_SWING_PX = 10;

/** The paths of one part of the storey: a frame skips the parts outside the screen. */
export interface PathTile {
  bounds: Bounds;
  /** Per layer; rooms are also in `rooms`, one path per fill colour. */
  layers: Map<PlanLayer, Path2D>;
  rooms: Map<string, Path2D>;
  ceilingGrid: Path2D;
  /** Door leaves and arcs, drawn when the tile's narrowest door is at least MIN_SWING_PX wide on screen. */
  swings: Path2D;
  narrowestDoor: number;
  /** Room names at their outline's centre; `size` is the room's smaller bounding-box side (metres). */
  labels: { text: string; at: [number, number]; size: number }[];
}

export interface PlanLayerPaths {
  tiles: PathTile[];
}

/** The storey is cut into TILE_GRID × TILE_GRID parts (by item centre); zoomed in, most are off screen. */
const TILE_GRID = 8;

/** The cached paths of a scene (built once per storey or model change). */
export function buildLayerPaths(scene: PlanScene): PlanLayerPaths {
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
  for (const items of byTile.values()) {
    const layers = new Map<PlanLayer, Path2D>(PLAN_LAYERS.map((layer) => [layer, new Path2D()]));
    const rooms = new Map<string, Path2D>();
    const ceilingGrid = new Path2D();
    const swings = new Path2D();
    const labels: PathTile['labels'] = [];
    let narrowestDoor = Infinity;
    let bounds: Bounds | null = null;
    for (const item of items) {
      bounds = unionBounds(bounds, item.bounds);
      if (item.layer === 'rooms') {
        const fill = roomFill(item.roomType ?? 'Other');
        let path = rooms.get(fill);
        if (!path) rooms.set(fill, (path = new Path2D()));
        addRings(path, item.rings);
        addRings(layers.get('rooms')!, item.rings);
        if (item.label)
          labels.push({
            text: item.label,
            at: ringCentre(item.rings[0]!, item.bounds),
            size: Math.min(item.bounds.maxX - item.bounds.minX, item.bounds.maxY - item.bounds.minY),
          });
      } else if (item.layer === 'doors') narrowestDoor = Math.min(narrowestDoor, addDoor(layers.get('doors')!, swings, item));
      else addRings(layers.get(item.layer)!, item.rings);
      for (const [a, b] of item.lines ?? []) {
        ceilingGrid.moveTo(a[0], a[1]);
        ceilingGrid.lineTo(b[0], b[1]);
      }
    }
    if (bounds) tiles.push({ bounds, layers, rooms, ceilingGrid, swings, narrowestDoor, labels });
  }
  return { tiles };
}

/** The area centroid of a ring (its bounding box centre when it has no area). */
function ringCentre(ring: Ring, bounds: Bounds): [number, number] {
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

/** Room names are written when the room is at least this many pixels across. */
const MIN_LABEL_ROOM_PX = 56;

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

export interface PlanOverlay {
  selected: readonly PlanItem[];
  tiles: readonly ReportTile[];
  selectedTile: number | null;
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  ruler: RulerState | null;
  roomEdit: RoomEdit | null;
  compassDegrees: number;
}

function stroke(ctx: CanvasRenderingContext2D, path: Path2D, style: LayerStyle, scale: number): void {
  if (!style.stroke) return;
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = (style.width ?? 1) / scale;
  ctx.setLineDash(style.dash ? style.dash.map((d) => d / scale) : []);
  ctx.stroke(path);
}

/** Fills and strokes the layers of some tiles, with the view's matrix set (world metres to device pixels). */
function drawLayers(ctx: CanvasRenderingContext2D, tiles: readonly PathTile[], scale: number, layers: LayerVisibility): void {
  for (const layer of PLAN_LAYERS) {
    if (!layerVisible(layer, layers)) continue;
    const style = STYLES[layer];
    for (const tile of tiles) {
      const path = tile.layers.get(layer)!;
      if (layer === 'rooms') {
        for (const [fill, roomPath] of tile.rooms) {
          ctx.fillStyle = fill;
          ctx.fill(roomPath, 'evenodd');
        }
      } else if (style.fill) {
        ctx.fillStyle = style.fill;
        ctx.fill(path, 'evenodd');
      }
      if (layer === 'ceilings') stroke(ctx, tile.ceilingGrid, { stroke: CEILING_GRID, width: 0.75 }, scale);
      stroke(ctx, path, style, scale);
      if (layer === 'doors' && tile.narrowestDoor * scale >= MIN_SWING_PX) stroke(ctx, tile.swings, style, scale);
    }
  }
}

const BACKGROUND = '#fbfbfa';

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
  layers: LayerVisibility;
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
  layers: LayerVisibility,
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
  drawLayers(ctx, paths.tiles, scale, layers);
  return { canvas, view, ratio, paths, layers, fitScale };
}

/** Whether a frame at `view` may draw the picture instead of the layers: the same plan, turned alike, not enlarged. */
export function pictureServes(
  picture: PlanPicture | null,
  paths: PlanLayerPaths,
  layers: LayerVisibility,
  view: Viewport,
  ratio: number,
): boolean {
  return (
    picture !== null &&
    picture.paths === paths &&
    picture.layers === layers &&
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
  layers: LayerVisibility,
  overlay: PlanOverlay,
  size: { width: number; height: number; ratio: number },
  picture: PlanPicture | null = null,
): void {
  const { ratio } = size;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, size.width, size.height);
  const [a, b, c, d, e, f] = viewMatrix(view);
  const screen = visibleWorld(view, size.width, size.height);
  const tiles = paths.tiles.filter((tile) => overlaps(tile.bounds, screen));
  if (picture && pictureServes(picture, paths, layers, view, ratio)) {
    // Same rotation: this view's screen is the picture's scaled by k and shifted (found from the world origin).
    const k = view.scale / picture.view.scale;
    const [cx, cy] = toScreen(view, [0, 0]);
    const [px, py] = toScreen(picture.view, [0, 0]);
    ctx.setTransform(k, 0, 0, k, (cx - k * px) * ratio, (cy - k * py) * ratio);
    ctx.drawImage(picture.canvas, 0, 0);
  } else {
    ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
    drawLayers(ctx, tiles, view.scale, layers);
  }
  // Room names, upright whatever the rotation: in screen space.
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.setLineDash([]);
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#333';
  for (const tile of tiles)
    for (const label of tile.labels) {
      const px = label.size * view.scale;
      if (px < MIN_LABEL_ROOM_PX) continue;
      const [x, y] = toScreen(view, label.at);
      ctx.fillText(label.text, x, y, px - 8);
    }
  ctx.textAlign = 'start';
  ctx.textBaseline = 'alphabetic';
  ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
  drawOverlay(ctx, view, overlay, size);
}

function drawOverlay(ctx: CanvasRenderingContext2D, view: Viewport, overlay: PlanOverlay, size: { ratio: number; width: number }): void {
  const scale = view.scale;
  if (overlay.selected.length > 0) {
    const path = new Path2D();
    for (const item of overlay.selected) {
      if (item.layer === 'doors') addRings(path, [item.rings[0]!]);
      else addRings(path, item.rings);
    }
    ctx.fillStyle = SELECTED_FILL;
    ctx.fill(path, 'evenodd');
    stroke(ctx, path, { stroke: SELECTED_STROKE, width: 2.5 }, scale);
  }
  overlay.tiles.forEach((tile, index) => {
    const path = new Path2D();
    path.rect(tile.min[0], tile.min[1], tile.max[0] - tile.min[0], tile.max[1] - tile.min[1]);
    stroke(
      ctx,
      path,
      {
        stroke: index === overlay.selectedTile ? SELECTED_STROKE : TILE_STROKE,
        width: index === overlay.selectedTile ? 2.5 : 1.5,
        dash: [8, 5],
      },
      scale,
    );
  });
  const edit = overlay.roomEdit;
  if (edit && edit.points.length > 0) {
    const points: Point2[] = edit.mode === 'draw' && edit.cursor ? [...edit.points, edit.cursor] : [...edit.points];
    const path = new Path2D();
    addRings(path, [points]);
    ctx.fillStyle = 'rgba(230, 126, 0, 0.18)';
    ctx.fill(path);
    stroke(ctx, path, { stroke: '#e67e00', width: 2 }, scale);
    const handles = new Path2D();
    for (const [x, y] of edit.points) handles.rect(x - 4 / scale, y - 4 / scale, 8 / scale, 8 / scale);
    ctx.fillStyle = '#fff';
    ctx.fill(handles);
    stroke(ctx, handles, { stroke: '#e67e00', width: 1.5 }, scale);
  }
  // Screen-space overlays.
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
  drawNorthArrow(ctx, view, overlay.compassDegrees, size.width);
  const ruler = overlay.ruler;
  const length = ruler ? rulerLength(ruler) : null;
  if (ruler?.start && ruler.end && length !== null) {
    const [sx, sy] = toScreen(view, ruler.start);
    const [ex, ey] = toScreen(view, ruler.end);
    ctx.strokeStyle = '#c0392b';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    ctx.font = '13px system-ui, sans-serif';
    ctx.fillStyle = '#c0392b';
    ctx.fillText(formatLength(length), (sx + ex) / 2 + 6, (sy + ey) / 2 - 6);
  }
}

export const selectedItems = (scene: PlanScene, keys: readonly string[]): PlanItem[] =>
  keys.map((key) => scene.byKey.get(key)).filter((item): item is PlanItem => item !== undefined);

export { refKey };

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
