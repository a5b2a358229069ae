/**
 * The storey-scoped analysis (storey-scope.ts, analysis-parts.ts: what the units page asks and merges) against the
 * whole model's: for every storey of corpus
 * models (../shared/ifc or IFC_CORPUS; skipped with a message where absent) and of the generated building, the
 * answer to the storey's part of the model is the whole answer's part for that storey; and after edits of units, the
 * parts asked again (rooms or storeys) patched into the earlier analysis give the whole analysis of the edited model.
 * The engine itself answers (calc_fire_units analyze_only), on units it designed with faults put in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractIfc } from '@edrf/ifc';
import { emptyFire, type Arch, type Fire } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { calcFireUnits } from '../calc-units.js';
import { createFireConfig } from '../config.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { applyScoped, mergeParts, planAnalysis, scopedPart, splitAnswer, type AnalysisParts } from './analysis-parts.js';
import { analysisInput, storeyOrder, type AnalysisScope } from './storey-scope.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
/** A house, a duplex, an office block of five storeys, a restaurant with an irregular kitchen and 870 objects. */
const MODELS = ['AC20-FZK-Haus.ifc', 'duplex.ifc', 'AC11-Institute-Var-2-IFC.ifc', 'revit2012_janesville_restaurant.ifc'];
const present = (file: string) => fs.existsSync(path.join(corpus, file));
if (!MODELS.every(present)) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): some storey-scope tests are skipped.`);

const analyse = (arch: Arch, fire: Fire) => calcFireUnits({ arch, fire, analyze_only: true });

/** Every n-th of a group's units (by id) taken out. */
function without<T>(units: Record<string, T>, n: number, from = 0): Record<string, T> {
  const ids = Object.keys(units).sort();
  return Object.fromEntries(ids.filter((_, i) => i % n !== from).map((id) => [id, units[id]!]));
}

/**
 * The engine's design with faults, so that the analysis has much to say: a detector in four and a siren in three
 * taken out (rooms not covered), a detector in seven moved 0.3 m (near a wall, into another room), every other call
 * point taken out (exit doors without one, travel too far), a detector outside every room and one on a storey that
 * does not exist.
 */
function faultyDesign(arch: Arch): Fire {
  const fire = emptyFire(createFireConfig('Sbf1108'));
  const designed = calcFireUnits({ arch, fire }).units;
  const detectors = without(designed.detectors, 4);
  Object.keys(detectors)
    .sort()
    .forEach((id, i) => {
      const d = detectors[id]!;
      if (i % 7 === 3) detectors[id] = { ...d, coord: [d.coord[0] + 0.3, d.coord[1], d.coord[2]] };
    });
  const first = storeyOrder(arch)[0]!;
  detectors['det-outside'] = {
    id: 'det-outside',
    storey_id: first.id,
    product_id: '',
    coord: [1e4, 1e4, first.height.max_z],
    hidden: false,
  };
  detectors['det-lost'] = { id: 'det-lost', storey_id: 'no-such-storey', product_id: '', coord: [0, 0, 0], hidden: false };
  return {
    ...fire,
    units: { ...fire.units, detectors, sirens: without(designed.sirens, 3, 1), buttons: without(designed.buttons, 2) },
  };
}

const kinds = (warnings: readonly AnalysisWarning[]) => new Set(warnings.map((w) => w.warning_id.slice(0, w.warning_id.indexOf(':'))));
const sortedIds = (warnings: readonly AnalysisWarning[]) => warnings.map((w) => w.warning_id).sort();

/** The whole analysis and, storey by storey, the scoped one: equal parts. */
function expectStoreysAsWhole(arch: Arch, fire: Fire): AnalysisParts {
  const whole = analyse(arch, fire);
  // What is sent for the whole building (no walls, openings, stairs, objects but air inlets …) answers the same.
  const building = analysisInput(arch, fire);
  expect(analyse(building.arch, building.fire)).toEqual(whole);
  const parts = splitAnswer(arch, fire, whole);
  for (const storey of storeyOrder(arch)) {
    const scope: AnalysisScope = { storeyId: storey.id };
    const sent = analysisInput(arch, fire, scope);
    expect(scopedPart(sent, scope, analyse(sent.arch, sent.fire)), storey.id).toEqual(parts.storeys[storey.id]);
  }
  // Merged, the parts are the whole answer: every warning, shape and room figure, none twice.
  const merged = mergeParts(parts);
  expect(sortedIds(merged.validation.warnings)).toEqual(sortedIds(whole.validation.warnings));
  expect(merged.validation.detector_shapes).toEqual(whole.validation.detector_shapes);
  expect(merged.validation.siren_shapes).toEqual(whole.validation.siren_shapes);
  expect(merged.rooms).toEqual(expect.arrayContaining(whole.rooms!));
  expect(merged.rooms).toHaveLength(whole.rooms!.length);
  return parts;
}

/** Asks what planAnalysis asks after the edit, patches it in, and expects the whole analysis of the edited model. */
function expectEditAsWhole(parts: AnalysisParts, arch: Arch, fire: Fire, expected: 'rooms' | 'buttons' | 'storey' | 'none'): AnalysisParts {
  const plan = planAnalysis(parts, arch, fire);
  if (expected === 'none') {
    expect(plan.kind).toBe('none');
    return parts;
  }
  if (plan.kind !== 'scopes') throw new Error(`expected scopes, got ${plan.kind}`);
  for (const scope of plan.scopes) {
    expect(scope.rooms !== undefined, scope.storeyId).toBe(expected === 'rooms');
    expect(scope.buttons !== undefined, scope.storeyId).toBe(expected === 'buttons');
  }
  const answers = plan.scopes.map((scope) => {
    const sent = analysisInput(arch, fire, scope);
    return { scope, part: scopedPart(sent, scope, analyse(sent.arch, sent.fire)) };
  });
  const patched = applyScoped(parts, arch, fire, answers);
  const whole = splitAnswer(arch, fire, analyse(arch, fire));
  expect(patched.storeys).toEqual(whole.storeys);
  expect(patched.building).toEqual(whole.building);
  return patched;
}

type Unit = { id: string; storey_id: string; coord: [number, number, number] };
const withUnit = (fire: Fire, group: 'detectors' | 'sirens' | 'buttons', unit: Unit | { id: string; gone: true }): Fire => {
  const units = { ...fire.units[group] } as Record<string, Unit>;
  if ('gone' in unit) delete units[unit.id];
  else units[unit.id] = { ...units[unit.id], ...unit };
  return { ...fire, units: { ...fire.units, [group]: units } };
};

/** A sequence of edits, each checked: a detector moved into another room, deleted, placed anew, moved out of every room; a siren moved; a call point moved. */
function expectEditsAsWhole(arch: Arch, start: Fire, parts: AnalysisParts): void {
  let fire = start;
  const step = (next: Fire, expected: 'rooms' | 'buttons' | 'storey' | 'none') => {
    parts = expectEditAsWhole(parts, arch, next, expected);
    fire = next;
  };
  const storeys = storeyOrder(arch).map((s) => s.id);
  const on = (group: 'detectors' | 'sirens' | 'buttons', storey: string) =>
    (Object.values(fire.units[group]) as Unit[]).filter((u) => u.storey_id === storey).sort((a, b) => a.id.localeCompare(b.id));
  const top = storeys.at(-1)!;
  const lower = storeys.find((id) => on('detectors', id).length >= 3) ?? top;
  const [a, b, c] = on('detectors', lower);
  if (a && b) step(withUnit(fire, 'detectors', { ...a, coord: [b.coord[0] + 0.2, b.coord[1] + 0.1, a.coord[2]] }), 'rooms');
  if (c) step(withUnit(fire, 'detectors', { id: c.id, gone: true }), 'rooms');
  const other = on('detectors', top)[0];
  if (other)
    step(
      withUnit(fire, 'detectors', {
        ...other,
        id: 'det-new',
        coord: [other.coord[0] - 0.4, other.coord[1] + 0.3, other.coord[2]],
      }),
      'rooms',
    );
  if (b) step(withUnit(fire, 'detectors', { ...b, coord: [-1e4, 5, b.coord[2]] }), 'rooms');
  const siren = on('sirens', lower)[0] ?? on('sirens', top)[0];
  if (siren) step(withUnit(fire, 'sirens', { ...siren, coord: [siren.coord[0] + 1.5, siren.coord[1] - 0.5, siren.coord[2]] }), 'rooms');
  const button = on('buttons', lower)[0] ?? on('buttons', top)[0];
  if (button) {
    step(withUnit(fire, 'buttons', { ...button, coord: [button.coord[0] + 2, button.coord[1], button.coord[2]] }), 'buttons');
    // Taken out, then one placed far from every door (travel too far, an exit door without one).
    step(withUnit(fire, 'buttons', { id: button.id, gone: true }), 'buttons');
    step(
      withUnit(fire, 'buttons', { ...button, id: 'btn-new', coord: [button.coord[0] + 40, button.coord[1] + 40, button.coord[2]] }),
      'buttons',
    );
    // A call point and a detector moved together: the storey as a whole.
    const d = on('detectors', button.storey_id)[0];
    if (d)
      step(
        withUnit(withUnit(fire, 'buttons', { id: 'btn-new', gone: true }), 'detectors', {
          ...d,
          coord: [d.coord[0] + 0.2, d.coord[1], d.coord[2]],
        }),
        'storey',
      );
  }
  // A rack or a label is no business of the analysis.
  step({ ...fire, units: { ...fire.units, labels: {} } }, 'none');
}

const seen = new Set<string>();

for (const file of MODELS)
  describe.skipIf(!present(file))(`the storey-scoped analysis of ${file}`, () => {
    it('answers for each storey what the whole model answers, and after edits what the whole edited model answers', async () => {
      const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
      const fire = faultyDesign(arch);
      const parts = expectStoreysAsWhole(arch, fire);
      for (const kind of kinds(mergeParts(parts).validation.warnings)) seen.add(kind);
      expectEditsAsWhole(arch, fire, parts);
    }, 120_000);
  });

describe('the storey-scoped analysis of the generated building', () => {
  it('answers for each storey what the whole building answers (shafts stacked through the storeys), and after edits', () => {
    const arch = generatedBuilding(4);
    const fire = faultyDesign(arch);
    const parts = expectStoreysAsWhole(arch, fire);
    for (const kind of kinds(mergeParts(parts).validation.warnings)) seen.add(kind);
    // The top shaft's detector taken out: the top storey's shaft is not covered; the ones below still continue.
    const top = storeyOrder(arch).at(-1)!.id;
    const shaft = Object.values(fire.units.detectors).find(
      (d) => d.storey_id === top && d.coord[0] < 5 && d.coord[1] > 26 && d.coord[1] < 29,
    );
    expect(shaft).toBeDefined();
    const next = expectEditAsWhole(parts, arch, withUnit(fire, 'detectors', { id: shaft!.id, gone: true }), 'rooms');
    expect(next.storeys[top]!.warnings.map((w) => w.warning_id)).toContain(`room_not_covered:${top}-shaft`);
    expectEditsAsWhole(arch, fire, parts);
  }, 120_000);

  it('keeps the arch of a storey’s call points’ check per architecture: one for every question, as built anew', () => {
    const arch = generatedBuilding(2);
    const fire = faultyDesign(arch);
    const button = Object.values(fire.units.buttons)[0]!;
    const scope: AnalysisScope = { storeyId: button.storey_id, buttons: [button.id] };
    const first = analysisInput(arch, fire, scope);
    const [x, y, z] = button.coord;
    const moved = withUnit(fire, 'buttons', { ...button, coord: [x + 1, y, z] });
    const second = analysisInput(arch, moved, scope);
    expect(second.arch).toBe(first.arch);
    expect(second.fire.units.buttons[button.id]!.coord).toEqual([x + 1, y, z]);
    expect(second).toEqual(analysisInput(structuredClone(arch), moved, scope));
  });

  it('sends rooms and storeys as in the model, heights whole: the placement reads ceiling heights from them', () => {
    const arch = generatedBuilding(3);
    // Floor and ceiling surfaces on every room, as an IFC space gives them (the room's height is read from them): 12 m
    // high, above what point detectors may watch, so that the heights change the analysis wherever they are read.
    for (const storey of Object.values(arch.storeys))
      for (const id of storey.rooms) {
        const room = arch.rooms[id]!;
        const [x, y] = room.shape.exterior[0]!;
        room.shape.below = [[x, y, storey.height.min_z]];
        room.shape.above = [[x, y, storey.height.min_z + 12]];
      }
    const fire = faultyDesign(arch);
    const scopes: AnalysisScope[] = storeyOrder(arch).flatMap((storey) => [
      { storeyId: storey.id },
      { storeyId: storey.id, rooms: storey.rooms.slice(0, 2), units: [] },
      { storeyId: storey.id, buttons: [] },
    ]);
    for (const scope of [undefined, ...scopes]) {
      const sent = analysisInput(arch, fire, scope).arch;
      expect(Object.keys(sent.rooms).length).toBeGreaterThan(0);
      for (const room of Object.values(sent.rooms)) expect(room).toEqual(arch.rooms[room.id]);
      for (const storey of Object.values(sent.storeys)) expect(storey.height).toEqual(arch.storeys[storey.id]!.height);
    }
    // And so the storeys' answers are the whole model's, whatever the placement makes of those heights.
    expectStoreysAsWhole(arch, fire);
  }, 120_000);

  it('met, over the models, the warnings of every kind the faults bring', () => {
    // Runs after the models above (vitest keeps the order of a file's tests).
    const expected = ['room_not_covered', 'room_no_siren_cover', 'unit_outside_rooms', 'unknown_storey', 'door_without_button'];
    for (const kind of expected) expect(seen, kind).toContain(kind);
  });
});
