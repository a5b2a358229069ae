// POST /api/v1/clean_arch {model, settings} -> model (P§7, P§9), run in the compute pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA, polygonArea } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { rect } from '../support/shapes.js';

const room = (id: string, name: string, exterior: [number, number][]) => ({ id, name, shape: { exterior } });
const wall = (id: string, exterior: [number, number][], top: number) => ({
  id,
  shape: { exterior: exterior.map(([x, y]) => [x, y, 0]), above: exterior.map(([x, y]) => [x, y, top]) },
});

/**
 * A ground floor with an office and a kitchen that overlap by 1 m and a wall between them (so they are not merged), a
 * 1 m parapet, and an empty storey above.
 */
const model = () => ({
  arch: {
    storeys: {
      g: {
        id: 'g',
        number: 0,
        name: 'Ground',
        height: { min_z: 0, max_z: 3 },
        rooms: ['office', 'kitchen'],
        walls: ['between', 'parapet'],
      },
      top: { id: 'top', number: 1, name: 'Loft', height: { min_z: 3, max_z: 6 } },
    },
    rooms: { office: room('office', 'Kontor', rect(0, 0, 6, 4)), kitchen: room('kitchen', 'Kök', rect(5, 0, 3, 4)) },
    walls: { between: wall('between', rect(4.9, -0.5, 0.2, 5), 3), parapet: wall('parapet', rect(0, -0.4, 8, 0.2), 1) },
  },
  edrf_schema: CURRENT_SCHEMA,
});

describe.each(testDatabases())('POST clean_arch (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.cookieFor('cleaner@example.com');
  });
  afterAll(() => t?.close());

  const clean = (body: unknown, opts: { anonymous?: true } = {}) =>
    t.call('POST', '/api/v1/clean_arch', { cookie: opts.anonymous ? undefined : cookie, body });

  it('with the default options: rooms no longer overlap, the low wall and the roomless storey are gone, types stay', async () => {
    const res = await clean({ model: model(), settings: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { arch } = res.body;
    expect(Object.keys(arch.storeys)).toEqual(['g']);
    expect(Object.keys(arch.walls)).toEqual(['between']);
    expect(arch.storeys.g.walls).toEqual(['between']);
    // The smaller kitchen keeps its shape; the office gives up the metre they shared.
    expect(polygonArea(arch.rooms.kitchen.shape)).toBeCloseTo(12);
    expect(polygonArea(arch.rooms.office.shape)).toBeCloseTo(20);
    expect(arch.rooms.kitchen.type).toBe('Other');
    expect(res.body.edrf_schema).toBe(CURRENT_SCHEMA);
  });

  it('does only what the settings ask: here room type identification alone', async () => {
    const settings = {
      clean_room_overlap: false,
      synthesize_rooms: false,
      remove_roomless_storeys: false,
      remove_low_walls: false,
      merge_adjacent_rooms: false,
      identify_room_types: true,
    };
    const res = await clean({ model: model(), settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { arch } = res.body;
    expect(arch.rooms.kitchen.type).toBe('Kitchen');
    expect(arch.rooms.office.type).toBe('Other');
    expect(Object.keys(arch.storeys)).toEqual(['g', 'top']);
    expect(Object.keys(arch.walls).sort()).toEqual(['between', 'parapet']);
    expect(polygonArea(arch.rooms.office.shape)).toBeCloseTo(24);
  });

  it('accepts a model of an older schema and answers it at the current one', async () => {
    const v1 = {
      arch: {
        storeys: [{ id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['a', 'b'] }],
        rooms: [room('a', 'Hall', rect(0, 0, 4, 4)), room('b', 'Hall 2', rect(4, 0, 4, 4))],
      },
    };
    const res = await clean({ model: v1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.edrf_schema).toBe(CURRENT_SCHEMA);
    // No wall between the halls: merged into one room of both areas that keeps both names.
    expect(Object.keys(res.body.arch.rooms)).toEqual(['a']);
    expect(res.body.arch.rooms.a.name).toBe('Hall + Hall 2');
    expect(
      polygonArea(
        Object.values<{ shape: { exterior: [number, number][]; interiors: [number, number][][] } }>(res.body.arch.rooms)[0]!.shape,
      ),
    ).toBeCloseTo(32);
  });

  it('with summary: true answers the same model and what Clean changes, for the dialog to show before applying it', async () => {
    const plain = await clean({ model: model(), settings: {} });
    const res = await clean({ model: model(), settings: {}, summary: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['model', 'summary']);
    expect(res.body.model).toEqual(plain.body);
    const { summary } = res.body;
    expect(summary).toEqual({
      rooms_merged: [],
      rooms_synthesized: [],
      rooms_split: [],
      rooms_removed: [],
      rooms_retyped: [],
      walls_removed: [{ storey_id: 'g', storey_name: 'Ground', count: 1 }],
      storeys_removed: [{ id: 'top', name: 'Loft' }],
      room_count_before: 2,
      room_count_after: 2,
      room_area_before: expect.closeTo(36, 6),
      room_area_after: expect.closeTo(32, 6),
    });
  });

  it('summarizes merged rooms with the names of their parts', async () => {
    const open = model();
    open.arch.storeys.g.walls = ['parapet'];
    open.arch.walls = { parapet: open.arch.walls.parapet } as typeof open.arch.walls;
    const res = await clean({ model: open, summary: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary.rooms_merged).toEqual([
      expect.objectContaining({
        id: 'office',
        name: 'Kontor + Kök',
        parts: [expect.objectContaining({ id: 'office', name: 'Kontor' }), expect.objectContaining({ id: 'kitchen', name: 'Kök' })],
      }),
    ]);
    expect(res.body.model.arch.rooms.office.name).toBe('Kontor + Kök');
  });

  it('with summary: false answers the model alone, as without it', async () => {
    const res = await clean({ model: model(), settings: {}, summary: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.edrf_schema).toBe(CURRENT_SCHEMA);
    expect(res.body.summary).toBeUndefined();
    expect(Object.keys(res.body.arch.storeys)).toEqual(['g']);
  });

  it.each([
    ['no model', { settings: {} }, 'model: Invalid input: expected record, received undefined'],
    [
      'a summary flag that is not true or false',
      { model: model(), summary: 'yes' },
      'summary: Invalid input: expected boolean, received string',
    ],
    [
      'a bad model, also when a summary is asked for',
      { model: { arch: { rooms: 3 } }, summary: true },
      'arch.rooms: Invalid input: expected record, received number',
    ],
    ['an unknown option', { model: model(), settings: { tidy: true } }, 'settings: Unrecognized key: "tidy"'],
    [
      'an option that is not true or false',
      { model: model(), settings: { remove_low_walls: 'yes' } },
      'settings.remove_low_walls: Invalid input: expected boolean, received string',
    ],
    [
      'a room with two points',
      { model: { ...model(), arch: { ...model().arch, rooms: { office: room('office', 'Kontor', rect(0, 0, 6, 4).slice(0, 2)) } } } },
      'arch.rooms.office.shape.exterior: Too small: expected array to have >=3 items',
    ],
    [
      'a storey listing a room that does not exist',
      { model: { ...model(), arch: { ...model().arch, rooms: { office: room('office', 'Kontor', rect(0, 0, 6, 4)) } } } },
      "arch.storeys.g.rooms.1: 'kitchen' names no item",
    ],
  ])('refuses %s (400) and names the problem', async (_, body, detail) => {
    const res = await clean(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it.each([
    ['the model', { model: model(), settings: {} }],
    ['the summary', { model: model(), settings: {}, summary: true }],
  ])('refuses %s to anyone not signed in (401)', async (_, body) => {
    const res = await clean(body, { anonymous: true });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Unauthenticated' });
  });
});
