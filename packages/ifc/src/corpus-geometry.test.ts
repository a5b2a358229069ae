/**
 * Geometric sanity of the extraction on the IFC corpus (../shared/ifc or IFC_CORPUS; skipped, with a message, where it
 * is absent): every door lies on a wall, every item lies within its storey's height range. Each model is extracted
 * once in this file (the 26 MB model too: about 9 s, the whole file stays under ~20 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractIfc, type IfcExtraction } from './index.js';
import { distanceToRing, doorMidpoint, itemZRange, orAbsent, overlaps, STOREY_LIST_OF, type ListedKind } from './test-support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(path.join(corpus, 'reference'));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the corpus geometry tests are skipped.`);

const LARGE = 'revit2012_janesville_restaurant.ifc';
const models = present
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc') && fs.existsSync(path.join(corpus, 'reference', f.replace(/\.ifc$/i, '.json'))))
      .sort()
  : [];

/** One extraction per model for the whole file. */
const extractions = new Map<string, Promise<IfcExtraction>>();
const extract = (file: string): Promise<IfcExtraction> => {
  let pending = extractions.get(file);
  if (!pending) {
    pending = extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
    extractions.set(file, pending);
  }
  return pending;
};

/** How far (m) a door's midpoint may be outside a wall footprint: a door line runs mid-thickness, so 0.1 m is slack. */
const DOOR_TOLERANCE = 0.1;

/**
 * How far (m) an item's z range may miss its storey's [min_z, max_z]. 0.1 m allows slabs and finishes that reach
 * just under a storey's floor level. Two bounds are open on purpose:
 * - the lowest storey has no lower bound: items below every storey go to the lowest (docs/ifc.md, storey
 *   assignment), and foundations, footings and pit stairs lie there (example.ifc down to 0.33 m, the Janesville
 *   model to 1.47 m below the first floor);
 * - the top storey has no upper bound: its max_z is min_z + 3 m by convention (docs/ifc.md, TOP_STOREY_HEIGHT), not
 *   a fact of the file (the FZK-Haus ridge wall reaches 0.23 m above it, ISSUE_021's single storey holds 5 m of
 *   walls).
 */
const STOREY_TOLERANCE = 0.1;

/**
 * The doors known to lie off every wall, by model: the test asserts exactly these, so it fails both when another door
 * goes astray and when the extraction is fixed (then the door leaves this list).
 */
const DOORS_OFF_WALLS: Record<string, string[]> = {
  // Known limit (docs/ifc.md, doors): the opening of garage door 0Y72$AJ8z6_Bj2JTndi2f6 cuts its host wall's plan away
  // but for a 3 cm sliver beside the door; the width line is put on that wall's axis, 1.5 m from the sliver and from
  // every other wall footprint. 39 of 40 doors pass.
  [LARGE]: ['0Y72$AJ8z6_Bj2JTndi2f6'],
};

/**
 * Models the height check cannot hold to their storeys, checked for that instead: all four storeys of this FreeCAD export are placed at Z 0 (the reference
 * agrees: elevation_m 0 for each), so their ranges are [0, 0] or [0, 3] and say nothing of where items are.
 */
const STOREYS_AT_Z0 = new Set(['IfcopenHouse_Lantern_Hollow_IFC_FreeCAD_export_test.ifc']);

/** The doors whose midpoint is more than DOOR_TOLERANCE from every wall footprint of theirs, with that distance. */
function doorsOffWalls(extraction: IfcExtraction): { total: number; off: string[] } {
  const { arch } = extraction;
  const off: string[] = [];
  for (const storey of Object.values(arch.storeys)) {
    for (const id of storey.doors) {
      const door = arch.doors[id]!;
      // The issue asks that every door lie on a wall: its host walls, or any wall of its storey (an opening may cut
      // its host wall's plan all but away, as at the Janesville garage doors, where the wall runs on beside it).
      const candidates = [...door.walls, ...storey.walls];
      const mid = doorMidpoint(door);
      const distance = Math.min(...candidates.map((wall) => distanceToRing(mid, arch.walls[wall]!.shape.exterior)));
      if (!(distance <= DOOR_TOLERANCE)) off.push(`${id} (${door.walls.length} host(s)): ${distance.toFixed(3)} m`);
    }
  }
  return { total: Object.keys(arch.doors).length, off };
}

/** The items whose z range misses their storey's range widened by STOREY_TOLERANCE (open at the bottom and top). */
function itemsOffStoreys(extraction: IfcExtraction): { checked: number; off: string[] } {
  const { arch } = extraction;
  const storeys = Object.values(arch.storeys).sort((a, b) => a.number - b.number);
  const off: string[] = [];
  let checked = 0;
  storeys.forEach((storey, i) => {
    const min = i === 0 ? -Infinity : storey.height.min_z - STOREY_TOLERANCE;
    const max = i === storeys.length - 1 ? Infinity : storey.height.max_z + STOREY_TOLERANCE;
    for (const [kind, list] of Object.entries(STOREY_LIST_OF)) {
      for (const id of storey[list]) {
        const z = itemZRange(arch, kind as ListedKind, id);
        if (!z) continue;
        checked++;
        if (!overlaps(z, [min, max]))
          off.push(
            `${kind} ${id} [${z[0].toFixed(2)}, ${z[1].toFixed(2)}] on '${storey.name}' [${storey.height.min_z}, ${storey.height.max_z}]`,
          );
      }
    }
  });
  return { checked, off };
}

describe('test-support geometry helpers', () => {
  const square: [number, number][] = [
    [0, 0],
    [2, 0],
    [2, 1],
    [0, 1],
  ];
  it('measures the plan distance to a ring: 0 inside, else to the nearest edge', () => {
    expect(distanceToRing([1, 0.5], square)).toBe(0);
    expect(distanceToRing([1, 1.25], square)).toBeCloseTo(0.25, 9);
    expect(distanceToRing([3, 2], square)).toBeCloseTo(Math.SQRT2, 9);
    expect(distanceToRing([1, 0.5, 7], square)).toBe(0);
  });
  it('treats touching ranges as overlapping', () => {
    expect(overlaps([0, 1], [1, 2])).toBe(true);
    expect(overlaps([0, 1], [1.01, 2])).toBe(false);
    expect(overlaps([-Infinity, 0], [-5, -4])).toBe(true);
  });
});

describe.skipIf(!present)('extracted geometry on the IFC corpus', () => {
  for (const file of orAbsent(models)) {
    const timeout = file === LARGE ? 180_000 : 60_000;
    describe(file, () => {
      const knownOff = DOORS_OFF_WALLS[file] ?? [];
      it(
        `every door lies on a wall (one of its hosts or of its storey)${knownOff.length > 0 ? `, but for the known ${knownOff.join(', ')}` : ''}`,
        async () => {
          const { total, off } = doorsOffWalls(await extract(file));
          console.info(`| ${file} | doors on a wall: ${total - off.length}/${total} |${off.length > 0 ? ` off: ${off.join('; ')}` : ''}`);
          expect(off.map((line) => line.split(' ')[0])).toEqual(knownOff);
        },
        timeout,
      );
      if (STOREYS_AT_Z0.has(file))
        it(
          'places every storey at Z 0, so the height check has nothing to hold its items to',
          async () => {
            const { arch } = await extract(file);
            expect(Object.values(arch.storeys).map((s) => s.height.min_z)).toEqual(Object.values(arch.storeys).map(() => 0));
          },
          timeout,
        );
      else
        it(
          "every item's z range overlaps its storey's height range",
          async () => {
            const { checked, off } = itemsOffStoreys(await extract(file));
            console.info(`| ${file} | items within their storey: ${checked - off.length}/${checked} |`);
            expect(off).toEqual([]);
          },
          timeout,
        );
    });
  }
});
