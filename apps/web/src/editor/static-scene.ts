import type { PlanEditor } from './plan-editor';
import { layerVisible, refKey, type LayerVisibility, type PlanItem, type PlanLayer, type PlanScene } from './layers';
import { drawLayers, overlaps, visibleWorld, type DrawnLayers, type PathTile, type PlanLayerPaths } from './layer-paths';
import {
  layoutLabels,
  MIN_LABEL_ROOM_PX,
  type LabelLayout,
  type LabelLine,
  type LabelSource,
  type NamedItem,
  type SymbolLabel,
} from './plan-labels';
import { rotatedBox, toScreen, viewMatrix, type Bounds, type Viewport } from './viewport';

/**
 * The static scene (as excalidraw's renderer/staticScene.ts): what changes only with the plan, the view, the layers
 * shown or the screen's texts — the layers (or the storey picture), the symbols' labels, the rooms' names and the
 * screen's texts placed off the symbols. Drawn into a canvas of its own, which each frame copies under the
 * interactive scene, and drawn again only when one of those changed (editor.stillChanges): a drag, a tool's marks
 * or the drag box leave it as it is.
 */

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

/** What the static scene is drawn from. */
export interface StaticScene {
  paths: PlanLayerPaths;
  view: Viewport;
  drawn: DrawnLayers;
  /** The screen's texts beside its symbols and under its rooms' names, placed with the names (plan-labels.ts). */
  labels: readonly LabelSource[];
  editor: PlanEditor;
  /** `width` × `height` CSS pixels at `ratio` device pixels each. */
  size: { width: number; height: number; ratio: number };
  /** The storey picture, drawn instead of the layers when it serves the view. */
  picture: PlanPicture | null;
}

/** Draws the static scene; answers the texts it placed (the data-probe of PlanView, tests). */
export function drawStaticScene(ctx: CanvasRenderingContext2D, scene: StaticScene): LabelLayout {
  const { paths, view, drawn, size, picture } = scene;
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
  // The rooms' names and the screen's texts, placed off the symbols and each other.
  const layout = frameLabels(ctx, tiles, view, drawn, symbolLayers, scene, screen);
  drawLabels(ctx, layout, ratio);
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
  texts: Pick<StaticScene, 'labels' | 'editor' | 'size'>,
  screen: Bounds,
): LabelLayout {
  const { size, editor } = texts;
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
  const sink = {
    beside: (label: SymbolLabel) => void beside.push(label),
    note: (key: string, line: LabelLine) => {
      const list = notes.get(key);
      if (list) list.push(line);
      else notes.set(key, [line]);
    },
  };
  for (const source of texts.labels) source(sink, editor);
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
