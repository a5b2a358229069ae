/** The plan shape and height range of one element's body mesh. */
import { polygonOps } from '@edrf/geometry';
import type { ExtractContext } from '../context.js';
import { footprint } from './footprint.js';
import { hullPolygon, planHull } from './hull.js';
import type { ElementMesh, ElementPoints } from './mesh.js';
import type { ElementOutline, ElementShape } from './plan-shapes.js';

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
      // Faces are kept when a piece has them (facets.ts); a triangle of another piece is a face of its own.
      const faceOf = pieces.some((p) => p.faceOf) ? new Uint32Array(triangles.length / 3) : undefined;
      let at = 0;
      let offset = 0;
      let face = 0;
      for (const piece of pieces) {
        for (let i = 0; i < piece.triangles.length; i++) triangles[at + i] = piece.triangles[i]! + offset;
        if (faceOf) {
          const count = piece.triangles.length / 3;
          let faces = 0;
          for (let i = 0; i < count; i++) {
            const own = piece.faceOf ? piece.faceOf[i]! : i;
            faceOf[at / 3 + i] = face + own;
            faces = Math.max(faces, own + 1);
          }
          face += faces;
        }
        at += piece.triangles.length;
        offset += piece.points.length / 3;
      }
      return { points: concat(pieces.map((p) => p.points)), triangles, ...(faceOf ? { faceOf } : {}), ...zRange(pieces) };
    },
  );

/**
 * The corners of the plan hull of an element, or of its parts (MeshReader.points), with its height range; computed once
 * per element, as part of the geometry work (shared-work.ts). The corners are all a reader needs (an outline, or how
 * far the element reaches along a line), and they are few to send between threads and to read.
 */
export function pointsWithParts(ctx: ExtractContext, expressID: number): ElementPoints | undefined {
  if (ctx.points.has(expressID)) return ctx.points.get(expressID);
  const points = withParts(
    ctx,
    expressID,
    (id) => ctx.meshes.points(id),
    (pieces) => ({ xy: concat(pieces.map((p) => p.xy)), ...zRange(pieces) }),
  );
  const corners = points && { ...points, xy: planHull(points.xy) };
  ctx.points.set(expressID, corners);
  return corners;
}

/**
 * The outline of an element, or of its parts (other objects: hullPolygon of pointsWithParts); computed once per element,
 * as part of the geometry work: simplifying the hulls of Janesville's fittings took 30 ms.
 */
export function outlineWithParts(ctx: ExtractContext, expressID: number): ElementOutline | undefined {
  if (ctx.outlines.has(expressID)) return ctx.outlines.get(expressID);
  const points = pointsWithParts(ctx, expressID);
  const polygon = points && hullPolygon(points.xy);
  const outline = polygon && { polygon, minZ: points.minZ, maxZ: points.maxZ };
  ctx.outlines.set(expressID, outline);
  return outline;
}

/** An opening that reaches from this close to its host's bottom to this close to its top (m) goes right through it. */
const THROUGH = 0.01;

/**
 * The footprint less the openings that go through the element's whole height (voids.ts): in plan, those are the only
 * openings that show. Undefined when nothing is left.
 */
function withoutThroughOpenings(ctx: ExtractContext, expressID: number, shape: ElementShape): ElementShape | undefined {
  const openings = ctx.voids.openingsOf.get(expressID);
  if (!openings) return shape;
  const cuts = openings
    .map((id) => elementShape(ctx, id))
    .filter((o) => o !== undefined && o.minZ <= shape.minZ + THROUGH && o.maxZ >= shape.maxZ - THROUGH)
    .flatMap((o) => o!.polygons);
  if (cuts.length === 0) return shape;
  const polygons = polygonOps(ctx.clipper).difference(shape.polygons, cuts);
  return polygons.length === 0 ? undefined : { ...shape, polygons };
}

/** The element's plan footprint and height range (computed once per element). */
export function elementShape(ctx: ExtractContext, expressID: number): ElementShape | undefined {
  if (ctx.shapes.has(expressID)) return ctx.shapes.get(expressID);
  // Undefined while it is made: an opening that (wrongly) voids itself, or its own host, finds no shape, not a loop.
  ctx.shapes.set(expressID, undefined);
  try {
    const mesh = meshWithParts(ctx, expressID);
    const polygons = mesh ? footprint(ctx.clipper, mesh) : [];
    const shape =
      mesh && polygons.length > 0
        ? withoutThroughOpenings(ctx, expressID, { polygons, minZ: round(mesh.minZ), maxZ: round(mesh.maxZ) })
        : undefined;
    ctx.shapes.set(expressID, shape);
    return shape;
  } catch (error) {
    ctx.shapes.delete(expressID);
    throw error;
  }
}
