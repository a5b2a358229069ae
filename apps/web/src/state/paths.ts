/**
 * Paths into the model and immutable updates along them. A path names one value from the model's
 * root: ['config', 'name'], ['arch', 'rooms', 'r1', 'name'], ['fire', 'config', 'products', 'cables'].
 * Updates copy only the objects on the path; everything else is shared with the previous model, so
 * "did this part change?" is a reference comparison (docs/editing.md).
 */
export type PathKey = string | number;
export type ModelPath = readonly PathKey[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An object that is not an array: what paths go into (arrays are values as a whole). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => isRecord(value) && !Array.isArray(value);

/** One changed path: the value before and after (undefined = absent). */
export interface PathChange {
  path: ModelPath;
  before: unknown;
  after: unknown;
}

/** The value at `path`, or undefined when any step of it is missing. */
export function getIn(root: unknown, path: ModelPath): unknown {
  let value = root;
  for (const key of path) {
    if (!isRecord(value)) return undefined;
    value = (value as Record<PathKey, unknown>)[key];
  }
  return value;
}

/**
 * A copy of `root` with `value` at `path`; `undefined` removes the key (the last element of an
 * array is dropped). Missing objects on the way are created. `root` itself is never changed.
 */
export function setIn<T>(root: T, path: ModelPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path as [PathKey, ...PathKey[]];
  const container: unknown = root;
  const current = isRecord(container) ? (container as Record<PathKey, unknown>)[key] : undefined;
  const next = rest.length === 0 ? value : setIn(current, rest, value);
  if (Array.isArray(container)) {
    const copy = container.slice();
    const index = Number(key);
    if (next === undefined && index === copy.length - 1) copy.pop();
    else copy[index] = next;
    return copy as T;
  }
  const copy: Record<PathKey, unknown> = isRecord(container) ? { ...container } : {};
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy as T;
}

/**
 * A model being changed by several setIn one after the other, copying each object on the paths
 * once: an object the draft has copied already is changed in place, so a thousand edits in one
 * collection of 40,000 items copy the collection once, not a thousand times. The root it started
 * from and every value given stay unchanged; `result` is the changed model.
 */
export function editDraft<T>(root: T) {
  const own = new Set<object>();
  const put = (container: unknown, path: ModelPath, value: unknown): unknown => {
    if (path.length === 0) return value;
    const [key, ...rest] = path as [PathKey, ...PathKey[]];
    const current = isRecord(container) ? (container as Record<PathKey, unknown>)[key] : undefined;
    const next = rest.length === 0 ? value : put(current, rest, value);
    // The object below was the draft's own and changed in place: so is this one, nothing to copy.
    if (rest.length > 0 && Object.is(next, current) && isRecord(container) && own.has(container)) return container;
    let target: Record<PathKey, unknown>;
    if (isRecord(container) && own.has(container)) target = container;
    else {
      target = (Array.isArray(container) ? container.slice() : isRecord(container) ? { ...container } : {}) as Record<PathKey, unknown>;
      own.add(target);
    }
    if (Array.isArray(target)) {
      const index = Number(key);
      if (next === undefined && index === target.length - 1) target.pop();
      else target[index] = next;
    } else if (next === undefined) delete target[key];
    else target[key] = next;
    return target;
  };
  let result: unknown = root;
  return {
    get: (path: ModelPath): unknown => getIn(result, path),
    set(path: ModelPath, value: unknown): void {
      result = put(result, path, value);
    },
    get result(): T {
      return result as T;
    },
  };
}

/** setIn of each entry in order, through one draft (editDraft). */
export function setAllIn<T>(root: T, entries: Iterable<{ path: ModelPath; value: unknown }>): T {
  const draft = editDraft(root);
  for (const { path, value } of entries) draft.set(path, value);
  return draft.result;
}

export const samePath = (a: ModelPath, b: ModelPath) => a.length === b.length && a.every((key, i) => String(key) === String(b[i]));

/**
 * Deep equality that trusts shared references: identical objects are equal without being walked.
 * After an edit and its undo only the objects on the edited path are new, so comparing the model
 * with an earlier one walks those few objects and nothing else.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameContent(item, b[i]));
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameContent(a[key], b[key]));
}

/**
 * The paths where `after` differs from `before`, as deep as both are objects (an array, a number, an
 * added or removed key is one change). Objects the two share are not walked, so after immutable
 * edits this costs the edited paths, not the model. Applying the changes' 'after' values to
 * `before` with setIn gives `after`'s content; their 'before' values to `after` gives `before`'s.
 */
export function diffPaths(before: unknown, after: unknown, path: ModelPath = []): PathChange[] {
  const changes: PathChange[] = [];
  const walk = (a: unknown, b: unknown, at: PathKey[]) => {
    if (Object.is(a, b)) return;
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of Object.keys(a)) walk(a[key], b[key], [...at, key]);
      for (const key of Object.keys(b)) if (!Object.prototype.hasOwnProperty.call(a, key)) walk(undefined, b[key], [...at, key]);
      return;
    }
    if (!sameContent(a, b)) changes.push({ path: at, before: a, after: b });
  };
  walk(before, after, [...path]);
  return changes;
}
