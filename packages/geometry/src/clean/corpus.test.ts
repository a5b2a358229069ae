/**
 * Each clean option on real storeys from the public IFC corpus (../shared/ifc or IFC_CORPUS), extracted with @edrf/ifc.
 * Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { emptyModel, newRoom, validateModel, type Model, type Point2, type Storey } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { polygonArea, polygonBoundingBox } from '../measure.js';
import { MIN_ROOM_AREA } from '../tolerance.js';
import { cleanArchWith } from './clean-arch.js';
import { MIN_OPEN_LENGTH, openBoundaryLength } from './merge.js';
import { identifyRoomType } from './room-type.js';
import { type CleanSettings } from './settings.js';
import { enclosingWalls, isLowWall, roomPolygon, storeyRooms, storeyWalls, totalArea, wallPolygon, type Shape } from './storey-items.js';
import { enclosedEmptyRegions } from './synthesize.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(corpus);
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the clean_arch corpus tests are skipped.`);

/** Models with rooms and walls of several kinds; the 26 MB restaurant is left to the benchmark. */
const MODELS = [
  'AC20-FZK-Haus.ifc',
  'AC11-FZK-Haus-IFC.ifc',
  'AC11-Institute-Var-2-IFC.ifc',
  'AC90R1-Jasmin-Sun-105-2x3.ifc',
  'duplex.ifc',
  'House.ifc',
  'SampleHouse4.ifc',
  'revit_quantities.ifc',
  'testhouse.ifc',
  'IfcOpenHouse.ifc',
].filter((file) => present && fs.existsSync(path.join(corpus, file)));

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
}, 120_000);

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

/** Pairs of rooms of one storey that the merge rule would still merge. */
function mergeable(model: Model): string[] {
  const out: string[] = [];
  for (const storey of Object.values(model.arch.storeys)) {
    const rooms = storeyRooms(model.arch, storey);
    const walls = enclosingWalls(model.arch, storey)
      .map(wallPolygon)
      .map((shape) => ({ shape, box: polygonBoundingBox(shape)! }));
    for (let i = 0; i < rooms.length; i++)
      for (let j = i + 1; j < rooms.length; j++)
        if (openBoundaryLength(roomPolygon(rooms[i]!), roomPolygon(rooms[j]!), walls, ops) >= MIN_OPEN_LENGTH)
          out.push(`${rooms[i]!.id}/${rooms[j]!.id}`);
  }
  return out;
}

const emptyRegions = (model: Model): number =>
  Object.values(model.arch.storeys).reduce(
    (n, storey) => n + enclosedEmptyRegions(enclosingWalls(model.arch, storey).map(wallPolygon), shapes(model, storey), ops).length,
    0,
  );

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
  });

  test('every option had something to do in the corpus', () => {
    expect(changed).toEqual(Object.fromEntries(Object.keys(changed).map((k) => [k, expect.any(Number)])));
    for (const [option, count] of Object.entries(changed)) expect([option, count > 0]).toEqual([option, true]);
  });
});
