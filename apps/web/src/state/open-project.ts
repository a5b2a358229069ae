import { UNSYNCED, WORKING_VERSION, validateModel, type Model } from '@edrf/model';
import { sameContent } from './paths';
import { localCopyKey, parseLocalCopy, type LocalCopy, type LocalCopyStorage } from './local-copy';
import type { ProjectInit } from './project-store';

/** P§8: the messages of a project that cannot be opened. */
export const UNABLE_TO_VALIDATE_MODEL = 'Unable to validate model';
export const UNABLE_TO_FIND_PROJECT = 'Unable to find project';
export const UNABLE_TO_FIND_VERSION = 'Unable to find version';

export interface ProjectMeta {
  working_revision: string;
  parent_version_id: string | null;
}

/** The calls opening a project makes (api/versions.ts); quiet: the caller shows the P§8 text. */
export interface OpenTransport {
  meta(projectId: string): Promise<ProjectMeta>;
  /** latest_version as answered: the working version with its model. */
  latest(projectId: string): Promise<unknown>;
}

export type OpenResult =
  | { ok: true; init: ProjectInit; source: 'local' | 'server' }
  /** message null: the API helper already acted (401 went to /). */
  | { ok: false; message: string | null };

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : 0;

/** The server answered (the project or version is not there for this user), as against unreachable or failing. */
const answered = (status: number) => status >= 400 && status < 500;

/**
 * P§4 Project open: the local working copy when there is a usable one, else latest_version.
 * - The project must exist for the user (get_project_meta), else 'Unable to find project'.
 * - A copy that is not valid is deleted: 'Unable to validate model'.
 * - A copy without unsynced edits whose working revision the server has left behind is stale
 *   (someone else synced): it is dropped and the latest version loaded, as nothing would be lost.
 *   An unsynced copy behind the server opens as it is, with its undo history, marked `behind`:
 *   the user gets their changes and keeps hers (docs/versions.md).
 * - A failure the server answered deletes the copy; when the server could not be reached the copy
 *   is kept, so that unsynced work survives a network failure (docs/editing.md).
 */
export async function openProject(args: {
  projectId: string;
  email: string;
  transport: OpenTransport;
  storage: LocalCopyStorage;
}): Promise<OpenResult> {
  const { projectId, transport, storage } = args;
  const key = localCopyKey(args.email, projectId);
  const dropCopy = () => storage.remove(key).catch((error: unknown) => console.error('Could not delete the local working copy', error));
  const fail = async (message: string, error?: unknown): Promise<OpenResult> => {
    const status = error === undefined ? 400 : statusOf(error);
    if (status === 401) return { ok: false, message: null };
    if (answered(status)) await dropCopy();
    return { ok: false, message };
  };

  const stored = storage.read(key).catch((error: unknown) => {
    // No IndexedDB (a private window of some browsers): open from the server.
    console.error('Could not read the local working copy', error);
    return undefined;
  });
  let meta: ProjectMeta;
  try {
    meta = await transport.meta(projectId);
  } catch (error) {
    await stored;
    return fail(UNABLE_TO_FIND_PROJECT, error);
  }

  // An unsynced copy behind the server's revision may be a sync whose answer was never stored (the
  // page closed as it came): when the server's working version is that very model, nothing is unsynced.
  let fetched: Promise<unknown> | undefined;
  const serverHas = async (local: Model) => {
    fetched = transport.latest(projectId);
    try {
      const server = validateModel(((await fetched) as { model?: unknown } | null)?.model);
      return server.ok && sameContent(server.value, local);
    } catch {
      return false;
    }
  };

  const raw = await stored;
  if (raw !== undefined) {
    const parsed = parseLocalCopy(raw, projectId);
    if (!parsed.ok) return fail(UNABLE_TO_VALIDATE_MODEL);
    const { copy } = parsed;
    const moved = copy.working_revision !== meta.working_revision;
    const stale = moved && (copy.identity === WORKING_VERSION || (copy.identity === UNSYNCED && (await serverHas(copy.model))));
    if (!stale)
      return {
        ok: true,
        source: 'local',
        init: { ...initFromCopy(projectId, copy), behind: moved },
      };
  }

  let latest: unknown;
  try {
    latest = await (fetched ?? transport.latest(projectId));
  } catch (error) {
    return fail(UNABLE_TO_FIND_VERSION, error);
  }
  const version = latest as { working_revision?: unknown; model?: unknown } | null;
  const model = validateModel(version?.model);
  if (!model.ok || typeof version?.working_revision !== 'string') return fail(UNABLE_TO_VALIDATE_MODEL);
  return {
    ok: true,
    source: 'server',
    init: {
      projectId,
      model: model.value,
      identity: WORKING_VERSION,
      parent: null,
      workingRevision: version.working_revision,
      versionComment: null,
    },
  };
}

/** The store's start from a local copy (its fields renamed). */
export const initFromCopy = (projectId: string, copy: LocalCopy): ProjectInit => ({
  projectId,
  model: copy.model,
  identity: copy.identity,
  parent: copy.parent,
  workingRevision: copy.working_revision,
  versionComment: copy.version_comment,
  changedParts: copy.changed_parts,
  baseline: copy.baseline,
  history: copy.history,
});
