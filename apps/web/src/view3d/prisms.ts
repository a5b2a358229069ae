/**
 * Prisms from plan polygons (P§2 3D view): a footprint with holes, extruded from zMin to zMax. Every
 * prism of a layer goes into one batch, which becomes one BufferGeometry, so a whole building draws a
 * layer in one call. Flat-shaded triangles (no shared vertices), so no index and no 16-bit limit here.
 */
import { BufferAttribute, BufferGeometry, ShapeUtils, Vector2 } from 'three';
import type { Point2, Polygon } from '@edrf/model';

type Ring = readonly Point2[];

/** Twice the signed area: positive when counter-clockwise seen from above (+z). */
function twiceArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}

/** A ring without a repeated closing point or repeated neighbours, oriented as asked; null when nothing is left. */
function cleanRing(ring: Ring, counterClockwise: boolean): Point2[] | null {
  const out: Point2[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return null;
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push([p[0], p[1]]);
  }
  while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
  if (out.length < 3) return null;
  const area = twiceArea(out);
  if (area === 0) return null;
  if (area > 0 !== counterClockwise) out.reverse();
  return out;
}

/** Growing arrays of one layer's triangles: positions, normals and (optionally) colours. */
export class PrismBatch {
  private positions: number[] = [];
  private normals: number[] = [];
  private colors: number[] = [];
  private readonly withColors: boolean;
  /** The number of prisms added. */
  count = 0;
  /** The bounds of every vertex added, x y z; Infinity / -Infinity while empty. */
  readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  readonly max: [number, number, number] = [-Infinity, -Infinity, -Infinity];

  constructor(opts: { colors?: boolean } = {}) {
    this.withColors = opts.colors ?? false;
  }

  get triangles(): number {
    return this.positions.length / 9;
  }

  private vertex(x: number, y: number, z: number, n: readonly [number, number, number], color: readonly [number, number, number]) {
    this.positions.push(x, y, z);
    const p = [x, y, z];
    for (let axis = 0; axis < 3; axis++) {
      if (p[axis]! < this.min[axis]!) this.min[axis] = p[axis]!;
      if (p[axis]! > this.max[axis]!) this.max[axis] = p[axis]!;
    }
    this.normals.push(n[0], n[1], n[2]);
    if (this.withColors) this.colors.push(color[0], color[1], color[2]);
  }

  /**
   * Adds the prism of a polygon (exterior and holes) between zMin and zMax. The exterior is made
   * counter-clockwise and holes clockwise, so the walls of both face away from the solid. A ring
   * that is degenerate is left out (a degenerate exterior leaves out the whole prism).
   */
  addPrism(
    polygon: Pick<Polygon, 'exterior' | 'interiors'>,
    zMin: number,
    zMax: number,
    color: readonly [number, number, number] = [1, 1, 1],
  ) {
    const outer = cleanRing(polygon.exterior, true);
    if (!outer || !Number.isFinite(zMin) || !Number.isFinite(zMax)) return;
    const [z0, z1] = zMin <= zMax ? [zMin, zMax] : [zMax, zMin];
    const holeRings = polygon.interiors.map((ring) => cleanRing(ring, false)).filter((ring): ring is Point2[] => ring !== null);
    const all = [outer, ...holeRings].flat();
    const faces = ShapeUtils.triangulateShape(
      outer.map(([x, y]) => new Vector2(x, y)),
      holeRings.map((ring) => ring.map(([x, y]) => new Vector2(x, y))),
    );
    for (const face of faces) {
      const [a, b, c] = face.map((i) => all[i]!) as [Point2, Point2, Point2];
      // Earcut keeps the outline's orientation, but check each triangle: the top faces up, the bottom down.
      const ccw = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0;
      const [p, q, r] = ccw ? [a, b, c] : [a, c, b];
      this.vertex(p[0], p[1], z1, [0, 0, 1], color);
      this.vertex(q[0], q[1], z1, [0, 0, 1], color);
      this.vertex(r[0], r[1], z1, [0, 0, 1], color);
      if (z1 > z0) {
        this.vertex(p[0], p[1], z0, [0, 0, -1], color);
        this.vertex(r[0], r[1], z0, [0, 0, -1], color);
        this.vertex(q[0], q[1], z0, [0, 0, -1], color);
      }
    }
    if (z1 > z0) for (const ring of [outer, ...holeRings]) this.addSides(ring, z0, z1, color);
    this.count++;
  }

  /** The walls of one ring: the solid is on the left of each edge, so the outward normal is (dy, -dx). */
  private addSides(ring: Point2[], z0: number, z1: number, color: readonly [number, number, number]) {
    for (let i = 0; i < ring.length; i++) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[(i + 1) % ring.length]!;
      const length = Math.hypot(x1 - x0, y1 - y0);
      const n = [(y1 - y0) / length, -(x1 - x0) / length, 0] as const;
      this.vertex(x0, y0, z0, n, color);
      this.vertex(x1, y1, z0, n, color);
      this.vertex(x1, y1, z1, n, color);
      this.vertex(x0, y0, z0, n, color);
      this.vertex(x1, y1, z1, n, color);
      this.vertex(x0, y0, z1, n, color);
    }
  }

  /** One geometry of everything added so far (a new one each call: the caller disposes it). */
  toGeometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(this.positions), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(this.normals), 3));
    if (this.withColors) geometry.setAttribute('color', new BufferAttribute(new Float32Array(this.colors), 3));
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    return geometry;
  }
}
