// Where the fire elements go: a storey's frame takes the model's world coordinates (metres) into its placement's
// coordinates (file units), and the placements, points and directions written for them (shared where equal).
import type { Affine } from '@edrf/ifc';
import { IFCAXIS2PLACEMENT2D, IFCAXIS2PLACEMENT3D, IFCCARTESIANPOINT, IFCDIRECTION, IFCLOCALPLACEMENT } from 'web-ifc';
import { ref, type IfcWriter, type Ref } from './writer.js';

export type Vec3 = readonly [number, number, number];

const UP: Vec3 = [0, 0, 1];
const X: Vec3 = [1, 0, 0];

/**
 * A storey's placement as a frame: its world transform (file units) is a rotation and a move, both from IfcAxis2Placement3D
 * frames, so going into it is the transposed rotation of the point less the move.
 */
export class Frame {
  constructor(
    /** Row-major 3x4, file units (@edrf/ifc's placementTransform). */
    readonly world: Affine,
    /** Metres per file unit. */
    readonly scale: number,
  ) {}

  private at = (i: number): number => this.world[i] ?? 0;

  /** A world direction in the frame's axes. */
  direction(v: Vec3): Vec3 {
    const a = this.at;
    return [a(0) * v[0] + a(4) * v[1] + a(8) * v[2], a(1) * v[0] + a(5) * v[1] + a(9) * v[2], a(2) * v[0] + a(6) * v[1] + a(10) * v[2]];
  }

  /** A model point (world, metres) in the frame, in file units. */
  point(p: Vec3): Vec3 {
    const a = this.at;
    return this.direction([p[0] / this.scale - a(3), p[1] / this.scale - a(7), p[2] / this.scale - a(11)]);
  }
}

/** Coordinates as written: 1e-9 of a file unit is below any unit's precision and keeps the text short. */
const rounded = (v: number): number => {
  const r = Math.round(v * 1e9) / 1e9;
  return Object.is(r, -0) ? 0 : r;
};

const near = (a: Vec3, b: Vec3): boolean => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 1e-9;

export const normalized = (v: Vec3): Vec3 | null => {
  const length = Math.hypot(v[0], v[1], v[2]);
  return length > 1e-12 ? [v[0] / length, v[1] / length, v[2] / length] : null;
};

export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** The points, directions and placements of one export; equal points and directions are written once. */
export class Placements {
  private readonly points = new Map<string, Ref>();
  private readonly directions = new Map<string, Ref>();
  private readonly axes = new Map<string, Ref>();
  private origin2d: Ref | null = null;

  constructor(private readonly w: IfcWriter) {}

  /** A point in file units. */
  point(p: readonly number[]): Ref {
    const coords = p.map(rounded);
    const key = coords.join(',');
    let found = this.points.get(key);
    if (!found) this.points.set(key, (found = this.w.add(IFCCARTESIANPOINT, coords.map(this.w.fileLength))));
    return found;
  }

  direction(v: readonly number[]): Ref {
    const ratios = v.map((x) => Math.round(x * 1e12) / 1e12).map((x) => (Object.is(x, -0) ? 0 : x));
    const key = ratios.join(',');
    let found = this.directions.get(key);
    if (!found) this.directions.set(key, (found = this.w.add(IFCDIRECTION, ratios.map(this.w.real))));
    return found;
  }

  /** An IfcAxis2Placement3D at `location` (file units) with Z along `z` and X along `x`, each left unset when the default. */
  axis(location: Vec3, z: Vec3 = UP, x: Vec3 = X): Ref {
    const zUnset = near(z, UP);
    const xUnset = zUnset && near(x, X);
    const point = this.point(location);
    const axis = zUnset ? null : this.direction(z);
    const ref = xUnset ? null : this.direction(x);
    const key = [point.value, axis?.value, ref?.value].join(',');
    let found = this.axes.get(key);
    if (!found) this.axes.set(key, (found = this.w.add(IFCAXIS2PLACEMENT3D, point, axis, ref)));
    return found;
  }

  /** The 2D origin a profile is centred on (IFC2X3 wants one written). */
  origin2D(): Ref {
    this.origin2d ??= this.w.add(IFCAXIS2PLACEMENT2D, this.point([0, 0]), null);
    return this.origin2d;
  }

  /** An IfcLocalPlacement relative to a storey's placement (or the world when it has none). */
  local(relativeTo: number | null, axis: Ref): Ref {
    return this.w.add(IFCLOCALPLACEMENT, relativeTo === null ? null : ref(relativeTo), axis);
  }

  /**
   * The placement of a unit: at its point, upright in the world and turned `degrees` anticlockwise in plan, as the
   * plans draw its symbol; in the frame's axes.
   */
  unit(frame: Frame, relativeTo: number | null, coord: Vec3, degrees: number): Ref {
    const radians = (degrees * Math.PI) / 180;
    const z = frame.direction(UP);
    const x = frame.direction([Math.cos(radians), Math.sin(radians), 0]);
    return this.local(relativeTo, this.axis(frame.point(coord), z, x));
  }
}
