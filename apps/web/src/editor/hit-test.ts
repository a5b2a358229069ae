import type { ItemRef, Point2 } from '@edrf/model';
import { PLAN_LAYERS, layerVisible, type LayerVisibility, type PlanItem, type PlanLayer, type PlanScene, type Ring } from './plan-scene';
import { toScreen, type Bounds, type Vec2, type Viewport } from './viewport';

/**
 * Which item is under the pointer, and which lie in a drag box. A uniform grid over the storey
 * keeps a click to the few items near it, so a storey of thousands of rooms answers at once.
 */

/** When items overlap, the one drawn on top wins: doors over openings over walls … over slabs. */
const PRIORITY = new Map<PlanLayer, number>(PLAN_LAYERS.map((layer, i) => [layer, i]));

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

  constructor(readonly scene: PlanScene) {
    this.bounds = scene.bounds;
    const b = scene.bounds;
    this.cellW = b ? Math.max((b.maxX - b.minX) / GRID, 1e-9) : 1;
    this.cellH = b ? Math.max((b.maxY - b.minY) / GRID, 1e-9) : 1;
    for (let i = 0; i < GRID * GRID; i++) this.cells.push([]);
    for (const item of scene.items) {
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

  /** The top-most visible item at a world point; `tolerance` (metres) lets a click near an edge count. */
  itemAt(point: Point2, layers: LayerVisibility, tolerance = 0): PlanItem | null {
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
          if (!layerVisible(item.layer, layers) || !near(item, point, tolerance)) continue;
          if (!best || PRIORITY.get(item.layer)! > PRIORITY.get(best.layer)! || (item.layer === best.layer && area(item) < area(best)))
            best = item;
        }
    return best;
  }
}

function near(item: PlanItem, point: Point2, tolerance: number): boolean {
  const b = item.bounds;
  if (point[0] < b.minX - tolerance || point[0] > b.maxX + tolerance || point[1] < b.minY - tolerance || point[1] > b.maxY + tolerance)
    return false;
  // A ceiling is drawn as lines: only its outline is under the pointer, not what lies inside it.
  if (item.layer !== 'ceilings' && pointInRings(point, item.rings)) return true;
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

/** The visible items lying wholly inside a box drawn on the screen (the view may be rotated, so corners are projected). */
export function itemsInScreenRect(scene: PlanScene, view: Viewport, rect: ScreenRect, layers: LayerVisibility): ItemRef[] {
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
      if (!layerVisible(item.layer, layers)) return false;
      const b = item.bounds;
      return inside([b.minX, b.minY]) && inside([b.maxX, b.maxY]) && inside([b.minX, b.maxY]) && inside([b.maxX, b.minY]);
    })
    .map((item) => item.ref);
}
