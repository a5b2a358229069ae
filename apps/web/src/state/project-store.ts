import { MODEL_PARTS, UNSYNCED, WORKING_VERSION, type Model, type ModelPartName } from '@edrf/model';
import { EditHistory, applyEdits, redoStep, undoStep, type EditRequest, type HistoryRecord, type HistoryStep } from './history';
import { LOCAL_COPY_FORMAT, type LocalCopy, type StoredValue } from './local-copy';
import { UNKNOWN_BASE, mergeModels, resolveMerge, type MergeBase, type MergeChoice, type MergeOutcome } from './merge';
import { diffPaths, isPlainObject, sameContent, setAllIn, type PathKey } from './paths';

/**
 * The open project (P§3 Project state, P§4): the model, its version identity, the undo history,
 * sync and save. Plain TypeScript, no React: the app reads it through state/use-project.ts, tests
 * drive it directly. Decisions are in docs/editing.md.
 */

/** A saved version id, 'working-version' or 'unsynced' (P§4). */
export type VersionIdentity = string;

export interface SyncBody {
  parent: string;
  working_revision: string;
  config: Model['config'] | null;
  arch: Model['arch'] | null;
  elec: Model['elec'] | null;
  fire: Model['fire'];
}

export interface SyncAnswer {
  working_revision: string;
  parent_version_id: string | null;
}

export interface SaveAnswer {
  project_version_id: string;
  parent_version_id: string | null;
}

/** The calls the store makes (api/versions.ts in the app; a fake in tests). They throw on failure. */
export interface VersionTransport {
  sync(projectId: string, body: SyncBody): Promise<SyncAnswer>;
  /** `workingRevision`: what the caller last saw; the server refuses (409) when someone synced since. */
  save(projectId: string, comment: string, workingRevision: string): Promise<SaveAnswer>;
}

export interface ProjectStoreDeps {
  transport: VersionTransport;
  /** Writes the local working copy; called at most every persistDelayMs. */
  persist?: (copy: LocalCopy) => Promise<void>;
  persistDelayMs?: number;
  /** Shows an error to the user (the 409 message). */
  reportError?: (message: string) => void;
  now?: () => number;
  batchMs?: number;
}

export interface ProjectInit {
  projectId: string;
  model: Model;
  identity: VersionIdentity;
  /** Required when identity is 'unsynced', else null. */
  parent: VersionIdentity | null;
  workingRevision: string;
  /** The comment of the saved version when identity is one. */
  versionComment: string | null;
  /** Parts that differ from the server's copy of the parent (a restored local copy); none by default. */
  changedParts?: readonly ModelPartName[];
  /**
   * The server's values where a changed part differs from `model` (a restored local copy): the
   * store knows that part's unsynced edits. A changed part without any is sent whole, and a merge
   * treats every difference in it as a conflict.
   */
  baseline?: readonly StoredValue[];
  /** The undo history of a restored local copy. */
  history?: HistoryRecord;
  /** The server's working revision has moved past `workingRevision` (someone else synced). */
  behind?: boolean;
}

/** A version as get_version / latest_version answer it, to load into the store. */
export interface LoadedVersion {
  project_version_id: string;
  comment: string | null;
  working_revision: string;
  model: Model;
}

export interface ProjectSnapshot {
  projectId: string;
  model: Model;
  identity: VersionIdentity;
  parent: VersionIdentity | null;
  workingRevision: string;
  versionComment: string | null;
  syncing: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /**
   * Someone else synced since this model's working revision (a sync or save answered 409, or the
   * copy opened was behind the server): "Get their changes and keep mine" is offered.
   */
  behind: boolean;
}

/** A merge of the user's unsynced edits on a newer working version, ready to be resolved and applied. */
export interface PreparedMerge extends MergeOutcome {
  /** The working version the edits are re-applied on. */
  version: LoadedVersion;
}

export type SyncResult =
  /** Sent; the server took it. */
  | { status: 'synced' }
  /** Nothing changed since the last sync and the parent is the working version: no call. */
  | { status: 'unchanged' }
  /** Not unsynced: nothing to do. */
  | { status: 'idle' }
  /** 409: someone else synced first; the local copy and the unsynced state stay. */
  | { status: 'conflict'; message: string }
  | { status: 'failed'; message: string };

export type SaveResult = { status: 'saved'; versionId: string } | { status: 'failed'; message: string };

/**
 * How long a change waits before the working copy is written: a burst of typing or a drag writes a few times a second,
 * not per event; short, since a write stores only the records the change made (copy-records.ts), so that a reload
 * right after an edit finds it.
 */
export const PERSIST_DELAY_MS = 100;

/** Per part, what the server holds for it, or UNKNOWN_BASE (restored from a format 1 copy: always sent). */
type Baseline = MergeBase;

const partsOf = (model: Model): Baseline => Object.fromEntries(MODEL_PARTS.map((part) => [part, model[part]])) as Baseline;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const errorStatus = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
const errorDetail = (error: unknown) => {
  const detail = typeof error === 'object' && error !== null ? (error as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : errorMessage(error);
};

export class ProjectStore {
  private state: ProjectSnapshot;
  private readonly history: EditHistory;
  /** The parts as the server holds them for the identity the next sync starts from (by reference). */
  private baseline: Baseline;
  private readonly listeners = new Set<() => void>();
  private readonly deps: Required<Omit<ProjectStoreDeps, 'persist' | 'batchMs'>> & Pick<ProjectStoreDeps, 'persist'>;
  private inFlight: Promise<SyncResult> | null = null;
  private persistTimer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private disposed = false;
  private persistence = true;
  private readonly baselineMemo = new WeakMap<object, { base: unknown; values: StoredValue[] }>();

  constructor(init: ProjectInit, deps: ProjectStoreDeps) {
    if ((init.identity === UNSYNCED) !== (init.parent !== null)) throw new Error('An unsynced project needs its parent, and only it');
    this.deps = {
      transport: deps.transport,
      persist: deps.persist,
      persistDelayMs: deps.persistDelayMs ?? PERSIST_DELAY_MS,
      reportError: deps.reportError ?? (() => undefined),
      now: deps.now ?? (() => Date.now()),
    };
    this.history = new EditHistory(deps.batchMs, init.history);
    const changed = new Set(init.changedParts ?? []);
    const stored = init.baseline ?? [];
    const baselineOf = (part: ModelPartName): unknown => {
      if (!changed.has(part)) return init.model[part];
      const values = stored.filter((entry) => entry.path[0] === part);
      if (values.length === 0) return UNKNOWN_BASE;
      return setAllIn<unknown>(
        init.model[part],
        values.map((entry) => ({ path: entry.path.slice(1), value: entry.value })),
      );
    };
    this.baseline = Object.fromEntries(MODEL_PARTS.map((part) => [part, baselineOf(part)])) as Baseline;
    this.state = {
      projectId: init.projectId,
      model: init.model,
      identity: init.identity,
      parent: init.parent,
      workingRevision: init.workingRevision,
      versionComment: init.versionComment,
      syncing: false,
      saving: false,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      behind: init.behind ?? false,
    };
  }

  // --- reading -------------------------------------------------------------------------------

  getState = (): ProjectSnapshot => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The parts that differ from the server's copy of the identity the next sync starts from. */
  changedParts(): ModelPartName[] {
    return MODEL_PARTS.filter((part) => !sameContent(this.state.model[part], this.baseline[part]));
  }

  /** What the local working copy holds now. */
  localCopy(): LocalCopy {
    const { projectId, model, identity, parent, workingRevision, versionComment } = this.state;
    return {
      format: LOCAL_COPY_FORMAT,
      project_id: projectId,
      model,
      identity,
      parent,
      working_revision: workingRevision,
      version_comment: versionComment,
      changed_parts: this.changedParts(),
      baseline: this.baselineValues(),
      history: this.history.snapshot(),
      saved_at: new Date(this.deps.now()).toISOString(),
    };
  }

  /** The server's values where the model differs from them, by path (parts not known are left out). */
  private baselineValues(): StoredValue[] {
    return MODEL_PARTS.flatMap((part) => {
      const base = this.baseline[part];
      if (base === UNKNOWN_BASE) return [];
      const mine: unknown = this.state.model[part];
      if (!isPlainObject(mine) || !isPlainObject(base)) return this.differences(mine, base, [part]);
      const keys = new Set([...Object.keys(mine), ...Object.keys(base)]);
      return [...keys].flatMap((key) => this.differences(mine[key], base[key], [part, key]));
    });
  }

  /**
   * diffPaths as stored values, kept per group of the model while the group and its base are the same
   * objects: a write of the working copy after an edit diffs the edited group only, and the entries
   * of the others are the same objects as in the last write (copy-records.ts finds them unchanged).
   */
  private differences(mine: unknown, base: unknown, path: PathKey[]): StoredValue[] {
    if (Object.is(mine, base)) return [];
    const memo = typeof mine === 'object' && mine !== null ? this.baselineMemo.get(mine) : undefined;
    if (memo && memo.base === base) return memo.values;
    const values = diffPaths(mine, base, path).map((change) => ({ path: [...change.path], value: change.after }));
    if (typeof mine === 'object' && mine !== null) this.baselineMemo.set(mine, { base, values });
    return values;
  }

  // --- editing -------------------------------------------------------------------------------

  /**
   * The one way to change the model: each request sets the value at a path (undefined removes it).
   * Records each changed path's value before and after with the page, batched into the open
   * history step within 1500 ms; `record: false` changes the model without an undo step.
   * Returns false when nothing changed.
   */
  edit(requests: readonly EditRequest[], page: string, opts: { record?: boolean } = {}): boolean {
    const { model, changes } = applyEdits(this.state.model, requests);
    if (changes.length === 0) return false;
    if (opts.record !== false) this.history.record(changes, page, this.deps.now());
    this.changeModel(model);
    return true;
  }

  /**
   * Replaces the whole model (an imported .edrf, a Clean, a delete with its cascade) as one undoable
   * edit. It is recorded, and applied, as the paths that differ (down to the values inside items),
   * so that the step stays small in the stored history and a merge meets only what really changed.
   */
  replaceModel(model: Model, page: string): boolean {
    const requests = diffPaths(this.state.model, model).map((change) => ({ path: change.path, value: change.after }));
    this.history.close();
    const changed = this.edit(requests, page);
    this.history.close();
    return changed;
  }

  /** Undoes the newest step; answers the page it was made on (to go back to), or null if there was none. */
  undo(): string | null {
    const step = this.history.takeUndo();
    return step ? this.replay(step, undoStep) : null;
  }

  /** Redoes the newest undone step; answers its page, or null if there was none. */
  redo(): string | null {
    const step = this.history.takeRedo();
    return step ? this.replay(step, redoStep) : null;
  }

  private replay(step: HistoryStep, apply: (model: Model, step: HistoryStep) => Model): string {
    this.changeModel(apply(this.state.model, step));
    return step.page;
  }

  /** Any change of the model: a saved or working version becomes unsynced, its identity the parent (P§4). */
  private changeModel(model: Model): void {
    const { identity, parent } = this.state;
    this.update({
      model,
      identity: UNSYNCED,
      parent: identity === UNSYNCED ? parent : identity,
      versionComment: null,
    });
  }

  // --- sync and save -------------------------------------------------------------------------

  /**
   * Sends the parts changed since the last sync (the others as null) with the parent and the
   * working revision; the state becomes 'working-version'. No change while the parent is the
   * working version: no call. A 409 keeps everything and reports the server's message.
   */
  sync(): Promise<SyncResult> {
    return this.runSync(false);
  }

  private async runSync(fromSavedVersion: boolean): Promise<SyncResult> {
    // One sync at a time; a request during one runs after it, with whatever is still unsynced.
    while (this.inFlight) await this.inFlight.catch(() => undefined);
    const attempt = this.syncOnce(fromSavedVersion);
    this.inFlight = attempt;
    try {
      return await attempt;
    } finally {
      this.inFlight = null;
    }
  }

  private async syncOnce(fromSavedVersion: boolean): Promise<SyncResult> {
    this.history.close();
    const { identity, model, projectId, workingRevision } = this.state;
    const savedVersion = identity !== UNSYNCED && identity !== WORKING_VERSION;
    if (identity !== UNSYNCED && !(fromSavedVersion && savedVersion)) return { status: 'idle' };
    const parent = identity === UNSYNCED ? this.state.parent! : identity;
    const changed = this.changedParts();
    if (changed.length === 0 && parent === WORKING_VERSION) {
      this.update({ identity: WORKING_VERSION, parent: null });
      return { status: 'unchanged' };
    }
    const body: SyncBody = {
      parent,
      working_revision: workingRevision,
      config: changed.includes('config') ? model.config : null,
      arch: changed.includes('arch') ? model.arch : null,
      elec: changed.includes('elec') ? model.elec : null,
      fire: changed.includes('fire') ? model.fire : null,
    };
    this.update({ syncing: true });
    let answer: SyncAnswer;
    try {
      answer = await this.deps.transport.sync(projectId, body);
    } catch (error) {
      this.update({ syncing: false });
      if (errorStatus(error) === 409) {
        const message = errorDetail(error);
        this.update({ behind: true });
        this.deps.reportError(message);
        return { status: 'conflict', message };
      }
      return { status: 'failed', message: errorMessage(error) };
    }
    if (this.disposed) return { status: 'synced' };
    this.baseline = partsOf(model);
    // Edited while the call was out: still unsynced, now from the working version the server has.
    const untouched = this.state.model === model;
    this.update({
      syncing: false,
      workingRevision: answer.working_revision,
      identity: untouched ? WORKING_VERSION : UNSYNCED,
      parent: untouched ? null : WORKING_VERSION,
      versionComment: null,
      behind: false,
    });
    return { status: 'synced' };
  }

  /**
   * Saves the working version with a comment (P§4): syncs first when unsynced (or when a loaded saved
   * version is shown, so that the server's working version is the one on screen); the new saved
   * version becomes the identity.
   */
  async save(comment: string): Promise<SaveResult> {
    const text = comment.trim();
    if (text === '') return { status: 'failed', message: 'A comment is required' };
    this.update({ saving: true });
    try {
      if (this.state.identity !== WORKING_VERSION) {
        const synced = await this.runSync(true);
        if (synced.status === 'conflict' || synced.status === 'failed') return { status: 'failed', message: synced.message };
      }
      const model = this.state.model;
      const answer = await this.deps.transport.save(this.state.projectId, text, this.state.workingRevision);
      if (this.state.identity === WORKING_VERSION && this.state.model === model)
        this.update({ identity: answer.project_version_id, parent: null, versionComment: text });
      return { status: 'saved', versionId: answer.project_version_id };
    } catch (error) {
      if (errorStatus(error) !== 409) return { status: 'failed', message: errorMessage(error) };
      // Someone synced after this client's last sync: nothing is saved under this comment.
      const message = errorDetail(error);
      this.update({ behind: true });
      this.deps.reportError(message);
      return { status: 'failed', message };
    } finally {
      this.update({ saving: false });
    }
  }

  /** Replaces the model with a loaded version and clears the undo history (P§4). */
  loadVersion(version: LoadedVersion): void {
    if (this.state.syncing || this.state.saving) throw new Error('A version cannot be loaded while syncing');
    this.history.clear();
    this.baseline = partsOf(version.model);
    this.update({
      model: version.model,
      identity: version.project_version_id,
      parent: null,
      workingRevision: version.working_revision,
      versionComment: version.project_version_id === WORKING_VERSION ? null : version.comment,
      behind: false,
    });
  }

  /**
   * What the head check (state/head-check.ts) found: the server's working revision, asked for while the store's was
   * `askedWith`. A different one means someone else synced: the state says a newer version exists (docs/versions.md).
   * An answer that crossed a sync or save of this tab's own (it is out, or the revision moved meanwhile) says nothing.
   */
  noteServerRevision(revision: string, askedWith: string): void {
    const { workingRevision, syncing, saving, behind } = this.state;
    if (behind || syncing || saving || this.inFlight || this.disposed) return;
    if (askedWith !== workingRevision || revision === workingRevision) return;
    this.update({ behind: true });
  }

  // --- someone else synced first: get their changes and keep mine ------------------------------

  /**
   * The user's unsynced edits (the model against the parts the last sync, load or open started
   * from) re-applied on `version`, the latest working version: what only one side changed is
   * taken, what both changed differently is a conflict to resolve (docs/versions.md). Changes nothing yet.
   */
  prepareMerge(version: LoadedVersion): PreparedMerge {
    if (this.state.syncing || this.state.saving) throw new Error('A merge cannot be prepared while syncing');
    this.history.close();
    return { ...mergeModels(this.baseline, this.state.model, version.model), version };
  }

  /**
   * Applies a prepared merge with a choice per conflict: the model becomes the merge, the working
   * version it was made on becomes the base of the next sync (its working revision too), and the
   * state is unsynced unless nothing of the user's is left to send. Not an undo step; the history
   * stays. Answers false, changing nothing, when the model changed since the merge was prepared.
   */
  applyMerge(prepared: PreparedMerge, choices: readonly MergeChoice[]): boolean {
    if (this.state.syncing || this.state.saving) throw new Error('A merge cannot be applied while syncing');
    if (this.state.model !== prepared.mine) return false;
    const model = resolveMerge(prepared, choices);
    const theirs = prepared.version.model;
    this.history.close();
    this.baseline = partsOf(theirs);
    const nothingOfMine = MODEL_PARTS.every((part) => sameContent(model[part], theirs[part]));
    this.update({
      model,
      identity: nothingOfMine ? WORKING_VERSION : UNSYNCED,
      parent: nothingOfMine ? null : WORKING_VERSION,
      workingRevision: prepared.version.working_revision,
      versionComment: null,
      behind: false,
    });
    return true;
  }

  // --- the local working copy ---------------------------------------------------------------

  /** Writes the working copy now (leaving the project); resolves when it is written. */
  flush(): Promise<void> {
    if (this.persistTimer) {
      clearTimeout(this.persistTimer);
      this.persistTimer = null;
      this.write();
    }
    return this.writing;
  }

  /**
   * Writes the working copy now, changed or not (the page calls it once the project is open and the page idle): the
   * copy is stored whole, or compared with the one read back, then rather than at the first edit, whose write is then
   * only the records the edit changed (copy-records.ts).
   */
  persistNow(): Promise<void> {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    if (!this.disposed) this.write();
    return this.writing;
  }

  /** Stops writing the working copy (log-out deletes it); a scheduled write is dropped. */
  stopPersisting(): void {
    this.persistence = false;
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
  }

  /** Closing the project: writes what is pending (unless persisting was stopped) and lets go of listeners. */
  dispose(): Promise<void> {
    const done = this.flush();
    this.disposed = true;
    this.listeners.clear();
    return done;
  }

  private schedulePersist(): void {
    if (!this.deps.persist || !this.persistence || this.disposed || this.persistTimer) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = null;
      this.write();
    }, this.deps.persistDelayMs);
  }

  private write(): void {
    const persist = this.deps.persist;
    if (!persist || !this.persistence) return;
    const copy = this.localCopy();
    this.writing = this.writing
      .then(() => (this.persistence ? persist(copy) : undefined))
      .catch((error: unknown) => console.error('Could not write the local working copy', error));
  }

  private update(patch: Partial<ProjectSnapshot>): void {
    const before = this.state;
    this.state = { ...before, ...patch, canUndo: this.history.canUndo, canRedo: this.history.canRedo };
    const stored =
      before.model !== this.state.model ||
      before.identity !== this.state.identity ||
      before.parent !== this.state.parent ||
      before.workingRevision !== this.state.workingRevision ||
      before.versionComment !== this.state.versionComment;
    // What the server now holds (a sync, a save, a load) is written at once: a reload right after a
    // sync must not find the copy from before it, whose working revision the server has left.
    const serverState =
      before.workingRevision !== this.state.workingRevision ||
      (before.identity !== this.state.identity && this.state.identity !== UNSYNCED);
    if (serverState) {
      this.schedulePersist();
      void this.flush();
    } else if (stored) this.schedulePersist();
    this.listeners.forEach((listener) => listener());
  }
}

/** A synced tab whose working version someone else has synced past (docs/versions.md 'A newer version'). */
export const NEWER_VERSION = 'Newer version on the server';

/**
 * The version state the project area shows (P§4): 'Unsynced changes', 'Synced' or 'Saved version: {comment}'; a
 * synced copy the server has moved past is not 'Synced' but NEWER_VERSION.
 */
export function versionStateLabel(state: Pick<ProjectSnapshot, 'identity' | 'versionComment'> & { behind?: boolean }): string {
  if (state.identity === UNSYNCED) return 'Unsynced changes';
  if (state.identity === WORKING_VERSION) return state.behind ? NEWER_VERSION : 'Synced';
  return state.versionComment ? `Saved version: ${state.versionComment}` : 'Saved version';
}
