import type { Arch, Fire, Section } from '@edrf/model';
import { indexBuilding } from '../building.js';
import { addressedUnits } from './addresses.js';
import { sectionBuilding, sectionLocator, type SectionBuilding } from './section-index.js';
import { sectionsInOrder } from './section-order.js';

/**
 * Which section each unit that takes an address belongs to, by the engine's one rule (section-index.ts
 * sectionLocator: the part holding it, else the room whose door it stands at, else the nearest part) over the sections
 * in F§4's order, as calc_fire_sections gives addresses. The sections page reads it to say where a unit is and whom a
 * click addresses, so that the page and the engine never disagree (issue 33 'One source').
 */

/** A unit's section and the index of its part in the section's parts. */
export interface UnitSection {
  section: Section;
  part: number;
}

/** The building as the section rule reads it; build it once per architecture for many calls of unitSections. */
export const unitSectionsBuilding = (arch: Arch): SectionBuilding => sectionBuilding(indexBuilding(arch), arch.doors, arch.wall_openings);

/** Unit id -> its section, for every unit that takes an address and has a section on its storey. */
export function unitSections(arch: Arch, fire: Fire, building: SectionBuilding = unitSectionsBuilding(arch)): Map<string, UnitSection> {
  const locate = sectionLocator(sectionsInOrder(fire.sections), building);
  const out = new Map<string, UnitSection>();
  for (const unit of addressedUnits(fire)) {
    const found = locate(unit.storeyId, unit.at, unit.doorId);
    if (found) out.set(unit.id, found);
  }
  return out;
}
