/**
 * Sections on real storeys: IFC models of the corpus (../shared/ifc or IFC_CORPUS) extracted with @edrf/ifc, their
 * units placed by calc_fire_units. Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Arch, type Section } from '@edrf/model';
import { DOOR_REACH } from './room-graph.js';
import { extractIfc } from '@edrf/ifc';
import { calcFireUnits } from '../calc-units.js';
import { indexBuilding, roomAt } from '../building.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireSections } from './calc-sections.js';
import { LOOP_OTHER_TYPES, loopUnits } from '../loops/loop-units.js';
import { distanceToRings, pointInRings, type Ring } from '../geometry/ring.js';
import { sectionBuilding } from './section-index.js';
import { OWN_SECTION_TYPES } from './section-rules.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const MODELS = ['AC11-Institute-Var-2-IFC.ifc', 'duplex.ifc', 'revit2012_janesville_restaurant.ifc'];
const present = (file: string) => fs.existsSync(path.join(corpus, file));
if (!MODELS.every(present)) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the sections corpus tests are skipped.`);

const ALL = { sections: true, labels: true, addresses: true };

for (const file of MODELS)
  describe.skipIf(!present(file))(`sections on ${file}`, () => {
    let arch: Arch | undefined;
    const load = async () => (arch ??= (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch);

    it.each(REGULATIONS)(
      '%s: every room with detectors in one section, under the cap, contiguous, stairs alone, addresses unique, stable',
      async (regulation) => {
        const a = await load();
        const fire = fireFor(regulation);
        fire.units.detectors = calcFireUnits({ arch: a, fire }).units.detectors;
        const { sections, validation } = calcFireSections({ settings: ALL, model: { arch: a, fire } });
        const list = Object.values(sections);

        const building = indexBuilding(a);
        const detected = new Set<string>();
        for (const d of Object.values(fire.units.detectors)) {
          const storey = building.storeys.find((s) => s.storey.id === d.storey_id)!;
          const room = roomAt(storey, d.coord[0], d.coord[1]);
          if (room) detected.add(room.room.id);
        }
        const rooms = list.flatMap((s) => s.parts.map((p) => p.room_id));
        expect(new Set(rooms).size).toBe(rooms.length);
        expect(rooms.sort()).toEqual([...detected].sort());
        expect(validation.split_sections).toEqual([]);
        expect(validation.warnings.filter((w) => /section_(over_cap|not_contiguous|storeys|stair_shared)/.test(w.warning_id))).toEqual([]);
        for (const s of list) {
          const types = s.parts.map((p) => a.rooms[p.room_id]!.type);
          const own = types.filter((t) => (OWN_SECTION_TYPES as readonly string[]).includes(t)).length;
          if (list.length > 1) expect(own === 0 || own === types.length, s.name).toBe(true);
          const numbers = Object.values(s.addresses);
          expect(new Set(numbers).size).toBe(numbers.length);
          expect(numbers.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
        }
        const again = calcFireSections({ settings: ALL, model: { arch: a, fire: { ...fire, sections } } });
        expect(again.sections).toEqual(sections);
      },
    );
  });

/** Every model of the corpus with rooms: after units then sections, every unit that takes a loop address has one. */
const ALL_MODELS = fs.existsSync(corpus)
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc'))
      .sort()
  : [];
if (ALL_MODELS.length === 0) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the unit section tests are skipped.`);

describe.skipIf(ALL_MODELS.length === 0)('every addressable unit in a section with an address (issue 33, item 6)', () => {
  it.each(ALL_MODELS.flatMap((file) => REGULATIONS.map((regulation) => [file, regulation] as const)))(
    '%s, %s: each call point, detector, addressable siren, I/O and loop unit has one address in one section near it, as the loops find it',
    async (file, regulation) => {
      const a = (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch;
      const fire = fireFor(regulation);
      fire.units = { ...fire.units, ...calcFireUnits({ arch: a, fire }).units };
      if (Object.keys(fire.units.detectors).length === 0) return; // no rooms to detect: nothing to section
      const { sections, validation } = calcFireSections({ settings: ALL, model: { arch: a, fire } });
      const designed = { ...fire, sections };
      // The units that take an address, read from the model here: conventional sirens (neither addressable nor
      // socketed) hang on a sounder circuit.
      const sirens = new Map(fire.config.products.sirens.map((p) => [p.id, p]));
      const units = [
        ...Object.values(fire.units.detectors),
        ...Object.values(fire.units.sirens).filter((s) => {
          const p = sirens.get(s.product_id);
          return !p || p.addressable || p.detector_socket;
        }),
        ...Object.values(fire.units.buttons),
        ...Object.values(fire.units.ios),
        ...Object.values(fire.units.others).filter((o) => LOOP_OTHER_TYPES.includes(o.unit_type)),
      ];
      const holders = new Map<string, string[]>();
      for (const s of Object.values(sections))
        for (const id of Object.keys(s.addresses)) holders.set(id, [...(holders.get(id) ?? []), s.id]);
      const loops = new Map(loopUnits(designed, sectionBuilding(indexBuilding(a), a.doors)).map((u) => [u.id, u.sectionId]));
      const ringsOf = (part: Section['parts'][number]): Ring[] => {
        const shape = part.shape ?? a.rooms[part.room_id]!.shape;
        return [shape.exterior, ...shape.interiors];
      };
      for (const unit of units) {
        expect(holders.get(unit.id), `${unit.id} has one address`).toHaveLength(1);
        const own = sections[holders.get(unit.id)![0]!]!;
        // Near the unit: inside a part of its section, or no farther from one than from any other section's part.
        const onStorey = (p: Section['parts'][number]) => a.storeys[unit.storey_id]!.rooms.includes(p.room_id);
        const gap = (s: Section) =>
          Math.min(
            ...s.parts
              .filter(onStorey)
              .map((p) =>
                pointInRings(unit.coord[0], unit.coord[1], ringsOf(p)) ? 0 : distanceToRings(unit.coord[0], unit.coord[1], ringsOf(p)),
              ),
          );
        const nearest = Math.min(...Object.values(sections).map(gap));
        expect(gap(own), `${unit.id} near its section`).toBeLessThanOrEqual(nearest + 2 * DOOR_REACH);
        expect(loops.get(unit.id), `${unit.id} in the loops' section`).toBe(own.id);
      }
      expect(validation.warnings.filter((w) => /unit_without_(section|address)|address_outside/.test(w.warning_id))).toEqual([]);
    },
  );
});
