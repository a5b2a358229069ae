import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { CURRENT_SCHEMA, upgradeModel, type ModelPartName } from '@edrf/model';
import type { Database } from '../db/schema.js';
import type { PartCache } from './part-cache.js';

export type PartHashes = Record<ModelPartName, string>;

/** A part as stored: its JSON text and that text's SHA-256, its key. */
export interface PartText {
  content: string;
  hash: string;
}

export function partText(value: unknown): PartText {
  const content = JSON.stringify(value);
  return { content, hash: crypto.createHash('sha256').update(content).digest('hex') };
}

/** Stores a part once per content and answers its hash; the same arch synced twice is one row. */
export async function storePart(db: Kysely<Database>, value: unknown): Promise<string> {
  return storePartText(db, partText(value));
}

/** storePart of a part already stringified and hashed (a sync's, in a compute worker: versions/sync-body.ts). */
export async function storePartText(db: Kysely<Database>, part: PartText): Promise<string> {
  await db
    .insertInto('model_parts')
    .values({ part_hash: part.hash, content: part.content })
    .onConflict((oc) => oc.column('part_hash').doNothing())
    .execute();
  return part.hash;
}

/** The stored JSON text of each part, unparsed: answers are assembled from it without a parse. */
export async function loadPartTexts(db: Kysely<Database>, hashes: PartHashes): Promise<Record<ModelPartName, string>> {
  const unique = [...new Set(Object.values(hashes))];
  const rows = await db.selectFrom('model_parts').select(['part_hash', 'content']).where('part_hash', 'in', unique).execute();
  const byHash = new Map(rows.map((row) => [row.part_hash, row.content]));
  const text = (hash: string) => {
    const found = byHash.get(hash);
    if (found === undefined) throw new Error(`model part ${hash} is missing`);
    return found;
  };
  return { config: text(hashes.config), arch: text(hashes.arch), elec: text(hashes.elec), fire: text(hashes.fire) };
}

/** Each part's UTF-8 bytes, from the cache where it has them, else from the database (then kept in the cache). */
export async function loadPartBytes(db: Kysely<Database>, hashes: PartHashes, cache: PartCache): Promise<Record<ModelPartName, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const hash of new Set(Object.values(hashes))) {
    const kept = cache.get(hash);
    if (kept) found.set(hash, kept);
  }
  const missing = [...new Set(Object.values(hashes))].filter((hash) => !found.has(hash));
  if (missing.length > 0) {
    const rows = await db.selectFrom('model_parts').select(['part_hash', 'content']).where('part_hash', 'in', missing).execute();
    for (const row of rows) {
      const bytes = Buffer.from(row.content, 'utf8');
      found.set(row.part_hash, bytes);
      cache.set(row.part_hash, bytes);
    }
  }
  const bytes = (hash: string) => {
    const part = found.get(hash);
    if (!part) throw new Error(`model part ${hash} is missing`);
    return part;
  };
  return { config: bytes(hashes.config), arch: bytes(hashes.arch), elec: bytes(hashes.elec), fire: bytes(hashes.fire) };
}

/**
 * A Version's JSON bytes in pieces, to be written one after another: the head's fields, then
 * `"model":{"config":…,"arch":…,"elec":…,"fire":…,"edrf_schema":n}` from the parts' bytes as kept, without a parse, a
 * text or a copy of them (a fresh 50 MB buffer alone takes this machine's request thread 170 ms); a model stored under
 * an older schema is upgraded on the way out (modelJson).
 */
export function versionJsonBytes(head: object, parts: Record<ModelPartName, Buffer>, edrfSchema: number): Buffer[] {
  const open = `${JSON.stringify(head).slice(0, -1)},"model":`;
  if (edrfSchema !== CURRENT_SCHEMA) {
    const texts = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.toString('utf8')])) as Record<ModelPartName, string>;
    return [Buffer.from(`${open}${modelJson(texts, edrfSchema)}}`, 'utf8')];
  }
  const piece = (text: string) => Buffer.from(text, 'utf8');
  return [
    piece(`${open}{"config":`),
    parts.config,
    piece(',"arch":'),
    parts.arch,
    piece(',"elec":'),
    parts.elec,
    piece(',"fire":'),
    parts.fire,
    piece(`,"edrf_schema":${edrfSchema}}}`),
  ];
}

/**
 * `{"config":…,"arch":…,"elec":…,"fire":…,"edrf_schema":n}` from stored texts. A model of the current
 * schema is assembled without a parse; one stored under an older schema is upgraded on the way out.
 */
export function modelJson(texts: Record<ModelPartName, string>, edrfSchema: number): string {
  const json = `{"config":${texts.config},"arch":${texts.arch},"elec":${texts.elec},"fire":${texts.fire},"edrf_schema":${edrfSchema}}`;
  if (edrfSchema === CURRENT_SCHEMA) return json;
  const upgraded = upgradeModel(JSON.parse(json));
  if (!upgraded.ok) throw new Error(`a stored model of schema ${edrfSchema} does not upgrade: ${upgraded.path} ${upgraded.message}`);
  return JSON.stringify(upgraded.model);
}

/** The parts of a model stored under an older schema, upgraded and stored at CURRENT_SCHEMA: their new hashes. */
export async function upgradeStoredParts(db: Kysely<Database>, hashes: PartHashes, edrfSchema: number): Promise<PartHashes> {
  const model = JSON.parse(modelJson(await loadPartTexts(db, hashes), edrfSchema)) as Record<ModelPartName, unknown>;
  const upgraded = {} as PartHashes;
  for (const part of Object.keys(hashes) as ModelPartName[]) upgraded[part] = await storePart(db, model[part]);
  return upgraded;
}
