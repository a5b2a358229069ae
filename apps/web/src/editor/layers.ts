import type { ItemRef, Model, Point2 } from '@edrf/model';
import { unionBounds, type Bounds } from './viewport';

/**
 * The layer contract of the plan engine (docs/editor.md): a screen's plan is a list of layers, each
 * plain data and pure functions. A layer builds its items of one storey from the model, cached per
 * layer and source object; the engine draws, hit-tests and box-selects them in the layer's order.
 */

export type Ring = readonly Point2[];
export type Segment = readonly [Point2, Point2];

/** A quarter (or any) arc: centre, radius, from and to angles in radians, counter-clockwise when ccw. */
export interface Arc {
  centre: Point2;
  radius: number;
  from: number;
  to: number;
  /** The point the arc starts at (the path moves there first). */
  start: Point2;
  ccw: boolean;
}

export interface PlanItem {
  ref: ItemRef;
  /** The id of the layer that made it. */
  layer: string;
  /** Exterior first, then holes: drawn with the layer's style, and what hit testing and the selection outline use. */
  rings: readonly Ring[];
  bounds: Bounds;
  /** Picks the layer's style for this item (a room's type, a section's colour); none: the layer's default. */
  styleKey?: string;
  /** Written upright at the outline's centre when the item is large enough on screen. */
  label?: string;
  /** Lines drawn with the layer's line style (a door's opening, a ceiling's grid, a tray's hatching). */
  lines?: readonly Segment[];
  /** Lines and arcs drawn only when `detailSize` (metres) is at least 10 px on screen (a door's leaves and swing). */
  detail?: { lines: readonly Segment[]; arcs: readonly Arc[]; size: number };
}

export interface LayerStyle {
  fill?: string;
  stroke?: string;
  /** Screen pixels. */
  width?: number;
  dash?: number[];
}

/** How the pointer finds a layer's items: inside their rings, on their outline only, or not at all (a background). */
export type LayerPick = 'area' | 'outline' | 'none';

/** Adds one item made from `source`; the engine reuses the item while `source` is the same object and `depends` is equal. */
export type ItemSink = (source: object, depends: string | number, build: () => PlanItem | null) => void;

export interface PlanLayer {
  id: string;
  /** Drawn bottom to top by this number. */
  order: number;
  /** Where items overlap, the higher priority is picked. */
  priority: number;
  /** Shown in the screen's Layers box with this label, on or off at first, at `place` in the box (then by order); without it the layer is always drawn. */
  toggle?: { label: string; on: boolean; place?: number };
  pick: LayerPick;
  /** Its items are symbols (fire units, racks): the plan's texts are placed off them (plan-labels.ts). */
  symbols?: boolean;
  /** The layer's items on a storey: a pure function of the model. */
  items(model: Model, storeyId: string, add: ItemSink): void;
  /** The style of the items with this style key (undefined: items without one). */
  style(key: string | undefined): LayerStyle;
  /** The style of `lines` and `detail`. */
  lineStyle?: LayerStyle;
}

/** Which toggled layers are on, by layer id; a layer not named here is at its `toggle.on`. */
export type LayerVisibility = Readonly<Record<string, boolean>>;

export const layerVisible = (layer: PlanLayer, visibility: LayerVisibility): boolean =>
  layer.toggle ? (visibility[layer.id] ?? layer.toggle.on) : true;

/** The visibility each toggled layer starts with. */
export const defaultVisibility = (layers: readonly PlanLayer[]): LayerVisibility =>
  Object.fromEntries(layers.flatMap((layer) => (layer.toggle ? [[layer.id, layer.toggle.on]] : [])));

export interface PlanScene {
  storeyId: string;
  /** In draw order. */
  items: PlanItem[];
  byKey: Map<string, PlanItem>;
  /** Everything on the storey (hidden layers included): fit to storey shows this. */
  bounds: Bounds | null;
}

export const refKey = (ref: ItemRef) => `${ref.kind}:${ref.id}`;

export function ringsBounds(rings: readonly Ring[]): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings)
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** An item of `layer` with its bounds, or null when it has no points. */
export function planItem(ref: ItemRef, layer: string, rings: Ring[], extra: Partial<PlanItem> = {}): PlanItem | null {
  const bounds = ringsBounds(rings);
  return bounds ? { ref, layer, rings, bounds, ...extra } : null;
}

/**
 * The items each layer made, by source object: an edit makes new objects only along its path, so after
 * an edit (or on coming back to a storey) only the changed items are built again. One cache per layer,
 * so two screens drawing the same rooms differently never share items.
 */
export class ItemCache {
  private readonly byLayer = new Map<string, WeakMap<object, { depends: string | number; item: PlanItem | null }>>();

  for(layerId: string): WeakMap<object, { depends: string | number; item: PlanItem | null }> {
    let cache = this.byLayer.get(layerId);
    if (!cache) this.byLayer.set(layerId, (cache = new WeakMap()));
    return cache;
  }
}

/** The plan of one storey from `layers`; an unknown storey gives an empty scene. */
export function buildPlanScene(model: Model, storeyId: string, layers: readonly PlanLayer[], cache = new ItemCache()): PlanScene {
  const items: PlanItem[] = [];
  if (model.arch.storeys[storeyId])
    for (const layer of [...layers].sort((a, b) => a.order - b.order)) {
      const built = cache.for(layer.id);
      layer.items(model, storeyId, (source, depends, build) => {
        let hit = built.get(source);
        if (!hit || hit.depends !== depends) built.set(source, (hit = { depends, item: build() }));
        if (hit.item) items.push(hit.item);
      });
    }
  const byKey = new Map<string, PlanItem>();
  let bounds: Bounds | null = null;
  for (const item of items) {
    byKey.set(refKey(item.ref), item);
    bounds = unionBounds(bounds, item.bounds);
  }
  return { storeyId, items, byKey, bounds };
}

/** A layer by id, for the renderer and hit testing (a scene's items name their layer). */
export const layersById = (layers: readonly PlanLayer[]): Map<string, PlanLayer> => new Map(layers.map((layer) => [layer.id, layer]));
