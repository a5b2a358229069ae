/** Each clean option on small hand-made storeys. */
import { beforeAll, describe, expect, test } from 'vitest';
import { validateModel, type Model } from '@edrf/model';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { pointInPolygon, polygonArea } from '../measure.js';
import { rect } from '../test-shapes.js';
import { cleanArch, cleanArchWith, cleanArchWithSummary } from './clean-arch.js';
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
      .room('s1', 'living', rect(0, 0, 5, 4), { name: 'Vardagsrum', globalId: 'GID-LIVING' })
      .room('s1', 'dining', rect(5, 0, 3, 4), { name: 'Matsal', globalId: 'GID-DINING' });
  test('rooms touching along a boundary with no wall become one room of their combined area', () => {
    const out = clean(pair().model, only('merge_adjacent_rooms'));
    expect(rooms(out).map((r) => r.id)).toEqual(['living']);
    expect(polygonArea(roomPolygon(out.arch.rooms.living!))).toBeCloseTo(32);
    expect(out.arch.rooms.living!.shape.exterior).toHaveLength(4);
  });
  test('the merged room keeps every part’s name (largest first) and the global ids of the spaces it came from', () => {
    const t = pair().room('s1', 'bar', rect(8, 0, 1, 4), { name: 'Bar', globalId: 'GID-BAR' });
    const out = clean(t.model, only('merge_adjacent_rooms'));
    expect(rooms(out)).toEqual([
      expect.objectContaining({
        id: 'living',
        global_id: 'GID-LIVING',
        name: 'Vardagsrum + Matsal + Bar',
        type: 'Other',
        merged_global_ids: ['GID-DINING', 'GID-BAR'],
      }),
    ]);
  });
  test('merging a merged room again keeps the global ids it already had; a name shared by parts is kept once', () => {
    const t = pair();
    t.model.arch.rooms.living!.merged_global_ids = ['GID-OLD'];
    t.room('s1', 'more', rect(0, 4, 8, 2), { name: 'Vardagsrum', globalId: 'GID-MORE' });
    const merged = rooms(clean(t.model, only('merge_adjacent_rooms')));
    expect(merged.map((r) => [r.name, r.global_id, r.merged_global_ids])).toEqual([
      ['Vardagsrum + Matsal', 'GID-LIVING', ['GID-OLD', 'GID-MORE', 'GID-DINING']],
    ]);
  });
  test('rooms of different types stay apart, even with no wall between them (a dining room next to a kitchen)', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'dining', rect(0, 0, 8, 6), { name: 'Dining Room A' })
      .room('s1', 'kitchen', rect(8, 0, 4, 6), { name: 'Kitchen', type: 'Kitchen' })
      .room('s1', 'scullery', rect(12, 0, 3, 6), { name: 'Scullery', type: 'Kitchen' })
      .room('s1', 'wc', rect(0, 6, 2, 2), { name: 'WC', type: 'Bathroom' });
    const out = clean(t.model, only('merge_adjacent_rooms'));
    expect(rooms(out).map((r) => [r.id, r.name, r.type, Math.round(polygonArea(roomPolygon(r)))])).toEqual([
      ['dining', 'Dining Room A', 'Other', 48],
      ['kitchen', 'Kitchen + Scullery', 'Kitchen', 42],
      ['wc', 'WC', 'Bathroom', 4],
    ]);
  });
  test('an untyped synthetic room joins a typed neighbour, but never joins two rooms of different types', () => {
    const joins = new TestModel()
      .storey('s1')
      .room('s1', 'bath', rect(0, 0, 3, 3), { name: 'Bad', type: 'Bathroom' })
      .room('s1', 'rest', rect(3, 0, 1, 3), { name: 'New Room', synthetic: true });
    expect(rooms(clean(joins.model, only('merge_adjacent_rooms'))).map((r) => [r.id, r.name, r.type, r.synthetic])).toEqual([
      ['bath', 'Bad', 'Bathroom', false],
    ]);
    const bridge = joins.room('s1', 'kitchen', rect(4, 0, 3, 3), { name: 'Kök', type: 'Kitchen' });
    const out = rooms(clean(bridge.model, only('merge_adjacent_rooms')));
    expect(out.map((r) => r.type).sort()).toEqual(['Bathroom', 'Kitchen']);
    expect(out.map((r) => r.name).sort()).toEqual(['Bad', 'Kök']);
  });
  test('with room type identification on, types are set first, so a kitchen named so stays apart', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'living', rect(0, 0, 5, 4), { name: 'Vardagsrum' })
      .room('s1', 'kok', rect(5, 0, 3, 4), { name: 'Kök' });
    const out = clean(t.model, { ...only('merge_adjacent_rooms'), identify_room_types: true });
    expect(rooms(out).map((r) => [r.name, r.type])).toEqual([
      ['Vardagsrum', 'Other'],
      ['Kök', 'Kitchen'],
    ]);
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

describe('synthesize rooms: only indoors (over the storey’s floor slab, under a slab or ceiling)', () => {
  /** A house: ground floor 0–3 m on a slab, a roof slab over it that the roof storey (3–6 m) stands on. */
  const house = () =>
    new TestModel()
      .storey('g', 0, 3)
      .box('g', 'house', 0, 0, 10, 4)
      .slab('g', 'floor', rect(-0.2, -0.2, 10.4, 4.4), -0.2, 0)
      .storey('roof', 3, 6)
      .slab('roof', 'roof-slab', rect(-0.2, -0.2, 10.4, 4.4), 2.8, 3);
  const synthesized = (model: Model, storey: string) => rooms(clean(model, only('synthesize_rooms')), storey).filter((r) => r.synthetic);

  test('walls on the floor slab under the roof slab enclose a room', () => {
    expect(synthesized(house().model, 'g').map((r) => polygonArea(roomPolygon(r)))).toEqual([expect.closeTo(40, 3)]);
  });
  test('nothing on a roof: walls standing on the roof slab with nothing above enclose no room', () => {
    const t = house();
    for (const wall of Object.values(t.model.arch.walls)) {
      const id = `roof-${wall.id}`;
      t.wall(
        'roof',
        id,
        wall.shape.exterior.map(([x, y]) => [x, y]),
        3,
        5,
      );
    }
    expect(synthesized(t.model, 'roof')).toEqual([]);
    // The same walls under a slab (a storey above) do enclose one.
    t.slab('roof', 'top', rect(-0.2, -0.2, 10.4, 4.4), 5.8, 6);
    expect(synthesized(t.model, 'roof').map((r) => polygonArea(roomPolygon(r)))).toEqual([expect.closeTo(40, 3)]);
  });
  test('nothing outside the floor slab: only the part of an enclosed region over the slab becomes a room', () => {
    const t = house();
    t.model.arch.slabs.floor!.shape.exterior = rect(-0.2, -0.2, 5.2, 4.4);
    const made = synthesized(t.model, 'g');
    expect(made).toHaveLength(1);
    // Over the slab (x ≤ 5) and its 0.1 m margin, nowhere else.
    expect(Math.max(...made[0]!.shape.exterior.map(([x]) => x))).toBeCloseTo(5.1, 6);
    expect(polygonArea(roomPolygon(made[0]!))).toBeCloseTo(5.1 * 4, 3);
  });
  test('nothing over a void: a storey whose floor slab covers part of it gets rooms only there', () => {
    const t = house()
      .box('roof', 'upper', 0, 0, 10, 4)
      .slab('roof', 'top', rect(-0.2, -0.2, 10.4, 4.4), 5.8, 6);
    t.model.arch.slabs['roof-slab']!.shape.exterior = rect(-0.2, -0.2, 3.2, 4.4);
    for (const p of Object.values(t.model.arch.walls).filter((w) => w.id.startsWith('upper')))
      for (const point of [...p.shape.exterior, ...p.shape.below]) point[2] = 3;
    for (const p of Object.values(t.model.arch.walls).filter((w) => w.id.startsWith('upper')))
      for (const point of p.shape.above) point[2] = 6;
    const made = synthesized(t.model, 'roof');
    expect(made.map((r) => Math.round(polygonArea(roomPolygon(r)) * 10) / 10)).toEqual([12.4]);
  });
  test('a ceiling covers as a slab does; a courtyard open to the sky gets no room', () => {
    const t = house();
    t.model.arch.slabs['roof-slab']!.shape.exterior = rect(-0.2, -0.2, 5.1, 4.4);
    t.box('g', 'yard', 12, 0, 4, 4).slab('g', 'yard-floor', rect(12, 0, 4, 4), -0.2, 0);
    t.ceiling('g', 'ceiling', rect(5, 0, 5, 4), 2.5);
    const made = synthesized(t.model, 'g');
    expect(made.map((r) => Math.round(polygonArea(roomPolygon(r))))).toEqual([40]);
  });
  test('a slab more than 0.5 m below the storey’s floor is no floor; a slab reaching less than 1.8 m above it is no cover', () => {
    const build = () =>
      new TestModel()
        .storey('g', 0, 3)
        .box('g', 'b', 0, 0, 4, 4)
        .slab('g', 'floor-elsewhere', rect(20, 0, 4, 4), -0.2, 0)
        .slab('g', 'roof-elsewhere', rect(20, 0, 4, 4), 2.8, 3);
    const onGround = build()
      .slab('g', 'ground', rect(-1, -1, 6, 6), -1.5, -0.51)
      .slab('g', 'roof', rect(-1, -1, 6, 6), 2.8, 3);
    expect(synthesized(onGround.model, 'g')).toEqual([]);
    const onFloor = build()
      .slab('g', 'ground', rect(-1, -1, 6, 6), -1.5, -0.49)
      .slab('g', 'roof', rect(-1, -1, 6, 6), 2.8, 3);
    expect(synthesized(onFloor.model, 'g')).toHaveLength(1);
    const underRamp = build()
      .slab('g', 'floor', rect(-1, -1, 6, 6), -0.2, 0)
      .slab('g', 'ramp', rect(-1, -1, 6, 6), 0, 1.79);
    expect(synthesized(underRamp.model, 'g')).toEqual([]);
    const underSlab = build()
      .slab('g', 'floor', rect(-1, -1, 6, 6), -0.2, 0)
      .slab('g', 'ramp', rect(-1, -1, 6, 6), 0, 1.8);
    expect(synthesized(underSlab.model, 'g')).toHaveLength(1);
  });
  test('a model with no roof or ceiling over any storey, and a storey with no floor slab, are limited by their walls alone', () => {
    const noRoof = new TestModel()
      .storey('g', 0, 3)
      .box('g', 'b', 0, 0, 4, 4)
      .slab('g', 'floor', rect(0, 0, 4, 4), -0.2, 0);
    expect(synthesized(noRoof.model, 'g')).toHaveLength(1);
    const noFloor = new TestModel()
      .storey('g', 0, 3)
      .box('g', 'b', 0, 0, 4, 4)
      .slab('g', 'roof', rect(-1, -1, 6, 6), 2.6, 4.5);
    expect(synthesized(noFloor.model, 'g')).toHaveLength(1);
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
  test('a room that only gets a type keeps its floor and ceiling points (a sloped ceiling stays sloped)', () => {
    const t = build();
    t.model.arch.rooms.kok!.shape.above = [
      [0, 0, 2.4],
      [3, 0, 2.4],
      [3, 3, 3.6],
      [0, 3, 3.6],
    ];
    const out = clean(t.model, defaultCleanSettings());
    expect(out.arch.rooms.kok!.shape).toEqual(t.model.arch.rooms.kok!.shape);
    const typed = clean(t.model, { ...defaultCleanSettings(), identify_room_types: true });
    expect(typed.arch.rooms.kok!.type).toBe('Kitchen');
    expect(typed.arch.rooms.kok!.shape).toEqual(t.model.arch.rooms.kok!.shape);
  });
});

describe('summary: what Clean will change, for the dialog to show first', () => {
  test('lists the rooms merged with their parts’ names, synthesized, split off and removed, the walls and storeys removed and the areas', () => {
    const t = new TestModel()
      .storey('g', 0, 3)
      .room('g', 'dining', rect(0, 0, 6, 4), { name: 'Dining Room A', globalId: 'A' })
      .room('g', 'hall', rect(6, 0, 4, 4), { name: 'Banquet Hall A', globalId: 'B' })
      .room('g', 'kitchen', rect(0, 4, 4, 3), { name: 'Kitchen', type: 'Kitchen' })
      .room('g', 'copy', rect(0, 4, 4, 3), { name: 'Kitchen copy', type: 'Kitchen' })
      .wall('g', 'kitchen-wall', rect(0, 3.95, 10, 0.1))
      .wall('g', 'parapet', rect(0, -0.3, 10, 0.2), 0, 1)
      .box('g', 'store', 20, 0, 3, 2)
      .storey('loft', 3, 6)
      .wall('loft', 'loft-wall', rect(0, 0, 4, 0.2), 3, 6);
    const before = structuredClone(t.model);
    const { model, summary } = cleanArchWithSummary(t.model, defaultCleanSettings(), ops);
    expect(t.model).toEqual(before);
    expect(model).toEqual(cleanArchWith(t.model, defaultCleanSettings(), ops));
    const g = { storey_id: 'g', storey_name: 'g' };
    expect(summary.rooms_merged).toEqual([
      {
        id: 'dining',
        name: 'Dining Room A + Banquet Hall A',
        type: 'Other',
        ...g,
        area: expect.closeTo(40, 6),
        parts: [
          { id: 'dining', name: 'Dining Room A', type: 'Other', area: expect.closeTo(24, 6) },
          { id: 'hall', name: 'Banquet Hall A', type: 'Other', area: expect.closeTo(16, 6) },
        ],
      },
    ]);
    expect(summary.rooms_synthesized).toEqual([
      { id: expect.stringMatching(/^synthetic-g-/), name: 'New Room', type: 'Other', ...g, area: expect.closeTo(6, 3) },
    ]);
    expect(summary.rooms_split).toEqual([]);
    // The two kitchens cover each other exactly: 'copy', placed first (by id), stays; the kitchen goes, and says so.
    expect(summary.rooms_removed).toEqual([{ id: 'kitchen', name: 'Kitchen', type: 'Kitchen', ...g, area: expect.closeTo(12, 6) }]);
    expect(summary.walls_removed).toEqual([
      { ...g, count: 1 },
      { storey_id: 'loft', storey_name: 'loft', count: 1 },
    ]);
    expect(summary.storeys_removed).toEqual([{ id: 'loft', name: 'loft' }]);
    expect([summary.room_count_before, summary.room_count_after]).toEqual([4, 3]);
    expect(summary.room_area_before).toBeCloseTo(64, 6);
    expect(summary.room_area_after).toBeCloseTo(40 + 12 + 6, 3);
  });
  test('a room cut in two by an overlap lists its new piece; room type identification lists the rooms it typed', () => {
    const t = new TestModel()
      .storey('s1')
      .room('s1', 'corridor', rect(0, 4, 10, 1), { name: 'Korridor' })
      .room('s1', 'office', rect(2, 0, 3, 10), { name: 'Kontor' })
      .room('s1', 'wc', rect(20, 0, 2, 2), { name: 'WC' });
    const { summary } = cleanArchWithSummary(t.model, { ...only('clean_room_overlap'), identify_room_types: true }, ops);
    expect(summary.rooms_split.map((r) => [r.id, r.name, Math.round(r.area)])).toEqual([['office-2', 'Kontor', 12]]);
    expect(summary.rooms_retyped.map((r) => [r.id, r.from, r.type])).toEqual([['wc', 'Other', 'Bathroom']]);
  });
  test('with nothing to do the summary is empty and the areas are equal', () => {
    const t = new TestModel().storey('s1').room('s1', 'a', rect(0, 0, 4, 4));
    const { summary } = cleanArchWithSummary(t.model, defaultCleanSettings(), ops);
    expect(summary).toEqual({
      rooms_merged: [],
      rooms_synthesized: [],
      rooms_split: [],
      rooms_removed: [],
      rooms_retyped: [],
      walls_removed: [],
      storeys_removed: [],
      room_count_before: 1,
      room_count_after: 1,
      room_area_before: 16,
      room_area_after: 16,
    });
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
