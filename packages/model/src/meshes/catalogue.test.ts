import { describe, expect, it } from 'vitest';
import { MAX_MESH_VERTICES, meshShapeSchema, type MeshShape } from './mesh.js';
import { MESH_SHAPES, meshCatalogue } from './catalogue.js';

/** Six times the signed volume: positive when every face turns counter-clockwise seen from outside. */
function signedVolume6({ vertices, faces }: MeshShape): number {
  let sum = 0;
  for (const [a, b, c] of faces) {
    const [ax, ay, az] = vertices[a]!;
    const [bx, by, bz] = vertices[b]!;
    const [cx, cy, cz] = vertices[c]!;
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum;
}

/** Directed edges that do not have exactly one partner running the other way (holes, flipped faces). */
function unpairedEdges({ faces }: MeshShape): string[] {
  const count = new Map<string, number>();
  for (const [a, b, c] of faces)
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      count.set(`${p}>${q}`, (count.get(`${p}>${q}`) ?? 0) + 1);
  return [...count].filter(([edge, n]) => n !== 1 || count.get(edge.split('>').reverse().join('>')) !== 1).map(([edge]) => edge);
}

describe('the mesh catalogue', () => {
  const { shapes } = meshCatalogue();

  it('has every shape, each valid, with 16-bit face indices into its own vertices', () => {
    expect(Object.keys(shapes).sort()).toEqual([...MESH_SHAPES].sort());
    for (const shape of Object.values(shapes)) {
      expect(meshShapeSchema.safeParse(shape).success).toBe(true);
      expect(shape.vertices.length).toBeLessThanOrEqual(MAX_MESH_VERTICES);
      for (const face of shape.faces) for (const index of face) expect(index).toBeLessThan(shape.vertices.length);
    }
  });

  it.each([...MESH_SHAPES])('%s is closed and turned outwards', (name) => {
    const shape = shapes[name]!;
    expect(unpairedEdges(shape)).toEqual([]);
    expect(signedVolume6(shape)).toBeGreaterThan(0);
  });

  it('has unit solids for scaled objects and fire units of a realistic size at their mounting point', () => {
    expect(signedVolume6(shapes.Box!) / 6).toBeCloseTo(1, 6);
    expect(signedVolume6(shapes.Cylinder!) / 6).toBeCloseTo(Math.PI * 0.25, 1);
    const zs = shapes.SmokeDetector!.vertices.map(([, , z]) => z);
    expect(Math.max(...zs)).toBe(0);
    expect(Math.min(...zs)).toBeGreaterThan(-0.1);
  });
});
