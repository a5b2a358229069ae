/** Plain 2D helpers on rings ([x, y][] closed implicitly) for the fire engine. */
export type Pt = readonly [number, number];
export type Ring = readonly Pt[];

export function ringArea(ring: Ring): number {
  let twice = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return twice / 2;
}

/** Even-odd point in ring. */
export function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  // Indexed reads, not destructuring: this runs for every sample point of every room.
  for (let i = 0, n = ring.length, j = n - 1; i < n; j = i++) {
    const pi = ring[i]!;
    const pj = ring[j]!;
    const xi = pi[0];
    const yi = pi[1];
    const xj = pj[0];
    const yj = pj[1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInRings(x: number, y: number, rings: readonly Ring[]): boolean {
  let inside = false;
  for (const ring of rings) if (pointInRing(x, y, ring)) inside = !inside;
  return inside;
}

/** Distance from a point to a segment, and the closest point. */
export function segmentClosest(px: number, py: number, a: Pt, b: Pt): { d: number; x: number; y: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2)) : 0;
  const x = a[0] + t * dx;
  const y = a[1] + t * dy;
  return { d: Math.hypot(px - x, py - y), x, y };
}

/** Distance from a point to the nearest edge of any ring: segmentClosest's arithmetic, without an object per edge. */
export function distanceToRings(px: number, py: number, rings: readonly Ring[]): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, n = ring.length; i < n; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % n]!;
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2)) : 0;
      best = Math.min(best, Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy)));
    }
  }
  return best;
}

const orient = (a: Pt, b: Pt, c: Pt) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Whether segments ab and cd cross at a point inside both (touching ends do not count). */
export function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return ((d1 > 1e-12 && d2 < -1e-12) || (d1 < -1e-12 && d2 > 1e-12)) && ((d3 > 1e-12 && d4 < -1e-12) || (d3 < -1e-12 && d4 > 1e-12));
}

/** Whether a ring crosses itself (two non-adjacent edges cross). */
export function ringSelfIntersects(ring: Ring): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(a, b, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** Whether a ring is convex (either orientation, collinear points allowed). */
export function ringIsConvex(ring: Ring): boolean {
  let sign = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const o = orient(ring[i]!, ring[(i + 1) % n]!, ring[(i + 2) % n]!);
    if (Math.abs(o) < 1e-9) continue;
    const s = Math.sign(o);
    if (sign !== 0 && s !== sign) return false;
    sign = s;
  }
  return true;
}

export function ringCentroid(ring: Ring): Pt {
  let cx = 0;
  let cy = 0;
  let a = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const f = p[0] * q[1] - q[0] * p[1];
    cx += (p[0] + q[0]) * f;
    cy += (p[1] + q[1]) * f;
    a += f;
  }
  if (Math.abs(a) < 1e-12) return ring[0] ?? [0, 0];
  return [cx / (3 * a), cy / (3 * a)];
}

/** Clips a ring to the half-plane nx*x + ny*y <= c (Sutherland–Hodgman). */
export function clipRingToHalfPlane(ring: Ring, nx: number, ny: number, c: number): Pt[] {
  const out: Pt[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const fp = nx * p[0] + ny * p[1] - c;
    const fq = nx * q[0] + ny * q[1] - c;
    if (fp <= 0) out.push(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
      const t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}
