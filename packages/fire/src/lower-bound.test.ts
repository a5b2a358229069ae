import { describe, expect, it } from 'vitest';
import { buildGrid } from './placement/grid.js';
import { roomLowerBound } from './placement/lower-bound.js';
import { rect } from './test-support/arch.js';
import { seededRandom } from './test-support/random.js';
import { MAX_WITNESSES, witnessesNeedMore, witnessPoints } from './placement/witness-cover.js';

const bound = (rings: [number, number][][], radius: number, maxArea = Infinity) => roomLowerBound(buildGrid(rings), radius, maxArea);

describe('the lower bound of a room', () => {
  it('is at least 1, the area rule and the hexagon bound', () => {
    expect(bound([rect(0, 0, 2, 2)], 6.2, 75)).toBe(1);
    expect(bound([rect(0, 0, 30, 20)], 6.2, 75)).toBe(8); // 600 / 75
    expect(bound([rect(0, 0, 40, 40)], 5)).toBe(Math.ceil(1600 / (2.598 * 25))); // no area rule: 25
  });

  it('counts a corridor by its length (points more than 2r apart)', () => {
    // 100 m at r = 6.2: points 12.4+ m apart fit 9 times (0, 12.5, …, 100).
    expect(bound([rect(0, 0, 100, 1.5)], 6.2, 75)).toBe(9);
  });

  it('measures around corners in an L-shaped room', () => {
    // Arm tips (0, 22) and (22, 0) are 31 m apart straight, and far more than 2 × 6.2 from the corner region.
    const L: [number, number][] = [
      [0, 0],
      [22, 0],
      [22, 2],
      [2, 2],
      [2, 22],
      [0, 22],
    ];
    expect(bound([L], 6.2, 75)).toBeGreaterThanOrEqual(3);
  });

  it('knows when two disks cannot cover a rectangle', () => {
    // 11.6 × 11.4: the halves 5.8 × 11.4 have a half-diagonal of 6.40 m > 6.2.
    expect(bound([rect(0, 0, 11.6, 11.4)], 6.2, 75)).toBe(3);
    expect(bound([rect(0, 0, 11.6, 11.4)], 6.5, 75)).toBe(2);
  });

  it("knows when three disks cannot cover a rectangle (AC11-Institute's 17.7 × 11.4 m attics)", () => {
    // The best three disks over 17.7 × 11.4 need 6.42 m (three strips, Heppes & Melissen): at 6.2 m four are needed.
    expect(bound([rect(0, 0, 17.7, 11.4)], 6.2, 75)).toBe(4);
    expect(bound([rect(0, 0, 17.7, 11.4)], 6.5, 75)).toBe(3);
  });

  it('agrees with a brute-force search of three disks over rectangles', () => {
    // The oracle: centres on a lattice of twelfths of each side (which holds the three-strip centres), the room
    // sampled every 0.5 m; whether some three disks cover every sample. A cover of the samples at r − 0.36 covers the
    // rectangle at r (no room point is more than 0.354 m from a sample), so the bound must then be at most 3; no cover
    // of the samples at r means no cover of the room, so a bound of 4 there is what the search confirms.
    const cases: [number, number, number][] = [
      [17.7, 11.4, 6.2],
      [17.7, 11.4, 6.9],
      [20, 10, 6.2],
      [15, 14, 6.2],
    ];
    for (const [w, h, r] of cases) {
      const b = bound([rect(0, 0, w, h)], r);
      expect(b, `${w} × ${h} at ${r}`).toBeGreaterThanOrEqual(3);
      if (threeDisksCover(w, h, r - 0.36)) expect(b, `${w} × ${h} at ${r}`).toBe(3);
      if (b > 3) expect(threeDisksCover(w, h, r), `${w} × ${h} at ${r}`).toBe(false);
    }
  });

  it('counts witness points no unit reaches together inside an L (walls, not just distance)', () => {
    // Two points 4 m apart in a straight line but 2 × 6.2 + apart around a thin wall: one unit cannot reach both.
    const points: [number, number][] = [
      [0, 0],
      [4, 0],
    ];
    expect(witnessesNeedMore(points, 1, 6.2)).toBe(false);
    expect(witnessesNeedMore(points, 1, 6.2, { apart: () => true })).toBe(true);
    expect(witnessesNeedMore(points, 2, 6.2, { apart: () => true })).toBe(false);
  });

  it('takes a round room of 200 corners (testhouse.ifc has one) in a few witness points, and bounds it', () => {
    const circle = Array.from({ length: 200 }, (_, i): [number, number] => [
      10 * Math.cos((2 * Math.PI * i) / 200),
      10 * Math.sin((2 * Math.PI * i) / 200),
    ]);
    const points = witnessPoints([circle], 2, MAX_WITNESSES, () => true);
    expect(points.length).toBeLessThanOrEqual(MAX_WITNESSES);
    expect(points.length).toBeGreaterThan(20);
    // A disk of radius 10 m: 314 m², at least ⌈314 / (2.598 × 6.2²)⌉ = 4 units of 6.2 m.
    expect(roomLowerBound(buildGrid([circle]), 6.2, Infinity)).toBeGreaterThanOrEqual(4);
  });
});

/**
 * Whether three disks of radius r cover samples of the w × h rectangle every 0.5 m: two centres on a lattice of
 * twelfths of each side (which holds the three-strip centres), the third the smallest circle round what is left
 * (its points shuffled, so that Welzl's algorithm takes expected linear time).
 */
function threeDisksCover(w: number, h: number, r: number): boolean {
  const samples: [number, number][] = [];
  for (let x = 0; x <= w + 1e-9; x += w / Math.ceil(w / 0.5))
    for (let y = 0; y <= h + 1e-9; y += h / Math.ceil(h / 0.5)) samples.push([x, y]);
  const centres: [number, number][] = [];
  for (let i = 0; i <= 12; i++) for (let j = 0; j <= 12; j++) centres.push([(w * i) / 12, (h * j) / 12]);
  const outside = centres.map(([cx, cy]) => samples.map(([x, y]) => Math.hypot(x - cx, y - cy) > r));
  for (let a = 0; a < centres.length; a++)
    for (let b = a + 1; b < centres.length; b++) {
      const left = samples.filter((_, k) => outside[a]![k] && outside[b]![k]);
      // No circle of radius r holds points further apart than 2r along an axis: most pairs end here, cheaply.
      const span = (axis: 0 | 1) => Math.max(...left.map((p) => p[axis])) - Math.min(...left.map((p) => p[axis]));
      if (left.length > 0 && Math.max(span(0), span(1)) > 2 * r) continue;
      if (enclosingRadius(shuffled(left)) <= r) return true;
    }
  return false;
}

/** The points in a random order of a fixed seed. */
function shuffled<T>(items: readonly T[]): T[] {
  const random = seededRandom(7);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The radius of the smallest circle round the points (Welzl's algorithm, iterative). */
function enclosingRadius(points: readonly [number, number][]): number {
  let c = { x: 0, y: 0, r: -1 };
  const inside = (p: [number, number]) => Math.hypot(p[0] - c.x, p[1] - c.y) <= c.r + 1e-9;
  const span = (p: [number, number], q: [number, number]) => ({
    x: (p[0] + q[0]) / 2,
    y: (p[1] + q[1]) / 2,
    r: Math.hypot(p[0] - q[0], p[1] - q[1]) / 2,
  });
  const through = (a: [number, number], b: [number, number], d: [number, number]) => {
    const det = 2 * (a[0] * (b[1] - d[1]) + b[0] * (d[1] - a[1]) + d[0] * (a[1] - b[1]));
    if (Math.abs(det) < 1e-12) return c;
    const [a2, b2, d2] = [a[0] ** 2 + a[1] ** 2, b[0] ** 2 + b[1] ** 2, d[0] ** 2 + d[1] ** 2];
    const x = (a2 * (b[1] - d[1]) + b2 * (d[1] - a[1]) + d2 * (a[1] - b[1])) / det;
    const y = (a2 * (d[0] - b[0]) + b2 * (a[0] - d[0]) + d2 * (b[0] - a[0])) / det;
    return { x, y, r: Math.hypot(a[0] - x, a[1] - y) };
  };
  for (let i = 0; i < points.length; i++) {
    if (c.r >= 0 && inside(points[i]!)) continue;
    c = { x: points[i]![0], y: points[i]![1], r: 0 };
    for (let j = 0; j < i; j++) {
      if (inside(points[j]!)) continue;
      c = span(points[i]!, points[j]!);
      for (let k = 0; k < j; k++) if (!inside(points[k]!)) c = through(points[i]!, points[j]!, points[k]!);
    }
  }
  return Math.max(0, c.r);
}
