/**
 * Re-importing an IFC file (docs/ifc-upload.md): the same file again changes nothing; an edited file changes only
 * what was edited. Each import is a fresh extraction of STEP text merged with mergeIfc into a model holding the
 * previous import, with that import's GlobalIds as previousGlobalIds, as the server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyModel, type Arch, type Model } from '@edrf/model';
import { archGlobalIds, ARCH_KINDS, extractIfc, mergeIfc, type IfcExtraction, type MergeChanges, type MergeResult } from './index.js';
import { expressIdOf, tinyGlobalId, tinyIfc, withoutEntity } from './test-support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(path.join(corpus, 'reference'));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the corpus re-import tests are skipped.`);
/** The 26 MB model is left out here: two more extractions of it would add ~18 s; corpus-geometry.test.ts covers it. */
const LARGE = 'revit2012_janesville_restaurant.ifc';
const models = present
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc') && fs.existsSync(path.join(corpus, 'reference', f.replace(/\.ifc$/i, '.json'))))
      .filter((f) => f !== LARGE)
      .sort()
  : [];

const extractText = (text: string): Promise<IfcExtraction> => extractIfc(new TextEncoder().encode(text));
const readCorpus = (file: string): string => new TextDecoder('latin1').decode(fs.readFileSync(path.join(corpus, file)));

let counter = 0;
const newId = () => `new-${++counter}`;

/** A model holding a first import of an extraction. */
function firstImport(extraction: IfcExtraction): Model {
  const { arch, elec, changes } = mergeIfc(emptyModel(), extraction, { newId });
  for (const kind of ARCH_KINDS) expect(changes[kind].changed + changes[kind].removed, kind).toBe(0);
  return { ...emptyModel(), arch, elec };
}

/** The import of `next` into a model that holds the import of `previous` (the same file name). */
const reimport = (model: Model, previous: IfcExtraction, next: IfcExtraction): MergeResult =>
  mergeIfc(model, next, { previousGlobalIds: new Set(archGlobalIds(previous.arch)), newId });

/** Every counter of `changes` zero, except those given. */
function expectChanges(changes: MergeChanges, expected: Partial<Record<keyof MergeChanges, Partial<MergeChanges['rooms']>>> = {}): void {
  const want = {} as MergeChanges;
  for (const kind of Object.keys(changes) as (keyof MergeChanges)[]) want[kind] = { added: 0, changed: 0, removed: 0, ...expected[kind] };
  expect(changes).toEqual(want);
}

/** The arch with one item of one collection left out or replaced: what an edit should have touched. */
function archWith<K extends keyof Arch>(arch: Arch, kind: K, id: string, item?: unknown): Arch {
  const next = structuredClone(arch);
  const collection = next[kind] as Record<string, unknown>;
  if (item === undefined) delete collection[id];
  else collection[id] = item;
  return next;
}

describe('re-import of the small written IFC file', () => {
  const room = tinyGlobalId(9);
  const wall = tinyGlobalId(13);
  const door = tinyGlobalId(18);
  const ground = tinyGlobalId(5);

  it('the same file again changes nothing', async () => {
    const first = await extractText(tinyIfc());
    const model = firstImport(first);
    const { arch, elec, changes } = reimport(model, first, await extractText(tinyIfc()));
    expectChanges(changes);
    expect(arch).toEqual(model.arch);
    expect(elec).toEqual(model.elec);
  });

  it("a renamed IfcSpace LongName changes that room's name and type only", async () => {
    const text = tinyIfc();
    const edited = text.replace("'K\\X2\\00F6\\X0\\k'", "'Bad'");
    expect(edited).not.toBe(text);
    const first = await extractText(text);
    const model = firstImport(first);
    const { arch, changes } = reimport(model, first, await extractText(edited));
    expectChanges(changes, { rooms: { changed: 1 } });
    expect(arch.rooms[room]).toMatchObject({ name: 'Bad', type: 'Bathroom' });
    expect(arch).toEqual(archWith(model.arch, 'rooms', room, { ...model.arch.rooms[room]!, name: 'Bad', type: 'Bathroom' }));
  });

  it('a deleted wall is removed with the references to it, and nothing else changes', async () => {
    const text = tinyIfc();
    const edited = withoutEntity(text, 57);
    // The wall, its property relation and its voids relation go; the containment relation keeps the door.
    expect(edited).not.toMatch(/IFCWALL\(|#60=|#75=/);
    expect(edited).toContain('#88=IFCRELCONTAINEDINSPATIALSTRUCTURE');
    const first = await extractText(text);
    const model = firstImport(first);
    expect(model.arch.doors[door]!.walls).toEqual([wall]);
    const { arch, changes } = reimport(model, first, await extractText(edited));
    // The door, whose new extraction names no wall, counts as changed. The storey loses the wall from its list in
    // the removal's cascade (deleteItems), which mergeIfc counts as the wall's removal only, not as a storey change.
    expectChanges(changes, { walls: { removed: 1 }, doors: { changed: 1 } });
    expect(arch.walls[wall]).toBeUndefined();
    expect(arch.doors[door]!.walls).toEqual([]);
    expect(arch.storeys[ground]!.walls).toEqual([]);
    let expected = archWith(model.arch, 'walls', wall);
    expected = archWith(expected, 'doors', door, { ...model.arch.doors[door]!, walls: [] });
    expected = archWith(expected, 'storeys', ground, { ...model.arch.storeys[ground]!, walls: [] });
    expect(arch).toEqual(expected);
  });

  it('a moved wall changes that wall only', async () => {
    // The opening (and so the door) is placed on the storey, not on the wall, in both files: the same place as in
    // tinyIfc(), where the wall's placement is the identity, so only the wall moves with its placement. It moves 1 m,
    // beyond the reach within which a door's line snaps onto a host wall (elements/doors.ts).
    const text = tinyIfc().replace('#73=IFCLOCALPLACEMENT(#56,#72);', '#73=IFCLOCALPLACEMENT(#18,#72);');
    const edited = text.replace(
      '#56=IFCLOCALPLACEMENT(#18,#4);',
      '#56=IFCLOCALPLACEMENT(#18,#90);\n#89=IFCCARTESIANPOINT((1000.,0.,0.));\n#90=IFCAXIS2PLACEMENT3D(#89,$,$);',
    );
    expect(edited).not.toBe(text);
    const first = await extractText(text);
    const model = firstImport(first);
    const { arch, changes } = reimport(model, first, await extractText(edited));
    expectChanges(changes, { walls: { changed: 1 } });
    const before = model.arch.walls[wall]!;
    const after = arch.walls[wall]!;
    after.shape.exterior.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(before.shape.exterior[i]![0] + 1, 6);
      expect(p[1]).toBeCloseTo(before.shape.exterior[i]![1], 6);
    });
    expect(arch).toEqual(archWith(model.arch, 'walls', wall, after));
  });
});

describe.skipIf(!present)('re-import of the same corpus file changes nothing', () => {
  for (const file of models) {
    it(
      file,
      async () => {
        const text = readCorpus(file);
        const first = await extractText(text);
        const model = firstImport(first);
        const { arch, elec, changes } = reimport(model, first, await extractText(text));
        expectChanges(changes);
        expect(arch).toEqual(model.arch);
        expect(elec).toEqual(model.elec);
      },
      60_000,
    );
  }
});

const FZK = 'AC20-FZK-Haus.ifc';
describe.skipIf(!present || !fs.existsSync(path.join(corpus, FZK)))(`re-import of an edited ${FZK}`, () => {
  it("a renamed IfcSpace LongName changes that room's name only", async () => {
    const text = readCorpus(FZK);
    // #21283= IFCSPACE('0e_hbkIQ5DMQlIJ$2V3j_m',#12,'3',$,$,#21203,#21278,'Bad',…): the bathroom becomes 'Wohnen'.
    const room = '0e_hbkIQ5DMQlIJ$2V3j_m';
    const edited = text
      .split('\n')
      .map((line) => (line.includes(`IFCSPACE('${room}'`) ? line.replace(",'Bad',", ",'Wohnen',") : line))
      .join('\n');
    expect(edited).not.toBe(text);
    const first = await extractText(text);
    const model = firstImport(first);
    expect(model.arch.rooms[room]).toMatchObject({ name: 'Bad', type: 'Bathroom' });
    const { arch, changes } = reimport(model, first, await extractText(edited));
    expectChanges(changes, { rooms: { changed: 1 } });
    expect(arch).toEqual(archWith(model.arch, 'rooms', room, { ...model.arch.rooms[room]!, name: 'Wohnen', type: 'Other' }));
  }, 60_000);

  it('a deleted IfcWallStandardCase that hosts a door is removed with the references to it, and nothing else changes', async () => {
    const text = readCorpus(FZK);
    const first = await extractText(text);
    const model = firstImport(first);
    // The first IfcWallStandardCase (in file order) that hosts a door.
    const candidates = Object.values(model.arch.walls)
      .map((w) => ({ id: w.id, expressId: expressIdOf(text, 'IFCWALLSTANDARDCASE', w.global_id) }))
      .filter((w) => w.expressId !== undefined && Object.values(model.arch.doors).some((d) => d.walls.includes(w.id)))
      .sort((a, b) => a.expressId! - b.expressId!);
    expect(candidates.length).toBeGreaterThan(0);
    const wall = candidates[0]!.id;
    const edited = withoutEntity(text, candidates[0]!.expressId!);
    expect(edited).not.toMatch(new RegExp(`#${candidates[0]!.expressId}(?!\\d)`));
    const hosted = Object.values(model.arch.doors).filter((d) => d.walls.includes(wall));
    const voided = Object.values(model.arch.wall_openings).filter((o) => o.wall_id === wall);

    const { arch, changes } = reimport(model, first, await extractText(edited));
    console.info(
      `${FZK}: deleted wall ${wall} (#${candidates[0]!.expressId}), hosting ${hosted.length} door(s), ${voided.length} opening(s)`,
    );
    // The wall goes with the openings cut in it (their IfcRelVoidsElement went with it); its doors, whose new
    // extraction names no such wall, count as changed; its storey loses it in the removal's cascade, not counted.
    expectChanges(changes, { walls: { removed: 1 }, doors: { changed: hosted.length }, wall_openings: { removed: voided.length } });
    expect(arch.walls[wall]).toBeUndefined();
    for (const d of Object.values(arch.doors)) expect(d.walls).not.toContain(wall);
    for (const o of Object.values(arch.wall_openings)) expect(o.wall_id).not.toBe(wall);
    for (const s of Object.values(arch.storeys)) expect(s.walls).not.toContain(wall);
    // A door without its wall sits by its own mesh instead of mid-wall (elements/doors.ts): its line moves across itself,
    // by less than the wall was thick, and not along.
    for (const d of hosted) {
      const now = arch.doors[d.id]!;
      const [ux, uy] = [d.right[0] - d.left[0], d.right[1] - d.left[1]];
      const length = Math.hypot(ux, uy);
      const [mx, my] = [
        (now.left[0] + now.right[0] - d.left[0] - d.right[0]) / 2,
        (now.left[1] + now.right[1] - d.left[1] - d.right[1]) / 2,
      ];
      expect(Math.abs((mx * ux + my * uy) / length)).toBeLessThan(1e-4);
      expect(Math.hypot(mx, my)).toBeLessThan(0.5);
      expect(Math.hypot(now.right[0] - now.left[0], now.right[1] - now.left[1])).toBeCloseTo(length, 4);
    }
    let expected = archWith(model.arch, 'walls', wall);
    for (const d of hosted) {
      const now = arch.doors[d.id]!;
      expected = archWith(expected, 'doors', d.id, { ...d, walls: d.walls.filter((w) => w !== wall), left: now.left, right: now.right });
    }
    for (const o of voided) expected = archWith(expected, 'wall_openings', o.id);
    const gone = new Set([wall, ...voided.map((o) => o.id)]);
    for (const s of Object.values(expected.storeys)) {
      s.walls = s.walls.filter((id) => !gone.has(id));
      s.wall_openings = s.wall_openings.filter((id) => !gone.has(id));
    }
    expect(arch).toEqual(expected);
  }, 60_000);
});
