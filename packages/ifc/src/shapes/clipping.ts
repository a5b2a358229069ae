/**
 * A solid less a half-space (IfcBooleanClippingResult .DIFFERENCE. of an IfcHalfSpaceSolid on an IfcPlane, or of an
 * IfcPolygonalBoundedHalfSpace whose boundary is convex) read from the STEP text for facets.ts: walls cut under a
 * roof's slope (Revit writes one per wall: 115 of Janesville's, a dozen of modelo2016's; duplex's gables are cut by
 * half-spaces bounded by a polygon) were meshed by web-ifc for no more than that. The region taken away is convex: the
 * half-space, within the prism its polygon sweeps along the boundary's Z axis when there is one. The first operand's
 * faces (an extrusion, or a clipping again) are cut by each plane that bounds it, and the parts within all of them
 * dropped. The cut is left open: what is read of a shape is its footprint and height range (element-shape.ts) or its
 * plan hull, and the faces of the cut add nothing to either. A vertical line through what is left meets the convex
 * region taken away on one side at most, and leaves through one of the solid's own faces on the other; the cut's
 * corners are on those faces' edges. A boundary that is not convex, a bounded prism that runs along its plane (web-ifc
 * cuts nothing with one), and a box are left to web-ifc.
 */
import { keywords, type StepIndex } from '../step/step-index.js';
import type { TextPlacements } from './text-placements.js';
import type { FacetGeometry } from './facet-geometry.js';
import type { Affine } from './placement.js';

export const CLIPPING = keywords('IFCBOOLEANCLIPPINGRESULT');
const HALF_SPACE = keywords('IFCHALFSPACESOLID');
const BOUNDED = keywords('IFCPOLYGONALBOUNDEDHALFSPACE');
const PLANE = keywords('IFCPLANE');
const POLYLINE = keywords('IFCPOLYLINE');
const POINT = keywords('IFCCARTESIANPOINT');

/** How far from square to its plane (the cosine of the angle between them) a bounded half-space's prism may run. */
const ACROSS = 1e-3;

/** A plane's signed distance: positive on the side kept, negative on the side of the region taken away. */
type Distance = (x: number, y: number, z: number) => number;

/**
 * How far from a plane (relative to the solid's size) a corner is on it: the corners are single precision, as web-ifc
 * keeps them (a wall's top at 2.795 m is read as 2.7950000763), the planes double.
 */
const ON_PLANE = 1e-6;

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
  const simple = index.open(second, HALF_SPACE);
  const bounded = simple < 0 ? index.open(second, BOUNDED) : -1;
  if (simple < 0 && bounded < 0) return undefined;
  const [surface, agreement, position, boundary] = index.attributes(Math.max(simple, bounded));
  const plane = typeof surface === 'number' ? index.open(surface, PLANE) : -1;
  if (plane < 0 || (agreement !== '.T.' && agreement !== '.F.')) return undefined;
  const [planePosition] = index.attributes(plane);
  const frame = typeof planePosition === 'number' ? placements.axis(planePosition) : undefined;
  if (!frame) return undefined;
  // The half-space is on the side of the plane its normal (the Position's Z) points away from when AgreementFlag is
  // .T., towards when .F.: the difference keeps the other side.
  const sign = agreement === '.T.' ? 1 : -1;
  const planes: Distance[] = [along(frame[2]! * sign, frame[6]! * sign, frame[10]! * sign, frame[3]!, frame[7]!, frame[11]!)];
  if (bounded >= 0) {
    const sides =
      typeof position === 'number' && typeof boundary === 'number' ? prismSides(index, placements, position, boundary, frame) : undefined;
    if (!sides) return undefined;
    planes.push(...sides);
  }
  return cut(operand(first), planes);
}

/** The distance along (nx, ny, nz) from the plane through (ox, oy, oz) square to it. */
const along =
  (nx: number, ny: number, nz: number, ox: number, oy: number, oz: number): Distance =>
  (x, y, z) =>
    (x - ox) * nx + (y - oy) * ny + (z - oz) * nz;

/**
 * The sides of the prism a polygonal boundary (a closed IfcPolyline in its Position's XY plane) sweeps along the
 * Position's Z: one plane per edge, positive outside. Undefined for a boundary that is not a convex polygon, and for a
 * prism that runs along `plane`.
 */
function prismSides(
  index: StepIndex,
  placements: TextPlacements,
  positionID: number,
  boundaryID: number,
  plane: Affine,
): Distance[] | undefined {
  const frame: Affine | undefined = placements.axis(positionID);
  const polyline = index.open(boundaryID, POLYLINE);
  if (!frame || polyline < 0) return undefined;
  // A prism that runs along its plane (a vertical plane bounded in plan) web-ifc does not cut with at all.
  if (Math.abs(frame[2]! * plane[2]! + frame[6]! * plane[6]! + frame[10]! * plane[10]!) < ACROSS) return undefined;
  const corners: number[] = [];
  for (const point of index.refs(polyline)) {
    const at = index.open(point, POINT);
    const [x = NaN, y = NaN] = at < 0 ? [] : index.numbers(at);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    corners.push(x, y);
  }
  const n0 = corners.length;
  if (n0 >= 4 && corners[0] === corners[n0 - 2] && corners[1] === corners[n0 - 1]) corners.length -= 2;
  const n = corners.length / 2;
  if (n < 3) return undefined;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    twice += corners[i * 2]! * corners[j * 2 + 1]! - corners[j * 2]! * corners[i * 2 + 1]!;
  }
  const turn = Math.sign(twice);
  const sides: Distance[] = [];
  for (let i = 0; i < n; i++) {
    const [ax, ay] = [corners[i * 2]!, corners[i * 2 + 1]!];
    const [bx, by] = [corners[((i + 1) % n) * 2]!, corners[((i + 1) % n) * 2 + 1]!];
    const [cx, cy] = [corners[((i + 2) % n) * 2]!, corners[((i + 2) % n) * 2 + 1]!];
    // Convex: every corner turns the way the whole polygon does.
    if (Math.sign((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) === -turn) return undefined;
    // The edge's outward normal in the boundary's plane (its right for a counter-clockwise polygon), in the solid's axes.
    const [ux, uy] = [(by - ay) * turn, -(bx - ax) * turn];
    const nx = frame[0]! * ux + frame[1]! * uy;
    const ny = frame[4]! * ux + frame[5]! * uy;
    const nz = frame[8]! * ux + frame[9]! * uy;
    const [px, py, pz] = [
      frame[0]! * ax + frame[1]! * ay + frame[3]!,
      frame[4]! * ax + frame[5]! * ay + frame[7]!,
      frame[8]! * ax + frame[9]! * ay + frame[11]!,
    ];
    sides.push(along(nx, ny, nz, px, py, pz));
  }
  return sides;
}

/**
 * The triangles of `solid` but the parts within every plane of `planes` (negative for all), each triangle cut plane by
 * plane as a convex polygon: the part outside a plane is kept, the part inside goes on to the next plane, and what is
 * inside the last is dropped. The kept polygons are fanned again, keeping their triangle's face; the corners no triangle
 * uses are dropped.
 */
function cut(solid: FacetGeometry, planes: readonly Distance[]): FacetGeometry {
  const { points, triangles, faceOf } = solid;
  if (!triangles || !faceOf) throw new Error('a clipped solid is read with its faces');
  const xyz: number[] = Array.from(points);
  let size = 0;
  for (const v of points) size = Math.max(size, Math.abs(v));
  const onPlane = ON_PLANE * Math.max(size, 1);
  const outTriangles: number[] = [];
  const outFaces: number[] = [];
  const keep = (polygon: readonly number[], face: number) => {
    for (let k = 1; k + 1 < polygon.length; k++) {
      outTriangles.push(polygon[0]!, polygon[k]!, polygon[k + 1]!);
      outFaces.push(face);
    }
  };
  for (let i = 0; i + 2 < triangles.length; i += 3) {
    let inside: number[] = [triangles[i]!, triangles[i + 1]!, triangles[i + 2]!];
    for (const distance of planes) {
      const d = inside.map((v) => distance(xyz[v * 3]!, xyz[v * 3 + 1]!, xyz[v * 3 + 2]!));
      const outside: number[] = [];
      const within: number[] = [];
      for (let k = 0; k < inside.length; k++) {
        const [u, du] = [inside[k]!, d[k]!];
        const [v, dv] = [inside[(k + 1) % inside.length]!, d[(k + 1) % inside.length]!];
        if (du >= -onPlane) outside.push(u);
        if (du <= onPlane) within.push(u);
        if ((du > onPlane && dv < -onPlane) || (du < -onPlane && dv > onPlane)) {
          const t = du / (du - dv);
          for (let c = 0; c < 3; c++) xyz.push(xyz[u * 3 + c]! + t * (xyz[v * 3 + c]! - xyz[u * 3 + c]!));
          const meet = xyz.length / 3 - 1;
          outside.push(meet);
          within.push(meet);
        }
      }
      // A polygon on the plane itself (every corner on it) goes on as within: a face the region taken away shares goes
      // with it, and one on a plane of the solid's that is kept leaves the footprint and the heights as they were, since
      // the solid's faces across from it and beside it give them as well.
      const onIt = d.every((value) => Math.abs(value) <= onPlane);
      if (!onIt && outside.length >= 3) keep(outside, faceOf[i / 3]!);
      inside = within;
      if (inside.length < 3) break;
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
