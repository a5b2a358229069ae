/**
 * Placement on real storeys: IFC models of the corpus (../shared/ifc or IFC_CORPUS) extracted with
 * @edrf/ifc. Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Arch } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { fireUnitsResultSchema } from './analysis.js';
import { calcFireUnits } from './calc-units.js';
import { detectorTypeFor, needsDetection, REGULATION_RULES } from './regulations.js';
import { pointInRings, type Pt } from './geometry/ring.js';
import { fireFor, run } from './test-support/check-units.js';
import { worstDistance } from './test-support/coverage-check.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const MODELS = ['AC20-FZK-Haus.ifc', 'duplex.ifc'];
const present = (file: string) => fs.existsSync(path.join(corpus, file));
if (!MODELS.every(present)) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the fire corpus tests are skipped.`);

// One describe per model, each skipped where its file is absent, so that the file always registers its tests.
for (const file of MODELS)
  describe.skipIf(!present(file))(`units on ${file}`, () => {
    let arch: Arch | undefined;
    const load = async () => (arch ??= (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch);

    it.each(REGULATIONS)('%s: every detected room covered inside, close to the least number', async (regulation) => {
      const a = await load();
      const fire = fireFor(regulation);
      const { result, stats } = run(a, fire);
      expect(fireUnitsResultSchema.safeParse(result).success).toBe(true);
      expect(stats.length).toBeGreaterThan(0);
      const detectors = Object.values(result.units.detectors);
      for (const s of stats) {
        const room = a.rooms[s.room_id]!;
        if (room.type === 'Shaft' || !needsDetection(REGULATION_RULES[regulation], room.type, s.area)) continue;
        expect(s.detectors / s.lower_bound, room.name).toBeLessThanOrEqual(1.5);
        const rings = [room.shape.exterior, ...room.shape.interiors];
        const inRoom = detectors
          .filter((d) => d.storey_id === s.storey_id && pointInRings(d.coord[0], d.coord[1], rings))
          .map((d) => [d.coord[0], d.coord[1]] as Pt);
        const radius = fire.config.unit.detector[detectorTypeFor(room.type)].max_detector_distance;
        expect(worstDistance(rings, inRoom, 0.2).distance, room.name).toBeLessThanOrEqual(radius + 1e-6);
      }
      const placed = stats.reduce((sum, s) => sum + s.detectors, 0);
      const bound = stats.reduce((sum, s) => sum + s.lower_bound, 0);
      expect(placed / bound).toBeLessThanOrEqual(1.1);
    });

    it.each(REGULATIONS)('%s: a design run again adds nothing, and its analysis finds every room covered', async (regulation) => {
      const a = await load();
      const fire = fireFor(regulation);
      const designed = { ...fire, units: { ...fire.units, ...calcFireUnits({ arch: a, fire }).units } };
      const again = calcFireUnits({ arch: a, fire: designed });
      for (const group of ['detectors', 'sirens', 'buttons'] as const)
        expect(Object.keys(again.units[group]).sort(), group).toEqual(Object.keys(designed.units[group]).sort());
      const analysis = calcFireUnits({ arch: a, fire: designed, analyze_only: true });
      expect(
        analysis.validation.warnings.filter(
          (w) => w.warning_id.startsWith('room_not_covered') || w.warning_id.startsWith('room_no_siren_cover'),
        ),
      ).toEqual([]);
    });
  });
