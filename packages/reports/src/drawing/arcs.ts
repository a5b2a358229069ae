import type { Pt } from './items.js';

/**
 * Arcs between a path's points given as bulges, as DXF's LWPOLYLINE keeps them: the bulge of a segment is the tangent
 * of a quarter of the arc's angle, positive where the arc turns counter-clockwise (bulging to the right of the
 * segment's direction), 0 for a straight segment. Both back ends draw them as true arcs (DXF as bulges, PDF as Bézier
 * curves), and they are flattened where a path must be cut at the viewport's edge.
 */

/** An arc's centre, radius, start angle and signed sweep (radians, counter-clockwise positive). */
export interface ArcGeometry {
  centre: Pt;
  radius: number;
  start: number;
  sweep: number;
}

/** The arc from a to b with this bulge; null for a straight segment or a zero-length one. */
export function bulgeArc(a: Pt, b: Pt, bulge: number): ArcGeometry | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const chord = Math.hypot(dx, dy);
  if (bulge === 0 || chord === 0) return null;
  const sweep = 4 * Math.atan(bulge);
  const radius = chord / (2 * Math.abs(Math.sin(sweep / 2)));
  // The centre lies on the chord's bisector, to the left of a→b for a counter-clockwise arc under a half turn.
  const offset = (chord / 2) * (1 / Math.tan(sweep / 2));
  const centre: Pt = [(a[0] + b[0]) / 2 - (dy / chord) * offset, (a[1] + b[1]) / 2 + (dx / chord) * offset];
  return { centre, radius, start: Math.atan2(a[1] - centre[1], a[0] - centre[0]), sweep };
}

/** The arc from a to b as cubic Béziers of at most a quarter turn each: [control 1, control 2, end] per curve. */
export function bulgeBeziers(a: Pt, b: Pt, bulge: number): [Pt, Pt, Pt][] {
  const arc = bulgeArc(a, b, bulge);
  if (!arc) return [[a, b, b]];
  const n = Math.max(1, Math.ceil(Math.abs(arc.sweep) / (Math.PI / 2) - 1e-9));
  const step = arc.sweep / n;
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (t: number): Pt => [arc.centre[0] + arc.radius * Math.cos(t), arc.centre[1] + arc.radius * Math.sin(t)];
  const out: [Pt, Pt, Pt][] = [];
  for (let i = 0; i < n; i++) {
    const t0 = arc.start + i * step;
    const t1 = t0 + step;
    const [p0, p1] = [at(t0), i === n - 1 ? b : at(t1)];
    const c1: Pt = [p0[0] - k * arc.radius * Math.sin(t0), p0[1] + k * arc.radius * Math.cos(t0)];
    const c2: Pt = [p1[0] + k * arc.radius * Math.sin(t1), p1[1] - k * arc.radius * Math.cos(t1)];
    out.push([c1, c2, p1]);
  }
  return out;
}

/** A path with bulges as points alone, each arc cut into `perArc` straight pieces (the closing segment too, if closed). */
export function flattenBulges(points: readonly Pt[], bulges: readonly number[], closed: boolean, perArc = 8): Pt[] {
  const out: Pt[] = [];
  const segments = closed ? points.length : points.length - 1;
  for (let i = 0; i < segments; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    out.push(a);
    const arc = bulgeArc(a, b, bulges[i] ?? 0);
    if (!arc) continue;
    for (let j = 1; j < perArc; j++) {
      const t = arc.start + (arc.sweep * j) / perArc;
      out.push([arc.centre[0] + arc.radius * Math.cos(t), arc.centre[1] + arc.radius * Math.sin(t)]);
    }
  }
  if (!closed && points.length) out.push(points[points.length - 1]!);
  return out;
}
