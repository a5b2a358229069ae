/**
 * What the 3D view draws, built from the model without WebGL (P§2 3D view): one prism batch per layer
 * (walls, slabs, stairs, doors, ceilings, rooms) and instanced catalogue shapes for other objects and
 * fire units. Heights the model leaves open are decided in docs/view3d.md.
 */
import { Box3, Matrix4, Vector3 } from 'three';
import type { Arch, Fire, Model, Point2, Point3, Storey } from '@edrf/model';
import { roomTypeHue } from '../editor/palette';
import type { Box3Like, Vec3 } from './clip-box';
import type { Catalogue } from './catalogue';
import { fitToBox, groupInstances, shapeBounds, type InstanceGroup } from './instances';
import { PrismBatch } from './prisms';

export const PRISM_LAYERS = ['walls', 'slabs', 'stairs', 'doors', 'ceilings', 'rooms'] as const;
export type PrismLayer = (typeof PRISM_LAYERS)[number];
export const INSTANCE_LAYERS = ['objects', 'units'] as const;
export type InstanceLayer = (typeof INSTANCE_LAYERS)[number];
export type Layer3d = PrismLayer | InstanceLayer;

export const LAYER_LABELS: Record<Layer3d, string> = {
  walls: 'Walls',
  slabs: 'Slabs',
  stairs: 'Stairs',
  doors: 'Doors',
  ceilings: 'Ceilings',
  rooms: 'Rooms',
  objects: 'Other objects',
  units: 'Fire units',
};

/** Ceilings are optional (P§2): off until asked for; everything else starts shown. */
export const DEFAULT_LAYERS_3D: Record<Layer3d, boolean> = {
  walls: true,
  slabs: true,
  stairs: true,
  doors: true,
  ceilings: false,
  rooms: true,
  objects: true,
  units: true,
};

/** A door leaf: this thick across the wall, this high unless the storey is lower. */
export const DOOR_THICKNESS = 0.1;
export const DOOR_HEIGHT = 2.1;
/** Ceilings are drawn as plates this thick under their z; rooms as floors this thick on theirs. */
export const CEILING_THICKNESS = 0.02;
export const ROOM_FLOOR_THICKNESS = 0.05;

/** The catalogue shape each kind of fire unit is drawn with (others by their unit type). */
const UNIT_SHAPES = {
  racks: 'Rack',
  detectors: 'SmokeDetector',
  sirens: 'Sounder',
  buttons: 'ManualCallPoint',
  ios: 'IoUnit',
} as const;

export interface SceneData {
  prisms: Record<PrismLayer, PrismBatch>;
  instances: Record<InstanceLayer, InstanceGroup[]>;
  /** The bounds of everything drawn; null for an empty model. */
  bounds: Box3Like | null;
}

const rect = (a: Point2, b: Point2, halfWidth: number): Point2[] => {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / length) * halfWidth, (dx / length) * halfWidth];
  return [
    [a[0] - nx, a[1] - ny],
    [b[0] - nx, b[1] - ny],
    [b[0] + nx, b[1] + ny],
    [a[0] + nx, a[1] + ny],
  ];
};

const minZ = (points: readonly Point3[]) => points.reduce((m, p) => Math.min(m, p[2]), Infinity);
const maxZ = (points: readonly Point3[]) => points.reduce((m, p) => Math.max(m, p[2]), -Infinity);

/** The storey each item id is listed in, for heights the item itself does not carry. */
function storeyOf(arch: Arch, list: (storey: Storey) => readonly string[]): Map<string, Storey> {
  const map = new Map<string, Storey>();
  for (const storey of Object.values(arch.storeys)) for (const id of list(storey)) map.set(id, storey);
  return map;
}

/** A room type's colour: the plan's hue (editor/palette.ts), lighter and duller for Other. */
function roomColor(type: Parameters<typeof roomTypeHue>[0]): Vec3 {
  const hue = roomTypeHue(type) / 360;
  const saturation = type === 'Other' ? 0.25 : 0.7;
  // HSL to RGB at lightness 0.75.
  const l = 0.75;
  const q = l + saturation - l * saturation;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const h = (t + 1) % 1;
    if (h < 1 / 6) return p + (q - p) * 6 * h;
    if (h < 1 / 2) return q;
    if (h < 2 / 3) return p + (q - p) * (2 / 3 - h) * 6;
    return p;
  };
  return [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3)];
}

function buildPrisms(arch: Arch): Record<PrismLayer, PrismBatch> {
  const prisms: Record<PrismLayer, PrismBatch> = {
    walls: new PrismBatch(),
    slabs: new PrismBatch(),
    stairs: new PrismBatch(),
    doors: new PrismBatch(),
    ceilings: new PrismBatch(),
    rooms: new PrismBatch({ colors: true }),
  };
  const wallStorey = storeyOf(arch, (s) => s.walls);
  for (const wall of Object.values(arch.walls)) {
    const bottom = Math.min(minZ(wall.shape.exterior), minZ(wall.shape.below));
    // A wall without its top surface reaches the top of its storey (or 3 m when that is below it).
    const storeyTop = wallStorey.get(wall.id)?.height.max_z ?? bottom + 3;
    const top = wall.shape.above.length > 0 ? maxZ(wall.shape.above) : storeyTop > bottom ? storeyTop : bottom + 3;
    prisms.walls.addPrism({ exterior: wall.shape.exterior.map(([x, y]) => [x, y]), interiors: [] }, bottom, top);
  }
  for (const slab of Object.values(arch.slabs)) prisms.slabs.addPrism(slab.shape, slab.min_z, slab.max_z);
  for (const stair of Object.values(arch.stairs)) prisms.stairs.addPrism(stair.shape, stair.min_z, stair.max_z);
  for (const ceiling of Object.values(arch.ceilings)) prisms.ceilings.addPrism(ceiling.shape, ceiling.z - CEILING_THICKNESS, ceiling.z);
  const doorStorey = storeyOf(arch, (s) => s.doors);
  for (const door of Object.values(arch.doors)) {
    const bottom = Math.min(door.left[2], door.right[2]);
    const storey = doorStorey.get(door.id);
    const room = storey ? storey.height.max_z - bottom : DOOR_HEIGHT;
    const height = room > 0 ? Math.min(DOOR_HEIGHT, room) : DOOR_HEIGHT;
    const left: Point2 = [door.left[0], door.left[1]];
    const right: Point2 = [door.right[0], door.right[1]];
    if (left[0] === right[0] && left[1] === right[1]) continue;
    prisms.doors.addPrism({ exterior: rect(left, right, DOOR_THICKNESS / 2), interiors: [] }, bottom, bottom + height);
  }
  const roomStorey = storeyOf(arch, (s) => s.rooms);
  for (const room of Object.values(arch.rooms)) {
    const below = room.shape.below.length > 0 ? minZ(room.shape.below) : (roomStorey.get(room.id)?.height.min_z ?? 0);
    prisms.rooms.addPrism(room.shape, below, below + ROOM_FLOOR_THICKNESS, roomColor(room.type));
  }
  return prisms;
}

function objectInstances(arch: Arch, catalogue: Catalogue): InstanceGroup[] {
  const ids: string[] = [];
  const shapes: string[] = [];
  const matrices: Matrix4[] = [];
  for (const object of Object.values(arch.other_objects)) {
    const box = new Box3();
    for (const [x, y] of object.shape.exterior) box.expandByPoint(new Vector3(x, y, object.min_z));
    box.expandByPoint(new Vector3(box.min.x, box.min.y, object.max_z));
    if (box.isEmpty()) continue;
    // An object named after a catalogue shape is drawn with it; anything else is the unit Box on its bounds.
    const shape = object.type in catalogue.shapes ? object.type : 'Box';
    if (!(shape in catalogue.shapes)) continue;
    ids.push(object.id);
    shapes.push(shape);
    matrices.push(fitToBox(shapeBounds(catalogue, shape), box.min.toArray(), box.max.toArray()));
  }
  return groupInstances(ids, shapes, matrices);
}

function unitInstances(fire: Fire | null, catalogue: Catalogue): InstanceGroup[] {
  if (!fire) return [];
  const ids: string[] = [];
  const shapes: string[] = [];
  const matrices: Matrix4[] = [];
  const place = (id: string, shape: string, coord: Point3, angle: number) => {
    if (!(shape in catalogue.shapes)) return;
    const m = new Matrix4().makeRotationZ((angle * Math.PI) / 180);
    m.setPosition(coord[0], coord[1], coord[2]);
    ids.push(id);
    shapes.push(shape);
    matrices.push(m);
  };
  const units = fire.units;
  for (const rack of Object.values(units.racks)) place(rack.id, UNIT_SHAPES.racks, rack.coord, rack.angle);
  for (const detector of Object.values(units.detectors)) if (!detector.hidden) place(detector.id, UNIT_SHAPES.detectors, detector.coord, 0);
  for (const siren of Object.values(units.sirens)) place(siren.id, UNIT_SHAPES.sirens, siren.coord, siren.angle);
  for (const button of Object.values(units.buttons)) place(button.id, UNIT_SHAPES.buttons, button.coord, button.angle);
  for (const io of Object.values(units.ios)) place(io.id, UNIT_SHAPES.ios, io.coord, io.angle);
  for (const other of Object.values(units.others))
    place(other.id, other.unit_type === 'strobelight' ? 'Beacon' : 'IoUnit', other.coord, other.angle);
  return groupInstances(ids, shapes, matrices);
}

/** Everything the view draws, and the bounds of it. */
export function buildSceneData(model: Pick<Model, 'arch' | 'fire'>, catalogue: Catalogue): SceneData {
  const prisms = buildPrisms(model.arch);
  const instances = { objects: objectInstances(model.arch, catalogue), units: unitInstances(model.fire, catalogue) };
  const bounds = new Box3();
  for (const batch of Object.values(prisms)) {
    if (batch.count > 0) bounds.union(new Box3(new Vector3(...batch.min), new Vector3(...batch.max)));
  }
  for (const groups of Object.values(instances)) {
    for (const group of groups) {
      const shape = shapeBounds(catalogue, group.shape);
      const m = new Matrix4();
      for (let i = 0; i < group.ids.length; i++) bounds.union(shape.clone().applyMatrix4(m.fromArray(group.matrices, i * 16)));
    }
  }
  return {
    prisms,
    instances,
    bounds: bounds.isEmpty() ? null : { min: bounds.min.toArray(), max: bounds.max.toArray() },
  };
}

/** P§4: the camera's zoom is 1000 divided by the largest extent of the model (1 for an empty model). */
export function initialZoom(bounds: Box3Like | null): number {
  if (!bounds) return 1;
  const extent = Math.max(...[0, 1, 2].map((axis) => bounds.max[axis]! - bounds.min[axis]!));
  return extent > 0 ? 1000 / extent : 1;
}
