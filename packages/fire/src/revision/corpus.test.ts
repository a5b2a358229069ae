/**
 * A revision of a real model (issue 40): AC11-Institute from the IFC corpus (../shared/ifc or IFC_CORPUS) designed by
 * the engine (units, sections, labels, addresses), then its architecture changed in memory as a re-import brings a
 * revision — a room removed, one split in two (a room added), one scaled by 10 %, one re-typed — and the design updated.
 * Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA, findDanglingReferences, modelSchema, UNIT_GROUPS, type Arch, type Fire } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { indexBuilding } from '../building.js';
import { calcFireUnits } from '../calc-units.js';
import { pointInRings, ringIsConvex } from '../geometry/ring.js';
import { IFC_CORPUS } from '../test-support/real-building.js';
import { archChanges } from './arch-changes.js';
import { designed, edited, removeRoom, scaleRoom, splitRoom, UPDATE_AT } from '../test-support/revision-edits.js';
import { updateFireDesign, type DesignUpdate } from './update-design.js';

const FILE = 'AC11-Institute-Var-2-IFC.ifc';
const present = fs.existsSync(path.join(IFC_CORPUS, FILE));
if (!present) console.warn(`IFC corpus not found at ${IFC_CORPUS} (set IFC_CORPUS): the revision corpus tests are skipped.`);

const modelOf = (arch: Arch, fire: Fire) => modelSchema.parse({ arch, fire, edrf_schema: CURRENT_SCHEMA });

describe.skipIf(!present)(`a revision of ${FILE}`, () => {
  let made: { arch: Arch; design: Fire; next: Arch; picked: Record<'removed' | 'split' | 'scaled' | 'retyped', string> } | undefined;
  /** The design, and the revision: four distinct rooms with detectors (the split one convex), chosen by id. */
  const setup = async () => {
    if (made) return made;
    const arch = (await extractIfc(new Uint8Array(fs.readFileSync(path.join(IFC_CORPUS, FILE))))).arch;
    const design = designed(arch);
    const detected = indexBuilding(arch)
      .storeys.flatMap((s) => s.rooms)
      .filter(
        (r) =>
          r.room.type === 'Other' &&
          r.area >= 15 &&
          r.rings.length === 1 &&
          Object.values(design.units.detectors).some((d) => d.storey_id === r.storey.id && pointInRings(d.coord[0], d.coord[1], r.rings)),
      )
      .sort((a, b) => (a.room.id < b.room.id ? -1 : 1));
    const split = detected.find((r) => ringIsConvex(r.rings[0]!))!;
    const [removed, scaled, retyped] = detected.filter((r) => r !== split).map((r) => r.room.id);
    const picked = { removed: removed!, split: split.room.id, scaled: scaled!, retyped: retyped! };
    const next = edited(arch, (draft) => {
      removeRoom(draft, picked.removed);
      splitRoom(draft, picked.split, 'split-east');
      scaleRoom(draft, picked.scaled, 0.9);
      draft.rooms[picked.retyped]!.type = 'Kitchen';
    });
    return (made = { arch, design, next, picked });
  };
  let updated: DesignUpdate | undefined;
  const run = async () => {
    const { design, next } = await setup();
    return (updated ??= updateFireDesign({ arch: next, fire: design }, archChanges(design.design_basis!, next), { at: UPDATE_AT }));
  };

  it('lists exactly the rooms changed', async () => {
    const { arch, design, next, picked } = await setup();
    const changes = archChanges(design.design_basis!, next);
    const room = (a: Arch, id: string) => ({ id, name: a.rooms[id]!.name, storey_id: expect.any(String) });
    expect(changes).toEqual({
      added: [room(next, 'split-east')],
      removed: [{ ...room(arch, picked.removed), box: design.design_basis!.rooms[picked.removed]!.box }],
      reshaped: [room(next, picked.scaled), room(next, picked.split)].sort((a, b) => (a.id < b.id ? -1 : 1)),
      retyped: [{ ...room(next, picked.retyped), from: 'Other', to: 'Kitchen' }],
      // Rooms edited in memory: every wall where it stood.
      walls: { added: [], removed: [], moved: [] },
    });
    const storeyOf = (id: string) => Object.values(arch.storeys).find((s) => s.rooms.includes(id))!.id;
    expect(changes.removed[0]!.storey_id).toBe(storeyOf(picked.removed));
    expect(changes.added[0]!.storey_id).toBe(storeyOf(picked.split));
  }, 120_000);

  it('keeps every untouched unit’s id, coordinates, product and address', async () => {
    const { design, arch, picked } = await setup();
    const { fire, summary } = await run();
    const removed = new Set(Object.values(summary.units.removed).flat());
    const changedRooms = [picked.removed, picked.split, picked.scaled, picked.retyped].map((id) => arch.rooms[id]!);
    const standsInChanged = (u: { coord: readonly number[] }) =>
      changedRooms.some((r) => pointInRings(u.coord[0]!, u.coord[1]!, [r.shape.exterior, ...r.shape.interiors]));
    const addressOf = (f: Fire, unit: string) => {
      const s = Object.values(f.sections).find((x) => x.addresses[unit] !== undefined);
      return s && `${s.id}#${s.addresses[unit]}`;
    };
    let kept = 0;
    for (const group of UNIT_GROUPS)
      for (const unit of Object.values(design.units[group])) {
        if (removed.has(unit.id)) continue;
        expect(fire.units[group][unit.id], unit.id).toEqual(unit);
        if (!standsInChanged(unit)) {
          expect(addressOf(fire, unit.id), unit.id).toBe(addressOf(design, unit.id));
          kept++;
        }
      }
    expect(kept).toBeGreaterThan(50);
  }, 120_000);

  it('covers the changed rooms, by the engine’s own analysis', async () => {
    const { next, picked } = await setup();
    const { fire, summary } = await run();
    expect(Object.values(summary.units.added).flat().length).toBeGreaterThan(0);
    const changed = new Set(['split-east', picked.split, picked.scaled, picked.retyped]);
    const analysis = calcFireUnits({ arch: next, fire, analyze_only: true });
    const uncovered = analysis.validation.warnings
      .filter((w) => /^room_(not_covered|no_siren_cover):/.test(w.warning_id))
      .map((w) => w.warning_id.split(':')[1]!);
    expect(uncovered.filter((id) => changed.has(id))).toEqual([]);
  }, 120_000);

  it('leaves no section with a removed room or unit, no repeated address, every changed room with detectors sectioned', async () => {
    const { next, picked } = await setup();
    const { fire, summary } = await run();
    const removed = new Set(Object.values(summary.units.removed).flat());
    expect(removed.size).toBeGreaterThan(0);
    const sectioned = new Set<string>();
    for (const section of Object.values(fire.sections)) {
      for (const part of section.parts) {
        expect(next.rooms[part.room_id], part.room_id).toBeDefined();
        sectioned.add(part.room_id);
      }
      expect(section.parts.map((p) => p.room_id)).not.toContain(picked.removed);
      for (const unit of Object.keys(section.addresses)) expect(removed.has(unit), unit).toBe(false);
      const numbers = Object.values(section.addresses);
      expect(new Set(numbers).size, section.id).toBe(numbers.length);
    }
    for (const id of ['split-east', picked.split, picked.scaled, picked.retyped]) expect(sectioned.has(id), id).toBe(true);
    // The model holds together: nothing names a unit or room that is gone.
    expect(findDanglingReferences(modelOf(next, fire))).toEqual([]);
  }, 120_000);
});
