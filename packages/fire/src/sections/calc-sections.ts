import { sectionColors, type Arch, type Elec, type Fire, type LabelUnit, type Section } from '@edrf/model';
import type { AnalysisResult } from '../analysis.js';
import { indexBuilding, roomAt } from '../building.js';
import { REGULATION_RULES } from '../regulations.js';
import { addressedUnits, cableOrder, sectionAddresses } from './addresses.js';
import { paletteIndexOf, paletteIndices } from './colors.js';
import { newSectionItems } from './groups.js';
import type { SectionItem } from './split-rooms.js';
import { labelPoint } from './label-point.js';
import { SECTION_MESSAGES } from './messages.js';
import { partRings, sectionLocator, sectionBuilding, type SectionBuilding } from './section-index.js';
import { SECTION_RULES, sectionCap } from './section-rules.js';
import { validateSections } from './validate.js';
import { compareSectionNames, compareSections } from './section-order.js';
import { ringArea } from '../geometry/ring.js';

/** What a run computes: the sections page's three checkboxes, and whether to start over. */
export interface SectionsSettings {
  sections: boolean;
  labels: boolean;
  addresses: boolean;
  /** Drop the sections and addresses there are (the user's edits too) and make them anew. */
  renumber?: boolean;
}

export interface CalcFireSectionsInput {
  settings: SectionsSettings;
  model: { arch: Arch; elec?: Elec; fire: Fire };
}

export interface FireSectionsResult {
  /** The whole fire.sections collection to write: the sections kept and the new ones. */
  sections: Record<string, Section>;
  /** The section labels (settings.labels), ids SECTION_LABEL_PREFIX + section id, replacing the labels of that prefix. */
  labels: Record<string, LabelUnit>;
  validation: AnalysisResult;
}

/** Section labels are label units with this id prefix, so that a run replaces its own labels and no others. */
export const SECTION_LABEL_PREFIX = 'section-label-';

/** F§8: sections need detectors. */
export const hasDetectors = (fire: Fire): boolean => Object.keys(fire.units.detectors).length > 0;

/** F§4's order of sections lives in section-order.ts (the pages sort by it too); re-exported for the engine's users. */
export { compareSectionNames };

/** Rooms that hold a detector (by the detector's storey and plan point). */
function detectedRooms(fire: Fire, building: ReturnType<typeof indexBuilding>): Set<string> {
  const rooms = new Set<string>();
  const storeys = new Map(building.storeys.map((s) => [s.storey.id, s]));
  for (const detector of Object.values(fire.units.detectors)) {
    const storey = storeys.get(detector.storey_id);
    const room = storey && roomAt(storey, detector.coord[0], detector.coord[1]);
    if (room) rooms.add(room.room.id);
  }
  return rooms;
}

const nextId = (taken: Set<string>) => {
  let n = 1;
  while (taken.has(`section-${n}`)) n++;
  taken.add(`section-${n}`);
  return `section-${n}`;
};

/** Where a group lies, to name sections bottom up and then west to east. */
const groupPlace = (items: readonly SectionItem[], building: SectionBuilding) => {
  const storey = Math.min(...items.map((item) => building.rooms.get(item.roomId)!.storey));
  return { storey, x: Math.min(...items.map((item) => item.centroid[0])), y: -Math.max(...items.map((item) => item.centroid[1])) };
};

/** Which sections neighbour which (a room of one next to a room of the other on a storey), for the colours. */
function sectionNeighbours(sections: readonly Section[], building: SectionBuilding): number[][] {
  const owner = new Map<string, number>();
  sections.forEach((s, i) => s.parts.forEach((p) => owner.set(p.room_id, i)));
  return sections.map((s, i) => {
    const near = new Set<number>();
    for (const part of s.parts) {
      const room = building.rooms.get(part.room_id);
      if (!room) continue;
      for (const m of building.graphs[room.storey]!.neighbours[room.index]!) {
        const j = owner.get(building.graphs[room.storey]!.rooms[m]!.room.id);
        if (j !== undefined && j !== i) near.add(j);
      }
    }
    return [...near];
  });
}

/**
 * calc_fire_sections (F§7, issue 24): sections over the rooms that hold detectors, their names, colours, labels
 * and the units' addresses, as `settings` asks, and the analysis of the sections that result. Sections and
 * addresses already in the model are kept unless `renumber`; rooms in no section get new sections.
 */
export function calcFireSections(
  input: CalcFireSectionsInput,
  progress: (done: number, total: number) => void = () => {},
): FireSectionsResult {
  const { settings } = input;
  const { arch, fire } = input.model;
  if (!hasDetectors(fire)) throw new Error(SECTION_MESSAGES.detectorsMissing);
  const regulation = fire.config.regulation;
  const index = indexBuilding(arch);
  const building = sectionBuilding(index, arch.doors, arch.wall_openings);
  const cap = sectionCap(fire.config.section.section_areas, REGULATION_RULES[regulation].section.section_areas);
  const detected = detectedRooms(fire, index);
  const renumber = settings.renumber ?? false;
  const steps = building.graphs.length + 2;

  let sections: Section[] = settings.sections && renumber ? [] : Object.values(structuredClone(fire.sections));
  const fresh = new Set<number>();
  if (settings.sections) {
    const covered = new Set(sections.flatMap((s) => s.parts.map((p) => p.room_id)));
    const groups = newSectionItems([...detected].filter((id) => !covered.has(id)).sort(), building, regulation, cap, (s) =>
      progress(s, steps),
    );
    const places = groups.map((g) => groupPlace(g, building));
    const order = groups
      .map((_, i) => i)
      .sort((a, b) => places[a]!.storey - places[b]!.storey || places[a]!.x - places[b]!.x || places[a]!.y - places[b]!.y);
    const ids = new Set(sections.map((s) => s.id));
    const numbers = sections.map((s) => Number(s.name)).filter((n) => Number.isInteger(n));
    let name = renumber ? 1 : Math.max(0, ...numbers) + 1;
    for (const g of order) {
      fresh.add(sections.length);
      sections.push({
        id: nextId(ids),
        name: String(name++),
        description: '',
        ...sectionColors(0),
        parts: groups[g]!.map((item) => ({ room_id: item.roomId, shape: item.shape })),
        addresses: {},
      });
    }
    const fixed = new Map<number, number>();
    sections.forEach((s, i) => {
      const c = paletteIndexOf(s.color);
      if (!fresh.has(i) && c >= 0) fixed.set(i, c);
    });
    const palette = paletteIndices(sectionNeighbours(sections, building), fixed);
    sections = sections.map((s, i) => (fresh.has(i) ? { ...s, ...sectionColors(palette[i]!) } : s));
  }
  progress(steps - 2, steps);

  // Each addressed unit belongs to the section of the room it serves (section-index.ts, the rule the loops read too).
  const byName = [...sections].sort(compareSections);
  const unitSection = new Map<string, string>();
  const units = addressedUnits(fire);
  const locate = sectionLocator(byName, building);
  const unplaced: string[] = [];
  for (const unit of units) {
    const found = locate(unit.storeyId, unit.at, unit.doorId);
    if (found) unitSection.set(unit.id, found.section.id);
    else unplaced.push(unit.id);
  }
  if (settings.addresses) {
    const cable = cableOrder(fire.connections.routes);
    sections = sections.map((s) => ({
      ...s,
      addresses: sectionAddresses(
        units.filter((u) => unitSection.get(u.id) === s.id),
        s.addresses,
        cable,
        renumber,
      ),
    }));
  }

  const labels: Record<string, LabelUnit> = {};
  if (settings.labels)
    for (const section of sections) {
      const parts = section.parts.flatMap((part) => {
        const room = building.rooms.get(part.room_id);
        if (!room) return [];
        const rings = partRings(part, room.info);
        return [{ room, rings, area: Math.abs(ringArea(rings[0]!)) }];
      });
      const largest = parts.sort((a, b) => b.area - a.area)[0];
      if (!largest) continue;
      const at = labelPoint(largest.rings);
      const { min_z, max_z } = largest.room.info.storey.height;
      const id = `${SECTION_LABEL_PREFIX}${section.id}`;
      labels[id] = {
        id,
        storey_id: largest.room.info.storey.id,
        coord: [at[0], at[1], (min_z + max_z) / 2],
        angle: 0,
        label: section.name,
      };
    }
  progress(steps - 1, steps);

  const total = [...building.rooms.values()].reduce((s, r) => s + r.info.area, 0);
  const whole = SECTION_RULES[regulation].wholeBuildingArea;
  const validation = validateSections({
    sections,
    building,
    fire,
    regulation,
    cap,
    detected,
    unitSection,
    unplaced,
    wholeBuilding: whole !== null && total <= whole,
  });
  progress(steps, steps);
  return { sections: Object.fromEntries(sections.map((s) => [s.id, s])), labels, validation };
}
