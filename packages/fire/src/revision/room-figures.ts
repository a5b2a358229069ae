import type { BasisRoom, Room } from '@edrf/model';

/**
 * Area, centroid and box of a room's plan polygon minus its holes into `out` (area, x, y, x0, y0, x1, y1), one pass per
 * ring and no allocation: the notice compares every room of the building. Zeros where the outline is not a number.
 */
export function measureRoom(room: Pick<Room, 'shape'>, out: Float64Array): void {
  let area = 0;
  let mx = 0;
  let my = 0;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const { exterior, interiors } = room.shape;
  for (let k = -1; k < interiors.length; k++) {
    const ring = k < 0 ? exterior : interiors[k]!;
    let twice = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, n = ring.length; i < n; i++) {
      const p = ring[i]!;
      const q = ring[i + 1 === n ? 0 : i + 1]!;
      const f = p[0] * q[1] - q[0] * p[1];
      twice += f;
      cx += (p[0] + q[0]) * f;
      cy += (p[1] + q[1]) * f;
      if (k < 0) {
        if (p[0] < x0) x0 = p[0];
        if (p[0] > x1) x1 = p[0];
        if (p[1] < y0) y0 = p[1];
        if (p[1] > y1) y1 = p[1];
      }
    }
    // A ring's first moment is its centroid times its area whichever way it winds: holes are taken away.
    const sign = (twice < 0 ? -1 : 1) * (k < 0 ? 1 : -1);
    area += (sign * twice) / 2;
    mx += (sign * cx) / 6;
    my += (sign * cy) / 6;
  }
  if (!(Number.isFinite(area) && Number.isFinite(mx) && Number.isFinite(my) && Number.isFinite(x0 + y0 + x1 + y1))) {
    out.fill(0);
    return;
  }
  // A degenerate outline (no area) stands at its box's middle.
  const solid = area > 1e-12;
  out[0] = Math.max(0, area);
  out[1] = solid ? mx / area : (x0 + x1) / 2;
  out[2] = solid ? my / area : (y0 + y1) / 2;
  out.set([x0, y0, x1, y1], 3);
}

/** Area, centroid and box of a room's plan polygon minus its holes; zeros where it is not a number. */
export function roomFigures(room: Pick<Room, 'shape'>): Pick<BasisRoom, 'area' | 'centroid' | 'box'> {
  const m = new Float64Array(7);
  measureRoom(room, m);
  return { area: m[0]!, centroid: [m[1]!, m[2]!], box: [m[3]!, m[4]!, m[5]!, m[6]!] };
}
