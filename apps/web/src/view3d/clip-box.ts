/**
 * The 3D view's clipping box (P§4 3D view, P§5 Clipping box, P§9): a box around the model that the user
 * drags face by face; with Clip on, only what lies inside it is drawn.
 */

export type Vec3 = [number, number, number];

/** An axis-aligned box; min and max are each x, y, z. */
export interface Box3Like {
  min: Vec3;
  max: Vec3;
}

/** The view_3d part of the project state (P§3): the Clip toggle and the box. */
export interface View3dState {
  use_clip: boolean;
  clipping_box: Box3Like;
}

/** P§9: the box is never thinner than this on any axis. */
export const CLIP_MIN_THICKNESS = 0.1;
/** P§4: the box may reach this far beyond the model on every side (and starts there). */
export const CLIP_MARGIN = 1;

export type Axis = 0 | 1 | 2;
export type Side = 'min' | 'max';

/** P§5: a point passes when clipping is off, or when x, y and z each lie within min and max, bounds included. */
export function insideClip(view: View3dState, point: readonly [number, number, number]): boolean {
  if (!view.use_clip) return true;
  const { min, max } = view.clipping_box;
  for (let axis = 0; axis < 3; axis++) {
    const v = point[axis]!;
    if (v < min[axis]! || v > max[axis]!) return false;
  }
  return true;
}

/** How far the box may go: the model's bounds grown by the margin on every side. */
export function clipLimits(model: Box3Like): Box3Like {
  return {
    min: model.min.map((v) => v - CLIP_MARGIN) as Vec3,
    max: model.max.map((v) => v + CLIP_MARGIN) as Vec3,
  };
}

/** The box a view starts with: the whole model and the margin around it. */
export function defaultClipBox(model: Box3Like): Box3Like {
  return clipLimits(model);
}

/**
 * Moves one face of the box to `value`: kept within the limits, and at least CLIP_MIN_THICKNESS from the
 * opposite face (a face dragged through the other one stops there).
 */
export function moveClipFace(box: Box3Like, limits: Box3Like, axis: Axis, side: Side, value: number): Box3Like {
  const min = [...box.min] as Vec3;
  const max = [...box.max] as Vec3;
  if (!Number.isFinite(value)) return { min, max };
  if (side === 'min') {
    const highest = Math.max(limits.min[axis], max[axis] - CLIP_MIN_THICKNESS);
    min[axis] = Math.min(Math.max(value, limits.min[axis]), highest);
  } else {
    const lowest = Math.min(limits.max[axis], min[axis] + CLIP_MIN_THICKNESS);
    max[axis] = Math.max(Math.min(value, limits.max[axis]), lowest);
  }
  return { min, max };
}

/**
 * The six planes that keep the inside of the box, as three.js reads them: a point p is kept when
 * normal · p + constant >= 0. Min faces look inwards along +axis, max faces along -axis.
 */
export function clipPlanes(box: Box3Like): { normal: Vec3; constant: number }[] {
  const planes: { normal: Vec3; constant: number }[] = [];
  for (let axis = 0; axis < 3; axis++) {
    const n: Vec3 = [0, 0, 0];
    n[axis] = 1;
    planes.push({ normal: n, constant: -box.min[axis]! });
    const m: Vec3 = [0, 0, 0];
    m[axis] = -1;
    planes.push({ normal: m, constant: box.max[axis]! });
  }
  return planes;
}
