/** The plan shape and height range of one element's body mesh. */
import type { Polygon } from '@edrf/model';
import type { ExtractContext } from './context.js';
import { footprint } from './footprint.js';
import { elementMesh, type ElementMesh } from './mesh.js';

export interface ElementShape {
  /** Every piece of the footprint, largest first (at least one). */
  polygons: Polygon[];
  minZ: number;
  maxZ: number;
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/** The element's own mesh, or when it has none, the meshes of its parts (IfcRelAggregates), merged. */
export function meshWithParts(ctx: ExtractContext, expressID: number, verticesOnly = false, depth = 0): ElementMesh | undefined {
  const own = elementMesh(ctx.api, ctx.modelID, expressID, ctx.scale, verticesOnly);
  if (own || depth > 4) return own;
  const meshes = (ctx.parts.get(expressID) ?? [])
    .map((id) => meshWithParts(ctx, id, verticesOnly, depth + 1))
    .filter((m) => m !== undefined);
  if (meshes.length === 0) return undefined;
  return {
    triangles: meshes.flatMap((m) => m.triangles),
    minZ: Math.min(...meshes.map((m) => m.minZ)),
    maxZ: Math.max(...meshes.map((m) => m.maxZ)),
  };
}

export function elementShape(ctx: ExtractContext, expressID: number): ElementShape | undefined {
  const mesh = meshWithParts(ctx, expressID);
  if (!mesh) return undefined;
  const polygons = footprint(ctx.clipper, mesh);
  if (polygons.length === 0) return undefined;
  return { polygons, minZ: round(mesh.minZ), maxZ: round(mesh.maxZ) };
}
