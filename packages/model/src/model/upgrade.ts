import { isJsonObject, type JsonObject } from './collections.js';
import { CURRENT_SCHEMA, DEFAULT_SCHEMA } from './constants.js';
import { validateModel, type Model } from './model.js';

/** A step could not read the document: where and why. */
export class UpgradeError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'UpgradeError';
  }
}

/** One upgrade step: takes a document of version `from` (a copy it may change) and returns version from + 1. */
export interface UpgradeStep {
  from: number;
  describe: string;
  upgrade: (doc: JsonObject) => JsonObject;
}

/** The item collections of version 1, stored as arrays of items. Frozen: this is history. */
const V1_ARRAY_COLLECTIONS = [
  'arch.storeys',
  'arch.buildings',
  'arch.rooms',
  'arch.walls',
  'arch.wall_openings',
  'arch.doors',
  'arch.stairs',
  'arch.ceilings',
  'arch.slabs',
  'arch.other_objects',
  'elec.trays',
  'fire.units.racks',
  'fire.units.detectors',
  'fire.units.sirens',
  'fire.units.buttons',
  'fire.units.ios',
  'fire.units.others',
  'fire.units.labels',
  'fire.connections.rooms',
  'fire.connections.centrals',
  'fire.connections.plinths',
  'fire.connections.power_supplies',
  'fire.connections.others',
  'fire.connections.cables',
  'fire.connections.routes',
  'fire.sections',
] as const;

/** Version 1 -> 2: item collections go from arrays of items to JSON objects keyed by id. */
export function upgradeV1toV2(doc: JsonObject): JsonObject {
  for (const path of V1_ARRAY_COLLECTIONS) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let parent: unknown = doc;
    for (const key of keys) parent = isJsonObject(parent) ? parent[key] : undefined;
    if (!isJsonObject(parent)) continue; // e.g. fire null: nothing to convert
    const items = parent[last];
    if (!Array.isArray(items)) continue; // absent, or already keyed
    const keyed: JsonObject = {};
    items.forEach((item, i) => {
      const id = isJsonObject(item) ? item.id : undefined;
      if (typeof id !== 'string' || id === '') throw new UpgradeError(`${path}.${i}.id`, 'Item without an id');
      if (Object.hasOwn(keyed, id)) throw new UpgradeError(`${path}.${i}.id`, `Duplicate id '${id}'`);
      keyed[id] = item;
    });
    parent[last] = keyed;
  }
  return { ...doc, edrf_schema: 2 };
}

/** Every step, in order: UPGRADE_STEPS[i] upgrades version i + 1 to i + 2. */
export const UPGRADE_STEPS: readonly UpgradeStep[] = [
  { from: 1, describe: 'item collections keyed by id instead of arrays', upgrade: upgradeV1toV2 },
];

/** The schema version of a stored model: its edrf_schema, or 1 when absent (P§9); null if not a positive integer. */
export function schemaVersionOf(doc: JsonObject): number | null {
  const version = doc.edrf_schema ?? DEFAULT_SCHEMA;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : null;
}

export type UpgradeResult = { ok: true; model: Model; from: number } | { ok: false; path: string; message: string };

/**
 * Brings a model of any older schema version to CURRENT_SCHEMA, one step at a time, then
 * validates it. A model already current is only validated; a newer one is refused.
 */
export function upgradeModel(raw: unknown): UpgradeResult {
  if (!isJsonObject(raw)) return { ok: false, path: '', message: 'A model must be a JSON object' };
  const from = schemaVersionOf(raw);
  if (from === null) return { ok: false, path: 'edrf_schema', message: 'edrf_schema must be a positive integer' };
  if (from > CURRENT_SCHEMA) return { ok: false, path: 'edrf_schema', message: `Schema version ${from} is newer than ${CURRENT_SCHEMA}` };
  let doc = structuredClone(raw);
  for (let version = from; version < CURRENT_SCHEMA; version++) {
    const step = UPGRADE_STEPS.find((s) => s.from === version);
    if (!step) return { ok: false, path: 'edrf_schema', message: `No upgrade from schema version ${version}` };
    try {
      doc = step.upgrade(doc);
    } catch (error) {
      if (error instanceof UpgradeError) return { ok: false, path: error.path, message: error.message };
      throw error;
    }
  }
  const valid = validateModel(doc);
  return valid.ok ? { ok: true, model: valid.value, from } : valid;
}
