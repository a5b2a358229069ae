import { deleteItems, STOREY_ITEM_LISTS, type Arch, type Elec, type ItemRef, type Model } from '@edrf/model';

/** The arch collections an IFC import fills, as named in the model. */
export const ARCH_KINDS = [
  'storeys',
  'buildings',
  'rooms',
  'walls',
  'wall_openings',
  'doors',
  'stairs',
  'ceilings',
  'slabs',
  'other_objects',
] as const;
export type ArchKind = (typeof ARCH_KINDS)[number];

/** What an import did, per collection ('trays' for elec.trays). */
export type MergeChanges = Record<ArchKind | 'trays', { added: number; changed: number; removed: number }>;

export interface MergeResult {
  arch: Arch;
  elec: Elec;
  changes: MergeChanges;
}

export interface MergeOptions {
  /** GlobalIds of the previous import of the same file name: those gone from this import are removed. */
  previousGlobalIds?: ReadonlySet<string>;
  /** Storeys closer than this in elevation (height.min_z) are one storey. */
  storeyTolerance?: number;
  /** A fresh item id; ids of the incoming file that are taken in the model are replaced by one. */
  newId?: () => string;
}

export const STOREY_TOLERANCE = 0.1;

type Item = { id: string; global_id: string; merged_global_ids?: string[] };

/** The GlobalIds an item stands for: its own and, for a room clean_arch merged, those of the spaces merged into it. */
const globalIdsOf = (item: Item): string[] => [item.global_id, ...(item.merged_global_ids ?? [])].filter((id) => id !== '');
/** A room clean_arch made of several spaces: a re-import matches those spaces to it and leaves it as it is. */
const isMergedRoom = (item: Item | undefined): boolean => (item?.merged_global_ids?.length ?? 0) > 0;
type Collection = Record<string, Item>;

const emptyChanges = (): MergeChanges => {
  const changes = {} as MergeChanges;
  for (const kind of [...ARCH_KINDS, 'trays'] as const) changes[kind] = { added: 0, changed: 0, removed: 0 };
  return changes;
};

/** Equal JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => sameJson(value, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((key) => Object.hasOwn(rb, key) && sameJson(ra[key], rb[key]));
}

const defaultNewId = (): string => globalThis.crypto.randomUUID();

/**
 * Merges the arch and elec of one IFC file into a model (docs/ifc-upload.md):
 * - an incoming item whose GlobalId the model has replaces that item, keeping the model's id, so
 *   references to it (fire units, trays, sections) stay valid;
 * - an incoming space whose GlobalId is one of those a room merged by clean_arch came from
 *   (`merged_global_ids`, docs/clean-arch.md) matches that room, which stays as Clean made it;
 * - items of the previous import of the same file (previousGlobalIds) that this import lacks are
 *   deleted with the model's cascade (deleteItems); a merged room only when it lacks all its spaces;
 * - an incoming storey with no GlobalId match joins a model storey whose elevation is within
 *   storeyTolerance, so the storeys of several files (architecture, MEP, …) become one;
 * - incoming trays replace trays of the same id and are added otherwise (trays carry no GlobalId).
 * The model is not changed; `changes` counts added, changed and removed items per collection.
 */
export function mergeIfc(model: Model, incoming: { arch: Arch; elec: Elec }, opts: MergeOptions = {}): MergeResult {
  const tolerance = opts.storeyTolerance ?? STOREY_TOLERANCE;
  const newId = opts.newId ?? defaultNewId;
  const changes = emptyChanges();
  const base = structuredClone(model);
  const arch = base.arch as unknown as Record<ArchKind, Collection>;
  const from = incoming.arch as unknown as Record<ArchKind, Collection>;

  // 1. The final id of every incoming item: the matched item's, its own, or a fresh one.
  const idMap = new Map<string, string>();
  const matched = new Set<string>();
  const incomingGlobalIds = new Set<string>();
  const taken = new Set<string>();
  for (const kind of ARCH_KINDS) for (const id of Object.keys(arch[kind])) taken.add(id);
  for (const tray of Object.keys(base.elec.trays)) taken.add(tray);
  for (const kind of ARCH_KINDS) {
    const byGlobalId = new Map<string, string>();
    for (const item of Object.values(arch[kind])) for (const id of globalIdsOf(item)) byGlobalId.set(id, item.id);
    for (const item of Object.values(from[kind])) {
      if (item.global_id) incomingGlobalIds.add(item.global_id);
      let target = item.global_id ? byGlobalId.get(item.global_id) : undefined;
      if (target === undefined && kind === 'storeys') {
        const z = (item as unknown as Arch['storeys'][string]).height.min_z;
        target = Object.values(base.arch.storeys).find((s) => !matched.has(s.id) && Math.abs(s.height.min_z - z) <= tolerance)?.id;
      }
      if (target !== undefined) {
        matched.add(target);
        idMap.set(item.id, target);
      } else {
        const id = taken.has(item.id) ? newId() : item.id;
        taken.add(id);
        idMap.set(item.id, id);
      }
    }
  }
  const mapId = (id: string) => (id === '' ? id : (idMap.get(id) ?? id));
  const mapIds = (ids: readonly string[]) => [...new Set(ids.map(mapId))];

  // 2. Storeys and buildings gather the lists of both sides; the incoming file decides where its items are.
  const placedIn = new Map<string, string>();
  for (const storey of Object.values(incoming.arch.storeys))
    for (const [field] of STOREY_ITEM_LISTS) for (const id of storey[field]) placedIn.set(mapId(id), mapId(storey.id));
  for (const storey of Object.values(incoming.arch.storeys)) {
    const id = mapId(storey.id);
    const existing = base.arch.storeys[id];
    const next = { ...storey, id };
    for (const [field] of STOREY_ITEM_LISTS) {
      const kept = (existing?.[field] ?? []).filter((item) => (placedIn.get(item) ?? id) === id);
      next[field] = [...new Set([...kept, ...mapIds(storey[field])])];
    }
    if (existing) {
      // A storey joined by elevation keeps the model's name, number and GlobalId.
      const byElevation = existing.global_id !== storey.global_id;
      const merged = byElevation
        ? { ...existing, ...Object.fromEntries(STOREY_ITEM_LISTS.map(([field]) => [field, next[field]])) }
        : {
            ...next,
            height: {
              min_z: Math.min(existing.height.min_z, storey.height.min_z),
              max_z: Math.max(existing.height.max_z, storey.height.max_z),
            },
          };
      if (!sameJson(existing, merged)) changes.storeys.changed++;
      base.arch.storeys[id] = merged;
    } else {
      base.arch.storeys[id] = next;
      changes.storeys.added++;
    }
  }
  // Items the incoming file placed elsewhere leave the storeys they were in.
  for (const storey of Object.values(base.arch.storeys))
    for (const [field] of STOREY_ITEM_LISTS)
      storey[field] = storey[field].filter((item) => (placedIn.get(item) ?? storey.id) === storey.id);
  for (const building of Object.values(incoming.arch.buildings)) {
    const id = mapId(building.id);
    const existing = base.arch.buildings[id];
    const next = { ...building, id, storeys: [...new Set([...(existing?.storeys ?? []), ...mapIds(building.storeys)])] };
    if (!existing) changes.buildings.added++;
    else if (!sameJson(existing, next)) changes.buildings.changed++;
    base.arch.buildings[id] = next;
  }

  // 3. The other items, with their references to incoming items renamed.
  const rename = (kind: ArchKind, item: Item): Item => {
    const next = { ...item, id: mapId(item.id) } as Record<string, unknown>;
    const ref = (value: unknown) => mapId(typeof value === 'string' ? value : '');
    if (kind === 'walls') next.enclosing_id = ref(next.enclosing_id);
    if (kind === 'wall_openings') next.wall_id = ref(next.wall_id);
    if (kind === 'doors') next.walls = mapIds((next.walls as string[] | undefined) ?? []);
    return next as Item;
  };
  for (const kind of ARCH_KINDS) {
    if (kind === 'storeys' || kind === 'buildings') continue;
    for (const item of Object.values(from[kind])) {
      const next = rename(kind, item);
      const existing = arch[kind][next.id];
      if (isMergedRoom(existing)) continue;
      if (!existing) changes[kind].added++;
      else if (!sameJson(existing, next)) changes[kind].changed++;
      arch[kind][next.id] = next;
    }
  }
  if (Object.keys(model.arch.storeys).length === 0) base.arch.rotation = incoming.arch.rotation;

  for (const tray of Object.values(incoming.elec.trays)) {
    const next = { ...tray, storey_id: mapId(tray.storey_id), to_storey_id: mapId(tray.to_storey_id) };
    const existing = base.elec.trays[next.id];
    if (!existing) changes.trays.added++;
    else if (!sameJson(existing, next)) changes.trays.changed++;
    base.elec.trays[next.id] = next;
  }

  // 4. What the previous import of this file had and this one lacks goes, with what depends on it.
  const gone: ItemRef[] = [];
  const previous = opts.previousGlobalIds ?? new Set<string>();
  for (const kind of ARCH_KINDS)
    for (const item of Object.values(arch[kind])) {
      const ids = globalIdsOf(item);
      if (ids.some((id) => previous.has(id)) && !ids.some((id) => incomingGlobalIds.has(id)))
        gone.push({ kind: `arch.${kind}`, id: item.id });
    }
  const result = gone.length > 0 ? deleteItems(base, gone) : base;
  for (const kind of ARCH_KINDS) {
    for (const id of Object.keys(base.arch[kind])) if (!Object.hasOwn(result.arch[kind], id)) changes[kind].removed++;
  }
  for (const id of Object.keys(base.elec.trays)) if (!Object.hasOwn(result.elec.trays, id)) changes.trays.removed++;
  return { arch: result.arch, elec: result.elec, changes };
}

/** The GlobalIds of an extraction's arch items: what a later import of the same file name is compared with. */
export function archGlobalIds(arch: Arch): string[] {
  const ids: string[] = [];
  const collections = arch as unknown as Record<ArchKind, Collection>;
  for (const kind of ARCH_KINDS) for (const item of Object.values(collections[kind])) if (item.global_id) ids.push(item.global_id);
  return ids;
}
