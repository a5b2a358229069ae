import { Geodesic } from '../geometry/geodesic.js';
import { distanceToRings, pointInRings, type Pt, type Ring } from '../geometry/ring.js';

/**
 * An independent check of a placement, for tests: room points every 0.1 m (a lattice inside the
 * room and points along its outline), each measured to the nearest unit by the exact distance
 * inside the room (straight when it sees the unit, else around the corners).
 */
export function samplePoints(rings: readonly Ring[], step = 0.1): Pt[] {
  const xs = rings[0]!.map((p) => p[0]);
  const ys = rings[0]!.map((p) => p[1]);
  const out: Pt[] = [];
  for (let x = Math.min(...xs) + step / 2; x < Math.max(...xs); x += step)
    for (let y = Math.min(...ys) + step / 2; y < Math.max(...ys); y += step) if (pointInRings(x, y, rings)) out.push([x, y]);
  for (const ring of rings) {
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length]!;
      const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
      for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
    });
  }
  return out;
}

/** The largest distance (inside the room) from a room point to its nearest unit. */
export function worstDistance(rings: readonly Ring[], units: readonly Pt[], step = 0.1): { distance: number; at: Pt | undefined } {
  const geodesic = new Geodesic(rings);
  const from = units.map((u) => ({ u, d: geodesic.fromSource(u) }));
  let worst = 0;
  let at: Pt | undefined;
  for (const p of samplePoints(rings, step)) {
    let best = Infinity;
    // Straight-line distance first: the inside distance is never shorter.
    const order = from.map((f) => ({ f, straight: Math.hypot(p[0] - f.u[0], p[1] - f.u[1]) })).sort((a, b) => a.straight - b.straight);
    for (const { f, straight } of order) {
      if (straight >= best) break;
      best = Math.min(best, f.d(p));
    }
    if (best > worst) {
      worst = best;
      at = p;
    }
  }
  return { distance: worst, at };
}

export const wallDistance = (rings: readonly Ring[], p: Pt) => distanceToRings(p[0], p[1], rings);
