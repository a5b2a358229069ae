import type { z } from 'zod';
import { COLLECTIONS, UNIT_KINDS, collectionEntries, isJsonObject, type ItemKind, type JsonObject } from './collections.js';
import { modelSchema, type Model } from './model.js';
import { idReferenceRegistry } from './primitives.js';
import { STOREY_ITEM_LISTS } from './arch.js';
import { RACK_PRODUCT_LIST, UNIT_PRODUCT_LIST } from './enums.js';

/**
 * What happens to a reference when the item it names is deleted:
 * - clear: the field becomes '' (or the list element becomes '', keeping positions);
 * - remove: the id leaves its list, or the key leaves its map;
 * - cascade: the holding item is deleted too (it cannot exist without the other);
 * - dropElement: the array element holding the reference (the one matched by the last '*') is
 *   dropped; with cascadeWhenEmpty the holder is deleted when that array becomes empty.
 */
export type OnDelete = 'clear' | 'remove' | 'cascade' | 'dropElement';

export interface Reference {
  /** The collection whose items hold the reference, or 'config' for the config part itself. */
  holder: ItemKind | 'config';
  /**
   * Where the id sits inside each holder: field names, '*' for every element of an array (or
   * value of a map), '@key' for the keys of a map. E.g. 'slices.*.nodes.*.unit_id'.
   */
  field: string;
  /** The collections the id may name; the id must be in one of them. */
  targets: readonly ItemKind[];
  onDelete: OnDelete;
  cascadeWhenEmpty?: boolean;
  /** Deleting the holder deletes the items it names (a storey owns its rooms, walls, …). */
  owns?: boolean;
}

const unitProduct = (group: string, list: string): Reference => ({
  holder: `fire.units.${group}` as ItemKind,
  field: 'product_id',
  targets: [`fire.config.products.${list}` as ItemKind],
  onDelete: 'clear',
});

const storeyList = (field: string, target: ItemKind): Reference => ({
  holder: 'arch.storeys',
  field: `${field}.*`,
  targets: [target],
  onDelete: 'remove',
  owns: true,
});

const rackUnitRefs = (group: string, productList: string): Reference[] => [
  { holder: `fire.connections.${group}` as ItemKind, field: 'rack_id', targets: ['fire.units.racks'], onDelete: 'cascade' },
  {
    holder: `fire.connections.${group}` as ItemKind,
    field: 'product_id',
    targets: [`fire.config.products.${productList}` as ItemKind],
    onDelete: 'clear',
  },
  {
    holder: `fire.connections.${group}` as ItemKind,
    field: 'connections.*',
    targets: ['fire.connections.cables', 'fire.connections.routes'],
    onDelete: 'remove',
  },
];

/**
 * Every id reference between items: the one table behind deleteItems and findDanglingReferences.
 * docs/model.md explains each rule.
 */
export const REFERENCES: readonly Reference[] = [
  // config
  { holder: 'config', field: 'report_tiles.@key', targets: ['arch.storeys'], onDelete: 'remove' },
  // arch: a storey owns the items it lists
  ...STOREY_ITEM_LISTS.map(([field, collection]) => storeyList(field, `arch.${collection}`)),
  { holder: 'arch.buildings', field: 'storeys.*', targets: ['arch.storeys'], onDelete: 'remove' },
  { holder: 'arch.walls', field: 'enclosing_id', targets: ['arch.walls'], onDelete: 'clear' },
  { holder: 'arch.wall_openings', field: 'wall_id', targets: ['arch.walls'], onDelete: 'cascade' },
  { holder: 'arch.doors', field: 'walls.*', targets: ['arch.walls'], onDelete: 'remove' },
  // elec
  { holder: 'elec.trays', field: 'storey_id', targets: ['arch.storeys'], onDelete: 'cascade' },
  { holder: 'elec.trays', field: 'to_storey_id', targets: ['arch.storeys'], onDelete: 'clear' },
  // fire units
  ...UNIT_KINDS.map((holder): Reference => ({ holder, field: 'storey_id', targets: ['arch.storeys'], onDelete: 'cascade' })),
  ...Object.entries(UNIT_PRODUCT_LIST).map(([group, list]) => unitProduct(group, list)),
  { holder: 'fire.units.sirens', field: 'locked_to', targets: ['fire.units.detectors'], onDelete: 'clear' },
  { holder: 'fire.units.buttons', field: 'door_id', targets: ['arch.doors'], onDelete: 'clear' },
  // fire connections
  { holder: 'fire.connections.rooms', field: 'id', targets: ['arch.rooms'], onDelete: 'cascade' },
  { holder: 'fire.connections.rooms', field: 'racks.*', targets: ['fire.units.racks'], onDelete: 'remove' },
  ...Object.entries(RACK_PRODUCT_LIST).flatMap(([group, list]) => rackUnitRefs(group, list)),
  { holder: 'fire.connections.centrals', field: 'extensions.*', targets: ['fire.config.products.central_extensions'], onDelete: 'clear' },
  { holder: 'fire.connections.cables', field: 'product_id', targets: ['fire.config.products.cables'], onDelete: 'clear' },
  { holder: 'fire.connections.routes', field: 'product_id', targets: ['fire.config.products.cables'], onDelete: 'clear' },
  {
    holder: 'fire.connections.routes',
    field: 'slices.*.storey_id',
    targets: ['arch.storeys'],
    onDelete: 'dropElement',
    cascadeWhenEmpty: true,
  },
  { holder: 'fire.connections.routes', field: 'slices.*.nodes.*.unit_id', targets: UNIT_KINDS, onDelete: 'clear' },
  // fire sections
  { holder: 'fire.sections', field: 'parts.*.room_id', targets: ['arch.rooms'], onDelete: 'dropElement' },
  { holder: 'fire.sections', field: 'addresses.@key', targets: UNIT_KINDS, onDelete: 'remove' },
];

/** The pattern of a reference from the model's root, e.g. 'fire.connections.routes.*.slices.*.storey_id'. */
export const referencePattern = (ref: Pick<Reference, 'holder' | 'field'>): string =>
  ref.holder === 'config' ? `config.${ref.field}` : `${ref.holder}.*.${ref.field}`;

// ---- what the schema says: which fields hold ids ----

type AnySchema = z.core.$ZodType;

/** Steps through wrappers that do not change the shape of the value. */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema as z.core.$ZodTypes;
  for (;;) {
    const def = s._zod.def;
    switch (def.type) {
      case 'default':
      case 'prefault':
      case 'optional':
      case 'nullable':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        s = def.innerType as z.core.$ZodTypes;
        break;
      case 'pipe':
        s = def.in as z.core.$ZodTypes;
        break;
      default:
        return s;
    }
  }
}

interface Site {
  /** Pattern from the root with '*' and '@key', as in referencePattern. */
  pattern: string;
  /** Concrete path from the root. */
  path: string;
  id: string;
}

/** Walks a value along its schema and reports every non-empty string the schema marks as an id reference. */
function walk(schema: AnySchema, value: unknown, pattern: string[], path: string[], out: Site[] | Set<string>): void {
  const s = unwrap(schema) as z.core.$ZodTypes;
  const def = s._zod.def;
  const report = (p: string[], at: string[], id: unknown) => {
    if (out instanceof Set) out.add(p.join('.'));
    else if (typeof id === 'string' && id !== '') out.push({ pattern: p.join('.'), path: at.join('.'), id });
  };
  const schemaOnly = out instanceof Set;
  switch (def.type) {
    case 'string':
      if (idReferenceRegistry.has(s)) report(pattern, path, value);
      return;
    case 'object':
      for (const [key, field] of Object.entries(def.shape)) {
        if (schemaOnly) walk(field, undefined, [...pattern, key], [], out);
        else if (isJsonObject(value)) walk(field, value[key], [...pattern, key], [...path, key], out);
      }
      return;
    case 'array':
      if (schemaOnly) walk(def.element, undefined, [...pattern, '*'], [], out);
      else if (Array.isArray(value))
        value.forEach((element, i) => walk(def.element, element, [...pattern, '*'], [...path, String(i)], out));
      return;
    case 'tuple':
      def.items.forEach((item, i) => {
        if (schemaOnly) walk(item, undefined, [...pattern, String(i)], [], out);
        else if (Array.isArray(value)) walk(item, value[i], [...pattern, String(i)], [...path, String(i)], out);
      });
      return;
    case 'record': {
      const keyIsRef = idReferenceRegistry.has(unwrap(def.keyType));
      if (schemaOnly) {
        if (keyIsRef) report([...pattern, '@key'], [], undefined);
        walk(def.valueType, undefined, [...pattern, '*'], [], out);
      } else if (isJsonObject(value)) {
        for (const [key, element] of Object.entries(value)) {
          if (keyIsRef) report([...pattern, '@key'], [...path, key], key);
          walk(def.valueType, element, [...pattern, '*'], [...path, key], out);
        }
      }
      return;
    }
    default:
      return;
  }
}

/** The patterns of every field the model schema marks as an id reference. */
export function schemaReferencePatterns(): Set<string> {
  const patterns = new Set<string>();
  walk(modelSchema, undefined, [], [], patterns);
  return patterns;
}

/** Every id reference in a model, found through the schema: pattern, concrete path and id. */
export function referenceSites(model: Model | JsonObject): Site[] {
  const sites: Site[] = [];
  walk(modelSchema, model, [], [], sites);
  return sites;
}

export interface DanglingReference {
  /** Where the id is, e.g. 'fire.units.sirens.s1.locked_to'. */
  path: string;
  id: string;
  /** The collections the id should be in; null when the reference is missing from the table. */
  targets: readonly ItemKind[] | null;
}

/** The ids of every collection, for membership tests. */
export function idIndex(model: Model | JsonObject): Map<ItemKind, Set<string>> {
  const index = new Map<ItemKind, Set<string>>();
  for (const kind of Object.keys(COLLECTIONS) as ItemKind[]) index.set(kind, new Set(collectionEntries(model, kind).map(([id]) => id)));
  return index;
}

/**
 * Every id reference that names no item. The fields come from the schema (idRef / optionalIdRef),
 * their targets from the table: a reference field missing from the table is reported with
 * targets null, so the table cannot silently fall behind the schema.
 */
export function findDanglingReferences(model: Model | JsonObject, table: readonly Reference[] = REFERENCES): DanglingReference[] {
  const byPattern = new Map(table.map((ref) => [referencePattern(ref), ref]));
  const index = idIndex(model);
  const dangling: DanglingReference[] = [];
  for (const site of referenceSites(model)) {
    const ref = byPattern.get(site.pattern);
    if (!ref) dangling.push({ path: site.path, id: site.id, targets: null });
    else if (!ref.targets.some((kind) => index.get(kind)?.has(site.id)))
      dangling.push({ path: site.path, id: site.id, targets: ref.targets });
  }
  return dangling;
}
