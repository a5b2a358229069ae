/**
 * Where a storey is indoors: over its floor and under a cover. Synthesize rooms makes rooms only there
 * (docs/clean-arch.md, 'Synthesize rooms'), so it never makes a room on a roof, in a courtyard open to the sky or over
 * a void of a double-height space.
 *
 * - The floor is the slabs of the model (of any storey) whose top lies within FLOOR_BAND of the storey's floor
 *   (`height.min_z`). A storey with no slab at that level anywhere in the model has no modelled floor: then the floor
 *   does not limit it.
 * - The cover is the slabs whose top and the ceilings whose surface lie at least MIN_HEADROOM above the storey's floor:
 *   the storey above's floor, a roof (a pitched roof by its ridge), a suspended ceiling. A model in which no slab or
 *   ceiling covers any storey models no roofs or ceilings at all: then the cover does not limit it.
 * - Both outlines are the union of their shapes grown by SLAB_MARGIN, which bridges the joints between slabs and slabs
 *   that end a little short of the walls' faces.
 *
 * A roof storey stands on the roof slab (its floor) and has nothing above it (no cover): nothing is indoors there.
 */
import type { Arch, Point2, Storey } from '@edrf/model';
import type { PolygonOps } from '../boolean.js';
import { type Shape } from './storey-items.js';

/** A slab whose top is within this (m) of a storey's floor is that storey's floor. */
export const FLOOR_BAND = 0.5;
/** A slab or ceiling whose top is at least this (m) above a storey's floor covers it. */
export const MIN_HEADROOM = 1.8;
/** The floor and cover outlines are grown by this (m). */
export const SLAB_MARGIN = 0.1;

const plan = (shape: { exterior: Point2[]; interiors: Point2[][] }): Shape => ({ exterior: shape.exterior, interiors: shape.interiors });

/** The plan shapes of the surfaces of the model that lie at least MIN_HEADROOM above a floor at `floorZ`. */
function coverShapes(arch: Arch, floorZ: number): Shape[] {
  return [
    ...Object.values(arch.slabs)
      .filter((slab) => slab.max_z >= floorZ + MIN_HEADROOM)
      .map((slab) => plan(slab.shape)),
    ...Object.values(arch.ceilings)
      .filter((ceiling) => ceiling.z >= floorZ + MIN_HEADROOM)
      .map((ceiling) => plan(ceiling.shape)),
  ];
}

/** Whether any slab or ceiling of the model covers any of its storeys (a model without roofs or ceilings does not). */
export function modelHasCover(arch: Arch): boolean {
  return Object.values(arch.storeys).some((storey) => coverShapes(arch, storey.height.min_z).length > 0);
}

export interface IndoorOutline {
  /** The storey's floor outline, or null when the model has no slab at its floor level. */
  floor: Shape[] | null;
  /** The storey's cover outline, or null when the model models no cover at all. */
  cover: Shape[] | null;
  /** Where the storey is indoors (floor ∩ cover), or null when neither limits it. */
  indoor: Shape[] | null;
}

/** The outline of a storey's indoor plan area; `hasCover` is modelHasCover(arch), computed once per model. */
export function indoorOutline(arch: Arch, storey: Storey, ops: PolygonOps, hasCover: boolean): IndoorOutline {
  const floorZ = storey.height.min_z;
  const grow = (shapes: Shape[]) => (shapes.length > 0 ? ops.offset(ops.union(shapes), SLAB_MARGIN) : []);
  const floorSlabs = Object.values(arch.slabs)
    .filter((slab) => Math.abs(slab.max_z - floorZ) <= FLOOR_BAND)
    .map((slab) => plan(slab.shape));
  const floor = floorSlabs.length > 0 ? grow(floorSlabs) : null;
  const cover = hasCover ? grow(coverShapes(arch, floorZ)) : null;
  const indoor = floor && cover ? ops.intersection(floor, cover) : (floor ?? cover);
  return { floor, cover, indoor };
}
