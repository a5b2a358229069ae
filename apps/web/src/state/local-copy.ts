import { MODEL_PARTS, UNSYNCED, validateModel, type Model, type ModelPartName } from '@edrf/model';
import type { HistoryRecord, HistoryStep } from './history';
import { localKey } from './user-keys';
import type { PathChange, PathKey } from './paths';

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
  /**
   * What the server holds for the parent where it differs from `model`: its value at each path
   * (undefined: absent). With it the store knows the user's unsynced edits after a reload (a sync
   * conflict re-applies them). A changed part without an entry is not known (a format 1 copy
   * restored) and is sent whole.
   */
  baseline: StoredValue[];
  /** The undo and redo steps (format 2; a format 1 copy restores with none). */
  history: HistoryRecord;
  saved_at: string;
}

export interface StoredValue {
  path: PathKey[];
  value: unknown;
}

/** 2: with the baseline and the undo history. A format 1 copy still opens, without them. */
export const LOCAL_COPY_FORMAT = 2;
const READABLE_FORMATS: readonly unknown[] = [1, LOCAL_COPY_FORMAT];

export const localCopyKey = (email: string, projectId: string) => localKey(email, `project/${projectId}`);

/** Where local copies live: IndexedDB in the app (indexed-db.ts), a Map in tests. */
export interface LocalCopyStorage {
  read(key: string): Promise<unknown>;
  write(key: string, value: LocalCopy): Promise<void>;
  remove(key: string): Promise<void>;
}

export type ParsedLocalCopy = { ok: true; copy: LocalCopy } | { ok: false };

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPath = (value: unknown): value is PathKey[] =>
  Array.isArray(value) && value.length > 0 && value.every((key) => typeof key === 'string' || typeof key === 'number');
const isPart = (value: unknown): value is ModelPartName => (MODEL_PARTS as readonly unknown[]).includes(value);

/** The stored baseline, or none when it is not one (then the changed parts are sent whole, as from format 1). */
function parseBaseline(raw: unknown): StoredValue[] {
  if (!Array.isArray(raw)) return [];
  const entries = raw.filter((entry): entry is StoredValue => isObject(entry) && isPath(entry.path) && isPart(entry.path[0]));
  return entries.length === raw.length ? entries.map((entry) => ({ path: entry.path, value: entry.value })) : [];
}

const parseStep = (raw: unknown): HistoryStep | null => {
  if (!isObject(raw) || !isString(raw.page) || typeof raw.at !== 'number' || !Array.isArray(raw.changes)) return null;
  const changes: PathChange[] = [];
  for (const change of raw.changes as unknown[]) {
    if (!isObject(change) || !isPath(change.path) || !isPart(change.path[0])) return null;
    changes.push({ path: change.path, before: change.before, after: change.after });
  }
  return { changes, page: raw.page, at: raw.at };
};

/** The stored history, or an empty one when it is not one (the model is what must survive). */
function parseHistory(raw: unknown): HistoryRecord {
  const empty = { undo: [], redo: [] };
  if (!isObject(raw) || !Array.isArray(raw.undo) || !Array.isArray(raw.redo)) return empty;
  const undo = (raw.undo as unknown[]).map(parseStep);
  const redo = (raw.redo as unknown[]).map(parseStep);
  if (undo.includes(null) || redo.includes(null)) return empty;
  return { undo: undo as HistoryStep[], redo: redo as HistoryStep[] };
}

/**
 * Checks a stored copy before it is used: its own fields, and the model against the schema
 * (defaults filled in). Anything else is not a usable copy ('Unable to validate model').
 */
export function parseLocalCopy(raw: unknown, projectId: string): ParsedLocalCopy {
  if (typeof raw !== 'object' || raw === null) return { ok: false };
  const copy = raw as Partial<Record<keyof LocalCopy, unknown>>;
  if (!READABLE_FORMATS.includes(copy.format) || copy.project_id !== projectId) return { ok: false };
  if (!isString(copy.identity) || copy.identity === '' || !isString(copy.working_revision)) return { ok: false };
  const parent = copy.parent ?? null;
  if (parent !== null && !isString(parent)) return { ok: false };
  if ((copy.identity === UNSYNCED) !== (parent !== null)) return { ok: false };
  const comment = copy.version_comment ?? null;
  if (comment !== null && !isString(comment)) return { ok: false };
  if (!Array.isArray(copy.changed_parts) || !copy.changed_parts.every(isPart)) return { ok: false };
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
      changed_parts: copy.changed_parts,
      baseline: copy.format === 1 ? [] : parseBaseline(copy.baseline),
      history: copy.format === 1 ? { undo: [], redo: [] } : parseHistory(copy.history),
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
