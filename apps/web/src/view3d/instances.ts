/**
 * Instanced items (P§2 3D view): other objects and fire units drawn from the mesh catalogue, one
 * InstancedMesh per shape and layer. P§5 and F§8: ids, shapes, placements and
 * colours of unequal length are an internal error.
 */
import { Box3, Matrix4, Vector3 } from 'three';
import type { Catalogue } from './catalogue';

export interface InstanceGroup {
  shape: string;
  ids: string[];
  /** 16 numbers per instance, column-major (three.js Matrix4 order). */
  matrices: Float32Array;
  /** 3 numbers (RGB, 0–1) per instance when the items have colours of their own (the units page). */
  colors?: Float32Array;
}

/**
 * Groups parallel lists of ids, shape names, placements and (optionally) colours by shape, in the order the
 * shapes first appear.
 */
export function groupInstances(
  ids: readonly string[],
  shapes: readonly string[],
  matrices: readonly Matrix4[],
  colors?: readonly (readonly [number, number, number])[],
): InstanceGroup[] {
  if (ids.length !== shapes.length || ids.length !== matrices.length) {
    throw new Error(`Internal error: 3D instancing got ${ids.length} ids, ${shapes.length} shapes and ${matrices.length} placements`);
  }
  if (colors && colors.length !== ids.length) {
    throw new Error(`Internal error: 3D instancing got ${ids.length} ids and ${colors.length} colours`);
  }
  const byShape = new Map<string, number[]>();
  shapes.forEach((shape, i) => {
    const list = byShape.get(shape);
    if (list) list.push(i);
    else byShape.set(shape, [i]);
  });
  return [...byShape].map(([shape, indices]) => {
    const packed = new Float32Array(indices.length * 16);
    indices.forEach((i, k) => matrices[i]!.toArray(packed, k * 16));
    const group: InstanceGroup = { shape, ids: indices.map((i) => ids[i]!), matrices: packed };
    if (colors) {
      group.colors = new Float32Array(indices.length * 3);
      indices.forEach((i, k) => group.colors!.set(colors[i]!, k * 3));
    }
    return group;
  });
}

/** The bounds of a catalogue shape's vertices. */
export function shapeBounds(catalogue: Catalogue, name: string): Box3 {
  const box = new Box3();
  for (const [x, y, z] of catalogue.shapes[name]?.vertices ?? []) box.expandByPoint(new Vector3(x, y, z));
  return box;
}

/** The placement that maps a shape's bounds onto a target box (the unit Box onto an object's bounding box). */
export function fitToBox(shape: Box3, min: readonly number[], max: readonly number[]): Matrix4 {
  const size = shape.getSize(new Vector3());
  const scale = [0, 1, 2].map((axis) => {
    const s = size.getComponent(axis);
    return s > 0 ? (max[axis]! - min[axis]!) / s : 1;
  });
  const m = new Matrix4().makeScale(scale[0]!, scale[1]!, scale[2]!);
  m.setPosition(min[0]! - shape.min.x * scale[0]!, min[1]! - shape.min.y * scale[1]!, min[2]! - shape.min.z * scale[2]!);
  return m;
}
