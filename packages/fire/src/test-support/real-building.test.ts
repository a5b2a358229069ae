/**
 * The real-geometry benchmark building (real-building.ts): its area, unique ids, and that each copy gets the detectors
 * one copy alone gets. Skipped, with a message, where the corpus is absent.
 */
import { describe, expect, it } from 'vitest';
import { archSchema, emptyFire } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { createFireConfig } from '../config.js';
import { realBuilding, realModelsPresent, IFC_CORPUS, type Copy } from './real-building.js';

const present = realModelsPresent();
if (!present) console.warn(`IFC corpus not found at ${IFC_CORPUS} (set IFC_CORPUS): the real-building tests are skipped.`);

const inCopy = (c: Copy, storeyId: string, [x, y]: readonly number[]) =>
  storeyId === c.storeyId && x! >= c.x0 && x! <= c.x1 && y! >= c.y0 && y! <= c.y1;

describe.skipIf(!present)('the real-geometry benchmark building', () => {
  it('reaches the area asked for with ids unique across copies, and validates', async () => {
    const b = await realBuilding({ targetArea: 15_000, across: 3 });
    expect(Math.abs(b.area - 15_000)).toBeLessThanOrEqual(b.copyArea / 2);
    expect(b.copies.length).toBe(Math.round(15_000 / b.copyArea));
    expect(archSchema.safeParse(b.arch).success).toBe(true);
    const listed = Object.values(b.arch.storeys).flatMap((s) => s.rooms);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.length).toBe(Object.keys(b.arch.rooms).length);
    // Storeys bottom up, each above the last.
    const storeys = Object.values(b.arch.storeys).sort((p, q) => p.number - q.number);
    storeys.slice(1).forEach((s, i) => expect(s.height.min_z).toBeGreaterThanOrEqual(storeys[i]!.height.max_z));
    const doors = Object.values(b.arch.doors);
    expect(doors.length).toBeGreaterThan(0);
    for (const d of doors) for (const w of d.walls) expect(b.arch.walls[w], w).toBeDefined();
    // The first test extracts the three corpus models (the second reuses them): a slow machine needs the time.
  }, 60_000);

  it('places in every copy of a 2 × 2 building the detectors and sirens of one copy alone', async () => {
    const fire = emptyFire(createFireConfig('Sbf1108'));
    const one = await realBuilding({ copies: 1 });
    const four = await realBuilding({ copies: 4, across: 2 });
    const alone = calcFireUnits({ arch: one.arch, fire });
    const all = calcFireUnits({ arch: four.arch, fire });
    // The shafts run up through the copies stacked on each other: only the top one's top gets a detector.
    const shafts = Object.values(one.arch.rooms).filter((r) => r.type === 'Shaft').length;
    const top = four.copies.at(-1)!.storeyId;
    for (const copy of four.copies) {
      const detectors = Object.values(all.units.detectors).filter((d) => inCopy(copy, d.storey_id, d.coord)).length;
      const sirens = Object.values(all.units.sirens).filter((u) => inCopy(copy, u.storey_id, u.coord)).length;
      const missing = copy.storeyId === top ? 0 : shafts;
      expect(detectors, copy.prefix).toBe(Object.keys(alone.units.detectors).length - missing);
      expect(sirens, copy.prefix).toBe(Object.keys(alone.units.sirens).length);
    }
  }, 60_000);
});
