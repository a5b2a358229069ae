/** Plan footprints: mesh triangles projected to XY and united with Clipper2 (the golden answers' method). */
import Clipper2Z from 'clipper2-wasm/dist/es/clipper2z.js';
import type { MainModule, PathD } from 'clipper2-wasm/dist/clipper2z';
import type { Point2, Polygon } from '@edrf/model';
import { insideRing, ringSignedArea } from '@edrf/geometry';
import type { ElementMesh } from './mesh.js';

let clipperPromise: Promise<MainModule> | undefined;

/** The Clipper2 WebAssembly module, loaded once per thread. */
export function loadClipper(): Promise<MainModule> {
  clipperPromise ??= Clipper2Z();
  return clipperPromise;
}

/** Decimal places Clipper2 keeps: 1e-5 m. */
const PRECISION = 5;
const MIN_TRIANGLE_AREA = 1e-10;

function ringOf(path: PathD): Point2[] {
  const v = path.view();
  const ring: Point2[] = [];
  // PathD memory holds PointD records: x, y (float64) and z (int64, unused here).
  for (let i = 0; i + 2 < v.length; i += 3) ring.push([v[i] ?? 0, v[i + 1] ?? 0]);
  return ring;
}

/**
 * Which triangles to unite: in a closed mesh with its faces turned one way, the faces on one side (up, or down
 * when the mesh is turned inside out) already cover the whole plan, and they project with the same winding, so
 * half the triangles are enough. A mesh that is not closed or whose faces disagree gives all of them (0).
 */
function upwardSign(t: Float64Array): number {
  let positive = 0;
  let negative = 0;
  for (let i = 0; i + 8 < t.length; i += 9) {
    const twice = (t[i + 3]! - t[i]!) * (t[i + 7]! - t[i + 1]!) - (t[i + 6]! - t[i]!) * (t[i + 4]! - t[i + 1]!);
    if (twice > 0) positive += twice;
    else negative -= twice;
  }
  return positive > 0 && Math.abs(positive - negative) <= 1e-4 * positive ? 1 : 0;
}

/**
 * The plan footprint of a mesh as polygons (largest first): every non-degenerate triangle projected to XY,
 * oriented counter-clockwise and united (NonZero). Holes are assigned to the outer ring that contains them.
 */
export function footprint(clipper: MainModule, mesh: ElementMesh): Polygon[] {
  const subjects = new clipper.PathsD();
  const t = mesh.triangles;
  const facing = upwardSign(t);
  for (let i = 0; i + 8 < t.length; i += 9) {
    const ax = t[i]!,
      ay = t[i + 1]!,
      bx = t[i + 3]!,
      by = t[i + 4]!,
      cx = t[i + 6]!,
      cy = t[i + 7]!;
    const twice = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(twice) / 2 < MIN_TRIANGLE_AREA || twice * facing < 0) continue;
    const path = new clipper.PathD();
    path.assign(twice > 0 ? Float64Array.of(ax, ay, 0, bx, by, 0, cx, cy, 0) : Float64Array.of(ax, ay, 0, cx, cy, 0, bx, by, 0));
    subjects.push_back(path);
    path.delete();
  }
  const united = clipper.UnionSelfD(subjects, clipper.FillRule.NonZero, PRECISION);
  subjects.delete();
  const outers: { ring: Point2[]; area: number; holes: Point2[][] }[] = [];
  const holes: Point2[][] = [];
  for (let i = 0; i < united.size(); i++) {
    const path = united.get(i);
    const ring = ringOf(path);
    path.delete();
    if (ring.length < 3) continue;
    const area = ringSignedArea(ring);
    if (area > 0) outers.push({ ring, area, holes: [] });
    else if (area < 0) holes.push(ring);
  }
  united.delete();
  outers.sort((a, b) => b.area - a.area);
  for (const hole of holes) {
    // The smallest outer ring around the hole owns it.
    const owner = [...outers].reverse().find((o) => insideRing(hole[0]!, o.ring));
    owner?.holes.push(hole);
  }
  return outers.map((o) => ({ exterior: o.ring, interiors: o.holes }));
}
