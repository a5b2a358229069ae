/**
 * Extrusions of profiles web-ifc makes polygons of (IfcExtrudedAreaSolid of a profile: profiles.ts) read from the STEP
 * text as the prisms they are, for facets.ts: most walls, slabs, beams, columns, openings, curtain-wall parts and stair
 * flights are such prisms, and web-ifc's GetFlatMesh builds each one again every time it is asked (30 µs an element),
 * to give vertices that are the profile's corners at both ends.
 */
import { applyPoint, compose, IDENTITY, type Affine } from './placement.js';
import { keywords, realOf, refOf } from '../step/step-index.js';
import type { CurveReading } from './profile-curves.js';
import { profileLoops, type Loops } from './profiles.js';
import type { FacetGeometry } from './facet-geometry.js';

export const EXTRUSION = keywords('IFCEXTRUDEDAREASOLID');
const DIRECTION = keywords('IFCDIRECTION');

/** How far from 1 the length of an extrusion's direction may be. */
const UNIT = 1e-9;

/**
 * The prism of the IfcExtrudedAreaSolid whose '(' is at `open`, in the coordinates its Position is given in; undefined
 * when its profile is not a polygon or it is degenerate (no depth, a loop of fewer than three corners).
 */
export function readExtrusion(reading: CurveReading, open: number, withFaces: boolean): FacetGeometry | undefined {
  const { index, placements } = reading;
  const [area, position, direction, depth] = index.attributes(open);
  const length = realOf(depth);
  const areaID = refOf(area);
  if (!(length > 0) || areaID === undefined) return undefined;
  const loops = profileLoops(reading, areaID);
  if (!loops) return undefined;
  const frame = refOf(position) === undefined ? IDENTITY : placements.axis(refOf(position)!);
  const directionOpen = refOf(direction) === undefined ? -1 : index.open(refOf(direction)!, DIRECTION);
  const along = directionOpen < 0 ? undefined : index.numbers(directionOpen);
  // web-ifc sweeps the profile along the direction as written, Depth times: one not of unit length is left to it.
  if (!frame || !along || Math.abs(Math.hypot(along[0]!, along[1]!, along[2] ?? 0) - 1) > UNIT) return undefined;
  return prism(loops, frame, [along[0]! * length, along[1]! * length, (along[2] ?? 0) * length], withFaces);
}

/**
 * The prism swept by the loops along `sweep` (in the profile's coordinates), placed by `frame`: every corner at both
 * ends, and with `withFaces` its faces, turned alike (every edge is walked once each way): the bottom (each loop
 * reversed), the top, and a quad along each edge. The caps are fans (FacetGeometry), which is why a footprint orients
 * faces as wholes.
 */
function prism(loops: Loops, frame: Affine, sweep: readonly [number, number, number], withFaces: boolean): FacetGeometry {
  const corners = loops.reduce((n, loop) => n + loop.length / 2, 0);
  const points = new Float32Array(corners * 6);
  const top = compose(frame, [1, 0, 0, sweep[0], 0, 1, 0, sweep[1], 0, 0, 1, sweep[2]]);
  let k = 0;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i += 2, k++) {
      const local: [number, number, number] = [loop[i]!, loop[i + 1]!, 0];
      points.set(applyPoint(frame, local), k * 3);
      points.set(applyPoint(top, local), (corners + k) * 3);
    }
  }
  if (!withFaces) return { points };
  const triangles: number[] = [];
  const faceOf: number[] = [];
  let first = 0;
  for (const loop of loops) {
    const n = loop.length / 2;
    for (let i = 1; i + 1 < n; i++) {
      triangles.push(first, first + i + 1, first + i, corners + first, corners + first + i, corners + first + i + 1);
      faceOf.push(0, 1);
    }
    first += n;
  }
  let face = 2;
  first = 0;
  for (const loop of loops) {
    const n = loop.length / 2;
    for (let i = 0; i < n; i++, face++) {
      const [a, b] = [first + i, first + ((i + 1) % n)];
      triangles.push(a, b, corners + b, a, corners + b, corners + a);
      faceOf.push(face, face);
    }
    first += n;
  }
  return { points, triangles: Uint32Array.from(triangles), faceOf: Uint32Array.from(faceOf) };
}
