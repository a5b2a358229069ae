import type { BasisWall } from '@edrf/model';

/** A wall is elongated enough for its axis to mean something when its plan spread differs this much between axes. */
const AXIS_MIN_ELONGATION = 0.2;
const mm = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A wall's plan box (mm) and, when the wall is longer one way than the other, the direction of its long axis in
 * degrees [0, 180) to 0.1°: a wall turned inside the box it had keeps its box but not its axis (issue 40). The axis is
 * the principal axis of the outline's area moments about its centroid (its first point taken as origin, so that a
 * building far from the origin loses no precision).
 */
export function wallFigures(exterior: readonly (readonly number[])[]): BasisWall {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const n = exterior.length;
  const ox = exterior[0]?.[0] ?? 0;
  const oy = exterior[0]?.[1] ?? 0;
  let a = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const p = exterior[i]!;
    const q = exterior[i + 1 === n ? 0 : i + 1]!;
    [x0, y0, x1, y1] = [Math.min(x0, p[0]!), Math.min(y0, p[1]!), Math.max(x1, p[0]!), Math.max(y1, p[1]!)];
    const [px, py, qx, qy] = [p[0]! - ox, p[1]! - oy, q[0]! - ox, q[1]! - oy];
    const f = px * qy - qx * py;
    a += f / 2;
    sx += ((px + qx) * f) / 6;
    sy += ((py + qy) * f) / 6;
    sxx += ((px * px + px * qx + qx * qx) * f) / 12;
    syy += ((py * py + py * qy + qy * qy) * f) / 12;
    sxy += ((px * qy + 2 * px * py + 2 * qx * qy + qx * py) * f) / 24;
  }
  const box: BasisWall = [mm(x0), mm(y0), mm(x1), mm(y1)];
  if (!(Math.abs(a) > 1e-9)) return box;
  // Central moments (the winding's sign cancels in the ratios below).
  const [cx, cy] = [sx / a, sy / a];
  const vxx = sxx / a - cx * cx;
  const vyy = syy / a - cy * cy;
  const vxy = sxy / a - cx * cy;
  const spread = vxx + vyy;
  if (!(spread > 0) || Math.hypot(vxx - vyy, 2 * vxy) < AXIS_MIN_ELONGATION * spread) return box;
  const degrees = ((0.5 * Math.atan2(2 * vxy, vxx - vyy) * 180) / Math.PI + 180) % 180;
  return [box[0], box[1], box[2], box[3], (Math.round(degrees * 10) / 10) % 180];
}

/** The angle between two wall axes (degrees, 0–90): a wall's axis has no head. */
export function axisTurn(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}
