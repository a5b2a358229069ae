// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calcFireSections, calcFireUnits, createFireConfig } from '@edrf/fire';
import { emptyFire, emptyModel, type Model } from '@edrf/model';
import { generatedBuilding } from '@edrf/fire/testing';
import { addressOf, addressedUnits, sortedSections, unitPart, unitsInPart } from './section-lookup';

/** The generated building designed by the engine: units, then sections with addresses (Design all's steps). */
function designed(): Model {
  const arch = generatedBuilding(2);
  let fire = emptyFire(createFireConfig('Bs5839'));
  fire = { ...fire, units: { ...fire.units, ...calcFireUnits({ arch, fire }).units } };
  const { sections } = calcFireSections({ settings: { sections: true, labels: false, addresses: true }, model: { arch, fire } });
  return { ...emptyModel(), arch, fire: { ...fire, sections } };
}

describe("the sections page's reading of a designed building", () => {
  it('puts every unit in the section whose addresses the engine gave it, and lists each part’s units so', () => {
    const model = designed();
    const fire = model.fire!;
    const addressed = addressedUnits(fire).filter((unit) => addressOf(fire, unit.id));
    // Call points stand on door and wall lines, outside every room's outline: the engine's rule still places them.
    expect(addressed.filter((unit) => unit.group === 'buttons').length).toBeGreaterThan(0);
    for (const unit of addressed) expect(unitPart(model, unit)?.section.id, unit.id).toBe(addressOf(fire, unit.id)!.section.id);
    for (const section of sortedSections(fire)) {
      const held = new Set(section.parts.flatMap((part) => unitsInPart(model, part).map((unit) => unit.id)));
      expect([...held].sort(), section.id).toEqual(Object.keys(section.addresses).sort());
    }
  }, 60_000);
});
