import type { Arch, ItemKind, ItemRef, Point2, RoomType, Storey } from '@edrf/model';
import { boundsOfPoints, unionBounds, type Bounds } from './viewport';

/**
 * What the plan of one storey shows, as plain data in world metres: every item's rings, bounds
 * and layer. Built once per storey and model change; the canvas turns it into cached paths, hit
 * testing and box selection read it. No DOM here.
 */

/** Every layer of the plan, bottom to top. */
export const PLAN_LAYERS = ['slabs', 'ceilings', 'rooms', 'stairs', 'objects', 'inlets', 'walls', 'beams', 'openings', 'doors'] as const;
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
  const zs = [...wall.shape.exterior, ...wall.shape.below].map((p) => p[2]);
  return zs.length > 0 ? Math.min(...zs) : 0;
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

/** The plan of one storey; an unknown storey gives an empty scene. */
export function buildPlanScene(arch: Arch, storeyId: string): PlanScene {
  const items: PlanItem[] = [];
  const storey = arch.storeys[storeyId];
  const add = (kind: ItemKind, id: string, layer: PlanLayer, rings: Ring[], extra: Partial<PlanItem> = {}) => {
    const bounds = boundsOfPoints(rings.flat());
    if (bounds) items.push({ ref: { kind, id }, layer, rings, bounds, ...extra });
  };
  if (storey) {
    const floor = storey.height.min_z;
    for (const id of storey.floors) {
      const slab = arch.slabs[id];
      if (slab) add('arch.slabs', id, 'slabs', [slab.shape.exterior, ...slab.shape.interiors]);
    }
    for (const id of storey.ceilings) {
      const ceiling = arch.ceilings[id];
      if (ceiling)
        add('arch.ceilings', id, 'ceilings', [ceiling.shape.exterior, ...ceiling.shape.interiors], { lines: ceiling.grid_lines });
    }
    for (const id of storey.rooms) {
      const room = arch.rooms[id];
      if (room) add('arch.rooms', id, 'rooms', [room.shape.exterior, ...room.shape.interiors], { roomType: room.type });
    }
    for (const id of storey.stairs) {
      const stair = arch.stairs[id];
      if (stair) add('arch.stairs', id, 'stairs', [stair.shape.exterior, ...stair.shape.interiors]);
    }
    for (const id of storey.other_objects) {
      const object = arch.other_objects[id];
      if (object)
        add('arch.other_objects', id, object.vent_type === 'Other' ? 'objects' : 'inlets', [
          object.shape.exterior,
          ...object.shape.interiors,
        ]);
    }
    for (const id of storey.walls) {
      const wall = arch.walls[id];
      if (wall) add('arch.walls', id, wallBottom(wall) > floor + BEAM_HEIGHT ? 'beams' : 'walls', [ring2(wall.shape.exterior)]);
    }
    for (const id of storey.wall_openings) {
      const opening = arch.wall_openings[id];
      if (opening) add('arch.wall_openings', id, 'openings', [opening.shape.exterior, ...opening.shape.interiors]);
    }
    for (const id of storey.doors) {
      const door = arch.doors[id];
      if (!door) continue;
      const swing = doorSwing(door);
      const jambs: Point2[] = [
        [door.left[0], door.left[1]],
        [door.right[0], door.right[1]],
      ];
      // The door's area: the opening and the swept leaves; a door that does not swing gets a thin strip to click.
      const depth = swing.leaves.length === 0 ? 0.1 : swing.leaves.length === 1 ? 1 : 0.5;
      const dx = jambs[1]![0] - jambs[0]![0];
      const dy = jambs[1]![1] - jambs[0]![1];
      const length = Math.hypot(dx, dy) || 1;
      const side: Point2 = swing.leaves.length === 0 ? [(dy / length) * 0.1, (-dx / length) * 0.1] : [dy * depth, -dx * depth];
      const outline: Point2[] = [
        ...jambs,
        [jambs[1]![0] + side[0], jambs[1]![1] + side[1]],
        [jambs[0]![0] + side[0], jambs[0]![1] + side[1]],
      ];
      add('arch.doors', id, 'doors', [outline], { swing });
    }
  }
  const byKey = new Map(items.map((item) => [refKey(item.ref), item]));
  const bounds = items.reduce<Bounds | null>((all, item) => unionBounds(all, item.bounds), null);
  return { storeyId, items, byKey, bounds };
}

/** Whether an item's layer is drawn with these toggles. */
export function layerVisible(layer: PlanLayer, layers: LayerVisibility): boolean {
  return layer in layers ? layers[layer as ToggleLayer] : true;
}
