import {
  MODEL_PARTS,
  STOREY_ITEM_LISTS,
  findDanglingReferences,
  removeDanglingReferences,
  type Model,
  type ModelPartName,
} from '@edrf/model';
import { diffPaths, isPlainObject, sameContent, setAllIn, type ModelPath, type PathKey } from './paths';

/**
 * "Get their changes and keep mine" (docs/versions.md): the user's unsynced edits — what differs
 * between the parts the last sync started from (the base) and the model on screen (mine) — applied
 * on the newer working version someone else synced (theirs). A three-way merge by paths:
 * - where mine equals the base, theirs is taken (nothing of mine there);
 * - where theirs still equals the base, mine is taken;
 * - where both made the same change, it is taken once;
 * - a list of ids that both changed (a storey's rooms) takes both sides' additions and removals;
 * - otherwise the path is a conflict the user resolves: mine or theirs.
 * The walk goes into objects wherever all three are objects and mine is not the base's very object,
 * so a conflict is one value (a room's name), not the room, and shared objects cost nothing.
 */

/** The base of a part whose server copy is not known (a working copy stored before format 2): every difference is a conflict. */
export const UNKNOWN_BASE: unique symbol = Symbol('unknown base');

export type MergeBase = Record<ModelPartName, unknown>;

export interface MergeConflict {
  path: ModelPath;
  /** The value both started from; UNKNOWN_BASE when not known. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export type MergeChoice = 'mine' | 'theirs';

export interface MergeOutcome {
  mine: Model;
  theirs: Model;
  /** Theirs with every edit of mine that meets no conflict; a conflict's path holds theirs until resolved. */
  merged: Model;
  conflicts: MergeConflict[];
}

/** Fields holding a set of ids (idListSchema in packages/model: a storey's rooms, a door's walls, a rack unit's connections). */
const ID_LIST_FIELDS = new Set<string>([...STOREY_ITEM_LISTS.map(([field]) => field), 'storeys', 'racks', 'connections']);

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string' && id !== '') && new Set(value).size === value.length;

/** Their list, without the ids mine removed, with the ids mine added (in my order) at the end. */
function mergeIdLists(base: string[], mine: string[], theirs: string[]): string[] {
  const kept = new Set(mine);
  const had = new Set(base);
  const removed = new Set(base.filter((id) => !kept.has(id)));
  const result = theirs.filter((id) => !removed.has(id));
  const present = new Set(result);
  for (const id of mine) if (!had.has(id) && !present.has(id)) result.push(id);
  return result;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown, path: PathKey[], conflicts: MergeConflict[]): unknown {
  if (Object.is(base, mine)) return theirs;
  const known = base !== UNKNOWN_BASE;
  if (isPlainObject(mine) && isPlainObject(theirs) && (!known || isPlainObject(base))) {
    const baseObject = isPlainObject(base) ? base : undefined;
    const keys = new Set([...Object.keys(mine), ...(baseObject ? Object.keys(baseObject) : Object.keys(theirs))]);
    let result: Record<string, unknown> | null = null;
    for (const key of keys) {
      const below = baseObject ? baseObject[key] : UNKNOWN_BASE;
      const value = mergeValue(below, mine[key], theirs[key], [...path, key], conflicts);
      if (Object.is(value, theirs[key])) continue;
      result ??= { ...theirs };
      if (value === undefined) delete result[key];
      else result[key] = value;
    }
    return result ?? theirs;
  }
  if (known && sameContent(base, mine)) return theirs;
  if (sameContent(theirs, mine)) return theirs;
  if (known && sameContent(theirs, base)) return mine;
  const field = path[path.length - 1];
  if (
    known &&
    path.length >= 4 &&
    typeof field === 'string' &&
    ID_LIST_FIELDS.has(field) &&
    isIdList(base) &&
    isIdList(mine) &&
    isIdList(theirs)
  )
    return mergeIdLists(base, mine, theirs);
  conflicts.push({ path, base, mine, theirs });
  return theirs;
}

/** Mine re-applied on theirs, part by part; `base` holds each part as the last sync left it (or UNKNOWN_BASE). */
export function mergeModels(base: MergeBase, mine: Model, theirs: Model): MergeOutcome {
  const conflicts: MergeConflict[] = [];
  let merged = theirs;
  for (const part of MODEL_PARTS) {
    const value = mergeValue(base[part], mine[part], theirs[part], [part], conflicts);
    if (!Object.is(value, theirs[part])) merged = { ...merged, [part]: value };
  }
  return { mine, theirs, merged, conflicts };
}

/**
 * The merge with each conflict resolved (choices in the order of the conflicts). References the
 * merge left pointing at items one side deleted (a storey kept by one, its rooms deleted by the
 * other) are cleaned by the model's delete rules; references theirs or mine already had are left.
 */
export function resolveMerge(outcome: MergeOutcome, choices: readonly MergeChoice[]): Model {
  if (choices.length !== outcome.conflicts.length) throw new Error('One choice per conflict');
  let model = setAllIn(
    outcome.merged,
    outcome.conflicts.filter((_, i) => choices[i] === 'mine').map((conflict) => ({ path: conflict.path, value: conflict.mine })),
  );
  const dangling = findDanglingReferences(model);
  if (dangling.length > 0) {
    const known = new Set(
      [...findDanglingReferences(outcome.mine), ...findDanglingReferences(outcome.theirs)].map((ref) => `${ref.path}\u0000${ref.id}`),
    );
    if (dangling.some((ref) => !known.has(`${ref.path}\u0000${ref.id}`))) {
      const cleaned = removeDanglingReferences(model);
      model = setAllIn(
        model,
        diffPaths(model, cleaned).map((change) => ({ path: change.path, value: change.after })),
      );
    }
  }
  return model;
}
