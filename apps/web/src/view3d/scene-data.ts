/**
 * What the 3D view draws, built from the model without WebGL (P§2 3D view): one prism batch per layer
 * (walls, slabs, stairs, doors, ceilings, rooms, cable trays) and instanced catalogue shapes for other
 * objects and fire units. Heights the model leaves open are decided in docs/view3d.md.
 */
import { Box3, Matrix4, Vector3 } from 'three';
import type { Arch, Elec, Fire, Model, Point2, Point3, Storey, Tray, UnitGroup } from '@edrf/model';
import { roomTypeHue } from '../editor/arch/palette';
import type { Box3Like, Vec3 } from './clip-box';
import type { Catalogue } from './catalogue';
import { fitToBox, groupInstances, shapeBounds, type InstanceGroup } from './instances';
import { PrismBatch } from './prisms';

export const PRISM_LAYERS = ['walls', 'slabs', 'stairs', 'doors', 'ceilings', 'rooms', 'trays'] as const;
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
  trays: 'Trays',
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
  trays: true,
  objects: true,
  units: true,
};

/** A door leaf: this thick across the wall, this high unless the storey is lower. */
export const DOOR_THICKNESS = 0.1;
export const DOOR_HEIGHT = 2.1;
/** Ceilings are drawn as plates this thick under their z; rooms as floors this thick on theirs. */
export const CEILING_THICKNESS = 0.02;
export const ROOM_FLOOR_THICKNESS = 0.05;
/** A cable tray is drawn as a box this deep, hanging below its z (the model gives a tray no depth). */
export const TRAY_DEPTH = 0.06;
/** Start and end closer than this in plan are one point: the tray is vertical, or nothing if z is equal too. */
const TRAY_EPSILON = 1e-6;

/** The catalogue shape each kind of fire unit is drawn with (others by their unit type). */
const UNIT_SHAPES = {
  racks: 'Rack',
  detectors: 'SmokeDetector',
  sirens: 'Sounder',
  buttons: 'ManualCallPoint',
  ios: 'IoUnit',
} as const;

/** Any placed fire unit (a rack or a unit of one of the other groups). */
export type FireUnit = Fire['units'][UnitGroup][string];

/** How a page wants the fire units drawn; the model page's 3D view takes the defaults. */
export interface SceneOptions {
  /** Draw hidden detectors too (the units page); by default they are left out. */
  hiddenDetectors?: boolean;
  /** Each unit's own colour (RGB, 0–1): the unit instances then carry per-instance colours. */
  unitColor?: (group: UnitGroup, unit: FireUnit) => Vec3;
  /** Units other than racks drawn this many times their catalogue size (a detector is 11 cm across). */
  unitScale?: number;
}

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

/** A room type's colour: the plan's hue (editor/arch/palette.ts), lighter and duller for Other. */
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

/** A tray's box: a plan footprint between two heights. */
export interface TrayBox {
  footprint: Point2[];
  bottom: number;
  top: number;
}

/**
 * The box a cable tray is drawn as (docs/view3d.md), or null when there is nothing to draw. A horizontal tray
 * is `width` wide across its run from start to end and TRAY_DEPTH deep below its z (a sloped one, which the
 * app does not make, spans from below its lower end to its upper end). A vertical tray (start and end on
 * one plan point) is an upright width × width square, along the axes, from its lower z to its upper z.
 */
export function trayBox(tray: Pick<Tray, 'start' | 'end' | 'width'>): TrayBox | null {
  const { start, end, width } = tray;
  if (![...start, ...end, width].every(Number.isFinite) || width <= 0) return null;
  const [low, high] = [Math.min(start[2], end[2]), Math.max(start[2], end[2])];
  const half = width / 2;
  if (Math.hypot(end[0] - start[0], end[1] - start[1]) < TRAY_EPSILON) {
    if (high - low < TRAY_EPSILON) return null;
    const [x, y] = start;
    const footprint: Point2[] = [
      [x - half, y - half],
      [x + half, y - half],
      [x + half, y + half],
      [x - half, y + half],
    ];
    return { footprint, bottom: low, top: high };
  }
  return { footprint: rect([start[0], start[1]], [end[0], end[1]], half), bottom: low - TRAY_DEPTH, top: high };
}

function buildPrisms(arch: Arch, elec: Elec): Record<PrismLayer, PrismBatch> {
  const prisms: Record<PrismLayer, PrismBatch> = {
    walls: new PrismBatch(),
    slabs: new PrismBatch(),
    stairs: new PrismBatch(),
    doors: new PrismBatch(),
    ceilings: new PrismBatch(),
    rooms: new PrismBatch({ colors: true }),
    trays: new PrismBatch(),
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
  for (const tray of Object.values(elec.trays)) {
    const box = trayBox(tray);
    if (box) prisms.trays.addPrism({ exterior: box.footprint, interiors: [] }, box.bottom, box.top);
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

function unitInstances(fire: Fire | null, catalogue: Catalogue, options: SceneOptions): InstanceGroup[] {
  if (!fire) return [];
  const ids: string[] = [];
  const shapes: string[] = [];
  const matrices: Matrix4[] = [];
  const colors: Vec3[] = [];
  const { unitColor, unitScale = 1 } = options;
  const place = (group: UnitGroup, unit: FireUnit, shape: string, angle: number) => {
    if (!(shape in catalogue.shapes)) return;
    const scale = group === 'racks' ? 1 : unitScale;
    const m = new Matrix4().makeRotationZ((angle * Math.PI) / 180).scale(new Vector3(scale, scale, scale));
    m.setPosition(unit.coord[0], unit.coord[1], unit.coord[2]);
    ids.push(unit.id);
    shapes.push(shape);
    matrices.push(m);
    if (unitColor) colors.push(unitColor(group, unit));
  };
  const units = fire.units;
  for (const rack of Object.values(units.racks)) place('racks', rack, UNIT_SHAPES.racks, rack.angle);
  for (const detector of Object.values(units.detectors))
    if (!detector.hidden || options.hiddenDetectors) place('detectors', detector, UNIT_SHAPES.detectors, 0);
  for (const siren of Object.values(units.sirens)) place('sirens', siren, UNIT_SHAPES.sirens, siren.angle);
  for (const button of Object.values(units.buttons)) place('buttons', button, UNIT_SHAPES.buttons, button.angle);
  for (const io of Object.values(units.ios)) place('ios', io, UNIT_SHAPES.ios, io.angle);
  for (const other of Object.values(units.others))
    place('others', other, other.unit_type === 'strobelight' ? 'Beacon' : 'IoUnit', other.angle);
  return groupInstances(ids, shapes, matrices, unitColor ? colors : undefined);
}

/** Everything the view draws, and the bounds of it. */
export function buildSceneData(model: Pick<Model, 'arch' | 'elec' | 'fire'>, catalogue: Catalogue, options: SceneOptions = {}): SceneData {
  const prisms = buildPrisms(model.arch, model.elec);
  const instances = { objects: objectInstances(model.arch, catalogue), units: unitInstances(model.fire, catalogue, options) };
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

/** P§4: the camera's zoom is 1000 divided by the largest extent of the model (1 for an empty model); framingZoom caps it. */
export function initialZoom(bounds: Box3Like | null): number {
  if (!bounds) return 1;
  const extent = Math.max(...[0, 1, 2].map((axis) => bounds.max[axis]! - bounds.min[axis]!));
  return extent > 0 ? 1000 / extent : 1;
}

/** Where the camera first looks from, relative to the centre of the model: the south-west, above (z up). */
export const VIEW_FROM: Vec3 = [-0.6, -1, 0.8];
/** At most this share of the view's width or height is taken by the model when it is fitted in. */
export const FRAME_FILL = 0.9;

/**
 * The bounds' eight corners on the view plane of a camera looking from `from` at their centre (z up):
 * their extent to the right and upwards, in metres.
 */
export function projectedExtent(bounds: Box3Like, from: Vec3 = VIEW_FROM): { width: number; height: number } {
  const look = new Vector3(...from).negate().normalize();
  const right = look
    .clone()
    .cross(new Vector3(0, 0, 1))
    .normalize();
  const up = right.clone().cross(look);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let corner = 0; corner < 8; corner++) {
    const p = new Vector3(...[0, 1, 2].map((axis) => ((corner >> axis) & 1 ? bounds.max[axis]! : bounds.min[axis]!)));
    xs.push(p.dot(right));
    ys.push(p.dot(up));
  }
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/**
 * The first zoom of a view `width` × `height` CSS pixels (docs/view3d.md): P§4's 1000 / the largest extent
 * where the whole model fits in the view at it, else the zoom at which it fills FRAME_FILL of the view
 * (the building framed whole, not its roof filling the screen).
 */
export function framingZoom(bounds: Box3Like | null, width: number, height: number, from: Vec3 = VIEW_FROM): number {
  const rule = initialZoom(bounds);
  if (!bounds || width <= 0 || height <= 0) return rule;
  const seen = projectedExtent(bounds, from);
  const fits = [width / seen.width, height / seen.height].filter((zoom) => Number.isFinite(zoom) && zoom > 0);
  if (fits.length === 0) return rule;
  return Math.min(rule, Math.min(...fits) * FRAME_FILL);
}
