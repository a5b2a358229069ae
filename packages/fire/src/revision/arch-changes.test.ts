import { describe, expect, it } from 'vitest';
import type { Arch } from '@edrf/model';
import { makeArch, rect } from '../test-support/arch.js';
import { archChanges, designBasis, hasArchChanges } from './arch-changes.js';
import { roomFigures } from './room-figures.js';
import { BASIS_AT, edited, putRoom, removeRoom } from '../test-support/revision-edits.js';

// Two storeys: an office with a 2 × 2 m hole (a shaft through it), a store, a hall; a kitchen above.
const arch = makeArch([
  {
    id: 'S0',
    rooms: [
      { id: 'office', exterior: rect(0, 0, 10, 10), interiors: [rect(6, 6, 2, 2)], name: 'Office' },
      { id: 'store', exterior: rect(10, 0, 5, 10), name: 'Store' },
      { id: 'hall', exterior: rect(0, 10, 15, 5), name: 'Hall' },
    ],
  },
  { id: 'S1', rooms: [{ id: 'kitchen', exterior: rect(0, 0, 10, 10), type: 'Kitchen', name: 'Kitchen' }] },
]);
const basis = designBasis(arch, BASIS_AT);
const moveRoom = (id: string, dx: number, dy: number) => (draft: typeof arch) => {
  const shape = draft.rooms[id]!.shape;
  shape.exterior = shape.exterior.map(([x, y]) => [x + dx, y + dy]);
  shape.interiors = shape.interiors.map((ring) => ring.map(([x, y]): [number, number] => [x + dx, y + dy]));
};
/** The store stretched east so that its area grows by `share`. */
const stretchStore = (share: number) => (draft: typeof arch) => {
  draft.rooms.store!.shape.exterior = rect(10, 0, 5 * (1 + share), 10);
};

describe('designBasis', () => {
  it('records each room with its storey, type, name, and the area and centroid of its outline less its holes', () => {
    expect(basis.at).toBe(BASIS_AT);
    // 100 − 4 m²; the centroid pulled away from the hole at (7, 7): (50·100 − 7·4) / 96.
    expect(basis.rooms.office).toEqual({
      storey_id: 'S0',
      type: 'Other',
      name: 'Office',
      area: 96,
      centroid: [(500 - 28) / 96, (500 - 28) / 96],
      box: [0, 0, 10, 10],
    });
    expect(basis.rooms.kitchen).toMatchObject({ storey_id: 'S1', type: 'Kitchen', area: 100, centroid: [5, 5] });
    expect(Object.keys(basis.rooms).sort()).toEqual(['hall', 'kitchen', 'office', 'store']);
    expect(basis.units).toBeUndefined();
  });

  it('the same whichever way the outline winds', () => {
    const reversed = edited(arch, (draft) => {
      draft.rooms.office!.shape.exterior.reverse();
    });
    expect(designBasis(reversed, BASIS_AT).rooms.office).toEqual(basis.rooms.office);
  });

  it('records the room each unit stands in, and not a unit outside every room', () => {
    const units = {
      detectors: {
        d1: { id: 'd1', storey_id: 'S0', coord: [2, 2, 2.9] as [number, number, number], product_id: '', hidden: false },
        // In the office's hole: no room holds it.
        d2: { id: 'd2', storey_id: 'S0', coord: [7, 7, 2.9] as [number, number, number], product_id: '', hidden: false },
        d3: { id: 'd3', storey_id: 'S1', coord: [2, 2, 5.9] as [number, number, number], product_id: '', hidden: false },
      },
    };
    expect(designBasis(arch, BASIS_AT, units).units).toEqual({
      d1: { room_id: 'office', at: [2, 2] },
      d3: { room_id: 'kitchen', at: [2, 2] },
    });
  });

  it('gives a room whose outline is not a number nothing but zeros, which the model accepts', () => {
    const bad = edited(arch, (draft) => {
      draft.rooms.store!.shape.exterior[1] = [Number.NaN, 0];
    });
    expect(roomFigures(bad.rooms.store!)).toEqual({ area: 0, centroid: [0, 0], box: [0, 0, 0, 0] });
  });
});

describe('archChanges', () => {
  it('finds nothing in the architecture the basis was taken of, nor after a rename', () => {
    expect(hasArchChanges(archChanges(basis, arch))).toBe(false);
    const renamed = edited(arch, (draft) => {
      draft.rooms.office!.name = 'Board room';
    });
    expect(archChanges(basis, renamed)).toEqual({
      added: [],
      removed: [],
      reshaped: [],
      retyped: [],
      walls: { added: [], removed: [], moved: [] },
    });
  });

  it('lists the rooms added, removed (with the box it stood in), reshaped and re-typed, by id with name and storey', () => {
    const next = edited(arch, (draft) => {
      removeRoom(draft, 'store');
      putRoom(draft, 'S1', { id: 'lab', exterior: rect(10, 0, 5, 10), name: 'Lab' });
      draft.rooms.hall!.shape.exterior = rect(0, 10, 15, 6);
      draft.rooms.kitchen!.type = 'Workshop';
      draft.rooms.office!.type = 'ServerRoom';
      draft.rooms.office!.shape.exterior = rect(0, 0, 10, 11);
    });
    expect(archChanges(basis, next)).toEqual({
      added: [{ id: 'lab', name: 'Lab', storey_id: 'S1' }],
      // A removed room keeps the box it stood in (rect(10, 0, 5, 10)): the drawings' revision cloud goes round it.
      removed: [{ id: 'store', name: 'Store', storey_id: 'S0', box: [10, 0, 15, 10] }],
      reshaped: [
        { id: 'hall', name: 'Hall', storey_id: 'S0' },
        { id: 'office', name: 'Office', storey_id: 'S0' },
      ],
      retyped: [
        { id: 'kitchen', name: 'Kitchen', storey_id: 'S1', from: 'Kitchen', to: 'Workshop' },
        { id: 'office', name: 'Office', storey_id: 'S0', from: 'Other', to: 'ServerRoom' },
      ],
      walls: { added: [], removed: [], moved: [] },
    });
  });

  it('counts a room reshaped when its area changes by more than 1 %, not by less', () => {
    expect(archChanges(basis, edited(arch, stretchStore(0.009))).reshaped).toEqual([]);
    expect(archChanges(basis, edited(arch, stretchStore(0.011))).reshaped.map((r) => r.id)).toEqual(['store']);
    expect(archChanges(basis, edited(arch, stretchStore(-0.011))).reshaped.map((r) => r.id)).toEqual(['store']);
  });

  it('counts a hole: a new 2 × 2 m hole in the hall reshapes it', () => {
    const holed = edited(arch, (draft) => {
      draft.rooms.hall!.shape.interiors = [rect(1, 11, 2, 2)];
    });
    expect(archChanges(basis, holed).reshaped.map((r) => r.id)).toEqual(['hall']);
  });

  it('counts a room reshaped when it moves more than 5 cm, or to another storey', () => {
    expect(archChanges(basis, edited(arch, moveRoom('store', 0.04, 0))).reshaped).toEqual([]);
    expect(archChanges(basis, edited(arch, moveRoom('store', 0.03, 0.045))).reshaped.map((r) => r.id)).toEqual(['store']);
    const lifted = edited(arch, (draft) => {
      draft.storeys.S0!.rooms = draft.storeys.S0!.rooms.filter((id) => id !== 'hall');
      draft.storeys.S1!.rooms.push('hall');
    });
    expect(archChanges(basis, lifted).reshaped).toEqual([{ id: 'hall', name: 'Hall', storey_id: 'S1' }]);
  });

  it('lists the walls added, removed and moved more than 5 cm, in rooms that stay the same', () => {
    const wall = (id: string, x: number): Arch['walls'][string] => ({
      id,
      global_id: '',
      type: 'Standard',
      shape: { exterior: rect(x, 0, 0.2, 10).map(([px, py]): [number, number, number] => [px, py, 0]), below: [], above: [] },
      fire_rating: '',
      enclosing_id: '',
    });
    const walled = edited(arch, (draft) => {
      for (const [id, x] of [
        ['w-a', 3],
        ['w-b', 5],
        ['w-c', 7],
      ] as const) {
        draft.walls[id] = wall(id, x);
        draft.storeys.S0!.walls.push(id);
      }
    });
    const withWalls = designBasis(walled, BASIS_AT);
    // Each wall's box and its long axis (north–south: 90°).
    expect(withWalls.walls).toEqual({ S0: { 'w-a': [3, 0, 3.2, 10, 90], 'w-b': [5, 0, 5.2, 10, 90], 'w-c': [7, 0, 7.2, 10, 90] } });
    const next = edited(walled, (draft) => {
      draft.walls['w-a'] = wall('w-a', 3.04); // 4 cm: where it stood
      draft.walls['w-b'] = wall('w-b', 5.5);
      delete draft.walls['w-c'];
      draft.storeys.S0!.walls = ['w-a', 'w-b', 'w-d'];
      draft.walls['w-d'] = wall('w-d', 1);
    });
    const changes = archChanges(withWalls, next);
    expect(changes).toMatchObject({ added: [], removed: [], reshaped: [], retyped: [] });
    expect(changes.walls).toEqual({
      added: [{ id: 'w-d', storey_id: 'S0' }],
      removed: [{ id: 'w-c', storey_id: 'S0' }],
      moved: [{ id: 'w-b', storey_id: 'S0' }],
    });
    expect(hasArchChanges(changes)).toBe(true);
    // A basis taken before walls were recorded tells nothing of them: no wall list, no notice for a wall alone.
    const old = { rooms: withWalls.rooms };
    expect(archChanges(old, next)).toEqual({ added: [], removed: [], reshaped: [], retyped: [] });
    expect(hasArchChanges(archChanges(old, next))).toBe(false);
  });

  it('tells a wall turned inside the box it had, and only by its box where the basis has no axis', () => {
    // A 20 cm wall along one diagonal of the 5 × 5 m square, then along the other: the same plan box.
    const diagonal = (id: string, corners: [number, number][]): Arch['walls'][string] => ({
      id,
      global_id: '',
      type: 'Standard',
      shape: { exterior: corners.map(([x, y]): [number, number, number] => [x, y, 0]), below: [], above: [] },
      fire_rating: '',
      enclosing_id: '',
    });
    const rising = diagonal('w-x', [
      [0, 0],
      [0.14, 0],
      [5, 4.86],
      [5, 5],
      [4.86, 5],
      [0, 0.14],
    ]);
    const falling = diagonal('w-x', [
      [0, 5],
      [0, 4.86],
      [4.86, 0],
      [5, 0],
      [5, 0.14],
      [0.14, 5],
    ]);
    const before = edited(arch, (draft) => {
      draft.walls['w-x'] = rising;
      draft.storeys.S0!.walls.push('w-x');
    });
    const turned = edited(before, (draft) => {
      draft.walls['w-x'] = falling;
    });
    const basisBefore = designBasis(before, BASIS_AT);
    expect(basisBefore.walls!.S0!['w-x']).toEqual([0, 0, 5, 5, 45]);
    expect(designBasis(turned, BASIS_AT).walls!.S0!['w-x']).toEqual([0, 0, 5, 5, 135]);
    expect(archChanges(basisBefore, turned).walls).toEqual({ added: [], removed: [], moved: [{ id: 'w-x', storey_id: 'S0' }] });
    expect(archChanges(basisBefore, before).walls).toEqual({ added: [], removed: [], moved: [] });
    // A basis of boxes alone (taken before axes were recorded) cannot tell the turn, and does not call the wall moved.
    const boxesOnly = { ...basisBefore, walls: { S0: { 'w-x': [0, 0, 5, 5] as [number, number, number, number] } } };
    expect(archChanges(boxesOnly, turned).walls!.moved).toEqual([]);
  });
});
