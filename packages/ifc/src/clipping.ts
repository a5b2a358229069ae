/**
 * A solid less a half-space (IfcBooleanClippingResult .DIFFERENCE. of an IfcHalfSpaceSolid on an IfcPlane) read from
 * the STEP text for facets.ts: walls cut under a roof's slope (Revit writes one per wall, 115 of Janesville's and a
 * dozen of modelo2016's) were meshed by web-ifc for no more than that. The first operand's faces (an extrusion, or a
 * clipping again) are cut by the plane and the part inside the half-space dropped. The cut is left open: what is read of
 * a shape is its footprint and height range (element-shape.ts) or its plan hull, and the plane's own face adds nothing
 * to either, since every vertical line through the solid leaves it through another of its faces, and the cut's corners
 * are on those faces' edges. A half-space bounded by a polygon (IfcPolygonalBoundedHalfSpace) or a box is left to
 * web-ifc.
 */
import { keywords, type StepIndex } from './step-index.js';
import type { TextPlacements } from './text-placements.js';
import type { FacetGeometry } from './facets.js';

export const CLIPPING = keywords('IFCBOOLEANCLIPPINGRESULT');
const HALF_SPACE = keywords('IFCHALFSPACESOLID');
const PLANE = keywords('IFCPLANE');

/** How far (relative to the solid's size) a corner may lie inside the half-space and still be kept, as on its plane. */
const ON_PLANE = 1e-9;

/**
 * The first operand of the IfcBooleanClippingResult whose '(' is at `open` (read by `operand`, with its faces) less its
 * half-space, with its faces; undefined for any other clipping.
 */
export function readClipping(
  index: StepIndex,
  placements: TextPlacements,
  open: number,
  operand: (id: number) => FacetGeometry,
): FacetGeometry | undefined {
  const [operator, first, second] = index.attributes(open);
  if (operator !== '.DIFFERENCE.' || typeof first !== 'number' || typeof second !== 'number') return undefined;
  const halfSpace = index.open(second, HALF_SPACE);
  if (halfSpace < 0) return undefined;
  const [surface, agreement] = index.attributes(halfSpace);
  const plane = typeof surface === 'number' ? index.open(surface, PLANE) : -1;
  if (plane < 0 || (agreement !== '.T.' && agreement !== '.F.')) return undefined;
  const [position] = index.attributes(plane);
  const frame = typeof position === 'number' ? placements.axis(position) : undefined;
  if (!frame) return undefined;
  // The half-space is on the side of the plane its normal (the Position's Z) points away from when AgreementFlag is
  // .T., towards when .F.: the difference keeps the other side.
  const sign = agreement === '.T.' ? 1 : -1;
  const [nx, ny, nz] = [frame[2]! * sign, frame[6]! * sign, frame[10]! * sign];
  const [ox, oy, oz] = [frame[3]!, frame[7]!, frame[11]!];
  return cut(operand(first), (x, y, z) => (x - ox) * nx + (y - oy) * ny + (z - oz) * nz);
}

/**
 * The triangles of `solid` on the side of the plane where `distance` is positive, each one cut by it as a polygon of
 * three or four corners and fanned again, keeping its face; the corners no triangle uses dropped.
 */
function cut(solid: FacetGeometry, distance: (x: number, y: number, z: number) => number): FacetGeometry {
  const { points, triangles, faceOf } = solid;
  if (!triangles || !faceOf) throw new Error('a clipped solid is read with its faces');
  const xyz: number[] = Array.from(points);
  const count = points.length / 3;
  let size = 0;
  for (const v of points) size = Math.max(size, Math.abs(v));
  const d = Array.from({ length: count }, (_, v) => distance(points[v * 3]!, points[v * 3 + 1]!, points[v * 3 + 2]!));
  const kept = (v: number) => d[v]! >= -ON_PLANE * size;
  /** A new corner where the edge from u to v meets the plane. */
  const meet = (u: number, v: number): number => {
    const t = d[u]! / (d[u]! - d[v]!);
    for (let k = 0; k < 3; k++) xyz.push(xyz[u * 3 + k]! + t * (xyz[v * 3 + k]! - xyz[u * 3 + k]!));
    d.push(0);
    return xyz.length / 3 - 1;
  };
  const outTriangles: number[] = [];
  const outFaces: number[] = [];
  for (let i = 0; i + 2 < triangles.length; i += 3) {
    const corners = [triangles[i]!, triangles[i + 1]!, triangles[i + 2]!];
    const inside = corners.filter(kept).length;
    if (inside === 0) continue;
    let polygon = corners;
    if (inside < 3) {
      polygon = [];
      for (let k = 0; k < 3; k++) {
        const [u, v] = [corners[k]!, corners[(k + 1) % 3]!];
        if (kept(u)) polygon.push(u);
        if (kept(u) !== kept(v)) polygon.push(meet(u, v));
      }
    }
    for (let k = 1; k + 1 < polygon.length; k++) {
      outTriangles.push(polygon[0]!, polygon[k]!, polygon[k + 1]!);
      outFaces.push(faceOf[i / 3]!);
    }
  }
  // Only the corners the kept triangles use: a plan hull is read from the corners alone.
  const renumbered = new Int32Array(xyz.length / 3).fill(-1);
  const used: number[] = [];
  for (let i = 0; i < outTriangles.length; i++) {
    const v = outTriangles[i]!;
    if (renumbered[v]! < 0) {
      renumbered[v] = used.length / 3;
      used.push(xyz[v * 3]!, xyz[v * 3 + 1]!, xyz[v * 3 + 2]!);
    }
    outTriangles[i] = renumbered[v]!;
  }
  return { points: Float32Array.from(used), triangles: Uint32Array.from(outTriangles), faceOf: Uint32Array.from(outFaces) };
}
