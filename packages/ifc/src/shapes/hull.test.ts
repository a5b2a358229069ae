import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hullPolygon, planHull, simplifyConvex } from './hull.js';

const cross = (ax: number, ay: number, bx: number, by: number, px: number, py: number) => (bx - ax) * (py - ay) - (by - ay) * (px - ax);

describe('planHull', () => {
  it('gives a counter-clockwise hull of input points with every point inside or on it', () => {
    const point = fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 300 }), (points) => {
        const xy = Float64Array.from(points.flatMap(([x, y]) => [x / 4, y / 4]));
        const hull = planHull(xy);
        const k = hull.length / 2;
        const distinct = new Set(points.map((p) => p.join())).size;
        if (distinct < 3) return;
        for (let e = 0; e < k; e++) {
          const corner = `${hull[e * 2]! * 4},${hull[e * 2 + 1]! * 4}`;
          expect(points.some((p) => p.join() === corner)).toBe(true);
        }
        for (let i = 0; i < points.length; i++) {
          for (let e = 0; e < k; e++) {
            const [ax, ay, bx, by] = [hull[e * 2]!, hull[e * 2 + 1]!, hull[((e + 1) % k) * 2]!, hull[((e + 1) % k) * 2 + 1]!];
            expect(cross(ax, ay, bx, by, xy[i * 2]!, xy[i * 2 + 1]!)).toBeGreaterThanOrEqual(-1e-9);
          }
        }
      }),
    );
  });

  it('keeps a corner whose sides jitter in the last bits, as placed points do', () => {
    // A door's edge after a rotation: x = -4.7 give or take 1e-15 along a side 0.9 m long (House.ifc).
    const corners6 = [
      [-4.6999999999999984, -2.0999999999999996],
      [-4.7499999999998694, -2.0999999999999996],
      [-4.7499999999998934, -2.9999999999999982],
      [-4.6999999999999984, -2.9999999999999996],
      [-4.6999999999999975, -2.9499999999999997],
      [-4.6999999999999975, -2.1499999999999995],
    ];
    // Each twice, as the bottom and the top of the door give them.
    const xy = Float64Array.from(corners6.flatMap((p) => [...p, ...p]));
    const hull = planHull(xy);
    const corners = Array.from({ length: hull.length / 2 }, (_, i) => [hull[i * 2], hull[i * 2 + 1]]);
    expect(corners).toContainEqual(corners6[0]);
    expect(hullPolygon(xy)!.exterior).toEqual([
      [-4.75, -3],
      [-4.7, -3],
      [-4.7, -2.1],
      [-4.75, -2.1],
    ]);
  });

  it('keeps the four corners of a dense square and nothing inside', () => {
    const xy: number[] = [];
    for (let x = 0; x <= 10; x++) for (let y = 0; y <= 10; y++) xy.push(x, y);
    expect(Array.from(planHull(Float64Array.from(xy)))).toEqual([0, 0, 10, 0, 10, 10, 0, 10]);
  });
});

describe('hullPolygon', () => {
  it('is undefined for points on a line, and a model polygon otherwise', () => {
    expect(hullPolygon(Float64Array.from([0, 0, 1, 1, 2, 2]))).toBeUndefined();
    expect(hullPolygon(Float64Array.from([0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2]))).toEqual({
      exterior: [
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
      ],
      interiors: [],
    });
  });
});

describe('simplifyConvex', () => {
  it('keeps a round outline within the tolerance with far fewer corners', () => {
    const circle = Array.from({ length: 400 }, (_, i): [number, number] => [
      Math.cos((i * 2 * Math.PI) / 400),
      Math.sin((i * 2 * Math.PI) / 400),
    ]);
    const simple = simplifyConvex(circle, 0.005);
    expect(simple.length).toBeLessThan(60);
    expect(simple.length).toBeGreaterThan(8);
    // Every dropped point is within the tolerance of the simplified outline (it is convex, so: of its nearest edge).
    for (const [x, y] of circle) {
      const distance = Math.min(
        ...simple.map(([ax, ay], i) => {
          const [bx, by] = simple[(i + 1) % simple.length]!;
          const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
          return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay));
        }),
      );
      expect(distance).toBeLessThanOrEqual(0.0101);
    }
  });

  it('leaves a square alone', () => {
    const square: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    expect(simplifyConvex(square, 0.005)).toEqual(square);
  });
});
