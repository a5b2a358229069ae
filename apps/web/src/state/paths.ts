/**
 * Paths into the model and immutable updates along them. A path names one value from the model's
 * root: ['config', 'name'], ['arch', 'rooms', 'r1', 'name'], ['fire', 'config', 'products', 'cables'].
 * Updates copy only the objects on the path; everything else is shared with the previous model, so
 * "did this part change?" is a reference comparison (docs/editing.md).
 */
export type PathKey = string | number;
export type ModelPath = readonly PathKey[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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
