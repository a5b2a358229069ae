import type { Regulation } from '@edrf/model';

/**
 * What a section may be under each regulation (issue 24; values and sources in docs/fire-rules.md, 'Sections'):
 * its area (the largest of the config's section_areas), one storey, and an extent rule where there is one.
 */
export interface SectionRules {
  /** BS 5839-1: the search distance inside a zone, metres (walked from the best entry room to the farthest). */
  searchDistance: number | null;
  /** IBC 907.6.4 for NFPA 72: a zone's length in any direction, metres. */
  zoneLength: number | null;
  /** BS 5839-1: a building of at most this floor area may be one zone over all its storeys (m²). */
  wholeBuildingArea: number | null;
}

export const SECTION_RULES: Readonly<Record<Regulation, SectionRules>> = {
  Sbf1108: { searchDistance: null, zoneLength: null, wholeBuildingArea: null },
  Bs5839: { searchDistance: 60, zoneLength: null, wholeBuildingArea: 300 },
  Nfpa72: { searchDistance: null, zoneLength: 91, wholeBuildingArea: null },
};

/**
 * The area cap of a section: the largest entry of section_areas. The list holds the sizes the regulation allows
 * (SBF: 2000 m² by CEN/TS 54-14:2018, 1600 m² by the 2004 edition); the engine makes sections as large as the
 * largest allows, so a designer who wants the smaller size puts it first alone.
 */
export const sectionCap = (sectionAreas: readonly number[], fallback: readonly number[]): number => {
  const valid = sectionAreas.filter((a) => Number.isFinite(a) && a > 0);
  return Math.max(...(valid.length > 0 ? valid : fallback));
};

/** Room types that are sections of their own, stacked over the storeys (stairwells and shafts). */
export const OWN_SECTION_TYPES = ['Stairwell', 'Shaft'] as const;
