/**
 * F§3 section.section_areas: a list of areas (m²) kept sorted descending, duplicates allowed. Each
 * change answers a new list, sorted again.
 */

/** A section area is positive (the schema); the smallest one the page accepts, m². */
export const SECTION_AREA_MIN = 1;

export const sortAreas = (areas: readonly number[]): number[] => [...areas].sort((a, b) => b - a);

export const addArea = (areas: readonly number[], area: number): number[] => sortAreas([...areas, area]);

export const replaceArea = (areas: readonly number[], index: number, area: number): number[] =>
  sortAreas(areas.map((value, i) => (i === index ? area : value)));

export const removeArea = (areas: readonly number[], index: number): number[] => areas.filter((_, i) => i !== index);
