import type { Arch, ItemKind, ItemRef, Point2, RoomType, Storey } from '@edrf/model';
import { unionBounds, type Bounds } from './viewport';

/**
 * What the plan of one storey shows, as plain data in world metres: every item's rings, bounds
 * and layer. Built once per storey and model change; the canvas turns it into cached paths, hit
 * testing and box selection read it. No DOM here.
 */

/** Every layer of the plan, bottom to top. */
/** Ceilings are outlines and grid lines (no fill), so they come after the rooms, whose fills would hide them. */
export const PLAN_LAYERS = ['slabs', 'rooms', 'ceilings', 'stairs', 'objects', 'inlets', 'walls', 'beams', 'openings', 'doors'] as const;
export type PlanLayer = (typeof PLAN_LAYERS)[number];

/** The layers a user toggles (P§2), with their labels; the others are always drawn. */
export const TOGGLE_LAYERS = [
  { layer: 'slabs', label: 'Floor slabs' },
  { layer: 'beams', label: 'Beams' },
  { layer: 'ceilings', label: 'Ceilings' },
  { layer: 'inlets', label: 'Inlets' },
  { layer: 'objects', label: 'Other objects' },
] as const satisfies readonly { layer: PlanLayer; label: string }[];
export type ToggleLayer = (typeof TOGGLE_LAYERS)[number]['layer'];
export type LayerVisibility = Record<ToggleLayer, boolean>;

export const DEFAULT_LAYERS: LayerVisibility = { slabs: false, beams: false, ceilings: false, inlets: true, objects: true };

/** P§9: walls starting more than this above the storey floor are beams, hidden unless beams are shown. */
export const BEAM_HEIGHT = 1.5;

export type Ring = readonly Point2[];

export interface PlanItem {
  ref: ItemRef;
  layer: PlanLayer;
  /** Exterior first, then holes. */
  rings: readonly Ring[];
  bounds: Bounds;
  /** Rooms: their type (the fill colour). */
  roomType?: RoomType;
  /** Rooms: the name written on the plan. */
  label?: string;
  /** Doors: the leaf and swing arcs to draw. */
  swing?: DoorSwing;
  /** Ceilings: grid lines. */
  lines?: readonly (readonly [Point2, Point2])[];
}

export interface DoorSwing {
  /** Hinge, leaf end and the point where the arc ends (the closed door's far jamb). */
  leaves: { hinge: Point2; open: Point2; closed: Point2 }[];
}

export interface PlanScene {
  storeyId: string;
  items: PlanItem[];
  byKey: Map<string, PlanItem>;
  /** Everything on the storey (hidden layers included): fit to storey shows this. */
  bounds: Bounds | null;
}

export const refKey = (ref: ItemRef) => `${ref.kind}:${ref.id}`;

const ring2 = (points: readonly (readonly number[])[]): Point2[] => points.map((p) => [p[0] ?? 0, p[1] ?? 0]);

/** The lowest z of a wall: of its exterior points, and of its 'below' surface when it has one. */
export function wallBottom(wall: Arch['walls'][string]): number {
  let bottom = Infinity;
  for (const p of wall.shape.exterior) if (p[2] < bottom) bottom = p[2];
  for (const p of wall.shape.below) if (p[2] < bottom) bottom = p[2];
  return bottom === Infinity ? 0 : bottom;
}

/** The door's leaves: a single leaf turns at its hinge towards the swing side; a double door has two half leaves. */
export function doorSwing(door: Arch['doors'][string]): DoorSwing {
  const left: Point2 = [door.left[0], door.left[1]];
  const right: Point2 = [door.right[0], door.right[1]];
  const dx = right[0] - left[0];
  const dy = right[1] - left[1];
  // Seen from the swing side, left is on the viewer's left: the swing side is to the right of left→right.
  const side: Point2 = [dy, -dx];
  const leaf = (hinge: Point2, closed: Point2, share: number) => ({
    hinge,
    closed,
    open: [hinge[0] + side[0] * share, hinge[1] + side[1] * share] as Point2,
  });
  switch (door.op_type) {
    case 'SwingLeft':
      return { leaves: [leaf(left, right, 1)] };
    case 'SwingRight':
      return { leaves: [leaf(right, left, 1)] };
    case 'DoubleSwing': {
      const middle: Point2 = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
      return { leaves: [leaf(left, middle, 0.5), leaf(right, middle, 0.5)] };
    }
    default:
      return { leaves: [] };
  }
}

/** The storeys top-down (P§2 storey picker): highest number first, then highest floor, then name. */
export function storeysTopDown(arch: Arch): Storey[] {
  return Object.values(arch.storeys).sort((a, b) => b.number - a.number || b.height.min_z - a.height.min_z || a.name.localeCompare(b.name));
}

function ringsBounds(rings: readonly Ring[]): Bounds | null {
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

function planItem(kind: ItemKind, id: string, layer: PlanLayer, rings: Ring[], extra: Partial<PlanItem> = {}): PlanItem | null {
  const bounds = ringsBounds(rings);
  return bounds ? { ref: { kind, id }, layer, rings, bounds, ...extra } : null;
}

const polygonRings = (shape: { exterior: Point2[]; interiors: Point2[][] }): Ring[] =>
  shape.interiors.length === 0 ? [shape.exterior] : [shape.exterior, ...shape.interiors];

function doorItem(door: Arch['doors'][string]): PlanItem | null {
  const swing = doorSwing(door);
  const left: Point2 = [door.left[0], door.left[1]];
  const right: Point2 = [door.right[0], door.right[1]];
  // The door's area: the opening and the swept leaves; a door that does not swing gets a thin strip to click.
  const depth = swing.leaves.length === 0 ? 0.1 : swing.leaves.length === 1 ? 1 : 0.5;
  const dx = right[0] - left[0];
  const dy = right[1] - left[1];
  const length = Math.hypot(dx, dy) || 1;
  const side: Point2 = swing.leaves.length === 0 ? [(dy / length) * 0.1, (-dx / length) * 0.1] : [dy * depth, -dx * depth];
  const outline: Point2[] = [left, right, [right[0] + side[0], right[1] + side[1]], [left[0] + side[0], left[1] + side[1]]];
  return planItem('arch.doors', door.id, 'doors', [outline], { swing });
}

/**
 * Plan items by the model object they were made from: an edit makes new objects only along its
 * path, so after an edit (or on coming back to a storey) only the changed items are built again.
 * Walls also depend on their storey's floor (beam or not), kept with them.
 */
const itemCache = new WeakMap<object, { floor: number; item: PlanItem | null }>();

function cachedItem(source: object, floor: number, build: () => PlanItem | null): PlanItem | null {
  const hit = itemCache.get(source);
  if (hit && hit.floor === floor) return hit.item;
  const item = build();
  itemCache.set(source, { floor, item });
  return item;
}

/** The plan of one storey; an unknown storey gives an empty scene. */
export function buildPlanScene(arch: Arch, storeyId: string): PlanScene {
  const items: PlanItem[] = [];
  const storey = arch.storeys[storeyId];
  const take = <T extends { id: string }>(
    ids: readonly string[],
    collection: Record<string, T>,
    floor: number,
    build: (source: T) => PlanItem | null,
  ) => {
    for (const id of ids) {
      const source = collection[id];
      const item = source ? cachedItem(source, floor, () => build(source)) : null;
      if (item) items.push(item);
    }
  };
  if (storey) {
    const floor = storey.height.min_z;
    take(storey.floors, arch.slabs, 0, (slab) => planItem('arch.slabs', slab.id, 'slabs', polygonRings(slab.shape)));
    take(storey.ceilings, arch.ceilings, 0, (ceiling) =>
      planItem('arch.ceilings', ceiling.id, 'ceilings', polygonRings(ceiling.shape), { lines: ceiling.grid_lines }),
    );
    take(storey.rooms, arch.rooms, 0, (room) =>
      planItem('arch.rooms', room.id, 'rooms', polygonRings(room.shape), { roomType: room.type, label: room.name }),
    );
    take(storey.stairs, arch.stairs, 0, (stair) => planItem('arch.stairs', stair.id, 'stairs', polygonRings(stair.shape)));
    take(storey.other_objects, arch.other_objects, 0, (object) =>
      planItem('arch.other_objects', object.id, object.vent_type === 'Other' ? 'objects' : 'inlets', polygonRings(object.shape)),
    );
    take(storey.walls, arch.walls, floor, (wall) =>
      planItem('arch.walls', wall.id, wallBottom(wall) > floor + BEAM_HEIGHT ? 'beams' : 'walls', [ring2(wall.shape.exterior)]),
    );
    take(storey.wall_openings, arch.wall_openings, 0, (opening) =>
      planItem('arch.wall_openings', opening.id, 'openings', polygonRings(opening.shape)),
    );
    take(storey.doors, arch.doors, 0, doorItem);
  }
  const byKey = new Map<string, PlanItem>();
  let bounds: Bounds | null = null;
  for (const item of items) {
    byKey.set(refKey(item.ref), item);
    bounds = unionBounds(bounds, item.bounds);
  }
  return { storeyId, items, byKey, bounds };
}

/** Whether an item's layer is drawn with these toggles. */
export function layerVisible(layer: PlanLayer, layers: LayerVisibility): boolean {
  return layer in layers ? layers[layer as ToggleLayer] : true;
}
