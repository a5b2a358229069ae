// The design's own figures on each element, in a property set a BIM tool lists beside the element's attributes. Its
// name is not 'Pset_…': buildingSMART keeps that prefix for the standard's own sets [our reading of the brief's name].
import { IFCPROPERTYSET, IFCPROPERTYSINGLEVALUE, IFCRELDEFINESBYPROPERTIES } from 'web-ifc';
import type { Scene } from './scene.js';
import type { IfcWriter, Ref, Step } from './writer.js';

/** The property set of every fire element: unit id, address, section, product, loop; of cables: route, kind, product. */
export const FIRE_PSET = 'EDRF_Fire';
/** The property set of a loop's circuit: its length and units, as the routes page shows them. */
export const LOOP_PSET = 'EDRF_FireLoop';

export type Property = readonly [name: string, value: Step | null];

// A property of the same name and value is written once and shared by the sets that have it (a section, a product,
// a loop are the same for many units): a third fewer lines on a large building.
const written = new WeakMap<IfcWriter, Map<string, Ref>>();

function propertyValue(w: IfcWriter, name: string, value: Step): Ref {
  let cache = written.get(w);
  if (!cache) written.set(w, (cache = new Map<string, Ref>()));
  const typed = w.select(value);
  const key = `${name}\u0000${typed.text}`;
  let found = cache.get(key);
  if (!found) cache.set(key, (found = w.add(IFCPROPERTYSINGLEVALUE, w.identifier(name), null, typed, null)));
  return found;
}

/** Writes a property set of the given values (unset ones left out) on the elements; nothing when none is set. */
export function writePropertySet(scene: Scene, key: string, name: string, elements: readonly Ref[], properties: readonly Property[]): void {
  const { w } = scene;
  const set = properties.filter((p): p is readonly [string, Step] => p[1] !== null);
  if (set.length === 0 || elements.length === 0) return;
  const values = set.map(([property, value]) => propertyValue(w, property, value));
  const pset = w.add(IFCPROPERTYSET, w.guid(`pset:${key}`), scene.owner, w.label(name), null, values);
  w.add(IFCRELDEFINESBYPROPERTIES, w.guid(`pset-of:${key}`), scene.owner, null, null, [...elements], pset);
}
