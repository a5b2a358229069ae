/** An element's triangles from web-ifc, in metres, Z up. */
import type { IfcAPI } from 'web-ifc';

export type Vec3 = [number, number, number];

export interface ElementMesh {
  /** Triangles as 9 numbers each (x0 y0 z0 x1 …), metres, Z up; or bare vertices (see verticesOnly). */
  triangles: number[];
  minZ: number;
  maxZ: number;
}

/**
 * With verticesOnly, `triangles` holds the mesh's distinct vertices (x y z each) instead of triangles: enough for
 * extents and hulls, and several times smaller.
 *
 * GetFlatMesh without web-ifc's scaling, times each geometry's flatTransformation (column-major, Y up),
 * turned to Z up ((x, y, z) -> (x, -z, y)) and times the file's length unit. Non-finite vertices are dropped
 * with their triangles. Undefined when the element has no geometry.
 */
export function elementMesh(api: IfcAPI, modelID: number, expressID: number, scale: number, verticesOnly = false): ElementMesh | undefined {
  let flat;
  try {
    flat = api.GetFlatMesh(modelID, expressID, false);
  } catch {
    return undefined;
  }
  const triangles: number[] = [];
  let minZ = Infinity;
  let maxZ = -Infinity;
  const geometries = flat.geometries;
  for (let g = 0; g < geometries.size(); g++) {
    const placed = geometries.get(g);
    const m = placed.flatTransformation;
    const geometry = api.GetGeometry(modelID, placed.geometryExpressID);
    try {
      const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
      const point = (i: number): Vec3 | undefined => {
        const x = vertices[i * 6] ?? NaN;
        const y = vertices[i * 6 + 1] ?? NaN;
        const z = vertices[i * 6 + 2] ?? NaN;
        const wx = (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z + (m[12] ?? 0);
        const wy = (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z + (m[13] ?? 0);
        const wz = (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z + (m[14] ?? 0);
        const p: Vec3 = [wx * scale, -wz * scale, wy * scale];
        return Number.isFinite(p[0]) && Number.isFinite(p[1]) && Number.isFinite(p[2]) ? p : undefined;
      };
      if (verticesOnly) {
        for (let i = 0; i * 6 + 2 < vertices.length; i++) {
          const p = point(i);
          if (!p) continue;
          triangles.push(...p);
          minZ = Math.min(minZ, p[2]);
          maxZ = Math.max(maxZ, p[2]);
        }
        continue;
      }
      for (let t = 0; t + 2 < indices.length; t += 3) {
        const a = point(indices[t] ?? -1);
        const b = point(indices[t + 1] ?? -1);
        const c = point(indices[t + 2] ?? -1);
        if (!a || !b || !c) continue;
        triangles.push(...a, ...b, ...c);
        minZ = Math.min(minZ, a[2], b[2], c[2]);
        maxZ = Math.max(maxZ, a[2], b[2], c[2]);
      }
    } finally {
      geometry.delete();
    }
  }
  (flat as { delete?: () => void }).delete?.();
  return triangles.length > 0 ? { triangles, minZ, maxZ } : undefined;
}
