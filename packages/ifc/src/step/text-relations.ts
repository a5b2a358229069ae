/**
 * The relations the geometry work needs, read from the STEP text: the parts of aggregates (IfcRelAggregates) and the
 * openings in elements (IfcRelVoidsElement). Every thread that takes part in one file's geometry work (shared-work.ts)
 * reads them alike.
 */
import { attributesAt } from './step-index.js';
import { entitiesOf, type EntityAt } from './step-text.js';

const AGGREGATES = Buffer.from('IFCRELAGGREGATES', 'latin1');

/** Openings and the elements they void. */
export interface Voids {
  /** Opening -> the elements it voids. */
  hostsOf: Map<number, number[]>;
  /** Element -> the openings that void it. */
  openingsOf: Map<number, number[]>;
}

/** The references of an attribute: itself when it is one, those of a list `(#1,#2)`. */
const referencesIn = (attribute: number | string | undefined): number[] =>
  typeof attribute === 'number'
    ? [attribute]
    : typeof attribute === 'string'
      ? [...attribute.matchAll(/#(\d+)/g)].map((m) => Number(m[1]))
      : [];

const push = (map: Map<number, number[]>, key: number, values: number[]) => {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, values);
};

/** Whole -> parts, by IfcRelAggregates (RelatingObject, RelatedObjects: fifth and sixth), in the file's order. */
export function partsFromText(text: Buffer): Map<number, number[]> {
  const parts = new Map<number, number[]>();
  for (const { open } of entitiesOf(text, AGGREGATES)) {
    const [, , , , relating, related] = attributesAt(text, open);
    if (typeof relating === 'number') push(parts, relating, referencesIn(related));
  }
  return parts;
}

/** The openings of the file's IfcRelVoidsElement entities (RelatingBuildingElement, RelatedOpeningElement: fifth and sixth). */
export function voidsFromText(text: Buffer, relations: readonly EntityAt[]): Voids {
  const found: Voids = { hostsOf: new Map(), openingsOf: new Map() };
  for (const { open } of relations) {
    const [, , , , host, opening] = attributesAt(text, open);
    if (typeof host !== 'number' || typeof opening !== 'number') continue;
    push(found.hostsOf, opening, [host]);
    push(found.openingsOf, host, [opening]);
  }
  return found;
}
