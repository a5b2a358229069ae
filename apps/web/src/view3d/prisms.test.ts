import { describe, expect, it } from 'vitest';
import { PrismBatch } from './prisms';

/** The volume of a closed triangle mesh (divergence theorem), from a position array of triangles. */
function volume(positions: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < positions.length; i += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from({ length: 9 }, (_, k) => positions[i + k]!) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum / 6;
}

const square = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('prisms from plan polygons', () => {
  it('extrudes a polygon with a hole into a closed solid of its area times its height', () => {
    const batch = new PrismBatch();
    // 10 × 10 with a 4 × 4 hole, 3 high: 84 m² × 3 m.
    batch.addPrism({ exterior: square(0, 0, 10, 10), interiors: [square(3, 3, 7, 7)] }, 1, 4);
    const geometry = batch.toGeometry();
    const positions = geometry.getAttribute('position').array;
    expect(volume(positions)).toBeCloseTo(84 * 3, 6);
    // Caps: 8 triangles each (ring of 4 + hole of 4); sides: 8 edges × 2.
    expect(positions.length / 9).toBe(8 * 2 + 8 * 2);
    expect(geometry.boundingBox!.min.toArray()).toEqual([0, 0, 1]);
    expect(geometry.boundingBox!.max.toArray()).toEqual([10, 10, 4]);
  });

  it('faces outward whatever the orientation of the rings it is given', () => {
    const batch = new PrismBatch();
    // Clockwise exterior and counter-clockwise hole: the opposite of the usual orientation.
    batch.addPrism({ exterior: square(0, 0, 10, 10).reverse(), interiors: [square(3, 3, 7, 7)] }, 0, 2);
    expect(volume(batch.toGeometry().getAttribute('position').array)).toBeCloseTo(84 * 2, 6);
  });

  it('has no point inside the hole', () => {
    const batch = new PrismBatch();
    batch.addPrism({ exterior: square(0, 0, 10, 10), interiors: [square(3, 3, 7, 7)] }, 0, 1);
    const p = batch.toGeometry().getAttribute('position').array;
    for (let i = 0; i < p.length; i += 3) expect(p[i]! > 3 && p[i]! < 7 && p[i + 1]! > 3 && p[i + 1]! < 7).toBe(false);
  });

  it('puts every prism of a layer into one geometry, with normals and colours per vertex', () => {
    const batch = new PrismBatch({ colors: true });
    batch.addPrism({ exterior: square(0, 0, 1, 1), interiors: [] }, 0, 1, [1, 0, 0]);
    batch.addPrism({ exterior: square(5, 0, 6, 2), interiors: [] }, 0, 2, [0, 0, 1]);
    expect(batch.count).toBe(2);
    const geometry = batch.toGeometry();
    expect(volume(geometry.getAttribute('position').array)).toBeCloseTo(1 + 4, 6);
    expect(geometry.getAttribute('normal').count).toBe(geometry.getAttribute('position').count);
    expect(geometry.getAttribute('color').count).toBe(geometry.getAttribute('position').count);
  });

  it('leaves out a degenerate polygon and skips a repeated closing point', () => {
    const batch = new PrismBatch();
    batch.addPrism(
      {
        exterior: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        interiors: [],
      },
      0,
      1,
    );
    expect(batch.count).toBe(0);
    batch.addPrism({ exterior: [...square(0, 0, 2, 2), [0, 0]], interiors: [] }, 0, 1);
    expect(volume(batch.toGeometry().getAttribute('position').array)).toBeCloseTo(4, 6);
  });
});
