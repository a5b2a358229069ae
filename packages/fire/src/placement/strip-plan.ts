import { ringIsConvex, type Pt } from '../geometry/ring.js';

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
  // A strip's stretch is the v-extent of the exterior between its edges: the corners inside the strip and where
  // edges cross its two sides. Crossings per cut position and corners sorted by u make each candidate strip O(1),
  // instead of clipping the exterior for each of them.
  const left = crossings(exterior, positions, -1);
  const right = crossings(exterior, positions, 1);
  const corners = [...exterior].sort((p, q) => p[0] - q[0]);
  const best = new Float64Array(n).fill(Infinity);
  const from = new Int32Array(n).fill(-1);
  const strips = new Map<number, Strip>();
  best[0] = 0;
  for (let i = 1; i < n; i++) {
    const b = positions[i]!;
    let k = corners.length - 1;
    while (k >= 0 && corners[k]![0] > b) k--;
    let cornerLo = Infinity;
    let cornerHi = -Infinity;
    for (let j = i - 1; j >= 0; j--) {
      const a = positions[j]!;
      if (b - a >= 2 * radius) break;
      for (; k >= 0 && corners[k]![0] >= a; k--) {
        cornerLo = Math.min(cornerLo, corners[k]![1]);
        cornerHi = Math.max(cornerHi, corners[k]![1]);
      }
      if (best[j] === Infinity) continue;
      const pieceLength = maxPieceLength(b - a, radius, maxArea);
      if (!(pieceLength > 0)) continue;
      const lo = Math.min(cornerLo, left.lo[j]!, right.lo[i]!);
      const hi = Math.max(cornerHi, left.hi[j]!, right.hi[i]!);
      const stretch: [number, number] | undefined = lo <= hi ? [lo, hi] : undefined;
      const strip = holes.length ? splitByHoles(holes, a, b, stretch, pieceLength) : undefined;
      const pieces = strip ? pieceCount(strip) : stretch ? Math.max(1, Math.ceil((hi - lo) / pieceLength - 1e-9)) : 0;
      const count = best[j]! + pieces;
      if (count < best[i]!) {
        best[i] = count;
        from[i] = j;
        strips.set(i, strip ?? { a, b, stretches: stretch ? [stretch] : [], pieceLength });
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

/** The strip's stretch split where a convex hole spans the whole strip. */
function splitByHoles(
  holes: readonly (readonly Pt[])[],
  a: number,
  b: number,
  stretch: [number, number] | undefined,
  pieceLength: number,
): Strip {
  if (!stretch) return { a, b, stretches: [], pieceLength };
  let stretches: [number, number][] = [stretch];
  // A convex hole that spans the whole strip blocks, for every u of the strip, at least the part
  // of it where its cross-sections at both sides overlap: the strip's room falls apart there.
  for (const hole of holes) {
    const [hu0, hu1] = extent(hole, 0);
    if (hu0 > a + 1e-9 || hu1 < b - 1e-9) continue;
    const leftSection = crossSection(hole, a);
    const rightSection = crossSection(hole, b);
    if (!leftSection || !rightSection) continue;
    const lo = Math.max(leftSection[0], rightSection[0]);
    const hi = Math.min(leftSection[1], rightSection[1]);
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

/**
 * For each position u, the [lo, hi] of v where the ring's edges cross the line u (strictly: a corner on the line is a
 * corner of the strip), computed as clipping to the half-plane of that side does (side -1: u >= position, 1: u <= it).
 */
function crossings(ring: readonly Pt[], positions: readonly number[], side: -1 | 1): { lo: Float64Array; hi: Float64Array } {
  const lo = new Float64Array(positions.length).fill(Infinity);
  const hi = new Float64Array(positions.length).fill(-Infinity);
  positions.forEach((u, k) => {
    for (let i = 0, n = ring.length; i < n; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % n]!;
      const fp = side * p[0] - side * u;
      const fq = side * q[0] - side * u;
      if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
        const v = p[1] + (fp / (fp - fq)) * (q[1] - p[1]);
        lo[k] = Math.min(lo[k]!, v);
        hi[k] = Math.max(hi[k]!, v);
      }
    }
  });
  return { lo, hi };
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
