/**
 * Union, intersection, difference and offset of model polygons on Clipper2. Inputs are read with the NonZero rule
 * after orienting every exterior counter-clockwise and every hole clockwise, so overlapping inputs add up and holes
 * subtract. Outputs are polygons (exterior counter-clockwise, holes clockwise) with islands in holes as polygons of
 * their own, largest first; vertices on a straight line between their neighbours (within 1e-7 m) are dropped, and so
 * are rings of fewer than 3 points.
 */
import type { Point2, Polygon } from '@edrf/model';
import type { MainModule, PathD, PathsD, PolyPathD } from 'clipper2-wasm/dist/clipper2z';
import { loadClipper } from './clipper.js';
import { polygonArea, ringSignedArea } from './measure.js';
import { CLIPPER_DECIMALS } from './tolerance.js';

type PolygonLike = Pick<Polygon, 'exterior' | 'interiors'>;

/** How offset corners are joined. */
export type OffsetJoin = 'miter' | 'square' | 'round';

export interface PolygonOps {
  /** The area covered by any of the polygons of a or b. */
  union(a: readonly PolygonLike[], b?: readonly PolygonLike[]): Polygon[];
  /** The area covered by both a and b. */
  intersection(a: readonly PolygonLike[], b: readonly PolygonLike[]): Polygon[];
  /** The area of a not covered by b. */
  difference(a: readonly PolygonLike[], b: readonly PolygonLike[]): Polygon[];
  /** The polygons grown by `delta` metres (shrunk when negative); miter joins are limited to twice delta. */
  offset(polygons: readonly PolygonLike[], delta: number, join?: OffsetJoin): Polygon[];
}

function pathOf(clipper: MainModule, ring: readonly Point2[], counterClockwise: boolean): PathD {
  const ordered = ringSignedArea(ring) >= 0 === counterClockwise ? ring : [...ring].reverse();
  const coordinates = new Float64Array(ordered.length * 3);
  ordered.forEach(([x, y], i) => {
    coordinates[i * 3] = x;
    coordinates[i * 3 + 1] = y;
  });
  const path = new clipper.PathD();
  path.assign(coordinates);
  return path;
}

function pathsOf(clipper: MainModule, polygons: readonly PolygonLike[]): PathsD {
  const paths = new clipper.PathsD();
  for (const polygon of polygons) {
    if (polygon.exterior.length < 3) continue;
    const rings: [readonly Point2[], boolean][] = [
      [polygon.exterior, true],
      ...polygon.interiors.map((r): [Point2[], boolean] => [r, false]),
    ];
    for (const [ring, ccw] of rings) {
      if (ring.length < 3) continue;
      const path = pathOf(clipper, ring, ccw);
      paths.push_back(path);
      path.delete();
    }
  }
  return paths;
}

/** Vertices closer than this (m) to the line through their neighbours are dropped from results. */
const COLLINEAR = 1e-7;

/** The ring without vertices that lie on the straight line between their neighbours. */
export function removeCollinear(ring: readonly Point2[], tolerance = COLLINEAR): Point2[] {
  const out = [...ring];
  for (let changed = true; changed && out.length > 3;) {
    changed = false;
    for (let i = 0; i < out.length && out.length > 3; i++) {
      const a = out[(i + out.length - 1) % out.length]!;
      const p = out[i]!;
      const b = out[(i + 1) % out.length]!;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const offLine =
        length === 0
          ? Math.hypot(p[0] - a[0], p[1] - a[1])
          : Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / length;
      if (offLine <= tolerance) {
        out.splice(i, 1);
        changed = true;
        i--;
      }
    }
  }
  return out;
}

function ringOf(path: PathD): Point2[] {
  const v = path.view();
  const ring: Point2[] = [];
  // PathD memory holds PointD records: x, y (float64) and z (int64, unused here).
  for (let i = 0; i + 2 < v.length; i += 3) ring.push([v[i]!, v[i + 1]!]);
  return removeCollinear(ring);
}

/** Polygons from a Clipper2 PolyTree: children of the root are exteriors, their children holes, and so on down. */
function polygonsOfTree(root: PolyPathD): Polygon[] {
  const out: Polygon[] = [];
  const visitOuter = (node: PolyPathD) => {
    const path = node.polygon();
    const exterior = ringOf(path);
    path.delete();
    const interiors: Point2[][] = [];
    for (let i = 0; i < node.count(); i++) {
      const hole = node.child(i);
      const holePath = hole.polygon();
      const ring = ringOf(holePath);
      holePath.delete();
      if (ring.length >= 3) interiors.push(ring);
      for (let k = 0; k < hole.count(); k++) visitOuter(hole.child(k));
    }
    if (exterior.length >= 3) out.push({ exterior, interiors });
  };
  for (let i = 0; i < root.count(); i++) visitOuter(root.child(i));
  return out.sort((p, q) => polygonArea(q) - polygonArea(p));
}

/** Runs a boolean operation into a PolyTree and frees every Clipper2 object it made. */
function booleanOp(
  clipper: MainModule,
  type: 'union' | 'intersection' | 'difference',
  a: readonly PolygonLike[],
  b: readonly PolygonLike[],
): Polygon[] {
  const clipType = { union: clipper.ClipType.Union, intersection: clipper.ClipType.Intersection, difference: clipper.ClipType.Difference }[
    type
  ];
  const subjects = pathsOf(clipper, a);
  const clips = pathsOf(clipper, b);
  const tree = new clipper.PolyPathD();
  try {
    clipper.BooleanOpOutD(clipType, clipper.FillRule.NonZero, subjects, clips, tree, CLIPPER_DECIMALS);
    return polygonsOfTree(tree);
  } finally {
    subjects.delete();
    clips.delete();
    tree.delete();
  }
}

/** The operations on an already loaded Clipper2 module (synchronous from here on). */
export function polygonOps(clipper: MainModule): PolygonOps {
  return {
    union: (a, b = []) => booleanOp(clipper, 'union', a, b),
    intersection: (a, b) => booleanOp(clipper, 'intersection', a, b),
    difference: (a, b) => booleanOp(clipper, 'difference', a, b),
    offset(polygons, delta, join = 'miter') {
      const joinType = { miter: clipper.JoinType.Miter, square: clipper.JoinType.Square, round: clipper.JoinType.Round }[join];
      const paths = pathsOf(clipper, polygons);
      const grown = clipper.InflatePathsD(paths, delta, joinType, clipper.EndType.Polygon, 2, CLIPPER_DECIMALS, 0);
      const empty = new clipper.PathsD();
      const tree = new clipper.PolyPathD();
      try {
        // A union sorts the offset rings into exteriors and holes.
        clipper.BooleanOpOutD(clipper.ClipType.Union, clipper.FillRule.NonZero, grown, empty, tree, CLIPPER_DECIMALS);
        return polygonsOfTree(tree);
      } finally {
        paths.delete();
        grown.delete();
        empty.delete();
        tree.delete();
      }
    },
  };
}

/** Loads Clipper2 (see clipper.ts for the browser) and returns the polygon operations. */
export const loadPolygonOps = async (): Promise<PolygonOps> => polygonOps(await loadClipper());
