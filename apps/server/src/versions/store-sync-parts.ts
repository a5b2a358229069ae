// A large sync's parts stored by the compute worker that checked them (docs/versions.md, "A large sync"): the request
// thread then gets only their hashes, never the 50 MB text of a part nor pg's bind of it.
import type { Kysely } from 'kysely';
import { MODEL_PARTS, WORKING_VERSION, type ModelPartName } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { isUuid } from '../auth/tokens.js';
import { storePartText, type PartText } from './parts.js';
import type { CheckedSync, StoredPart } from './sync-body.js';

/**
 * Stores each part sent, when the sync can apply as things stand, and answers the sync with the parts' hashes. The
 * request thread's transaction (Versions.sync) stays the judge: it locks the working version and answers 409 or 404.
 * Stored here, outside it, a part of a sync that a later one overtakes is a row no version names (keyed by its content:
 * harmless, as every old part). A sync already refused (a stale revision, no such parent) stores nothing: its hashes
 * come back unstored, and the transaction refuses the sync before naming them (a row named but not stored would break
 * the versions' foreign keys, not pass).
 */
export async function storeSyncParts(
  db: Kysely<Database>,
  projectId: string,
  checked: CheckedSync<Record<ModelPartName, PartText | null>>,
): Promise<CheckedSync<Record<ModelPartName, StoredPart | null>>> {
  const store = await canApply(db, projectId, checked);
  const parts = {} as Record<ModelPartName, StoredPart | null>;
  for (const part of MODEL_PARTS) {
    const text = checked.parts[part];
    parts[part] = text && { hash: store ? await storePartText(db, text) : text.hash };
  }
  return { ...checked, parts };
}

/** What Versions.sync would refuse before storing anything: no working version, a stale revision, no such parent. */
async function canApply(db: Kysely<Database>, projectId: string, checked: CheckedSync): Promise<boolean> {
  const working = await db.selectFrom('working_versions').select('working_revision').where('project_id', '=', projectId).executeTakeFirst();
  if (!working) return false;
  if (checked.working_revision !== null && checked.working_revision !== working.working_revision) return false;
  if (checked.parent === WORKING_VERSION) return true;
  if (!isUuid(checked.parent)) return false;
  const saved = await db
    .selectFrom('project_versions')
    .select('project_version_id')
    .where('project_id', '=', projectId)
    .where('project_version_id', '=', checked.parent)
    .executeTakeFirst();
  return saved !== undefined;
}
