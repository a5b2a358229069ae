/**
 * The shown storey in the units page's 3D mode (docs/fire-units.md '3D mode'): a clip box from its floor to just
 * under its top, and the building without the slabs above that, which would cover the storey seen from above.
 */
import type { Arch } from '@edrf/model';
import { clipLimits, type Box3Like, type Vec3 } from '../../../../../view3d/clip-box';

/** The top of the clip is this far below the storey's top: what starts there (the next storey) is not drawn on the plane itself. */
export const CLIP_TOP_GAP = 0.01;

/**
 * The clip box that shows one storey: its floor (min_z) to just under its top (max_z), across the whole model in
 * plan (the model's bounds and the clip margin). Null without such a storey or without anything drawn.
 */
export function storeyClipBox(arch: Pick<Arch, 'storeys'>, storeyId: string | null, bounds: Box3Like | null): Box3Like | null {
  const range = storeyRange(arch, storeyId);
  if (!range || !bounds) return null;
  const limits = clipLimits(bounds);
  return { min: [limits.min[0], limits.min[1], range.bottom], max: [limits.max[0], limits.max[1], range.top] };
}

/** The z range a storey is shown in: its floor to CLIP_TOP_GAP under its top; null without it or when it is flat. */
export function storeyRange(arch: Pick<Arch, 'storeys'>, storeyId: string | null): { bottom: number; top: number } | null {
  const storey = storeyId ? arch.storeys[storeyId] : undefined;
  if (!storey) return null;
  const { min_z, max_z } = storey.height;
  return max_z - CLIP_TOP_GAP > min_z ? { bottom: min_z, top: max_z - CLIP_TOP_GAP } : null;
}

/**
 * The building without the slabs that reach above `top`: the storey's ceiling slab (in IFC models it is often within
 * the storey's range, as in AC20-FZK-Haus, and the units hang in it) and the roofs and floors above. Cut by the clip
 * they would still cover the storey seen from above: a clipped prism keeps its bottom.
 */
export function withoutSlabsAbove<A extends Pick<Arch, 'slabs'>>(arch: A, top: number): A {
  const slabs = Object.fromEntries(Object.entries(arch.slabs).filter(([, slab]) => slab.max_z <= top));
  return Object.keys(slabs).length === Object.keys(arch.slabs).length ? arch : { ...arch, slabs };
}

/** The part of the model's bounds a clip box keeps (what the first view frames), or the bounds without a box. */
export function clippedBounds(bounds: Box3Like | null, box: Box3Like | null): Box3Like | null {
  if (!bounds || !box) return bounds;
  const min = bounds.min.map((v, axis) => Math.max(v, box.min[axis]!)) as Vec3;
  const max = bounds.max.map((v, axis) => Math.min(v, box.max[axis]!)) as Vec3;
  return min.every((v, axis) => v <= max[axis]!) ? { min, max } : bounds;
}
