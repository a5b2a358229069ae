import type { Fire, Regulation, Section } from '@edrf/model';
import type { AnalysisResult, AnalysisWarning } from '../analysis.js';
import { roomLabel } from '../building.js';
import { ringArea, type Ring } from '../geometry/ring.js';
import { extentOf } from './extent.js';
import { stacked } from './groups.js';
import { SECTION_MESSAGES } from './messages.js';
import { components } from './partition.js';
import { walkedSearchDistance } from './search-walk.js';
import { partRings, type SectionBuilding } from './section-index.js';
import { OWN_SECTION_TYPES, SECTION_RULES } from './section-rules.js';

const sectionWarning = (kind: string, section: Section, message: string, unitId = ''): AnalysisWarning => ({
  warning_id: `${kind}:${section.id}${unitId ? `/${unitId}` : ''}`,
  unit_id: unitId,
  section_id: section.id,
  message,
});

const ringsArea = (rings: readonly Ring[]) => Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);

export interface SectionCheck {
  sections: readonly Section[];
  building: SectionBuilding;
  fire: Fire;
  regulation: Regulation;
  cap: number;
  /** Rooms that hold detectors. */
  detected: ReadonlySet<string>;
  /** The section each addressed unit belongs to (the room it serves: section-index.ts). */
  unitSection: ReadonlyMap<string, string>;
  /** Addressed units that belong to no section (no section has a room on their storey). */
  unplaced?: readonly string[];
  /** Whether the whole building may be one section (BS 5839, at most 300 m²). */
  wholeBuilding: boolean;
}

/**
 * The analysis of sections (F§3 'Analysis result', F§8): each section contiguous (else listed in split_sections,
 * one list of room ids per part), within the area cap, on one storey, stairwells and shafts on their own, within the
 * search distance or zone length; rooms with detectors in some section; addresses on the units standing inside.
 */
export function validateSections(check: SectionCheck): AnalysisResult {
  const { sections, building, cap, detected } = check;
  const rules = SECTION_RULES[check.regulation];
  const warnings: AnalysisWarning[] = [];
  const split: string[][] = [];
  const inSection = new Set<string>();
  for (const section of sections) {
    const name = section.name || section.id;
    const rooms: string[] = [];
    let area = 0;
    for (const part of section.parts) {
      const room = building.rooms.get(part.room_id);
      if (!room) {
        warnings.push(sectionWarning(`unknown_room/${part.room_id}`, section, SECTION_MESSAGES.unknownRoom(name, part.room_id)));
        continue;
      }
      if (!rooms.includes(part.room_id)) rooms.push(part.room_id);
      inSection.add(part.room_id);
      area += ringsArea(partRings(part, room.info));
    }
    if (area > cap + 1e-6) warnings.push(sectionWarning('section_over_cap', section, SECTION_MESSAGES.overCap(name, area, cap)));
    const infos = rooms.map((id) => building.rooms.get(id)!);
    const storeys = new Set(infos.map((r) => r.storey));
    const own = infos.filter((r) => (OWN_SECTION_TYPES as readonly string[]).includes(r.info.room.type));
    if (!check.wholeBuilding) {
      if (storeys.size > 1 && own.length < infos.length)
        warnings.push(sectionWarning('section_storeys', section, SECTION_MESSAGES.storeys(name)));
      if (own.length > 0 && own.length < infos.length)
        warnings.push(sectionWarning('section_stair_shared', section, SECTION_MESSAGES.stairShared(name, roomLabel(own[0]!.info.room))));
    }
    // Contiguity: neighbours on a storey, and rooms standing over each other on consecutive storeys.
    const neighbours = infos.map((r, i) =>
      infos.flatMap((o, j) => {
        if (i === j) return [];
        if (o.storey === r.storey) return building.graphs[r.storey]!.neighbours[r.index]!.includes(o.index) ? [j] : [];
        return Math.abs(o.storey - r.storey) === 1 && stacked(o.info.rings, r.info.rings) ? [j] : [];
      }),
    );
    // A building small enough to be one zone is one whatever its storeys: only a larger one must hang together.
    const pieces = check.wholeBuilding ? [neighbours.map((_, k) => k)] : components(neighbours);
    if (pieces.length > 1) {
      split.push(...pieces.map((piece) => piece.map((k) => rooms[k]!)));
      warnings.push(sectionWarning('section_not_contiguous', section, SECTION_MESSAGES.notContiguous(name, pieces.length)));
    } else if (storeys.size === 1 && infos.length > 0) {
      // One room or many, the section's extent is that of its parts (a strip of a room measures as the strip).
      const pieces = section.parts.flatMap((part) => {
        const room = building.rooms.get(part.room_id);
        return room ? [{ roomId: part.room_id, rings: partRings(part, room.info) }] : [];
      });
      // A building small enough to be one zone (BS 5839-1 13.2.2) is not searched against 60 m: no walk in it comes near.
      if (rules.searchDistance !== null && !check.wholeBuilding) {
        const search = walkedSearchDistance(pieces, building.walkDoors[infos[0]!.storey]!);
        if (search === Infinity) warnings.push(sectionWarning('section_search_distance', section, SECTION_MESSAGES.searchUnwalkable(name)));
        else if (search > rules.searchDistance + 1e-6)
          warnings.push(
            sectionWarning('section_search_distance', section, SECTION_MESSAGES.searchDistance(name, search, rules.searchDistance)),
          );
      }
      const length = rules.zoneLength === null ? 0 : extentOf(pieces.flatMap((p) => p.rings));
      if (rules.zoneLength !== null && length > rules.zoneLength + 1e-6)
        warnings.push(sectionWarning('section_zone_length', section, SECTION_MESSAGES.zoneLength(name, length, rules.zoneLength)));
    }
    // Addresses: a partly addressed section lists the units still without one; an address off the section is wrong.
    const addressed = Object.keys(section.addresses);
    for (const unit of addressed)
      if (check.unitSection.get(unit) !== section.id)
        warnings.push(sectionWarning('address_outside', section, SECTION_MESSAGES.addressOutside(unit, name), unit));
    if (addressed.length > 0)
      for (const [unit, sectionId] of check.unitSection)
        if (sectionId === section.id && section.addresses[unit] === undefined)
          warnings.push(sectionWarning('unit_without_address', section, SECTION_MESSAGES.unitWithoutAddress(unit, name), unit));
  }
  for (const id of [...detected].sort())
    if (!inSection.has(id)) {
      const room = building.rooms.get(id)!.info.room;
      warnings.push({
        warning_id: `room_without_section:${id}`,
        unit_id: '',
        section_id: '',
        message: SECTION_MESSAGES.roomWithoutSection(roomLabel(room)),
      });
    }
  for (const unit of check.unplaced ?? [])
    warnings.push({
      warning_id: `unit_without_section:${unit}`,
      unit_id: unit,
      section_id: '',
      message: SECTION_MESSAGES.unitWithoutSection(unit),
    });
  return { warnings, detector_shapes: {}, siren_shapes: {}, split_sections: split };
}
