import type { ItemRef, Point2 } from '@edrf/model';
import { layerVisible, layersById, type LayerVisibility, type PlanItem, type PlanLayer, type PlanScene, type Ring } from './layers';
import { toScreen, type Bounds, type Vec2, type Viewport } from './viewport';

/**
 * Which item is under the pointer, and which lie in a drag box. A uniform grid over the storey
 * keeps a click to the few items near it, so a storey of thousands of rooms answers at once.
 */

export function pointInRing([x, y]: Vec2, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the exterior ring and outside every hole. */
export const pointInRings = (point: Vec2, rings: readonly Ring[]): boolean =>
  rings.length > 0 && pointInRing(point, rings[0]!) && !rings.slice(1).some((hole) => pointInRing(point, hole));

export function distanceToSegment([px, py]: Vec2, [ax, ay]: Vec2, [bx, by]: Vec2): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

export function distanceToRing(point: Vec2, ring: Ring): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) best = Math.min(best, distanceToSegment(point, ring[i]!, ring[(i + 1) % ring.length]!));
  return best;
}

const GRID = 64;

export class HitIndex {
  private readonly cells: PlanItem[][] = [];
  private readonly bounds: Bounds | null;
  private readonly cellW: number;
  private readonly cellH: number;
  private readonly layers: Map<string, PlanLayer>;

  /** Only the items of layers that are picked at all are indexed. */
  constructor(
    readonly scene: PlanScene,
    layers: readonly PlanLayer[],
  ) {
    this.layers = layersById(layers);
    this.bounds = scene.bounds;
    const b = scene.bounds;
    this.cellW = b ? Math.max((b.maxX - b.minX) / GRID, 1e-9) : 1;
    this.cellH = b ? Math.max((b.maxY - b.minY) / GRID, 1e-9) : 1;
    for (let i = 0; i < GRID * GRID; i++) this.cells.push([]);
    for (const item of scene.items) {
      if ((this.layers.get(item.layer)?.pick ?? 'none') === 'none') continue;
      const [c0, r0] = this.cell(item.bounds.minX, item.bounds.minY);
      const [c1, r1] = this.cell(item.bounds.maxX, item.bounds.maxY);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * GRID + c]!.push(item);
    }
  }

  private cell(x: number, y: number): [number, number] {
    const b = this.bounds;
    if (!b) return [0, 0];
    const clamp = (v: number) => Math.min(GRID - 1, Math.max(0, Math.floor(v)));
    return [clamp((x - b.minX) / this.cellW), clamp((y - b.minY) / this.cellH)];
  }

  /**
   * The visible item at a world point with the highest layer priority (among stacked items of one layer, the smaller);
   * `tolerance` (metres) lets a click near an edge count; `accept` narrows the candidates (a tool's own layer).
   */
  itemAt(point: Point2, visibility: LayerVisibility, tolerance = 0, accept?: (item: PlanItem) => boolean): PlanItem | null {
    const b = this.bounds;
    if (!b) return null;
    const seen = new Set<PlanItem>();
    const [c0, r0] = this.cell(point[0] - tolerance, point[1] - tolerance);
    const [c1, r1] = this.cell(point[0] + tolerance, point[1] + tolerance);
    let best: PlanItem | null = null;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++)
        for (const item of this.cells[r * GRID + c]!) {
          if (seen.has(item)) continue;
          seen.add(item);
          const layer = this.layers.get(item.layer)!;
          if (!layerVisible(layer, visibility) || (accept && !accept(item)) || !near(item, point, tolerance, layer.pick)) continue;
          if (!best) {
            best = item;
            continue;
          }
          const above = layer.priority - this.layers.get(best.layer)!.priority;
          if (above > 0 || (above === 0 && area(item) < area(best))) best = item;
        }
    return best;
  }
}

function near(item: PlanItem, point: Point2, tolerance: number, pick: PlanLayer['pick']): boolean {
  const b = item.bounds;
  if (point[0] < b.minX - tolerance || point[0] > b.maxX + tolerance || point[1] < b.minY - tolerance || point[1] > b.maxY + tolerance)
    return false;
  // An outline layer (ceilings) is drawn as lines: only its outline is under the pointer, not what lies inside it.
  if (pick === 'area' && pointInRings(point, item.rings)) return true;
  return tolerance > 0 && item.rings.some((ring) => distanceToRing(point, ring) <= tolerance);
}

/** Among stacked items of one layer the smaller one is picked (a room inside a bigger one). */
const area = (item: PlanItem) => (item.bounds.maxX - item.bounds.minX) * (item.bounds.maxY - item.bounds.minY);

export interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The visible, picked items lying wholly inside a box drawn on the screen (the view may be rotated, so corners are projected). */
export function itemsInScreenRect(
  scene: PlanScene,
  layers: readonly PlanLayer[],
  view: Viewport,
  rect: ScreenRect,
  visibility: LayerVisibility,
): ItemRef[] {
  const byId = layersById(layers);
  const minX = Math.min(rect.x0, rect.x1);
  const maxX = Math.max(rect.x0, rect.x1);
  const minY = Math.min(rect.y0, rect.y1);
  const maxY = Math.max(rect.y0, rect.y1);
  const inside = (p: Vec2) => {
    const [x, y] = toScreen(view, p);
    return x >= minX && x <= maxX && y >= minY && y <= maxY;
  };
  return scene.items
    .filter((item) => {
      const layer = byId.get(item.layer);
      if (!layer || layer.pick === 'none' || !layerVisible(layer, visibility)) return false;
      const b = item.bounds;
      return inside([b.minX, b.minY]) && inside([b.maxX, b.maxY]) && inside([b.minX, b.maxY]) && inside([b.maxX, b.minY]);
    })
    .map((item) => item.ref);
}
