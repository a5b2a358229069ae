/**
 * Sections on real storeys: IFC models of the corpus (../shared/ifc or IFC_CORPUS) extracted with @edrf/ifc, their
 * units placed by calc_fire_units. Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Arch } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { calcFireUnits } from '../calc-units.js';
import { indexBuilding, roomAt } from '../building.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireSections } from './calc-sections.js';
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
