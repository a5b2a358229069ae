import { describe, expect, it } from 'vitest';
import { Matrix4, Vector3 } from 'three';
import { meshCatalogue } from '@edrf/model';
import { parseCatalogue, shapeGeometry } from './catalogue';
import { fitToBox, groupInstances, shapeBounds } from './instances';

describe('the mesh catalogue as geometry', () => {
  const catalogue = parseCatalogue(JSON.parse(JSON.stringify(meshCatalogue())));

  it('reads the served JSON and turns each shape’s faces into unsigned 16-bit indices', () => {
    for (const [name, shape] of Object.entries(catalogue.shapes)) {
      const geometry = shapeGeometry(shape);
      expect(geometry.index?.array, name).toBeInstanceOf(Uint16Array);
      expect(Array.from(geometry.index!.array)).toEqual(shape.faces.flat());
      expect(geometry.getAttribute('position').count).toBe(shape.vertices.length);
    }
  });

  it('refuses a catalogue without a shapes map, and a face naming a missing vertex', () => {
    expect(() => parseCatalogue({ meshes: {} })).toThrow(/no shapes map/);
    expect(() =>
      shapeGeometry({
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
        faces: [[0, 1, 3]],
      }),
    ).toThrow(/vertex 3 of 3/);
  });

  it('scales the unit Box onto an object’s bounding box', () => {
    const m = fitToBox(shapeBounds(catalogue, 'Box'), [2, 3, 1], [4, 7, 1.5]);
    expect(new Vector3(0, 0, 0).applyMatrix4(m).toArray()).toEqual([2, 3, 1]);
    expect(new Vector3(1, 1, 1).applyMatrix4(m).toArray()).toEqual([4, 7, 1.5]);
  });
});

describe('instancing (P§5)', () => {
  it('groups instances by shape', () => {
    const groups = groupInstances(
      ['a', 'b', 'c'],
      ['Box', 'Rack', 'Box'],
      [new Matrix4(), new Matrix4(), new Matrix4().makeTranslation(1, 2, 3)],
    );
    expect(groups.map((g) => [g.shape, g.ids])).toEqual([
      ['Box', ['a', 'c']],
      ['Rack', ['b']],
    ]);
    expect(Array.from(groups[0]!.matrices.slice(28, 31))).toEqual([1, 2, 3]);
  });

  it('raises an internal error when ids, shapes and placements differ in length', () => {
    expect(() => groupInstances(['a', 'b'], ['Box'], [new Matrix4(), new Matrix4()])).toThrow(/Internal error/);
  });

  it('carries per-instance colours with their instances; F§8: colours of another length are an internal error', () => {
    const m = () => new Matrix4();
    const groups = groupInstances(
      ['a', 'b', 'c'],
      ['Box', 'Rack', 'Box'],
      [m(), m(), m()],
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    );
    expect(groups.map((g) => Array.from(g.colors!))).toEqual([
      [1, 0, 0, 0, 0, 1],
      [0, 1, 0],
    ]);
    expect(() => groupInstances(['a', 'b'], ['Box', 'Box'], [m(), m()], [[1, 0, 0]])).toThrow(/Internal error/);
  });
});
