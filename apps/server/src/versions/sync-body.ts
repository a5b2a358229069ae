// A sync_working_version body checked and made ready to store (docs/versions.md): the envelope, and each part sent
// validated, stringified and hashed as it is stored. One function for both places it runs: the request thread for a
// small body (an edit), a compute worker for a large one (compute/sync-task.ts), so the answers are the same.
import { z } from 'zod';
import { MODEL_PARTS, validateModelPart, type ModelPartName } from '@edrf/model';
import { HttpError, parseInput } from '../http/errors.js';
import { partText, type PartText } from './parts.js';

export const syncEnvelope = z.object({
  parent: z.string().min(1).max(100),
  /**
   * The web app's guard against lost updates: with it a stale revision is refused (409). P§7's payload has no such
   * field; without it (absent or null) the sync applies to the working version as it is now (docs/versions.md).
   */
  working_revision: z.string().uuid('Not a revision of this project').nullish(),
});

/** A part a compute worker has already stored (versions/store-sync-parts.ts): only its hash comes back. */
export interface StoredPart {
  hash: string;
}

/** A part sent: its text to store, or the hash of the one stored for it; null for 'unchanged from the parent'. */
export type SyncParts = Record<ModelPartName, PartText | StoredPart | null>;

export interface CheckedSync<Parts extends SyncParts = SyncParts> {
  parent: string;
  working_revision: string | null;
  parts: Parts;
}

/** The body's value checked: a 400 (HttpError) naming the envelope's field or the failing part's path. */
export function checkSyncBody(body: unknown): CheckedSync<Record<ModelPartName, PartText | null>> {
  const envelope = parseInput(syncEnvelope, body);
  const fields = body as Record<string, unknown>;
  const parts = {} as Record<ModelPartName, PartText | null>;
  for (const part of MODEL_PARTS) parts[part] = validatedPart(part, fields[part]);
  return { parent: envelope.parent, working_revision: envelope.working_revision ?? null, parts };
}

/** null or absent: unchanged. Otherwise the part must be valid; the answer names the failing path. */
function validatedPart(part: ModelPartName, value: unknown): PartText | null {
  if (value === null || value === undefined) return null;
  const result = validateModelPart(part, value);
  if (!result.ok) throw new HttpError(400, `${result.path}: ${result.message}`);
  return partText(result.value);
}
