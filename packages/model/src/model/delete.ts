import {
  collectionEntries,
  getItem,
  isJsonObject,
  removeItemInPlace,
  type ItemKind,
  type ItemRef,
  type JsonObject,
} from './collections.js';
import type { Model } from './model.js';
import { REFERENCES, idIndex, type Reference } from './references.js';

type Outcome = 'keep' | 'drop' | 'cascade';

/**
 * Applies one reference rule inside one holder (mutating it) for every id that names no item.
 * 'drop' asks the enclosing array to drop the element; 'cascade' asks for the holder's deletion.
 */
function scrub(node: unknown, segments: readonly string[], ref: Reference, missing: (id: string) => boolean): Outcome {
  const [head, ...rest] = segments;
  if (head === undefined) return 'keep';
  const gone = (id: unknown): id is string => typeof id === 'string' && id !== '' && missing(id);

  if (rest.length === 0) {
    if (head === '@key') {
      if (!isJsonObject(node)) return 'keep';
      for (const key of Object.keys(node)) {
        if (!gone(key)) continue;
        if (ref.onDelete === 'cascade') return 'cascade';
        delete node[key];
      }
      return 'keep';
    }
    if (head === '*') {
      if (!Array.isArray(node)) return 'keep';
      for (let i = node.length - 1; i >= 0; i--) {
        if (!gone(node[i])) continue;
        if (ref.onDelete === 'cascade') return 'cascade';
        if (ref.onDelete === 'clear') node[i] = '';
        else node.splice(i, 1);
      }
      return 'keep';
    }
    if (!isJsonObject(node) || !gone(node[head])) return 'keep';
    switch (ref.onDelete) {
      case 'cascade':
        return 'cascade';
      case 'dropElement':
        return 'drop';
      default:
        node[head] = '';
        return 'keep';
    }
  }

  if (head === '*') {
    if (Array.isArray(node)) {
      const before = node.length;
      for (let i = node.length - 1; i >= 0; i--) {
        const outcome = scrub(node[i], rest, ref, missing);
        if (outcome === 'cascade') return 'cascade';
        if (outcome === 'drop') node.splice(i, 1);
      }
      return before > 0 && node.length === 0 && ref.cascadeWhenEmpty ? 'cascade' : 'keep';
    }
    if (isJsonObject(node)) {
      for (const key of Object.keys(node)) {
        const outcome = scrub(node[key], rest, ref, missing);
        if (outcome === 'cascade') return 'cascade';
        if (outcome === 'drop') delete node[key];
      }
    }
    return 'keep';
  }
  return isJsonObject(node) ? scrub(node[head], rest, ref, missing) : 'keep';
}

/** The ids an owning reference names in one holder item (e.g. a storey's room ids). */
function ownedIds(item: JsonObject, ref: Reference): string[] {
  const [field, star] = ref.field.split('.');
  const list = field !== undefined ? item[field] : undefined;
  return star === '*' && Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string' && id !== '') : [];
}

/**
 * A new model without the given items and with every reference to them removed (REFERENCES,
 * docs/model.md): optional references are cleared, ids leave lists and map keys, and items that
 * cannot exist without a deleted one are deleted in turn. References that already named nothing
 * are cleaned the same way. Unknown ids are ignored; the input is not changed.
 */
export function deleteItems(model: Model, refs: readonly ItemRef[], table: readonly Reference[] = REFERENCES): Model {
  const next = structuredClone(model) as unknown as JsonObject;
  const pending: ItemRef[] = [...refs];
  for (;;) {
    // 1. Remove the pending items and what they own.
    while (pending.length > 0) {
      const { kind, id } = pending.pop()!;
      const item = getItem(next, kind, id);
      if (!item) continue;
      for (const ref of table) {
        if (ref.owns && ref.holder === kind)
          for (const owned of ownedIds(item, ref)) for (const target of ref.targets) pending.push({ kind: target, id: owned });
      }
      removeItemInPlace(next, kind, id);
    }
    // 2. Clean every reference that names no item; collect the holders that must go too.
    const index = idIndex(next);
    for (const ref of table) {
      const missing = (id: string) => !ref.targets.some((kind) => index.get(kind)?.has(id));
      const segments = ref.field.split('.');
      if (ref.holder === 'config') {
        scrub(next.config, segments, ref, missing);
        continue;
      }
      const holder: ItemKind = ref.holder;
      for (const [id, item] of collectionEntries(next, holder)) {
        if (scrub(item, segments, ref, missing) === 'cascade') pending.push({ kind: holder, id });
      }
    }
    if (pending.length === 0) return next as unknown as Model;
  }
}

/** The model with every dangling reference cleaned by the rules of REFERENCES (deleteItems with nothing to delete). */
export const removeDanglingReferences = (model: Model): Model => deleteItems(model, []);
