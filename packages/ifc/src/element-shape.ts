/** The plan shape and height range of one element's body mesh. */
import type { Polygon } from '@edrf/model';
import type { ExtractContext } from './context.js';
import { footprint } from './footprint.js';
import type { ElementMesh, ElementPoints } from './mesh.js';

export interface ElementShape {
  /** Every piece of the footprint, largest first (at least one). */
  polygons: Polygon[];
  minZ: number;
  maxZ: number;
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;
const MAX_DEPTH = 4;

/** The element's own geometry, or when it has none, its parts' (IfcRelAggregates), merged. */
function withParts<T extends { minZ: number; maxZ: number }>(
  ctx: ExtractContext,
  expressID: number,
  own: (expressID: number) => T | undefined,
  merge: (pieces: T[]) => T,
  depth = 0,
): T | undefined {
  const mine = own(expressID);
  if (mine || depth > MAX_DEPTH) return mine;
  const pieces = (ctx.parts.get(expressID) ?? []).map((id) => withParts(ctx, id, own, merge, depth + 1)).filter((p) => p !== undefined);
  return pieces.length === 0 ? undefined : merge(pieces);
}

const concat = (arrays: Float64Array[]): Float64Array => {
  const out = new Float64Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};

const zRange = (pieces: { minZ: number; maxZ: number }[]) => ({
  minZ: Math.min(...pieces.map((p) => p.minZ)),
  maxZ: Math.max(...pieces.map((p) => p.maxZ)),
});

/** The triangles of an element, or of its parts. */
export const meshWithParts = (ctx: ExtractContext, expressID: number): ElementMesh | undefined =>
  withParts(
    ctx,
    expressID,
    (id) => ctx.meshes.mesh(id),
    (pieces) => {
      const triangles = new Uint32Array(pieces.reduce((n, p) => n + p.triangles.length, 0));
      let at = 0;
      let offset = 0;
      for (const piece of pieces) {
        for (let i = 0; i < piece.triangles.length; i++) triangles[at + i] = piece.triangles[i]! + offset;
        at += piece.triangles.length;
        offset += piece.points.length / 3;
      }
      return { points: concat(pieces.map((p) => p.points)), triangles, ...zRange(pieces) };
    },
  );

/** Points with the plan hull of an element, or of its parts (MeshReader.points). */
export const pointsWithParts = (ctx: ExtractContext, expressID: number): ElementPoints | undefined =>
  withParts(
    ctx,
    expressID,
    (id) => ctx.meshes.points(id),
    (pieces) => ({ xy: concat(pieces.map((p) => p.xy)), ...zRange(pieces) }),
  );

export function elementShape(ctx: ExtractContext, expressID: number): ElementShape | undefined {
  const mesh = meshWithParts(ctx, expressID);
  if (!mesh) return undefined;
  const polygons = footprint(ctx.clipper, mesh);
  if (polygons.length === 0) return undefined;
  return { polygons, minZ: round(mesh.minZ), maxZ: round(mesh.maxZ) };
}
