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
function upwardSign({ points: p, triangles: t }: ElementMesh): number {
  let positive = 0;
  let negative = 0;
  for (let i = 0; i + 2 < t.length; i += 3) {
    const a = t[i]! * 3;
    const b = t[i + 1]! * 3;
    const c = t[i + 2]! * 3;
    const twice = (p[b]! - p[a]!) * (p[c + 1]! - p[a + 1]!) - (p[c]! - p[a]!) * (p[b + 1]! - p[a + 1]!);
    if (twice > 0) positive += twice;
    else negative -= twice;
  }
  return positive > 0 && Math.abs(positive - negative) <= 1e-4 * positive ? 1 : 0;
}

/**
 * The boundary of a set of triangles (indices into x y z points, each triangle counter-clockwise in plan) as closed
 * loops of points: an edge that two triangles share in opposite directions lies inside their union and cancels. What
 * is left is a closed chain of edges with the same winding number everywhere as the triangles together, so its loops
 * unite (NonZero) to the same region, but they are a few loops instead of thousands of triangles: Clipper2 takes one
 * JavaScript-to-WebAssembly call per path. (Faces that meet at a point of different index keep their shared edge
 * twice, once each way: still the same region.)
 */
export function boundaryLoops(points: Float64Array, triangles: readonly number[]): Float64Array[] {
  const edges = new Map<number, number>();
  const EDGE = 2 ** 26;
  const add = (u: number, v: number) => {
    const back = v * EDGE + u;
    const reverse = edges.get(back);
    if (reverse) {
      if (reverse === 1) edges.delete(back);
      else edges.set(back, reverse - 1);
      return;
    }
    const key = u * EDGE + v;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  };
  for (let i = 0; i + 2 < triangles.length; i += 3) {
    const a = triangles[i]!;
    const b = triangles[i + 1]!;
    const c = triangles[i + 2]!;
    add(a, b);
    add(b, c);
    add(c, a);
  }
  const out = new Map<number, number[]>();
  for (const [key, count] of edges) {
    const u = Math.floor(key / EDGE);
    const list = out.get(u) ?? [];
    for (let k = 0; k < count; k++) list.push(key % EDGE);
    out.set(u, list);
  }
  // Every point has as many edges in as out, so a walk from any point can only end where it started.
  const loops: Float64Array[] = [];
  for (const [start, list] of out) {
    while (list.length > 0) {
      const loop: number[] = [];
      let at = start;
      do {
        loop.push(points[at * 3]!, points[at * 3 + 1]!, 0);
        at = out.get(at)!.pop()!;
      } while (at !== start);
      if (loop.length >= 9) loops.push(Float64Array.from(loop));
    }
  }
  return loops;
}

const round = (v: number) => Math.round(v * 10 ** PRECISION) / 10 ** PRECISION;

/**
 * The ring of a loop that is already a footprint, as Clipper2 would give it (rounded to PRECISION, without points in
 * line with their neighbours), or undefined when Clipper2 must unite it: a loop that passes a point twice or runs
 * clockwise. Most walls and slabs are one face seen from above, and this spares them the union.
 */
function simpleRing(loop: Float64Array): Point2[] | undefined {
  const seen = new Set<string>();
  let ring: Point2[] = [];
  for (let i = 0; i + 2 < loop.length; i += 3) {
    const point: Point2 = [round(loop[i]!), round(loop[i + 1]!)];
    const key = `${point[0]},${point[1]}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    ring.push(point);
  }
  // Drop points in line with their neighbours until none is left (a fan of triangles leaves many).
  for (let changed = true; changed && ring.length > 3;) {
    changed = false;
    const kept = ring.filter((point, i) => {
      const [ax, ay] = ring[(i + ring.length - 1) % ring.length]!;
      const [bx, by] = ring[(i + 1) % ring.length]!;
      return Math.abs((point[0] - ax) * (by - ay) - (point[1] - ay) * (bx - ax)) > MIN_TRIANGLE_AREA;
    });
    changed = kept.length !== ring.length;
    ring = kept;
  }
  return ring.length >= 3 && ringSignedArea(ring) > MIN_TRIANGLE_AREA ? ring : undefined;
}

/** Points this close (m, per coordinate after rounding) are one point to weldedPoints. */
const WELD_SCALE = 10 ** PRECISION;

/**
 * For each point, the first point at the same place (rounded to PRECISION). web-ifc gives each face of a brep its own
 * points, so neighbouring faces share no index and none of their edges cancel in boundaryLoops: a roof of 2,000
 * triangles would reach Clipper2 as 2,000 paths. Welded, its edges cancel as in any other mesh.
 */
function weldedPoints(points: Float64Array): Int32Array {
  const count = points.length / 3;
  const same = new Int32Array(count);
  const quantized = new Int32Array(count * 3);
  let size = 1;
  while (size < count * 2) size *= 2;
  const table = new Int32Array(size).fill(-1);
  for (let v = 0; v < count; v++) {
    const qx = Math.round(points[v * 3]! * WELD_SCALE) | 0;
    const qy = Math.round(points[v * 3 + 1]! * WELD_SCALE) | 0;
    const qz = Math.round(points[v * 3 + 2]! * WELD_SCALE) | 0;
    quantized[v * 3] = qx;
    quantized[v * 3 + 1] = qy;
    quantized[v * 3 + 2] = qz;
    let slot = (Math.imul(qx, 73856093) ^ Math.imul(qy, 19349663) ^ Math.imul(qz, 83492791)) & (size - 1);
    same[v] = v;
    for (;;) {
      const u = table[slot]!;
      if (u < 0) {
        table[slot] = v;
        break;
      }
      if (quantized[u * 3] === qx && quantized[u * 3 + 1] === qy && quantized[u * 3 + 2] === qz) {
        same[v] = u;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return same;
}

/**
 * The plan footprint of a mesh as polygons (largest first): every non-degenerate triangle projected to XY,
 * oriented counter-clockwise (with its face, when it is one of a fan) and united (NonZero). Holes are assigned to the
 * outer ring that contains them.
 */
export function footprint(clipper: MainModule, mesh: ElementMesh): Polygon[] {
  const { points: p, triangles: t, faceOf } = mesh;
  const facing = upwardSign(mesh);
  const same = weldedPoints(p);
  const twiceArea = (i: number) => {
    const a = same[t[i]!]!;
    const b = same[t[i + 1]!]!;
    const c = same[t[i + 2]!]!;
    return (p[b * 3]! - p[a * 3]!) * (p[c * 3 + 1]! - p[a * 3 + 1]!) - (p[c * 3]! - p[a * 3]!) * (p[b * 3 + 1]! - p[a * 3 + 1]!);
  };
  // A face read as a fan (ElementMesh.faceOf) is kept or dropped, and turned, as a whole: its own area decides.
  let faceTwice: Float64Array | undefined;
  if (faceOf) {
    let faces = 0;
    for (const face of faceOf) faces = Math.max(faces, face + 1);
    faceTwice = new Float64Array(faces);
    for (let i = 0; i + 2 < t.length; i += 3) faceTwice[faceOf[i / 3]!]! += twiceArea(i);
  }
  const kept: number[] = [];
  for (let i = 0; i + 2 < t.length; i += 3) {
    const twice = twiceArea(i);
    const whole = faceTwice ? faceTwice[faceOf![i / 3]!]! : twice;
    if (Math.abs(twice) / 2 < MIN_TRIANGLE_AREA || Math.abs(whole) / 2 < MIN_TRIANGLE_AREA || whole * facing < 0) continue;
    const [a, b, c] = [same[t[i]!]!, same[t[i + 1]!]!, same[t[i + 2]!]!];
    if (whole > 0) kept.push(a, b, c);
    else kept.push(a, c, b);
  }
  const loops = boundaryLoops(p, kept);
  const simple = loops.length === 1 ? simpleRing(loops[0]!) : undefined;
  if (simple) return [{ exterior: simple, interiors: [] }];
  const subjects = new clipper.PathsD();
  for (const loop of loops) {
    const path = new clipper.PathD();
    path.assign(loop);
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
