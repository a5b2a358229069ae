import type { Section } from '@edrf/model';

/**
 * F§4 'Sections are sorted numerically by name', the one order of sections: the engine's (which section holds a unit
 * on a tie, the loops' order) and the pages' lists. Names that are numbers by value ('2' before '10'); then the other
 * names in natural order ('' first, 'A2' before 'A10'); ties by id likewise. A fixed collator ('en'), not the
 * runtime's locale, so that the server and every browser agree.
 */

const collator = new Intl.Collator('en', { numeric: true });
/** A plain decimal number ('2', '-1', '1.5'); '0x10', '1e3' or '' are names. */
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
const numberOf = (name: string): number | null => (NUMBER.test(name) ? Number(name) : null);

/** Two section names in F§4's order. */
export function compareSectionNames(a: string, b: string): number {
  const [x, y] = [numberOf(a), numberOf(b)];
  if (x !== null && y !== null && x !== y) return x - y;
  if (x !== null && y === null) return -1;
  if (x === null && y !== null) return 1;
  return collator.compare(a, b);
}

/** Two sections in F§4's order: by name, then id. */
export const compareSections = (a: Pick<Section, 'name' | 'id'>, b: Pick<Section, 'name' | 'id'>): number =>
  compareSectionNames(a.name, b.name) || collator.compare(a.id, b.id);

/** The sections of a collection in F§4's order. */
export const sectionsInOrder = <S extends Pick<Section, 'name' | 'id'>>(sections: Readonly<Record<string, S>>): S[] =>
  Object.values(sections).sort(compareSections);
