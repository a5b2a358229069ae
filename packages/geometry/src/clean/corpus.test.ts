/**
 * Each clean option on real storeys from every model of the public IFC corpus (../shared/ifc or IFC_CORPUS), extracted
 * once each with @edrf/ifc. Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { emptyModel, newRoom, validateModel, type Model, type Point2, type Storey } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { pointInPolygon, polygonArea, polygonBoundingBox } from '../measure.js';
import { MIN_ROOM_AREA } from '../tolerance.js';
import { cleanArchWith, cleanArchWithSummary, roomArea } from './clean-arch.js';
import { FLOOR_BAND, MIN_HEADROOM, SLAB_MARGIN, indoorOutline, modelHasCover } from './indoor.js';
import { MIN_OPEN_LENGTH, NAME_JOINER, openBoundaryLength } from './merge.js';
import { identifyRoomType } from './room-type.js';
import { defaultCleanSettings, type CleanSettings } from './settings.js';
import { enclosingWalls, isLowWall, roomPolygon, storeyRooms, storeyWalls, totalArea, wallPolygon, type Shape } from './storey-items.js';
import { enclosedEmptyRegions } from './synthesize.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(corpus);
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the clean_arch corpus tests are skipped.`);

/** Every model of the corpus (the 26 MB restaurant takes about 3 s to extract). */
const MODELS = present
  ? fs
      .readdirSync(corpus)
      .filter((file) => file.toLowerCase().endsWith('.ifc'))
      .sort()
  : [];

const NONE: CleanSettings = {
  clean_room_overlap: false,
  synthesize_rooms: false,
  remove_roomless_storeys: false,
  remove_low_walls: false,
  merge_adjacent_rooms: false,
  identify_room_types: false,
};
const ALL: CleanSettings = Object.fromEntries(Object.keys(NONE).map((k) => [k, true])) as unknown as CleanSettings;
const only = (option: keyof CleanSettings): CleanSettings => ({ ...NONE, [option]: true });
/** Overlaps below this (m²) are the rounding of Clipper2's 1e-6 m grid along long edges. */
const OVERLAP_LIMIT = 1e-4;

let ops: PolygonOps;
const models = new Map<string, Model>();
beforeAll(async () => {
  ops = await loadPolygonOps();
  for (const file of MODELS) {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
    models.set(file, { ...emptyModel(), arch });
  }
}, 300_000);

function clean(file: string, settings: CleanSettings): { before: Model; after: Model } {
  const before = models.get(file)!;
  const after = cleanArchWith(before, settings, ops);
  const check = validateModel(after);
  expect(check.ok ? '' : `${check.path}: ${check.message}`).toBe('');
  return { before, after };
}

const shapes = (model: Model, storey: Storey): Shape[] => storeyRooms(model.arch, storey).map(roomPolygon);
const unionArea = (list: readonly Shape[]) => totalArea(ops.union(list));

/** Pairs of rooms of one storey that overlap by more than OVERLAP_LIMIT. */
function overlaps(model: Model): string[] {
  const out: string[] = [];
  for (const storey of Object.values(model.arch.storeys)) {
    const rooms = storeyRooms(model.arch, storey);
    for (let i = 0; i < rooms.length; i++)
      for (let j = i + 1; j < rooms.length; j++) {
        const area = totalArea(ops.intersection([roomPolygon(rooms[i]!)], [roomPolygon(rooms[j]!)]));
        if (area > OVERLAP_LIMIT) out.push(`${rooms[i]!.id}/${rooms[j]!.id}: ${area.toFixed(4)} m²`);
      }
  }
  return out;
}

/** Pairs of rooms of one storey that the merge rule would still merge: open to each other, and of one type. */
function mergeable(model: Model): string[] {
  const out: string[] = [];
  for (const storey of Object.values(model.arch.storeys)) {
    const rooms = storeyRooms(model.arch, storey);
    const walls = enclosingWalls(model.arch, storey)
      .map(wallPolygon)
      .map((shape) => ({ shape, box: polygonBoundingBox(shape)! }));
    for (let i = 0; i < rooms.length; i++)
      for (let j = i + 1; j < rooms.length; j++) {
        const [a, b] = [rooms[i]!, rooms[j]!];
        const typesAgree = a.type === b.type || (a.synthetic && a.type === 'Other') || (b.synthetic && b.type === 'Other');
        if (typesAgree && openBoundaryLength(roomPolygon(a), roomPolygon(b), walls, ops) >= MIN_OPEN_LENGTH) out.push(`${a.id}/${b.id}`);
      }
  }
  return out;
}

/** Enclosed regions that are indoors and that no room covers (synthesize rooms would make rooms of them). */
const emptyRegions = (model: Model): number => {
  const hasCover = modelHasCover(model.arch);
  return Object.values(model.arch.storeys).reduce(
    (n, storey) =>
      n +
      enclosedEmptyRegions(
        enclosingWalls(model.arch, storey).map(wallPolygon),
        shapes(model, storey),
        ops,
        indoorOutline(model.arch, storey, ops, hasCover).indoor,
      ).length,
    0,
  );
};

/**
 * The slabs that a storey stands on and the slabs and ceilings over it, read straight from the model (the rule of
 * docs/clean-arch.md, 'Synthesize rooms', written out again as an independent check of indoor.ts): null where the model
 * has none of them, which leaves the storey unlimited.
 */
function slabsOf(model: Model, storey: Storey): { floor: Shape[] | null; cover: Shape[] | null } {
  const z = storey.height.min_z;
  const slabs = Object.values(model.arch.slabs);
  const floor = slabs.filter((s) => s.max_z >= z - FLOOR_BAND && s.max_z <= z + FLOOR_BAND).map((s) => s.shape);
  const over = (level: number) => [
    ...slabs.filter((s) => s.max_z - level >= MIN_HEADROOM).map((s) => s.shape),
    ...Object.values(model.arch.ceilings)
      .filter((c) => c.z - level >= MIN_HEADROOM)
      .map((c) => c.shape),
  ];
  const anyCover = Object.values(model.arch.storeys).some((s) => over(s.height.min_z).length > 0);
  return { floor: floor.length > 0 ? floor : null, cover: anyCover ? over(z) : null };
}

/** Points spread over a room (a grid of up to 15 × 15 over its box, those inside it, and a point near each corner). */
function samplePoints(room: Shape): Point2[] {
  const box = polygonBoundingBox(room)!;
  const points: Point2[] = [];
  for (let i = 0; i < 15; i++)
    for (let j = 0; j < 15; j++) {
      const point: Point2 = [box.minX + ((i + 0.5) * (box.maxX - box.minX)) / 15, box.minY + ((j + 0.5) * (box.maxY - box.minY)) / 15];
      if (pointInPolygon(point, room, 0)) points.push(point);
    }
  return points;
}

/** Sample points of a storey's synthesized rooms that are not over its floor or not under its cover. */
function outdoorPoints(before: Model, after: Model, storey: Storey): string[] {
  const { floor, cover } = slabsOf(before, storey);
  const within = (point: Point2, outline: Shape[] | null) => !outline || outline.some((s) => pointInPolygon(point, s, SLAB_MARGIN + 1e-6));
  const out: string[] = [];
  for (const room of storeyRooms(after.arch, storey).filter((r) => r.synthetic && !before.arch.rooms[r.id]))
    for (const point of samplePoints(roomPolygon(room))) {
      if (!within(point, floor)) out.push(`${room.id} (${point.map((v) => v.toFixed(2)).join(', ')}) is over no floor slab`);
      else if (!within(point, cover)) out.push(`${room.id} (${point.map((v) => v.toFixed(2)).join(', ')}) is under no slab or ceiling`);
    }
  return out;
}

/** Whether a room's name carries `name`: is it, or has it among the names of the rooms merged into it. */
const carries = (roomName: string, name: string) =>
  `${NAME_JOINER}${roomName}${NAME_JOINER}`.includes(`${NAME_JOINER}${name}${NAME_JOINER}`);

/** What each option changed across the corpus: every option must have had something to do somewhere. */
const changed: Record<keyof CleanSettings, number> = { ...NONE } as unknown as Record<keyof CleanSettings, number>;
for (const key of Object.keys(changed) as (keyof CleanSettings)[]) changed[key] = 0;

describe.skipIf(MODELS.length === 0)('clean_arch on the IFC corpus', () => {
  describe.each(MODELS)('%s', (file) => {
    test('remove low walls: exactly the walls whose top is under storey floor + 1.8 m go; rooms stay', () => {
      const { before, after } = clean(file, only('remove_low_walls'));
      const low = Object.values(before.arch.storeys).flatMap((s) =>
        storeyWalls(before.arch, s)
          .filter((w) => isLowWall(w, s))
          .map((w) => w.id),
      );
      const gone = Object.keys(before.arch.walls).filter((id) => !after.arch.walls[id]);
      expect(gone.sort()).toEqual(low.sort());
      expect(after.arch.rooms).toEqual(before.arch.rooms);
      for (const storey of Object.values(after.arch.storeys))
        expect(storeyWalls(after.arch, storey).filter((w) => isLowWall(w, storey))).toEqual([]);
      changed.remove_low_walls += gone.length;
    });

    test('clean room overlap: no two rooms of a storey overlap; together they cover what they covered', () => {
      // The corpus's rooms hardly overlap, so on each storey a room is drawn over the largest room, shifted by half its width.
      const model = structuredClone(models.get(file)!);
      for (const storey of Object.values(model.arch.storeys)) {
        const largest = storeyRooms(model.arch, storey).sort((a, b) => polygonArea(roomPolygon(b)) - polygonArea(roomPolygon(a)))[0];
        if (!largest) continue;
        const box = polygonBoundingBox(roomPolygon(largest))!;
        const shift = (box.maxX - box.minX) / 2;
        const id = `drawn-${storey.id}`;
        model.arch.rooms[id] = newRoom(
          id,
          largest.shape.exterior.map(([x, y]): Point2 => [x + shift, y]),
        );
        storey.rooms.push(id);
      }
      models.set(`${file} drawn`, model);
      const { before, after } = clean(`${file} drawn`, only('clean_room_overlap'));
      expect(overlaps(after)).toEqual([]);
      for (const storey of Object.values(after.arch.storeys)) {
        // Only slivers smaller than a room may be lost.
        const lost = ops.difference(shapes(before, before.arch.storeys[storey.id]!), shapes(after, storey));
        expect(lost.filter((piece) => polygonArea(piece) >= MIN_ROOM_AREA)).toEqual([]);
        expect(totalArea(ops.difference(shapes(after, storey), shapes(before, before.arch.storeys[storey.id]!)))).toBeLessThan(
          OVERLAP_LIMIT,
        );
      }
      changed.clean_room_overlap += overlaps(before).length;
    });

    test('merge adjacent rooms: no two rooms are left touching without a wall; no floor area is lost', () => {
      const { before, after } = clean(file, only('merge_adjacent_rooms'));
      expect(mergeable(after)).toEqual([]);
      for (const storey of Object.values(after.arch.storeys)) {
        expect(unionArea(shapes(after, storey))).toBeGreaterThanOrEqual(unionArea(shapes(before, before.arch.storeys[storey.id]!)) - 1e-3);
      }
      changed.merge_adjacent_rooms += Object.keys(before.arch.rooms).length - Object.keys(after.arch.rooms).length;
    });

    test('synthesize rooms: new rooms are synthetic, overlap no room, and leave no enclosed region empty', () => {
      const { before, after } = clean(file, only('synthesize_rooms'));
      const made = Object.values(after.arch.rooms).filter((r) => !before.arch.rooms[r.id]);
      for (const room of Object.values(before.arch.rooms)) expect(after.arch.rooms[room.id]).toEqual(room);
      for (const room of made) {
        expect(room).toMatchObject({ synthetic: true, name: 'New Room', type: 'Other' });
        const storey = Object.values(after.arch.storeys).find((s) => s.rooms.includes(room.id))!;
        expect(totalArea(ops.intersection([roomPolygon(room)], shapes(before, before.arch.storeys[storey.id]!)))).toBeLessThan(
          OVERLAP_LIMIT,
        );
      }
      expect(emptyRegions(after)).toBe(0);
      for (const storey of Object.values(after.arch.storeys)) expect(outdoorPoints(before, after, storey)).toEqual([]);
      changed.synthesize_rooms += made.length;
    });

    test('remove roomless storeys: exactly the storeys without rooms go', () => {
      const { before, after } = clean(file, only('remove_roomless_storeys'));
      const roomless = Object.values(before.arch.storeys).filter((s) => storeyRooms(before.arch, s).length === 0);
      expect(Object.keys(after.arch.storeys).sort()).toEqual(
        Object.keys(before.arch.storeys)
          .filter((id) => !roomless.some((s) => s.id === id))
          .sort(),
      );
      changed.remove_roomless_storeys += roomless.length;
    });

    test('room type identification: only rooms of type Other change, to the type of their name or shape', () => {
      const { before, after } = clean(file, only('identify_room_types'));
      for (const storey of Object.values(before.arch.storeys)) {
        const stairs = storey.stairs.map((id) => before.arch.stairs[id]!.shape);
        for (const room of storeyRooms(before.arch, storey)) {
          const now = after.arch.rooms[room.id]!;
          if (room.type !== 'Other') expect(now.type).toBe(room.type);
          else expect(now.type).toBe(identifyRoomType(room.name, roomPolygon(room), { stairs }));
          if (now.type !== room.type) changed.identify_room_types++;
        }
      }
    });

    test('all options together: a valid model with no overlap, no low wall, nothing left to merge or synthesize, no roomless storey', () => {
      const { after } = clean(file, ALL);
      expect(overlaps(after)).toEqual([]);
      expect(mergeable(after)).toEqual([]);
      expect(emptyRegions(after)).toBe(0);
      for (const storey of Object.values(after.arch.storeys)) {
        expect(storeyRooms(after.arch, storey).length).toBeGreaterThan(0);
        expect(storeyWalls(after.arch, storey).filter((w) => isLowWall(w, storey))).toEqual([]);
      }
      // A second run finds nothing more to do.
      expect(cleanArchWith(after, ALL, ops)).toEqual(after);
    });

    test('default options: no named room is lost, no room takes another type, merged rooms keep their parts’ global ids', () => {
      const before = models.get(file)!;
      const { model: after, summary } = cleanArchWithSummary(before, defaultCleanSettings(), ops);
      const removed = new Set(summary.rooms_removed.map((r) => r.id));
      const names = Object.values(after.arch.rooms).map((r) => r.name);
      const lost = Object.values(before.arch.rooms).filter(
        (r) => r.name !== '' && !removed.has(r.id) && !names.some((name) => carries(name, r.name)),
      );
      expect(lost.map((r) => r.name)).toEqual([]);
      for (const merged of summary.rooms_merged) {
        const room = after.arch.rooms[merged.id]!;
        const parts = merged.parts.map((p) => before.arch.rooms[p.id]).filter((r) => r !== undefined);
        // One type: the parts' (an untyped synthetic part has none).
        expect(new Set([room.type, ...parts.filter((p) => !(p.synthetic && p.type === 'Other')).map((p) => p.type)])).toEqual(
          new Set([room.type]),
        );
        const ids = [room.global_id, ...(room.merged_global_ids ?? [])];
        expect(parts.map((p) => p.global_id).filter((id) => id !== '' && !ids.includes(id))).toEqual([]);
      }
      expect(summary.room_area_after).toBeCloseTo(roomArea(after), 6);
    });

    test('default options: a storey’s rooms cover no more than its slabs and its rooms from the file; synthesized rooms are indoors', () => {
      const before = models.get(file)!;
      const after = cleanArchWith(before, defaultCleanSettings(), ops);
      for (const storey of Object.values(after.arch.storeys)) {
        const own = before.arch.storeys[storey.id]!;
        const { floor, cover } = slabsOf(before, own);
        const slabs = floor ?? cover;
        const allowed = [...shapes(before, own), ...(slabs ? ops.offset(ops.union(slabs), SLAB_MARGIN) : [])];
        const area = totalArea(shapes(after, storey));
        if (slabs) expect(area, storey.name).toBeLessThanOrEqual(unionArea(allowed) + 1e-3);
        expect(outdoorPoints(before, after, storey)).toEqual([]);
      }
    });
  });

  const JANESVILLE = 'revit2012_janesville_restaurant.ifc';
  test.skipIf(!MODELS.includes(JANESVILLE))(
    'Janesville (issue 20): the dining rooms merge with all their names; the kitchens stay kitchens',
    () => {
      const before = models.get(JANESVILLE)!;
      const { model: after, summary } = cleanArchWithSummary(before, defaultCleanSettings(), ops);
      const byName = (name: string) => Object.values(before.arch.rooms).find((r) => r.name === name)!;
      const dining = after.arch.rooms[byName('Dining Room A').id]!;
      expect([dining.name, dining.type]).toEqual([
        'Dining Room A + Banquet Hall A + Dining Room B + Banquet Hall B + Pizza Bar + Drink Bar + W.S.',
        'Other',
      ]);
      expect(dining.global_id).toBe(byName('Dining Room A').global_id);
      expect([...(dining.merged_global_ids ?? [])].sort()).toEqual(
        ['Banquet Hall A', 'Dining Room B', 'Banquet Hall B', 'Pizza Bar', 'Drink Bar', 'W.S.'].map((n) => byName(n).global_id).sort(),
      );
      for (const name of ['Kitchen', 'Scullery']) expect(after.arch.rooms[byName(name).id]).toMatchObject({ name, type: 'Kitchen' });
      expect(summary.rooms_merged.map((r) => r.name)).toEqual([dining.name]);
      expect(summary.rooms_removed).toEqual([]);
      // The first floor: its rooms cover no more than its floor slabs.
      const first = Object.values(after.arch.storeys).find((s) => s.name === 'Floor Plan_1st Floor')!;
      const { floor } = slabsOf(before, first);
      expect(totalArea(shapes(after, first))).toBeLessThanOrEqual(unionArea(floor!));
    },
  );

  test('every option had something to do in the corpus', () => {
    expect(changed).toEqual(Object.fromEntries(Object.keys(changed).map((k) => [k, expect.any(Number)])));
    for (const [option, count] of Object.entries(changed)) expect([option, count > 0]).toEqual([option, true]);
  });
});
