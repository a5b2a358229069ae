import type { HistoryStep } from './history';
import type { LocalCopy, StoredValue } from './local-copy';
import { isPlainObject, sameContent, type PathKey } from './paths';

/**
 * The local working copy stored as many small records instead of one value (format 3), so that a
 * write after an edit stores only the records the edit changed: a moved unit rewrites a slice of
 * its group, the head and the open undo step, not the 80 MB model (a structured clone of the whole
 * copy blocked the page for seconds after every edit, issue 22). docs/editing.md has the layout.
 *
 * - the model is cut along its objects down to COLLECTION_DEPTH: `node` records (n:) hold an object's
 *   key order and its values that are not objects; an object deeper down, or one of few keys, is
 *   one `leaf`; an object of more than BUCKET_LIMIT keys (rooms, walls, detectors) is spread over
 *   BUCKETS `bucket` records by a hash of the key, so that one changed item rewrites 1/BUCKETS of it;
 * - the baseline (the server's values where the model differs) is one record per part and key;
 * - each undo or redo step is a record of its own.
 * The head (at the copy's key) holds the copy's fields and names the steps, the layout record lists
 * the others; what changed of them is written in one transaction.
 */

export const STORED_FORMAT = 3;
const COLLECTION_DEPTH = 3;
const BUCKET_LIMIT = 64;
const BUCKETS = 64;

export type RecordKind = 'node' | 'leaf' | 'bucket' | 'baseline' | 'step' | 'layout';

/** The record listing the others (the head's own fields change at every write, the list seldom). */
const LAYOUT = 'layout';

export interface RecordRef {
  name: string;
  kind: RecordKind;
  /** Where in the model (node, leaf, bucket). */
  path?: PathKey[];
}

/** What the head record holds: the copy's own fields and the names of its steps (the other records are in LAYOUT). */
export interface StoredHead extends Omit<LocalCopy, 'format' | 'model' | 'baseline' | 'history'> {
  format: typeof STORED_FORMAT;
  undo: string[];
  redo: string[];
  /** Which write this is: a writer that finds another's (a second tab on the project) writes the whole copy. */
  stamp: string;
}

const newStamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface NodeValue {
  keys: string[];
  own: Record<string, unknown>;
}

interface Piece {
  ref: RecordRef;
  value: unknown;
  /** How to tell the value from the one written before: by reference, item by item (built anew each time), or by the names it lists. */
  shallow: boolean | 'names';
}

const hashKey = (key: string) => {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % BUCKETS;
};

const nameOf = (prefix: string, path: readonly PathKey[]) => `${prefix}:${JSON.stringify(path)}`;

/** The pieces of an object seen before (same reference), so that an unchanged group costs nothing to cut again. */
const cutCache = new WeakMap<object, Piece[]>();

function cutModel(value: unknown, path: PathKey[], depth: number, out: Piece[]): void {
  if (!isPlainObject(value) || (depth > 0 && depth >= COLLECTION_DEPTH && Object.keys(value).length <= BUCKET_LIMIT)) {
    out.push({ ref: { name: nameOf('m', path), kind: 'leaf', path }, value, shallow: false });
    return;
  }
  const cached = cutCache.get(value);
  // A cached cut is only valid at the same place (an object is at one path of a model).
  if (cached && cached[0]?.ref.name === nameOf('n', path)) {
    out.push(...cached);
    return;
  }
  const pieces: Piece[] = [];
  const keys = Object.keys(value);
  const node: NodeValue = { keys, own: {} };
  // A node's name is not a leaf's: a value that turns from one into the other (the fire part added) changes the layout.
  pieces.push({ ref: { name: nameOf('n', path), kind: 'node', path }, value: node, shallow: true });
  if (depth > 0 && keys.length > BUCKET_LIMIT) {
    const buckets: Record<string, unknown>[] = Array.from({ length: BUCKETS }, () => ({}));
    for (const key of keys) buckets[hashKey(key)]![key] = value[key];
    buckets.forEach((items, b) => {
      if (Object.keys(items).length > 0)
        pieces.push({ ref: { name: `${nameOf('m', path)}#${b}`, kind: 'bucket', path }, value: items, shallow: true });
    });
  } else {
    for (const key of keys) {
      const child = value[key];
      if (isPlainObject(child)) cutModel(child, [...path, key], depth + 1, pieces);
      else node.own[key] = child;
    }
  }
  cutCache.set(value, pieces);
  out.push(...pieces);
}

/** The record name of each baseline entry (the store hands over the same entries while their group is unchanged). */
const groupNames = new WeakMap<StoredValue, string>();

/** The baseline's entries grouped by their part and first key. */
function cutBaseline(baseline: readonly StoredValue[], out: Piece[]): void {
  const groups = new Map<string, StoredValue[]>();
  for (const entry of baseline) {
    let name = groupNames.get(entry);
    if (name === undefined) groupNames.set(entry, (name = nameOf('b', entry.path.slice(0, 2))));
    let group = groups.get(name);
    if (!group) groups.set(name, (group = []));
    group.push(entry);
  }
  for (const [name, entries] of groups) out.push({ ref: { name, kind: 'baseline' }, value: entries, shallow: true });
}

const sameNames = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  a.every((ref: RecordRef, i) => ref.name === (b[i] as RecordRef).name && ref.kind === (b[i] as RecordRef).kind);

const shallowSame = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  if ('keys' in a && 'own' in a && 'keys' in b && 'own' in b) return shallowSame(a.keys, b.keys) && shallowSame(a.own, b.own);
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
};

interface Written {
  value: unknown;
  /** Read back from storage: its objects are not the store's, so it is compared by content (once). */
  read: boolean;
}

/** One write: the head, the records to put (by name) and the names to delete. */
export interface WritePlan {
  head: StoredHead;
  puts: [string, unknown][];
  deletes: string[];
  /** What is written once the plan is stored (CopyWriter.commit). */
  next: Map<string, Written>;
}

/**
 * Knows what is stored under one key and plans each write as the records that differ from it. The
 * copies the store hands over share every unchanged object with the previous one (immutable
 * updates), so most records are found unchanged by reference.
 */
export class CopyWriter {
  private written = new Map<string, Written>();
  private readonly stepNames = new WeakMap<HistoryStep, string>();
  private nextStep = 0;

  plan(copy: LocalCopy): WritePlan {
    const pieces: Piece[] = [];
    cutModel(copy.model, [], 0, pieces);
    cutBaseline(copy.baseline, pieces);
    const layout = pieces.map((piece) => piece.ref);
    pieces.push({ ref: { name: LAYOUT, kind: 'layout' }, value: layout, shallow: 'names' });
    const undo = copy.history.undo.map((step) => this.nameStep(step, pieces));
    const redo = copy.history.redo.map((step) => this.nameStep(step, pieces));
    const next = new Map<string, Written>();
    const puts: [string, unknown][] = [];
    for (const piece of pieces) {
      const before = this.written.get(piece.ref.name);
      const same =
        before !== undefined &&
        (before.read
          ? sameContent(before.value, piece.value)
          : piece.shallow === 'names'
            ? sameNames(before.value, piece.value)
            : piece.shallow
              ? shallowSame(before.value, piece.value)
              : Object.is(before.value, piece.value));
      if (!same) puts.push([piece.ref.name, piece.value]);
      next.set(piece.ref.name, { value: piece.value, read: false });
    }
    const deletes = [...this.written.keys()].filter((name) => !next.has(name));
    const { project_id, identity, parent, working_revision, version_comment, changed_parts, saved_at } = copy;
    const head: StoredHead = {
      format: STORED_FORMAT,
      project_id,
      identity,
      parent,
      working_revision,
      version_comment,
      changed_parts,
      saved_at,
      undo,
      redo,
      stamp: newStamp(),
    };
    return { head, puts, deletes, next };
  }

  /** Whether the head stored is the last one this writer wrote or read (else another wrote since: write all). */
  owns(head: unknown): boolean {
    return this.stamp !== null && isStoredHead(head) && head.stamp === this.stamp;
  }

  /** The plan is stored: it is what the next write is compared with. */
  commit(plan: WritePlan): void {
    this.written = plan.next;
    this.stamp = plan.head.stamp;
  }

  private stamp: string | null = null;

  /** What was read from storage, the steps' records too (the next write compares with it by content). */
  seed(records: Map<string, unknown>, steps: Map<string, HistoryStep>, stamp: string): void {
    this.stamp = stamp;
    this.written = new Map([...records].map(([name, value]) => [name, { value, read: true }]));
    this.readSteps = steps;
    for (const name of steps.keys()) this.nextStep = Math.max(this.nextStep, Number(name.slice('s:'.length)) + 1);
  }

  /** Forgets what is stored (the copy was removed). */
  reset(): void {
    this.written = new Map();
    this.readSteps = new Map();
    this.stamp = null;
  }

  private readSteps = new Map<string, HistoryStep>();

  /** A step keeps its record's name while it is the same object (the store hands over the same copy while it is unchanged). */
  private nameStep(step: HistoryStep, pieces: Piece[]): string {
    let name = this.stepNames.get(step);
    if (name === undefined) {
      // After a reload the store's steps are new objects: one equal to a step read back keeps its record.
      for (const [readName, read] of this.readSteps)
        if (read.at === step.at && read.changes.length === step.changes.length && sameContent(read, step)) {
          name = readName;
          this.readSteps.delete(readName);
          break;
        }
      name ??= `s:${this.nextStep++}`;
      this.stepNames.set(step, name);
    }
    pieces.push({ ref: { name, kind: 'step' }, value: step, shallow: false });
    return name;
  }
}

export const isStoredHead = (value: unknown): value is StoredHead =>
  isPlainObject(value) && value.format === STORED_FORMAT && Array.isArray(value.undo) && Array.isArray(value.redo);

/** The names of the records to read after the head: the layout first, then those it lists and the steps. */
export const LAYOUT_RECORD = LAYOUT;
export const recordNames = (head: StoredHead, layout: unknown): string[] | undefined =>
  Array.isArray(layout) && layout.every((ref) => isPlainObject(ref) && typeof ref.name === 'string')
    ? [...(layout as RecordRef[]).map((ref) => ref.name), ...head.undo, ...head.redo]
    : undefined;

/**
 * The copy put together from its head and records, in the shape of a format 2 copy (parseLocalCopy
 * checks it), or undefined when a record is missing or is not what the head says.
 */
export function assembleCopy(head: StoredHead, layout: RecordRef[], records: Map<string, unknown>): Record<string, unknown> | undefined {
  const nodes = new Map<string, { path: PathKey[]; value: NodeValue }>();
  const children = new Map<string, Map<string, unknown>>();
  const childOf = (path: readonly PathKey[]) => {
    const parent = JSON.stringify(path);
    let map = children.get(parent);
    if (!map) children.set(parent, (map = new Map<string, unknown>()));
    return map;
  };
  const baseline: StoredValue[] = [];
  for (const ref of layout) {
    const value = records.get(ref.name);
    if (value === undefined) return undefined;
    if (ref.kind === 'baseline') {
      if (!Array.isArray(value)) return undefined;
      baseline.push(...(value as StoredValue[]));
      continue;
    }
    const path = ref.path;
    if (!Array.isArray(path)) return undefined;
    if (ref.kind === 'node') {
      if (!isPlainObject(value) || !Array.isArray(value.keys) || !isPlainObject(value.own)) return undefined;
      nodes.set(JSON.stringify(path), { path, value: value as unknown as NodeValue });
    } else if (ref.kind === 'leaf') {
      if (path.length === 0) return undefined;
      childOf(path.slice(0, -1)).set(String(path.at(-1)), value);
    } else if (ref.kind === 'bucket') {
      if (!isPlainObject(value)) return undefined;
      const map = childOf(path);
      for (const [key, item] of Object.entries(value)) map.set(key, item);
    }
  }
  const build = (path: PathKey[]): Record<string, unknown> | undefined => {
    const node = nodes.get(JSON.stringify(path));
    if (!node) return undefined;
    const found = children.get(JSON.stringify(path));
    const object: Record<string, unknown> = {};
    for (const key of node.value.keys) {
      if (Object.hasOwn(node.value.own, key)) object[key] = node.value.own[key];
      else if (found?.has(key)) object[key] = found.get(key);
      else if (nodes.has(JSON.stringify([...path, key]))) {
        const child = build([...path, key]);
        if (!child) return undefined;
        object[key] = child;
      } else return undefined;
    }
    return object;
  };
  const model = build([]);
  const step = (name: string) => records.get(name);
  const undo = head.undo.map(step);
  const redo = head.redo.map(step);
  if (!model || undo.includes(undefined) || redo.includes(undefined)) return undefined;
  const { project_id, identity, parent, working_revision, version_comment, changed_parts, saved_at } = head;
  const fields = { project_id, identity, parent, working_revision, version_comment, changed_parts, saved_at };
  return { ...fields, format: 2, model, baseline, history: { undo, redo } };
}
