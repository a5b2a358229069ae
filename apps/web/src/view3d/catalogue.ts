/**
 * The mesh catalogue (P§3, P§7 GET /generic_meshes.json) as three.js geometry: each shape's faces become
 * unsigned 16-bit indices (P§9), which is why a shape has at most 65,536 vertices.
 */
import { BufferAttribute, BufferGeometry } from 'three';
import { MAX_MESH_VERTICES, meshShapeSchema, type MeshShape } from '@edrf/model';

export interface Catalogue {
  shapes: Record<string, MeshShape>;
}

/** Reads the catalogue's JSON: a shapes map, each shape checked against the model package's schema. */
export function parseCatalogue(json: unknown): Catalogue {
  const shapes = (json as { shapes?: unknown } | null)?.shapes;
  if (typeof shapes !== 'object' || shapes === null) throw new Error('generic_meshes.json has no shapes map');
  return { shapes: Object.fromEntries(Object.entries(shapes).map(([name, shape]) => [name, meshShapeSchema.parse(shape)])) };
}

/** The catalogue the server serves at the site root. */
export async function fetchCatalogue(): Promise<Catalogue> {
  const response = await fetch('/generic_meshes.json');
  if (!response.ok) throw new Error(`generic_meshes.json: HTTP ${response.status}`);
  return parseCatalogue(await response.json());
}

/** The catalogue as a query: fetched once per session and shared by every 3D view. */
export const catalogueQuery = { queryKey: ['generic_meshes'], queryFn: fetchCatalogue, staleTime: Infinity } as const;

/** One shape as an indexed geometry with Uint16 indices; faces naming a vertex that does not exist are an error. */
export function shapeGeometry(shape: MeshShape): BufferGeometry {
  const count = shape.vertices.length;
  if (count > MAX_MESH_VERTICES) throw new Error(`A mesh of ${count} vertices does not fit 16-bit indices`);
  const positions = new Float32Array(count * 3);
  shape.vertices.forEach(([x, y, z], i) => positions.set([x, y, z], i * 3));
  const index = new Uint16Array(shape.faces.length * 3);
  shape.faces.forEach((face, i) => {
    for (const v of face) if (v >= count) throw new Error(`Face ${i} names vertex ${v} of ${count}`);
    index.set(face, i * 3);
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}
