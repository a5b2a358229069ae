/**
 * Revisions through real IFC files (issue 40): AC11-FZK-Haus from the IFC corpus (../shared/ifc or IFC_CORPUS),
 * imported as the server imports it (extractIfc, then mergeIfc into the project's model), designed by the engine; then
 * the architect's revision written with web-ifc's writer into a new file — the bathroom removed with its relations,
 * the bedroom's floor profile made a fifth narrower, the office copied 15 m east as an annex under a GlobalId of its
 * own — re-imported over the first import (its GlobalIds the previous ones) and the design updated. Skipped, with a
 * message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA,
  emptyModel,
  findDanglingReferences,
  modelSchema,
  UNIT_GROUPS,
  newRack,
  type Arch,
  type Fire,
  type Model,
  type Route,
} from '@edrf/model';
import { archGlobalIds, extractIfc, mergeIfc, type IfcExtraction } from '@edrf/ifc';
import { reviseIfc } from '@edrf/ifc/testing';
import { calcFireUnits } from '../calc-units.js';
import { pointInRings, segmentsCross, type Pt } from '../geometry/ring.js';
import { calcFireCabling } from '../loops/calc-cabling.js';
import { centralIn } from '../test-support/centrals.js';
import { IFC_CORPUS } from '../test-support/real-building.js';
import { BASIS_AT, designed, UPDATE_AT } from '../test-support/revision-edits.js';
import { archChanges, designBasis, type PlacedUnit } from './arch-changes.js';
import { roomFigures } from './room-figures.js';
import { updateFireDesign, type DesignUpdate } from './update-design.js';

const FILE = 'AC11-FZK-Haus-IFC.ifc';
const present = fs.existsSync(path.join(IFC_CORPUS, FILE));
if (!present) console.warn(`IFC corpus not found at ${IFC_CORPUS} (set IFC_CORPUS): the IFC revision tests are skipped.`);

/** The spaces of the file the revision touches, by GlobalId (as the file names them: Bad, Schlafzimmer, Buero). */
const BATHROOM = '0e_hbkIQ5DMQlIJ$2V3j_m';
const BEDROOM = '347jFE2yX7IhCEIALmupEH';
const OFFICE = '2RSCzLOBz4FAK$_wE8VckM';
/** The annex: the office's copy, 22 characters of IFC's GlobalId alphabet. */
const ANNEX = '2RevisedCopyOfBuero001';

/** The import of a file into a model, as the server's ifc_import task makes it (extraction-task.ts). */
async function imported(model: Model, bytes: Uint8Array, previous?: IfcExtraction) {
  const extraction = await extractIfc(bytes);
  const merged = mergeIfc(model, extraction, { previousGlobalIds: new Set(previous ? archGlobalIds(previous.arch) : []) });
  return { extraction, model: { ...model, arch: merged.arch, elec: merged.elec }, changes: merged.changes };
}

const roomOf = (arch: Arch, globalId: string) => Object.values(arch.rooms).find((r) => r.global_id === globalId)!;
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : 1);

describe.skipIf(!present)(`a revision of ${FILE} written with web-ifc`, () => {
  let made:
    | { first: Awaited<ReturnType<typeof imported>>; design: Fire; bytes: Uint8Array; next: Awaited<ReturnType<typeof imported>> }
    | undefined;
  /** The first import designed, and the revised file re-imported over it. */
  const setup = async () => {
    if (made) return made;
    const bytes = new Uint8Array(fs.readFileSync(path.join(IFC_CORPUS, FILE)));
    const first = await imported(emptyModel(), bytes);
    const design = designed(first.model.arch);
    const revised = await reviseIfc(bytes, [
      { remove: BATHROOM },
      { reshape: BEDROOM, move: (x, y) => [x * 0.8, y] },
      { copy: OFFICE, dx: 15, dy: 0, globalId: ANNEX, longName: 'Anbau' },
    ]);
    const next = await imported({ ...first.model, fire: design }, revised, first.extraction);
    return (made = { first, design, bytes, next });
  };
  let updated: DesignUpdate | undefined;
  const run = async () => {
    const { design, next } = await setup();
    return (updated ??= updateFireDesign({ arch: next.model.arch, fire: design }, archChanges(design.design_basis!, next.model.arch), {
      at: UPDATE_AT,
    }));
  };

  it('changes nothing when written back untouched: web-ifc’s writer alone is no revision', async () => {
    const { first, design } = await setup();
    const again = await imported({ ...first.model, fire: design }, await reviseIfc((await setup()).bytes, []), first.extraction);
    expect(archChanges(design.design_basis!, again.model.arch)).toEqual({
      added: [],
      removed: [],
      reshaped: [],
      retyped: [],
      walls: { added: [], removed: [], moved: [] },
    });
  }, 120_000);

  it('re-imports the revision as the file has it, and lists exactly the rooms removed, reshaped and added', async () => {
    const { first, design, next } = await setup();
    expect(next.changes.rooms).toEqual({ added: 1, changed: 1, removed: 1 });
    const before = first.model.arch;
    const after = next.model.arch;
    const bathroom = roomOf(before, BATHROOM);
    const bedroom = roomOf(after, BEDROOM);
    const annex = roomOf(after, ANNEX);
    const office = roomOf(after, OFFICE);
    expect(roomOf(after, BATHROOM)).toBeUndefined();
    expect(annex.name).toBe('Anbau');
    // The annex stands where the office does, 15 m east; the bedroom lost a fifth of its depth along its profile's x.
    const xs = (ring: readonly (readonly number[])[]) => ring.map((p) => p[0]!);
    expect(Math.min(...xs(annex.shape.exterior)) - Math.min(...xs(office.shape.exterior))).toBeCloseTo(15, 6);
    expect(roomFigures(bedroom).area / design.design_basis!.rooms[bedroom.id]!.area).toBeCloseTo(0.8, 2);

    const storeyOf = (arch: Arch, id: string) => Object.values(arch.storeys).find((s) => s.rooms.includes(id))!.id;
    const entry = (arch: Arch, id: string) => ({ id, name: arch.rooms[id]!.name, storey_id: storeyOf(arch, id) });
    expect(archChanges(design.design_basis!, after)).toEqual({
      added: [entry(after, annex.id)],
      removed: [{ ...entry(before, bathroom.id), box: design.design_basis!.rooms[bathroom.id]!.box }],
      reshaped: [entry(after, bedroom.id)],
      retyped: [],
      // Spaces removed, reshaped and copied: every wall of the file where it stood.
      walls: { added: [], removed: [], moved: [] },
    });
    // Every room the revision left alone keeps its id and its outline.
    for (const room of Object.values(before.rooms))
      if (![bathroom.id, bedroom.id].includes(room.id)) expect(after.rooms[room.id]?.shape, room.name).toEqual(room.shape);
  }, 120_000);

  it('keeps every untouched unit’s id, coordinates, product and address', async () => {
    const { first, design } = await setup();
    const { fire, summary } = await run();
    const arch = first.model.arch;
    // A unit stands in a room when on its storey and inside its outline (the Galerie above spans the whole house).
    const standsIn = (u: { storey_id: string; coord: readonly number[] }, room: Arch['rooms'][string]) =>
      arch.storeys[u.storey_id]!.rooms.includes(room.id) &&
      pointInRings(u.coord[0]!, u.coord[1]!, [room.shape.exterior, ...room.shape.interiors]);
    const changed = [roomOf(arch, BATHROOM), roomOf(arch, BEDROOM)];
    const standsInChanged = (u: { storey_id: string; coord: readonly number[] }) => changed.some((room) => standsIn(u, room));
    const addressOf = (f: Fire, unit: string) => {
      const s = Object.values(f.sections).find((x) => x.addresses[unit] !== undefined);
      return s && `${s.id}#${s.addresses[unit]}`;
    };
    const removed = new Set(Object.values(summary.units.removed).flat());
    let kept = 0;
    for (const group of UNIT_GROUPS)
      for (const unit of Object.values(design.units[group])) {
        if (standsInChanged(unit)) continue;
        expect(removed.has(unit.id), unit.id).toBe(false);
        expect(fire.units[group][unit.id], unit.id).toEqual(unit);
        expect(addressOf(fire, unit.id), unit.id).toBe(addressOf(design, unit.id));
        kept++;
      }
    // Flur, Küche, Wohnen, Buero and the Galerie: their detectors, sounders and call points.
    expect(kept).toBeGreaterThanOrEqual(12);
    // The bathroom's units are gone with it.
    const bathroom = roomOf(arch, BATHROOM);
    const inBathroom = UNIT_GROUPS.flatMap((g) => Object.values<PlacedUnit>(design.units[g])).filter((u) => standsIn(u, bathroom));
    expect(inBathroom.length).toBeGreaterThan(0);
    for (const unit of inBathroom) expect(removed.has(unit.id), unit.id).toBe(true);
  }, 120_000);

  it('covers the reshaped and the added room, by the engine’s own analysis', async () => {
    const { next } = await setup();
    const { fire, summary } = await run();
    const arch = next.model.arch;
    const annex = roomOf(arch, ANNEX);
    const bedroom = roomOf(arch, BEDROOM);
    expect(Object.values(summary.units.added).flat().length).toBeGreaterThan(0);
    const detectorsIn = (room: Arch['rooms'][string]) =>
      Object.values(fire.units.detectors).filter(
        (d) => arch.storeys[d.storey_id]!.rooms.includes(room.id) && pointInRings(d.coord[0], d.coord[1], [room.shape.exterior]),
      ).length;
    expect(detectorsIn(annex)).toBeGreaterThan(0);
    expect(detectorsIn(bedroom)).toBeGreaterThan(0);
    const analysis = calcFireUnits({ arch, fire, analyze_only: true });
    const uncovered = analysis.validation.warnings
      .filter((w) => /^room_(not_covered|no_siren_cover):/.test(w.warning_id))
      .map((w) => w.warning_id.split(':')[1]!);
    expect(uncovered.filter((id) => id === annex.id || id === bedroom.id)).toEqual([]);
  }, 120_000);

  it('leaves no section with the removed room or its units, every changed room with detectors in a section', async () => {
    const { first, next } = await setup();
    const { fire, summary } = await run();
    const bathroom = roomOf(first.model.arch, BATHROOM);
    const removed = new Set(Object.values(summary.units.removed).flat());
    const sectioned = new Set<string>();
    for (const section of Object.values(fire.sections)) {
      for (const part of section.parts) {
        expect(part.room_id).not.toBe(bathroom.id);
        expect(next.model.arch.rooms[part.room_id], part.room_id).toBeDefined();
        sectioned.add(part.room_id);
      }
      for (const unit of Object.keys(section.addresses)) expect(removed.has(unit), unit).toBe(false);
      const numbers = Object.values(section.addresses);
      expect(new Set(numbers).size, section.id).toBe(numbers.length);
    }
    for (const room of [roomOf(next.model.arch, ANNEX), roomOf(next.model.arch, BEDROOM)])
      expect(sectioned.has(room.id), room.name).toBe(true);
    // The revision is recorded with the rooms by id, and the model holds together.
    expect(summary.revision.changes.removed.map((r) => r.id)).toEqual([bathroom.id]);
    expect([...summary.revision.changes.added, ...summary.revision.changes.reshaped].sort(byId).map((r) => r.id)).toEqual(
      [roomOf(next.model.arch, ANNEX).id, roomOf(next.model.arch, BEDROOM).id].sort(),
    );
    const model = modelSchema.parse({ ...next.model, fire, edrf_schema: CURRENT_SCHEMA });
    expect(findDanglingReferences(model)).toEqual([]);
  }, 120_000);
});

/** The wall between the office (Buero) and the bathroom (Bad), 3.7 m long, north to south. */
const OFFICE_WALL = '2ptk1k7qn8_Qk22vjh$0DE';
/** Its copy 1.1 m east and 2 m south: across the hall (Flur) east of the rack, its north end in the bathroom. */
const NEW_WALL = '2RevisedCopyOfWall0001';

describe.skipIf(!present)(`a wall added across a loop's path in ${FILE}, written with web-ifc`, () => {
  /** The file designed and cabled (a rack with the main central in the hall), then the wall copied and re-imported. */
  const setup = async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(IFC_CORPUS, FILE)));
    const first = await imported(emptyModel(), bytes);
    const arch = first.model.arch;
    const fire = designed(arch);
    const ground = Object.values(arch.storeys).sort((a, b) => a.height.min_z - b.height.min_z)[0]!;
    const hall = ground.rooms.map((id) => arch.rooms[id]!).find((room) => room.name === 'Flur')!;
    const [x, y] = roomFigures(hall).centroid;
    fire.units.racks = { r1: { ...newRack('r1', ground.id, [x, y, ground.height.min_z + 0.1]), label: '' } };
    fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
    fire.connections = calcFireCabling({ arch, fire }).connections;
    fire.design_basis = designBasis(arch, BASIS_AT, fire.units);
    const revised = await reviseIfc(bytes, [{ copy: OFFICE_WALL, dx: 1.1, dy: -2, globalId: NEW_WALL }]);
    const next = await imported({ ...first.model, fire }, revised, first.extraction);
    return { arch, fire, next: next.model.arch };
  };
  let made: ReturnType<typeof setup> | undefined;

  /** The legs of a route that enter the wall's outline: an end inside it or one of its sides crossed. */
  const intoWall = (route: Route, storeyId: string, ring: readonly Pt[]) =>
    route.slices
      .filter((s) => s.storey_id === storeyId)
      .flatMap((s) =>
        s.nodes.slice(1).map((n, k): [Pt, Pt] => [
          [s.nodes[k]!.coord[0], s.nodes[k]!.coord[1]],
          [n.coord[0], n.coord[1]],
        ]),
      )
      .filter(
        ([a, b]) =>
          pointInRings(a[0], a[1], [ring]) ||
          pointInRings(b[0], b[1], [ring]) ||
          ring.some((p, i) => segmentsCross(a, b, p, ring[(i + 1) % ring.length]!)),
      );

  it('lists the new wall alone, re-routes the loop through it round it, every loop closed and the units kept', async () => {
    const { arch, fire, next } = await (made ??= setup());
    const wall = Object.values(next.walls).find((w) => w.global_id === NEW_WALL)!;
    const storeyId = Object.values(next.storeys).find((s) => s.walls.includes(wall.id))!.id;
    const ring = wall.shape.exterior.map((p): Pt => [p[0], p[1]]);
    // The copy stands where the file put it: 1.1 m east and 2 m south of the office's wall.
    const original = Object.values(arch.walls).find((w) => w.global_id === OFFICE_WALL)!;
    expect(Math.min(...ring.map((p) => p[0])) - Math.min(...original.shape.exterior.map((p) => p[0]))).toBeCloseTo(1.1, 6);
    expect(Math.min(...ring.map((p) => p[1])) - Math.min(...original.shape.exterior.map((p) => p[1]))).toBeCloseTo(-2, 6);

    const changes = archChanges(fire.design_basis!, next);
    expect(changes).toEqual({
      added: [],
      removed: [],
      reshaped: [],
      retyped: [],
      walls: { added: [{ id: wall.id, storey_id: storeyId }], removed: [], moved: [] },
    });
    const loopsOf = (f: Fire) => Object.values(f.connections.routes).filter((r) => r.kind === 'Loop');
    const across = loopsOf(fire).filter((r) => intoWall(r, storeyId, ring).length > 0);
    expect(across.length).toBeGreaterThan(0);

    const { fire: after, summary } = updateFireDesign({ arch: next, fire }, changes, { at: UPDATE_AT });
    for (const route of across) expect(summary.reroute).toContain(route.id);
    for (const route of loopsOf(after)) {
      expect(intoWall(route, storeyId, ring), route.id).toEqual([]);
      const stops = route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
      expect([stops[0], stops.at(-1)], route.id).toEqual(['r1', 'r1']);
    }
    // Every unit a loop carried is on a loop still, in the order it had; no unit added, removed or moved.
    const carried = (f: Fire) =>
      loopsOf(f).flatMap((r) => r.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '' && id !== 'r1'));
    expect(carried(after)).toEqual(carried(fire));
    expect(after.units).toEqual(fire.units);
    expect(summary.units.added).toEqual({});
    expect(summary.units.removed).toEqual({});
    // The new basis knows the wall: nothing is pending after the update.
    expect(archChanges(after.design_basis!, next).walls).toEqual({ added: [], removed: [], moved: [] });
  }, 120_000);
});
