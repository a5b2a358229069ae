import { MODEL_PARTS, UNSYNCED, validateModel, type Model, type ModelPartName } from '@edrf/model';
import { localKey } from './local-cache';

/**
 * The local working copy of a project (P§4 Project open), kept in IndexedDB under
 * `${email}/project/${projectId}` so that logging out removes it with the user's other entries.
 */
export interface LocalCopy {
  format: typeof LOCAL_COPY_FORMAT;
  project_id: string;
  model: Model;
  /** A saved version id, 'working-version' or 'unsynced'. */
  identity: string;
  /** The identity the unsynced edits started from; null unless identity is 'unsynced'. */
  parent: string | null;
  /** The server's working revision this copy was last in step with; every sync sends it back. */
  working_revision: string;
  /** The comment of the saved version when identity is one ('Saved version: {comment}'). */
  version_comment: string | null;
  /**
   * The parts that differ from what the server holds for the parent: the references of the
   * last-synced parts do not survive storage, so their fingerprint is this list.
   */
  changed_parts: ModelPartName[];
  saved_at: string;
}

export const LOCAL_COPY_FORMAT = 1;

export const localCopyKey = (email: string, projectId: string) => localKey(email, `project/${projectId}`);

/** Where local copies live: IndexedDB in the app (indexed-db.ts), a Map in tests. */
export interface LocalCopyStorage {
  read(key: string): Promise<unknown>;
  write(key: string, value: LocalCopy): Promise<void>;
  remove(key: string): Promise<void>;
}

export type ParsedLocalCopy = { ok: true; copy: LocalCopy } | { ok: false };

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Checks a stored copy before it is used: its own fields, and the model against the schema
 * (defaults filled in). Anything else is not a usable copy ('Unable to validate model').
 */
export function parseLocalCopy(raw: unknown, projectId: string): ParsedLocalCopy {
  if (typeof raw !== 'object' || raw === null) return { ok: false };
  const copy = raw as Partial<Record<keyof LocalCopy, unknown>>;
  if (copy.format !== LOCAL_COPY_FORMAT || copy.project_id !== projectId) return { ok: false };
  if (!isString(copy.identity) || copy.identity === '' || !isString(copy.working_revision)) return { ok: false };
  const parent = copy.parent ?? null;
  if (parent !== null && !isString(parent)) return { ok: false };
  if ((copy.identity === UNSYNCED) !== (parent !== null)) return { ok: false };
  const comment = copy.version_comment ?? null;
  if (comment !== null && !isString(comment)) return { ok: false };
  if (!Array.isArray(copy.changed_parts) || !copy.changed_parts.every((part) => (MODEL_PARTS as readonly unknown[]).includes(part)))
    return { ok: false };
  const model = validateModel(copy.model);
  if (!model.ok) return { ok: false };
  return {
    ok: true,
    copy: {
      format: LOCAL_COPY_FORMAT,
      project_id: projectId,
      model: model.value,
      identity: copy.identity,
      parent,
      working_revision: copy.working_revision,
      version_comment: comment,
      changed_parts: copy.changed_parts as ModelPartName[],
      saved_at: isString(copy.saved_at) ? copy.saved_at : '',
    },
  };
}

/** A Map standing in for IndexedDB (tests, and browsers without IndexedDB). */
export function memoryStorage(entries = new Map<string, unknown>()): LocalCopyStorage & { entries: Map<string, unknown> } {
  return {
    entries,
    read: (key) => Promise.resolve(structuredClone(entries.get(key))),
    write: (key, value) => {
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    remove: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
