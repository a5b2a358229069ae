import { editDraft, samePath, setAllIn, type ModelPath, type PathChange } from './paths';

export type { PathChange };

/** An entry of the undo history: the changes of one or more batched edits and the page they were made on. */
export interface HistoryStep {
  changes: PathChange[];
  /** The router location (pathname + search) where the edit was made; undo and redo go back there. */
  page: string;
  /** When the last edit of the step was made (ms). */
  at: number;
}

/** P§9: edits within this many milliseconds of the previous one join its history step. */
export const EDIT_BATCH_MS = 1500;
/** Older steps are forgotten beyond this many. */
export const MAX_HISTORY_STEPS = 500;

/**
 * The undo and redo stacks as the local working copy stores them: `undo` oldest first (the last is
 * undone next), `redo` with the next step to redo last.
 */
export interface HistoryRecord {
  undo: HistoryStep[];
  redo: HistoryStep[];
}

export interface EditRequest {
  path: ModelPath;
  /** The new value; undefined removes the key. */
  value: unknown;
}

/** Writes requests as one undo step of their own (a delete is never batched with the edit before it); false: nothing changed. */
export type ReplaceEdit = (requests: readonly EditRequest[]) => boolean;

/**
 * Applies the requests one after the other (a later one sees the earlier ones) and says what
 * changed. A request that leaves its value as it was (same reference or same primitive) is no change.
 */
export function applyEdits<M>(model: M, requests: readonly EditRequest[]): { model: M; changes: PathChange[] } {
  const draft = editDraft(model);
  const changes: PathChange[] = [];
  for (const { path, value } of requests) {
    const before = draft.get(path);
    if (Object.is(before, value)) continue;
    draft.set(path, value);
    changes.push({ path, before, after: value });
  }
  return { model: changes.length === 0 ? model : draft.result, changes };
}

/** Restores the values before a step: its changes undone from the last to the first. */
export function undoStep<M>(model: M, step: HistoryStep): M {
  return setAllIn(
    model,
    step.changes.toReversed().map((change) => ({ path: change.path, value: change.before })),
  );
}

/** Applies a step again: its changes from the first to the last. */
export function redoStep<M>(model: M, step: HistoryStep): M {
  return setAllIn(
    model,
    step.changes.map((change) => ({ path: change.path, value: change.after })),
  );
}

/**
 * The undo and redo stacks (pure data; the project store owns one). The newest undo step stays
 * open for batching until EDIT_BATCH_MS pass without an edit, the page changes, or anything else
 * happens to the history (undo, redo, sync).
 */
export class EditHistory {
  private undoStack: HistoryStep[] = [];
  private redoStack: HistoryStep[] = [];
  private open = false;

  /** `restored`: the stacks of a stored working copy; the batch is closed, a new edit starts a new step. */
  constructor(
    private readonly batchMs = EDIT_BATCH_MS,
    restored?: HistoryRecord,
  ) {
    if (restored) {
      this.undoStack = restored.undo.slice(-MAX_HISTORY_STEPS).map(copyStep);
      this.redoStack = restored.redo.slice(-MAX_HISTORY_STEPS).map(copyStep);
    }
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }
  get canRedo() {
    return this.redoStack.length > 0;
  }
  get undoSize() {
    return this.undoStack.length;
  }

  /** Records the changes of one edit made at `now` on `page`. */
  record(changes: PathChange[], page: string, now: number): void {
    if (changes.length === 0) return;
    this.redoStack = [];
    const last = this.undoStack[this.undoStack.length - 1];
    if (this.open && last && last.page === page && now - last.at < this.batchMs) {
      for (const change of changes) {
        const tail = last.changes[last.changes.length - 1];
        // Typing into one field: keep the first 'before' and the newest 'after'. Any other path is
        // appended, so that overlapping paths replay in the order they were made.
        if (tail && samePath(tail.path, change.path)) last.changes[last.changes.length - 1] = { ...tail, after: change.after };
        else last.changes.push(change);
      }
      last.at = now;
      return;
    }
    this.undoStack.push({ changes: [...changes], page, at: now });
    if (this.undoStack.length > MAX_HISTORY_STEPS) this.undoStack.shift();
    this.open = true;
  }

  /** Ends the open batch: the next edit starts a new step. */
  close(): void {
    this.open = false;
  }

  /** The step to undo (moved to the redo stack), or undefined. */
  takeUndo(): HistoryStep | undefined {
    this.open = false;
    const step = this.undoStack.pop();
    if (step) this.redoStack.push(step);
    return step;
  }

  /** The step to redo (moved back to the undo stack), or undefined. */
  takeRedo(): HistoryStep | undefined {
    this.open = false;
    const step = this.redoStack.pop();
    if (step) this.undoStack.push(step);
    return step;
  }

  /**
   * The stacks now, to store with the working copy (copies: the open step may still grow). A step
   * unchanged since the last snapshot gives the same copy, so that the copy's writer finds it stored.
   */
  snapshot(): HistoryRecord {
    return { undo: this.undoStack.map(this.copyOf), redo: this.redoStack.map(this.copyOf) };
  }

  private readonly copies = new WeakMap<HistoryStep, { at: number; length: number; tail: PathChange | undefined; copy: HistoryStep }>();

  private readonly copyOf = (step: HistoryStep): HistoryStep => {
    const tail = step.changes[step.changes.length - 1];
    const known = this.copies.get(step);
    if (known && known.at === step.at && known.length === step.changes.length && known.tail === tail) return known.copy;
    const copy = copyStep(step);
    this.copies.set(step, { at: step.at, length: step.changes.length, tail, copy });
    return copy;
  };

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.open = false;
  }
}

const copyStep = (step: HistoryStep): HistoryStep => ({ changes: [...step.changes], page: step.page, at: step.at });
