import { clipRingToHalfPlane, ringIsConvex, type Pt } from '../geometry/ring.js';

/** A strip [a, b] (across the cut direction) and the stretches [c, d] of room along it. */
export interface Strip {
  a: number;
  b: number;
  stretches: [number, number][];
  /** How long a piece of this strip may be. */
  pieceLength: number;
}

/** The longest piece of a strip of width w: area at most maxArea, half-diagonal at most the radius. */
export function maxPieceLength(w: number, radius: number, maxArea: number): number {
  if (!(w > 0) || w / 2 >= radius) return 0;
  return Math.min(maxArea / w, 2 * Math.sqrt(radius * radius - (w * w) / 4));
}

const STEP = 0.25;

/**
 * The cut into strips with the fewest pieces, by dynamic programming over cut positions (every
 * STEP, the rings' corners — so strips can end at a hole's side — and the cuts into equal strips).
 * `rings` are in the rotated frame, strips run along v.
 */
export function bestStrips(
  rings: readonly (readonly Pt[])[],
  radius: number,
  maxArea: number,
): { count: number; strips: Strip[] } | undefined {
  const exterior = rings[0]!;
  const [u0, u1] = extent(exterior, 0);
  const width = u1 - u0;
  const cuts = new Set<number>([u0, u1]);
  const step = Math.max(STEP, width / 2000);
  for (let u = u0 + step; u < u1 - 1e-6; u += step) cuts.add(u);
  for (const ring of rings) for (const p of ring) if (p[0] > u0 + 1e-6 && p[0] < u1 - 1e-6) cuts.add(p[0]);
  const nxMin = Math.max(1, Math.ceil(width / (2 * radius) - 1e-9));
  for (let nx = nxMin; nx <= nxMin + 8; nx++) for (let k = 1; k < nx; k++) cuts.add(u0 + (k * width) / nx);
  const positions = [...cuts].sort((p, q) => p - q).filter((p, i, all) => i === 0 || p - all[i - 1]! > 1e-6);
  const holes = rings.slice(1).filter((h) => ringIsConvex(h));
  const n = positions.length;
  const best = new Float64Array(n).fill(Infinity);
  const from = new Int32Array(n).fill(-1);
  const strips = new Map<number, Strip>();
  best[0] = 0;
  for (let i = 1; i < n; i++) {
    for (let j = i - 1; j >= 0; j--) {
      const a = positions[j]!;
      const b = positions[i]!;
      if (b - a >= 2 * radius) break;
      if (best[j] === Infinity) continue;
      const strip = makeStrip(exterior, holes, a, b, radius, maxArea);
      if (!strip) continue;
      const count = best[j]! + pieceCount(strip);
      if (count < best[i]!) {
        best[i] = count;
        from[i] = j;
        strips.set(i, strip);
      }
    }
  }
  if (best[n - 1] === Infinity) return undefined;
  const out: Strip[] = [];
  for (let i = n - 1; i > 0; i = from[i]!) out.unshift(strips.get(i)!);
  return { count: best[n - 1]!, strips: out };
}

export const pieceCount = (strip: Strip) =>
  strip.stretches.reduce((sum, [c, d]) => sum + Math.max(1, Math.ceil((d - c) / strip.pieceLength - 1e-9)), 0);

function makeStrip(
  exterior: readonly Pt[],
  holes: readonly (readonly Pt[])[],
  a: number,
  b: number,
  radius: number,
  maxArea: number,
): Strip | undefined {
  const pieceLength = maxPieceLength(b - a, radius, maxArea);
  if (!(pieceLength > 0)) return undefined;
  const clipped = clipRingToHalfPlane(clipRingToHalfPlane(exterior, -1, 0, -a), 1, 0, b);
  if (clipped.length < 3) return { a, b, stretches: [], pieceLength };
  let stretches: [number, number][] = [extent(clipped, 1)];
  // A convex hole that spans the whole strip blocks, for every u of the strip, at least the part
  // of it where its cross-sections at both sides overlap: the strip's room falls apart there.
  for (const hole of holes) {
    const [hu0, hu1] = extent(hole, 0);
    if (hu0 > a + 1e-9 || hu1 < b - 1e-9) continue;
    const left = crossSection(hole, a);
    const right = crossSection(hole, b);
    if (!left || !right) continue;
    const lo = Math.max(left[0], right[0]);
    const hi = Math.min(left[1], right[1]);
    if (hi - lo < 1e-6) continue;
    stretches = stretches.flatMap(([c, d]): [number, number][] =>
      hi <= c || lo >= d
        ? [[c, d]]
        : (
            [
              [c, lo],
              [hi, d],
            ] as [number, number][]
          ).filter(([p, q]) => q - p > 1e-6),
    );
  }
  return { a, b, stretches, pieceLength };
}

/** The [min, max] of v where the vertical line u = x crosses a convex ring (with a hair inside for sides on the line). */
function crossSection(ring: readonly Pt[], x: number): [number, number] | undefined {
  const [u0, u1] = extent(ring, 0);
  const at = Math.min(u1 - 1e-7, Math.max(u0 + 1e-7, x));
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    if (p[0] > at === q[0] > at) continue;
    const v = p[1] + ((at - p[0]) * (q[1] - p[1])) / (q[0] - p[0]);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return lo <= hi ? [lo, hi] : undefined;
}

export const extent = (points: readonly Pt[], axis: 0 | 1): [number, number] => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    lo = Math.min(lo, p[axis]);
    hi = Math.max(hi, p[axis]);
  }
  return [lo, hi];
};
