import type { Model } from './model.js';

/**
 * Every collection of items in the model, named by its path from the model's root. 'record'
 * collections are JSON objects keyed by id; 'list' collections (the product lists) are arrays
 * whose order is meaningful (rank) and whose items have unique ids.
 */
export const COLLECTIONS = {
  'arch.storeys': 'record',
  'arch.buildings': 'record',
  'arch.rooms': 'record',
  'arch.walls': 'record',
  'arch.wall_openings': 'record',
  'arch.doors': 'record',
  'arch.stairs': 'record',
  'arch.ceilings': 'record',
  'arch.slabs': 'record',
  'arch.other_objects': 'record',
  'elec.trays': 'record',
  'fire.units.racks': 'record',
  'fire.units.detectors': 'record',
  'fire.units.sirens': 'record',
  'fire.units.buttons': 'record',
  'fire.units.ios': 'record',
  'fire.units.others': 'record',
  'fire.units.labels': 'record',
  'fire.connections.rooms': 'record',
  'fire.connections.centrals': 'record',
  'fire.connections.plinths': 'record',
  'fire.connections.power_supplies': 'record',
  'fire.connections.others': 'record',
  'fire.connections.cables': 'record',
  'fire.connections.routes': 'record',
  'fire.sections': 'record',
  'fire.config.products.centrals': 'list',
  'fire.config.products.detectors': 'list',
  'fire.config.products.sirens': 'list',
  'fire.config.products.buttons': 'list',
  'fire.config.products.ios': 'list',
  'fire.config.products.plinths': 'list',
  'fire.config.products.cables': 'list',
  'fire.config.products.power_supplies': 'list',
  'fire.config.products.other_rack_products': 'list',
  'fire.config.products.other_units': 'list',
  'fire.config.products.central_extensions': 'list',
} as const satisfies Record<string, 'record' | 'list'>;

export type ItemKind = keyof typeof COLLECTIONS;
export const ITEM_KINDS = Object.keys(COLLECTIONS) as ItemKind[];

/** One item, named by the collection it is in and its id. */
export interface ItemRef {
  kind: ItemKind;
  id: string;
}

/** The fire units: route nodes and section addresses may name any of them. */
export const UNIT_KINDS = [
  'fire.units.racks',
  'fire.units.detectors',
  'fire.units.sirens',
  'fire.units.buttons',
  'fire.units.ios',
  'fire.units.others',
  'fire.units.labels',
] as const satisfies readonly ItemKind[];

export type JsonObject = Record<string, unknown>;
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path, or undefined where a step is missing (e.g. fire is null). */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split('.')) {
    if (!isJsonObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The items of a collection, as [id, item] pairs in order; empty when the part is absent (fire null). */
export function collectionEntries(model: Model | JsonObject, kind: ItemKind): [string, JsonObject][] {
  const collection = valueAt(model, kind);
  if (Array.isArray(collection)) {
    return collection.filter(isJsonObject).map((item): [string, JsonObject] => [String(item.id), item]);
  }
  if (isJsonObject(collection)) return Object.entries(collection).filter((e): e is [string, JsonObject] => isJsonObject(e[1]));
  return [];
}

/** The ids of a collection's items. */
export const itemIds = (model: Model | JsonObject, kind: ItemKind): string[] => collectionEntries(model, kind).map(([id]) => id);

/** An item by kind and id, or undefined. */
export function getItem(model: Model | JsonObject, kind: ItemKind, id: string): JsonObject | undefined {
  const collection = valueAt(model, kind);
  if (Array.isArray(collection)) return collection.find((item): item is JsonObject => isJsonObject(item) && item.id === id);
  if (isJsonObject(collection) && Object.hasOwn(collection, id)) {
    const item = collection[id];
    return isJsonObject(item) ? item : undefined;
  }
  return undefined;
}

/** Removes an item from a collection in place (a model being edited by this package). Returns whether it was there. */
export function removeItemInPlace(model: JsonObject, kind: ItemKind, id: string): boolean {
  const path = kind.split('.');
  const key = path.pop()!;
  const parent = valueAt(model, path.join('.'));
  if (!isJsonObject(parent)) return false;
  const collection = parent[key];
  if (Array.isArray(collection)) {
    const kept = collection.filter((item) => !(isJsonObject(item) && item.id === id));
    parent[key] = kept;
    return kept.length !== collection.length;
  }
  if (isJsonObject(collection) && Object.hasOwn(collection, id)) {
    delete collection[id];
    return true;
  }
  return false;
}
