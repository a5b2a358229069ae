/** Each clean option on small hand-made storeys. */
import { beforeAll, describe, expect, test } from 'vitest';
import { validateModel, type Model } from '@edrf/model';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { pointInPolygon, polygonArea } from '../measure.js';
import { rect } from '../test-shapes.js';
import { cleanArch, cleanArchWith } from './clean-arch.js';
import { cleanSettingsSchema, defaultCleanSettings, type CleanSettings } from './settings.js';
import { roomPolygon, totalArea } from './storey-items.js';
import { TestModel } from './test-model.js';

let ops: PolygonOps;
beforeAll(async () => {
  ops = await loadPolygonOps();
});

const NONE: CleanSettings = {
  clean_room_overlap: false,
  synthesize_rooms: false,
  remove_roomless_storeys: false,
  remove_low_walls: false,
  merge_adjacent_rooms: false,
  identify_room_types: false,
};
const only = (option: keyof CleanSettings): CleanSettings => ({ ...NONE, [option]: true });

/** Cleans and checks that the answer is a valid model. */
function clean(model: Model, settings: CleanSettings): Model {
  const out = cleanArchWith(model, settings, ops);
  const check = validateModel(out);
  expect(check.ok ? '' : `${check.path}: ${check.message}`).toBe('');
  return out;
}

const rooms = (model: Model, storey = 's1') => model.arch.storeys[storey]!.rooms.map((id) => model.arch.rooms[id]!);

describe('settings', () => {
  test('five options are on by default and room type identification is off (P§9)', () => {
    expect(defaultCleanSettings()).toEqual({ ...Object.fromEntries(Object.keys(NONE).map((k) => [k, true])), identify_room_types: false });
  });
  test('an unknown option is refused', () => {
    expect(cleanSettingsSchema.safeParse({ clean_rooms: true }).success).toBe(false);
  });
  test('with every option off the model comes back as it was, and the input is never changed', async () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(2, 2, 4, 4))
      .storey('s2');
    const before = structuredClone(t.model);
    expect(clean(t.model, NONE)).toEqual(before);
    await cleanArch(t.model, {});
    expect(t.model).toEqual(before);
  });
});

describe('remove low walls', () => {
  const build = () =>
    new TestModel()
      .storey('s1', 0, 3)
      .room('s1', 'r', rect(0, 0, 5, 5))
      .wall('s1', 'parapet', rect(0, -0.2, 5, 0.2), 0, 1.1)
      .wall('s1', 'just-low', rect(0, 5, 5, 0.2), 0, 1.79)
      .wall('s1', 'full', rect(-0.2, 0, 0.2, 5), 0, 3)
      .wall('s1', 'exactly', rect(5, 0, 0.2, 5), 0, 1.8)
      .storey('s2', 3, 6)
      .room('s2', 'r2', rect(0, 0, 5, 5))
      .wall('s2', 'upper-low', rect(0, 0, 1, 0.2), 3, 4.7);
  test('walls whose top is less than 1.8 m above their storey floor go; 1.8 m and higher stay', () => {
    const out = clean(build().model, only('remove_low_walls'));
    expect(Object.keys(out.arch.walls).sort()).toEqual(['exactly', 'full']);
    expect(out.arch.storeys.s1!.walls).toEqual(['full', 'exactly']);
    expect(out.arch.storeys.s2!.walls).toEqual([]);
  });
  test('doors lose the removed wall and openings in it are deleted (the model cascade)', () => {
    const t = build();
    t.model.arch.doors.d = {
      id: 'd',
      global_id: '',
      name: '',
      exterior: false,
      op_type: 'Other',
      left: [1, 0, 0],
      right: [2, 0, 0],
      walls: ['parapet', 'full'],
    };
    t.model.arch.storeys.s1!.doors.push('d');
    t.model.arch.wall_openings.o = {
      id: 'o',
      global_id: '',
      wall_id: 'parapet',
      shape: { exterior: rect(1, -0.2, 1, 0.2), interiors: [] },
      min_z: 0,
      max_z: 1,
    };
    t.model.arch.storeys.s1!.wall_openings.push('o');
    const out = clean(t.model, only('remove_low_walls'));
    expect(out.arch.doors.d!.walls).toEqual(['full']);
    expect(out.arch.wall_openings.o).toBeUndefined();
    expect(out.arch.storeys.s1!.wall_openings).toEqual([]);
  });
  test('off, every wall stays', () => {
    expect(Object.keys(clean(build().model, NONE).arch.walls)).toHaveLength(5);
  });
});

describe('clean room overlap', () => {
  test('two overlapping rooms no longer overlap and still cover what they covered together', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(3, 0, 4, 4));
    const out = clean(t.model, only('clean_room_overlap'));
    const [a, b] = rooms(out).map(roomPolygon);
    expect(totalArea(ops.intersection([a!], [b!]))).toBeLessThan(1e-6);
    expect(polygonArea(a!) + polygonArea(b!)).toBeCloseTo(28, 5);
  });
  test('a small room inside a large one stays whole; the large one gets a hole', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'hall', rect(0, 0, 10, 10))
      .room('s1', 'shaft', rect(4, 4, 1, 1));
    const out = clean(t.model, only('clean_room_overlap'));
    expect(polygonArea(roomPolygon(out.arch.rooms.shaft!))).toBeCloseTo(1);
    expect(out.arch.rooms.hall!.shape.interiors).toHaveLength(1);
    expect(polygonArea(roomPolygon(out.arch.rooms.hall!))).toBeCloseTo(99);
    expect(pointInPolygon([4.5, 4.5], roomPolygon(out.arch.rooms.hall!), 0)).toBe(false);
  });
  test('a room from the file wins over a synthetic one of any size', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'file', rect(0, 0, 4, 4))
      .room('s1', 'synth', rect(2, 0, 1, 1), { synthetic: true });
    const out = clean(t.model, only('clean_room_overlap'));
    expect(polygonArea(roomPolygon(out.arch.rooms.file!))).toBeCloseTo(16);
    expect(out.arch.rooms.synth).toBeUndefined();
  });
  test('a room cut in two keeps its larger piece; the other becomes a room of the same name and type', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'corridor', rect(0, 4, 10, 1))
      .room('s1', 'office', rect(2, 0, 3, 10), { name: 'Kontor', type: 'Workshop' });
    const out = clean(t.model, only('clean_room_overlap'));
    const offices = rooms(out).filter((r) => r.name === 'Kontor');
    expect(offices).toHaveLength(2);
    expect(offices.every((r) => r.type === 'Workshop')).toBe(true);
    const areas = offices.map((r) => polygonArea(roomPolygon(r))).sort((a, b) => a - b);
    expect(areas[0]).toBeCloseTo(12, 5);
    expect(areas[1]).toBeCloseTo(15, 5);
    expect(out.arch.rooms.office!.shape.exterior.every(([, y]) => y >= 5 - 1e-9)).toBe(true);
  });
  test('a room that another covers entirely is removed, with what refers to it', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'copy', rect(0, 0, 4, 4));
    const out = clean(t.model, only('clean_room_overlap'));
    expect(rooms(out)).toHaveLength(1);
    expect(Object.keys(out.arch.rooms)).toEqual(out.arch.storeys.s1!.rooms);
  });
  test('rooms that only share an edge are left as they are', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(4, 0, 4, 4));
    expect(clean(t.model, only('clean_room_overlap'))).toEqual(t.model);
  });
});

describe('merge adjacent rooms', () => {
  const pair = () =>
    new TestModel()
      .storey('s1')
      .room('s1', 'living', rect(0, 0, 5, 4))
      .room('s1', 'kitchen', rect(5, 0, 3, 4), { name: 'Kök', type: 'Kitchen' });
  test('rooms touching along a boundary with no wall become one room of their combined area', () => {
    const out = clean(pair().model, only('merge_adjacent_rooms'));
    expect(rooms(out).map((r) => r.id)).toEqual(['living']);
    expect(polygonArea(roomPolygon(out.arch.rooms.living!))).toBeCloseTo(32);
    expect(out.arch.rooms.living!.shape.exterior).toHaveLength(4);
  });
  test('the merged room keeps the larger room and takes the type of a typed neighbour (an open-plan kitchen)', () => {
    const out = clean(pair().model, only('merge_adjacent_rooms'));
    expect(out.arch.rooms.living!.name).toBe('living');
    expect(out.arch.rooms.living!.type).toBe('Kitchen');
  });
  test('a wall along the whole common boundary keeps them apart; a 1 m wall-free stretch merges them, 0.3 m does not', () => {
    const walled = pair().wall('s1', 'w', rect(4.95, 0, 0.1, 4));
    expect(rooms(clean(walled.model, only('merge_adjacent_rooms')))).toHaveLength(2);
    const doorway = pair().wall('s1', 'w', rect(4.95, 0, 0.1, 3));
    expect(rooms(clean(doorway.model, only('merge_adjacent_rooms')))).toHaveLength(1);
    const crack = pair().wall('s1', 'w', rect(4.95, 0, 0.1, 3.7));
    expect(rooms(clean(crack.model, only('merge_adjacent_rooms')))).toHaveLength(2);
  });
  test('a beam over the boundary is no wall', () => {
    const beam = pair().wall('s1', 'beam', rect(4.9, 0, 0.2, 4), 2.4, 3);
    expect(rooms(clean(beam.model, only('merge_adjacent_rooms')))).toHaveLength(1);
  });
  test('rooms 2 cm apart touch and merge into one polygon; rooms 20 cm apart do not', () => {
    const near = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(4.02, 0, 4, 4));
    const merged = rooms(clean(near.model, only('merge_adjacent_rooms')));
    expect(merged).toHaveLength(1);
    expect(polygonArea(roomPolygon(merged[0]!))).toBeGreaterThanOrEqual(32);
    const far = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(4.2, 0, 4, 4));
    expect(rooms(clean(far.model, only('merge_adjacent_rooms')))).toHaveLength(2);
  });
  test('rooms touching at a corner only stay apart; chains merge into one', () => {
    const corner = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 4, 4))
      .room('s1', 'b', rect(4, 4, 4, 4));
    expect(rooms(clean(corner.model, only('merge_adjacent_rooms')))).toHaveLength(2);
    const chain = new TestModel()
      .storey('s1')
      .room('s1', 'a', rect(0, 0, 2, 4))
      .room('s1', 'b', rect(2, 0, 2, 4))
      .room('s1', 'c', rect(4, 0, 3, 4));
    const out = rooms(clean(chain.model, only('merge_adjacent_rooms')));
    expect(out.map((r) => r.id)).toEqual(['c']);
    expect(polygonArea(roomPolygon(out[0]!))).toBeCloseTo(28);
  });
});

describe('synthesize rooms', () => {
  test('a region enclosed by walls with no room becomes a synthetic New Room of type Other', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'r', rect(10, 0, 4, 4))
      .box('s1', 'b', 0, 0, 3, 2);
    const out = clean(t.model, only('synthesize_rooms'));
    const made = rooms(out).filter((r) => r.synthetic);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ name: 'New Room', type: 'Other', synthetic: true });
    expect(polygonArea(roomPolygon(made[0]!))).toBeCloseTo(6, 3);
    expect(made[0]!.shape.below.every((p) => p[2] === 0)).toBe(true);
    expect(made[0]!.shape.above.every((p) => p[2] === 3)).toBe(true);
  });
  test('a region a room covers gets nothing; the half a room leaves of a walled region becomes a room', () => {
    const covered = new TestModel()
      .storey('s1')
      .box('s1', 'b', 0, 0, 4, 4)
      .room('s1', 'r', rect(0, 0, 4, 4));
    expect(rooms(clean(covered.model, only('synthesize_rooms')))).toHaveLength(1);
    const half = new TestModel()
      .storey('s1')
      .box('s1', 'b', 0, 0, 4, 4)
      .room('s1', 'r', rect(0, 0, 2, 4));
    const made = rooms(clean(half.model, only('synthesize_rooms'))).filter((r) => r.synthetic);
    expect(made.map((r) => polygonArea(roomPolygon(r)))).toEqual([expect.closeTo(8, 3)]);
  });
  test('strips a room leaves along its walls are not rooms', () => {
    const t = new TestModel()
      .storey('s1')
      .box('s1', 'b', 0, 0, 4, 4)
      .room('s1', 'r', rect(0.1, 0.1, 3.8, 3.8));
    expect(rooms(clean(t.model, only('synthesize_rooms')))).toHaveLength(1);
  });
  test('walls whose ends miss each other by 5 cm still enclose; a 1 m gap does not', () => {
    const gap = (g: number) =>
      new TestModel()
        .storey('s1')
        .wall('s1', 's', rect(0, -0.2, 4, 0.2))
        .wall('s1', 'n', rect(0, 4, 4, 0.2))
        .wall('s1', 'w', rect(-0.2, -0.2, 0.2, 4.4))
        .wall('s1', 'e', rect(4 + g, -0.2, 0.2, 4.4));
    expect(rooms(clean(gap(0.05).model, only('synthesize_rooms')))).toHaveLength(1);
    expect(rooms(clean(gap(1).model, only('synthesize_rooms')))).toHaveLength(0);
  });
  test('low walls and beams do not enclose', () => {
    const low = new TestModel().storey('s1');
    low.box('s1', 'b', 0, 0, 3, 3);
    for (const wall of Object.values(low.model.arch.walls)) for (const p of wall.shape.above) p[2] = 1.2;
    expect(rooms(clean(low.model, only('synthesize_rooms')))).toHaveLength(0);
  });
  test('a tiny enclosed pocket (a shaft of 0.6 m²) becomes a room; a 0.3 m² one does not', () => {
    expect(rooms(clean(new TestModel().storey('s1').box('s1', 'b', 0, 0, 1, 0.6).model, only('synthesize_rooms')))).toHaveLength(1);
    expect(rooms(clean(new TestModel().storey('s1').box('s1', 'b', 0, 0, 1, 0.3).model, only('synthesize_rooms')))).toHaveLength(0);
  });
});

describe('remove roomless storeys', () => {
  test('a storey without rooms goes with everything on it; storeys with rooms stay', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'r', rect(0, 0, 4, 4))
      .storey('empty', 3, 6)
      .wall('empty', 'w', rect(0, 0, 4, 0.2), 3, 6);
    t.model.arch.buildings.b = { id: 'b', global_id: '', name: 'B', storeys: ['s1', 'empty'] };
    const out = clean(t.model, only('remove_roomless_storeys'));
    expect(Object.keys(out.arch.storeys)).toEqual(['s1']);
    expect(out.arch.walls).toEqual({});
    expect(out.arch.buildings.b!.storeys).toEqual(['s1']);
  });
  test('a storey that gets a synthesized room is not roomless', () => {
    const t = new TestModel().storey('s1').box('s1', 'b', 0, 0, 3, 3);
    const out = clean(t.model, { ...NONE, synthesize_rooms: true, remove_roomless_storeys: true });
    expect(Object.keys(out.arch.storeys)).toEqual(['s1']);
  });
});

describe('room type identification', () => {
  const build = () =>
    new TestModel()
      .storey('s1')
      .room('s1', 'kok', rect(0, 0, 3, 3), { name: 'Kök 2' })
      .room('s1', 'bad', rect(4, 0, 3, 3), { name: 'Badezimmer' })
      .room('s1', 'bed', rect(8, 0, 3, 3), { name: 'Master bedroom' })
      .room('s1', 'mine', rect(12, 0, 3, 3), { name: 'Kitchen', type: 'Workshop' })
      .room('s1', 'hall', rect(0, 4, 4, 3), { name: 'Hall' })
      .room('s1', 'duct', rect(5, 4, 0.5, 0.5), { name: '' });
  test('off by default: no type changes', async () => {
    const out = await cleanArch(build().model);
    expect(out.arch.rooms.kok!.type).toBe('Other');
  });
  test('rooms of type Other get the type their name (Swedish, German, English) or their shape says; set types stay', () => {
    const t = build();
    t.model.arch.stairs.st = { id: 'st', global_id: '', shape: { exterior: rect(0.5, 4.2, 1, 2.5), interiors: [] }, min_z: 0, max_z: 3 };
    t.model.arch.storeys.s1!.stairs.push('st');
    const out = clean(t.model, only('identify_room_types'));
    const type = (id: string) => out.arch.rooms[id]!.type;
    expect([type('kok'), type('bad'), type('bed'), type('mine'), type('hall'), type('duct')]).toEqual([
      'Kitchen',
      'Bathroom',
      'SleepingRoom',
      'Workshop',
      'Stairwell',
      'Shaft',
    ]);
  });
});

describe('odd shapes', () => {
  test('a bow-tie room, a room of repeated points and a flat room come through every option as a valid model', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'bowtie', [
        [0, 0],
        [4, 4],
        [4, 0],
        [0, 4],
      ])
      .room('s1', 'repeated', [
        [10, 0],
        [10, 0],
        [14, 0],
        [14, 3],
        [14, 3],
        [10, 3],
      ])
      .room('s1', 'flat', [
        [20, 0],
        [22, 0],
        [24, 0],
      ])
      .box('s1', 'b', 30, 0, 3, 3);
    const out = clean(t.model, { ...defaultCleanSettings(), identify_room_types: true });
    expect(Object.keys(out.arch.storeys)).toEqual(['s1']);
    expect(polygonArea(roomPolygon(out.arch.rooms.repeated!))).toBeCloseTo(12);
    expect(rooms(out).filter((r) => r.synthetic)).toHaveLength(1);
  });
});
