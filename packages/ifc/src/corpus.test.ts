/**
 * Extraction against the public IFC corpus (../shared/ifc or IFC_CORPUS) and its golden answers (reference/*.json).
 * Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { polygonArea, validateModelPart } from '@edrf/model';
import { GLOBAL_ID } from './context.js';
import { extractIfc, type IfcExtraction } from './index.js';
import { STOREY_LIST_OF } from './test-support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(path.join(corpus, 'reference'));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the corpus tests are skipped.`);

/** The 26 MB model runs in its own, slower test. */
const LARGE = 'revit2012_janesville_restaurant.ifc';
const models = present
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc') && fs.existsSync(path.join(corpus, 'reference', f.replace(/\.ifc$/i, '.json'))))
      .sort()
  : [];

/** Entity instances of one IFC class, counted in the STEP text (as SOURCES.md counted them). */
const countEntities = (text: string, entity: string): number => (text.match(new RegExp(`=\\s*${entity}\\s*\\(`, 'gi')) ?? []).length;

async function check(file: string): Promise<void> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, file)));
  const ref = JSON.parse(fs.readFileSync(path.join(corpus, 'reference', file.replace(/\.ifc$/i, '.json')), 'utf8'));
  const started = performance.now();
  const progress: number[] = [];
  const result: IfcExtraction = await extractIfc(bytes, (step, p) => {
    expect(step).toBe('ifc_parse');
    progress.push(p);
  });
  const ms = performance.now() - started;
  const { arch } = result;

  // Storeys: count, order and elevation (placement Z) within 1 mm.
  const storeys = Object.values(arch.storeys).sort((a, b) => a.number - b.number);
  expect(storeys.map((s) => s.number)).toEqual(storeys.map((_, i) => i));
  const refStoreys = [...ref.storeys].sort((a, b) => a.elevation_m - b.elevation_m);
  expect(storeys).toHaveLength(ref.counts.storeys);
  storeys.forEach((s, i) => {
    expect(Math.abs(s.height.min_z - refStoreys[i].elevation_m)).toBeLessThanOrEqual(0.001);
    expect(s.height.max_z).toBeGreaterThan(s.height.min_z - 1e-9);
  });
  expect(new Set(storeys.map((s) => s.id))).toEqual(new Set(ref.storeys.map((s: { globalId: string }) => s.globalId)));

  // Rooms: one per space with geometry, footprint area within 2 % of the golden answer.
  expect(Object.keys(arch.rooms)).toHaveLength(ref.counts.spaces_with_geometry);
  let maxAreaError = 0;
  for (const space of ref.spaces) {
    const room = arch.rooms[space.globalId];
    expect(room, `room ${space.globalId}`).toBeDefined();
    if (!room || space.footprint_area_m2 === undefined) continue;
    const error = Math.abs(polygonArea(room.shape) - space.footprint_area_m2) / space.footprint_area_m2;
    maxAreaError = Math.max(maxAreaError, error);
    expect(error, `area of ${space.globalId}`).toBeLessThanOrEqual(0.02);
    expect(room.synthetic).toBe(false);
  }

  // Walls: walls + curtain walls + columns of the reference, plus beams (walls above storey min_z + 1.5, P§9).
  const text = new TextDecoder('latin1').decode(bytes);
  // Elements web-ifc makes no geometry for cannot be drawn; they are skipped with a warning and counted here.
  const beams = countEntities(text, 'IFCBEAM');
  const skippedWalls = Number(/(\d+) wall\(s\) or column\(s\) without geometry/.exec(result.warnings.join('\n'))?.[1] ?? 0);
  expect(skippedWalls).toBeLessThanOrEqual(2);
  expect(Object.keys(arch.walls).length + skippedWalls).toBe(ref.counts.walls + ref.counts.curtain_walls + ref.counts.columns + beams);

  // Doors: count, and the width line's middle within 0.15 m of the reference's centre along the line. Across the line
  // the reference centres the door on its mesh, the import on its wall (elements/doors.ts); corpus-geometry.test.ts checks
  // that each door lies on a wall.
  expect(Object.keys(arch.doors)).toHaveLength(ref.counts.doors);
  let maxDoorOffset = 0;
  for (const refDoor of ref.doors) {
    const door = arch.doors[refDoor.globalId];
    expect(door, `door ${refDoor.globalId}`).toBeDefined();
    if (!door) continue;
    const cx = (door.left[0] + door.right[0]) / 2;
    const cy = (door.left[1] + door.right[1]) / 2;
    const length = Math.hypot(door.right[0] - door.left[0], door.right[1] - door.left[1]);
    const along =
      ((cx - refDoor.center_xy[0]) * (door.right[0] - door.left[0]) + (cy - refDoor.center_xy[1]) * (door.right[1] - door.left[1])) /
      length;
    maxDoorOffset = Math.max(maxDoorOffset, Math.abs(along));
    for (const wall of door.walls) expect(arch.walls[wall]).toBeDefined();
  }
  expect(maxDoorOffset).toBeLessThanOrEqual(0.15);
  for (const opening of Object.values(arch.wall_openings)) expect(arch.walls[opening.wall_id]).toBeDefined();

  // Ids are GlobalIds; storeys list exactly the items; the result is a valid arch.
  for (const [collection, list] of Object.entries(STOREY_LIST_OF)) {
    const items = arch[collection as keyof typeof STOREY_LIST_OF] as Record<string, { id: string; global_id: string }>;
    for (const [key, item] of Object.entries(items)) {
      expect(key).toMatch(GLOBAL_ID);
      expect(item.global_id).toBe(key);
    }
    const listed = storeys.flatMap((s) => s[list]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(Object.keys(items)));
  }
  for (const id of [...Object.keys(arch.storeys), ...Object.keys(arch.buildings)]) expect(id).toMatch(GLOBAL_ID);
  const valid = validateModelPart('arch', arch);
  expect(valid.ok ? 'ok' : `${valid.path}: ${valid.message}`).toBe('ok');
  expect(validateModelPart('elec', result.elec).ok).toBe(true);
  expect(progress.at(-1)).toBe(1);

  console.info(
    `| ${file} | ${storeys.length}/${ref.counts.storeys} | ${Object.keys(arch.rooms).length}/${ref.counts.spaces_with_geometry} | ` +
      `${(maxAreaError * 100).toFixed(3)} % | ${Object.keys(arch.walls).length}/${ref.counts.walls + ref.counts.curtain_walls + ref.counts.columns}+${beams} | ` +
      `${Object.keys(arch.doors).length}/${ref.counts.doors} | ${maxDoorOffset.toFixed(3)} | ${Object.keys(arch.slabs).length}/${ref.counts.slabs} | ` +
      `${Object.keys(arch.stairs).length}/${ref.counts.stairs} | ${Object.keys(arch.ceilings).length} | ${Object.keys(arch.wall_openings).length}/${countEntities(text, 'IFCOPENINGELEMENT')} | ${Object.keys(arch.other_objects).length} | ${result.compass_degrees} | ${Math.round(ms)} ms | ${result.warnings.join(' ')}`,
  );
}

describe.skipIf(!present)('extractIfc on the IFC corpus', () => {
  for (const file of models.filter((f) => f !== LARGE)) test(file, () => check(file), 60_000);
  test.skipIf(!models.includes(LARGE))(`${LARGE} (26 MB)`, () => check(LARGE), 180_000);
});
