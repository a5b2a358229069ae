import type { Arch, ItemKind, Point2 } from '@edrf/model';
import { planItem, type Arc, type LayerStyle, type PlanItem, type PlanLayer, type Ring, type Segment } from '../layers';
import { roomFill } from './palette';

/**
 * The architecture as plan layers (P§2), shared by every storey screen: on the architecture page they
 * are what the user edits; on the trays and fire screens they are the background, not picked.
 */

/** P§9: walls starting more than this above the storey floor are beams, hidden unless beams are shown. */
export const BEAM_HEIGHT = 1.5;

export interface ArchLayerOptions {
  /** false: the background of another screen (nothing of it is picked or box-selected). */
  pickable?: boolean;
  /** 'type': rooms filled by their type's colour; 'plain': one quiet fill (a background). */
  roomFill?: 'type' | 'plain';
}

const ring2 = (points: readonly (readonly number[])[]): Point2[] => points.map((p) => [p[0] ?? 0, p[1] ?? 0]);

const polygonRings = (shape: { exterior: Point2[]; interiors: Point2[][] }): Ring[] =>
  shape.interiors.length === 0 ? [shape.exterior] : [shape.exterior, ...shape.interiors];

const ref = (kind: ItemKind, id: string) => ({ kind, id });

/** The lowest z of a wall: of its exterior points, and of its 'below' surface when it has one. */
export function wallBottom(wall: Arch['walls'][string]): number {
  let bottom = Infinity;
  for (const p of wall.shape.exterior) if (p[2] < bottom) bottom = p[2];
  for (const p of wall.shape.below) if (p[2] < bottom) bottom = p[2];
  return bottom === Infinity ? 0 : bottom;
}

export interface DoorSwing {
  /** Hinge, leaf end and the point where the arc ends (the closed door's far jamb). */
  leaves: { hinge: Point2; open: Point2; closed: Point2 }[];
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

/** A leaf's quarter arc, from the open leaf's end round to the closed door's far jamb. */
function swingArc({ hinge, open, closed }: DoorSwing['leaves'][number]): Arc {
  const from = Math.atan2(open[1] - hinge[1], open[0] - hinge[0]);
  const to = Math.atan2(closed[1] - hinge[1], closed[0] - hinge[0]);
  let sweep = to - from;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  while (sweep <= -Math.PI) sweep += 2 * Math.PI;
  return { centre: hinge, radius: Math.hypot(open[0] - hinge[0], open[1] - hinge[1]), from, to, start: open, ccw: sweep < 0 };
}

function doorItem(door: Arch['doors'][string], layer: string): PlanItem | null {
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
  return planItem(ref('arch.doors', door.id), layer, [outline], {
    lines: [[left, right]],
    detail: {
      lines: swing.leaves.map(({ hinge, open }) => [hinge, open] as Segment),
      arcs: swing.leaves.map(swingArc),
      size: Math.hypot(dx, dy),
    },
  });
}

const fixed = (style: LayerStyle) => (): LayerStyle => style;

/** The ten architecture layers, bottom to top; ceilings are outlines and grid lines (no fill), so above the rooms. */
export function archLayers(options: ArchLayerOptions = {}): PlanLayer[] {
  const pick = (how: 'area' | 'outline') => (options.pickable === false ? 'none' : how);
  const plainRooms = options.roomFill === 'plain';
  const layer = (
    id: string,
    rank: number,
    rest: Omit<PlanLayer, 'id' | 'order' | 'priority' | 'pick'> & { pick?: 'area' | 'outline' },
  ): PlanLayer => ({ id, order: rank, priority: rank, ...rest, pick: pick(rest.pick ?? 'area') });
  return [
    layer('slabs', 0, {
      toggle: { label: 'Floor slabs', on: false, place: 0 },
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.floors, model.arch.slabs, (slab) =>
          add(slab, 0, () => planItem(ref('arch.slabs', slab.id), 'slabs', polygonRings(slab.shape))),
        ),
      style: fixed({ fill: '#ecebe7', stroke: '#c9c6bd', width: 1 }),
    }),
    layer('rooms', 1, {
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.rooms, model.arch.rooms, (room) =>
          add(room, 0, () =>
            planItem(ref('arch.rooms', room.id), 'rooms', polygonRings(room.shape), { styleKey: room.type, label: room.name }),
          ),
        ),
      style: (type) => ({
        fill: plainRooms ? '#f1f1ee' : roomFill((type ?? 'Other') as Arch['rooms'][string]['type']),
        stroke: '#9a9a9a',
        width: 1,
      }),
    }),
    layer('ceilings', 2, {
      toggle: { label: 'Ceilings', on: false, place: 2 },
      pick: 'outline',
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.ceilings, model.arch.ceilings, (ceiling) =>
          add(ceiling, 0, () =>
            planItem(ref('arch.ceilings', ceiling.id), 'ceilings', polygonRings(ceiling.shape), { lines: ceiling.grid_lines }),
          ),
        ),
      style: fixed({ stroke: '#8a8fc0', width: 1, dash: [6, 4] }),
      lineStyle: { stroke: '#c5c8e6', width: 0.75 },
    }),
    layer('stairs', 3, {
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.stairs, model.arch.stairs, (stair) =>
          add(stair, 0, () => planItem(ref('arch.stairs', stair.id), 'stairs', polygonRings(stair.shape))),
        ),
      style: fixed({ fill: '#dcdcdc', stroke: '#666', width: 1 }),
    }),
    layer('objects', 4, {
      toggle: { label: 'Other objects', on: true, place: 4 },
      items: objectsOf('Other'),
      style: fixed({ fill: '#ece6d3', stroke: '#9d9682', width: 1 }),
    }),
    layer('inlets', 5, {
      toggle: { label: 'Inlets', on: true, place: 3 },
      items: objectsOf('inlets'),
      style: fixed({ fill: '#cfe3f5', stroke: '#3b6ea8', width: 1.5 }),
    }),
    layer('walls', 6, { items: wallsOf('walls'), style: fixed({ fill: '#4a4a4a' }) }),
    layer('beams', 7, {
      toggle: { label: 'Beams', on: false, place: 1 },
      items: wallsOf('beams'),
      style: fixed({ fill: 'rgba(150, 100, 50, 0.45)', stroke: '#7a5326', width: 1, dash: [4, 3] }),
    }),
    layer('openings', 8, {
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.wall_openings, model.arch.wall_openings, (opening) =>
          add(opening, 0, () => planItem(ref('arch.wall_openings', opening.id), 'openings', polygonRings(opening.shape))),
        ),
      style: fixed({ fill: '#ffffff', stroke: '#555', width: 1 }),
    }),
    layer('doors', 9, {
      items: (model, storeyId, add) =>
        each(model.arch.storeys[storeyId]!.doors, model.arch.doors, (door) => add(door, 0, () => doorItem(door, 'doors'))),
      // The outline is only the door's area to pick; what is drawn is the opening and the leaves.
      style: fixed({}),
      lineStyle: { stroke: '#222', width: 1 },
    }),
  ];
}

function each<T>(ids: readonly string[], collection: Record<string, T>, take: (item: T) => void): void {
  for (const id of ids) {
    const item = collection[id];
    if (item) take(item);
  }
}

/** Other objects: those whose vent_type is Other, or the inlets (any other vent type). */
function objectsOf(kind: 'Other' | 'inlets'): PlanLayer['items'] {
  const layer = kind === 'Other' ? 'objects' : 'inlets';
  return (model, storeyId, add) =>
    each(model.arch.storeys[storeyId]!.other_objects, model.arch.other_objects, (object) => {
      if ((object.vent_type === 'Other') === (kind === 'Other'))
        add(object, 0, () => planItem(ref('arch.other_objects', object.id), layer, polygonRings(object.shape)));
    });
}

/** Walls or beams: a wall is a beam when it starts more than BEAM_HEIGHT above its storey's floor. */
function wallsOf(kind: 'walls' | 'beams'): PlanLayer['items'] {
  return (model, storeyId, add) => {
    const floor = model.arch.storeys[storeyId]!.height.min_z;
    each(model.arch.storeys[storeyId]!.walls, model.arch.walls, (wall) => {
      // Both layers cache by the floor, so a wall that changes sides on a storey edit is rebuilt.
      add(wall, floor, () =>
        wallBottom(wall) > floor + BEAM_HEIGHT === (kind === 'beams')
          ? planItem(ref('arch.walls', wall.id), kind, [ring2(wall.shape.exterior)])
          : null,
      );
    });
  };
}
