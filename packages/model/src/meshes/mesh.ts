/** Closed triangle meshes built from simple solids, for the mesh catalogue (catalogue.ts). */
import { z } from 'zod';

export type Vec3 = [number, number, number];

/** One catalogue shape (P§3 Mesh catalogue): vertices and triangular faces, counter-clockwise seen from outside. */
export interface MeshShape {
  vertices: Vec3[];
  faces: [number, number, number][];
}

/** Faces are sent as unsigned 16-bit indices (P§9), so a shape has at most 65,536 vertices. */
export const MAX_MESH_VERTICES = 65_536;

export const meshShapeSchema = z.object({
  vertices: z.array(z.tuple([z.number(), z.number(), z.number()])).max(MAX_MESH_VERTICES),
  faces: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)])),
});

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** An axis-aligned box from min to max. */
export function box(min: Vec3, max: Vec3): MeshShape {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const vertices: Vec3[] = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const quads = [
    [0, 3, 2, 1], // bottom
    [4, 5, 6, 7], // top
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ];
  return {
    vertices,
    faces: quads.flatMap(([a, b, c, d]) => [[a!, b!, c!] as [number, number, number], [a!, c!, d!] as [number, number, number]]),
  };
}

/**
 * A vertical frustum (a cylinder when both radii are equal, a cone when the top radius is 0) standing on
 * (cx, cy, z0), with `segments` sides.
 */
export function frustum(
  center: [number, number],
  z0: number,
  z1: number,
  bottomRadius: number,
  topRadius: number,
  segments = 24,
): MeshShape {
  const [cx, cy] = center;
  const ring = (z: number, r: number): Vec3[] =>
    Array.from({ length: segments }, (_, i) => {
      const a = (2 * Math.PI * i) / segments;
      return [round(cx + r * Math.cos(a)), round(cy + r * Math.sin(a)), z];
    });
  const apex = topRadius === 0;
  const vertices: Vec3[] = [...ring(z0, bottomRadius), ...(apex ? [[cx, cy, z1] as Vec3] : ring(z1, topRadius)), [cx, cy, z0]];
  const bottomCenter = vertices.length - 1;
  const faces: [number, number, number][] = [];
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    faces.push([bottomCenter, j, i]);
    if (apex) {
      faces.push([i, j, segments]);
    } else {
      faces.push([i, j, segments + j], [i, segments + j, segments + i]);
    }
  }
  if (!apex) {
    vertices.push([cx, cy, z1]);
    const topCenter = vertices.length - 1;
    for (let i = 0; i < segments; i++) faces.push([topCenter, segments + i, segments + ((i + 1) % segments)]);
  }
  return { vertices, faces };
}

/** Several solids as one shape. */
export function combine(...parts: MeshShape[]): MeshShape {
  const vertices: Vec3[] = [];
  const faces: [number, number, number][] = [];
  for (const part of parts) {
    const offset = vertices.length;
    vertices.push(...part.vertices);
    faces.push(...part.faces.map(([a, b, c]) => [a + offset, b + offset, c + offset] as [number, number, number]));
  }
  return { vertices, faces };
}
