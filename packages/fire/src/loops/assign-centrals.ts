import { NodeHeap } from '../cabling/node-heap.js';
import type { CentralRoom, Origin } from './origins.js';

/** One section's units in one part of the building (or one unit in no section), and what it costs and takes on each central it may go to. */
interface Item<U> {
  units: U[];
  among: readonly Origin[];
  /** Its part of the building: its centrals' ids. */
  part: string;
  /** Per central of `among`: Σ dist of the units, and the load. */
  cost: number[];
  load: (readonly number[])[];
  /** Indices of `among` by cost, least first (the first on ties). */
  order: number[];
  /** The central given (index into `among`), -1 before. */
  at: number;
  /** Regret bookkeeping: the two cheapest centrals with room when last looked at, and a version for the heap. */
  top: number[];
  version: number;
  index: number;
}

/** Room is compared with a little slack, so that sums of floats that fill a central exactly still fit. */
const fitsIn = (load: readonly number[], left: readonly number[]) =>
  load.every((x, r) => x <= left[r]! + 1e-9 * Math.max(1, Math.abs(left[r]!)));

/** Local search passes at most (each pass shifts and swaps while any improves; the generated building settles in a few). */
const MAX_PASSES = 20;

/**
 * Each unit's central (issue 26): all the units of a section go to one central among those their part of the building
 * joins (`joined`, one list per part), a unit in no section on its own; `dist` is the distance a loop is ordered on.
 * Without `room`, each section goes to the central nearest its units in sum (nearest unit by unit split the generated
 * building's sections over 3–9 centrals, each piece a loop's worth of legs to its own rack). With it, no central takes
 * more than it has room for while another of the part still has room: the generalized assignment problem, solved by
 * Martello and Toth's regret heuristic (the section that would lose most by missing its cheapest central with room
 * placed first), a section fitting nowhere made room for by moving one other section, then shifts and swaps of
 * sections while the sum falls. What fits in no central of its part goes to the nearest, over its room.
 */
export function assignCentrals<U extends { sectionId: string }>(
  units: readonly U[],
  joined: (unit: U) => readonly Origin[],
  dist: (unit: U, origin: Origin) => number,
  room?: CentralRoom<U>,
): Map<U, Origin> {
  const items = sectionItems(units, joined, dist, room);
  const given = new Given<U>(room);
  const overflow = placeByRegret(items, given, room);
  makeRoom(overflow, given);
  if (room) improve(items, given);
  const out = new Map<U, Origin>();
  for (const item of items) for (const u of item.units) out.set(u, item.among[item.at]!);
  return out;
}

/** The items: a section's units per part of the building (named by its centrals' ids), a unit in no section alone. */
function sectionItems<U extends { sectionId: string }>(
  units: readonly U[],
  joined: (unit: U) => readonly Origin[],
  dist: (unit: U, origin: Origin) => number,
  room?: CentralRoom<U>,
): Item<U>[] {
  const names = new WeakMap<readonly Origin[], string>();
  const nameOf = (among: readonly Origin[]) => {
    let name = names.get(among);
    if (name === undefined) names.set(among, (name = among.map((o) => o.id).join('\n')));
    return name;
  };
  const lists: { units: U[]; among: readonly Origin[]; part: string }[] = [];
  const bySection = new Map<string, { units: U[]; among: readonly Origin[]; part: string }>();
  for (const u of units) {
    const among = joined(u);
    const part = nameOf(among);
    if (u.sectionId === '') {
      lists.push({ units: [u], among, part });
      continue;
    }
    const key = `${part}\n\n${u.sectionId}`;
    const entry = bySection.get(key);
    if (entry) entry.units.push(u);
    else {
      const fresh = { units: [u], among, part };
      bySection.set(key, fresh);
      lists.push(fresh);
    }
  }
  return lists.map(({ units: list, among, part }, index) => {
    const cost = among.map((o) => list.reduce((s, u) => s + dist(u, o), 0));
    return {
      units: list,
      among,
      part,
      cost,
      load: among.map((o) => (room ? room.load(list, o) : [])),
      order: [...among.keys()].sort((a, b) => cost[a]! - cost[b]! || a - b),
      at: -1,
      top: [],
      version: 0,
      index,
    };
  });
}

/** What each central has been given: the room it has left per resource, and its items. */
class Given<U> {
  private readonly left = new Map<Origin, number[]>();
  readonly members = new Map<Origin, Set<Item<U>>>();

  constructor(private readonly room?: CentralRoom<U>) {}

  leftOf(o: Origin): number[] {
    let l = this.left.get(o);
    if (!l) this.left.set(o, (l = this.room ? [...this.room.room(o)] : []));
    return l;
  }

  /** The item given to its central `at` (taken from the one it had). */
  put(item: Item<U>, at: number): void {
    if (item.at >= 0) {
      const from = item.among[item.at]!;
      const l = this.leftOf(from);
      item.load[item.at]!.forEach((x, r) => (l[r] = l[r]! + x));
      this.members.get(from)!.delete(item);
    }
    item.at = at;
    const to = item.among[at]!;
    const l = this.leftOf(to);
    item.load[at]!.forEach((x, r) => (l[r] = l[r]! - x));
    const set = this.members.get(to) ?? new Set<Item<U>>();
    set.add(item);
    this.members.set(to, set);
  }

  fits(item: Item<U>, j: number): boolean {
    return fitsIn(item.load[j]!, this.leftOf(item.among[j]!));
  }
}

/**
 * Regret order (Martello and Toth 1981): the item whose cheapest central with room is furthest below its second (an
 * item with one central with room first) goes first, into that central; the larger item first on ties. An item with
 * one central (or with no room to weigh) goes to its nearest. Returns the items that fit nowhere.
 */
function placeByRegret<U>(items: readonly Item<U>[], given: Given<U>, room?: CentralRoom<U>): Item<U>[] {
  // The heap's nodes are entries (an item as last looked at); ties in regret go by the item's rank: larger, then first.
  const rank = new Int32Array(items.length);
  [...items].sort((a, b) => b.units.length - a.units.length || a.index - b.index).forEach((item, r) => (rank[item.index] = r));
  const entries: { item: Item<U>; version: number }[] = [];
  const heap = new NodeHeap((e) => rank[entries[e]!.item.index]!);
  const watching = new Map<Origin, Item<U>[]>();
  const overflow: Item<U>[] = [];
  const look = (item: Item<U>) => {
    item.top = [];
    for (const j of item.order) {
      if (!given.fits(item, j)) continue;
      item.top.push(j);
      if (item.top.length === 2) break;
    }
    item.version++;
    if (item.top.length === 0) {
      overflow.push(item);
      return;
    }
    for (const j of item.top) {
      const o = item.among[j]!;
      const list = watching.get(o) ?? [];
      list.push(item);
      watching.set(o, list);
    }
    const regret = item.top.length < 2 ? Infinity : item.cost[item.top[1]!]! - item.cost[item.top[0]!]!;
    entries.push({ item, version: item.version });
    heap.push(-regret, entries.length - 1);
  };
  for (const item of items) {
    if (item.among.length === 1 || !room) given.put(item, item.order[0]!);
    else look(item);
  }
  while (heap.size > 0) {
    const { item, version } = entries[heap.pop()]!;
    if (item.at >= 0 || version !== item.version) continue;
    const j = item.top[0]!;
    given.put(item, j);
    // The items that counted on this central among their two cheapest and no longer fit in it look again.
    const o = item.among[j]!;
    const still: Item<U>[] = [];
    for (const other of watching.get(o) ?? []) {
      if (other.at >= 0 || !other.top.some((k) => other.among[k] === o)) continue;
      if (fitsIn(other.load[other.among.indexOf(o)]!, given.leftOf(o))) still.push(other);
      else look(other);
    }
    watching.set(o, still);
  }
  return overflow;
}

/**
 * An item that fits nowhere: room made by moving one other item of a central of its part to another central with
 * room, the least added cost; failing that, the nearest central, over its room.
 */
function makeRoom<U>(overflow: Item<U>[], given: Given<U>): void {
  overflow.sort((a, b) => b.units.length - a.units.length || a.index - b.index);
  for (const item of overflow) {
    if (item.at >= 0) continue;
    let best: { j: number; other: Item<U>; to: number; extra: number } | null = null;
    for (const j of item.order) {
      const o = item.among[j]!;
      const l = given.leftOf(o);
      for (const other of given.members.get(o) ?? []) {
        const freed = l.map((x, r) => x + other.load[other.at]![r]!);
        if (!fitsIn(item.load[j]!, freed)) continue;
        for (const to of other.order) {
          if (to === other.at || !given.fits(other, to)) continue;
          const extra = item.cost[j]! + other.cost[to]! - other.cost[other.at]!;
          if (!best || extra < best.extra) best = { j, other, to, extra };
          break;
        }
      }
    }
    if (best) {
      given.put(best.other, best.to);
      given.put(item, best.j);
    } else given.put(item, item.order[0]!);
  }
}

/**
 * Shifts (an item to a cheaper central with room) and swaps (two items of one part exchanging centrals) while the
 * sum falls, at most MAX_PASSES passes. A central over its room may not get further over.
 */
function improve<U>(items: readonly Item<U>[], given: Given<U>): void {
  const leftOf = (o: Origin) => given.leftOf(o);
  const put = (item: Item<U>, at: number) => given.put(item, at);
  const movable = items.filter((i) => i.among.length > 1);
  // Swaps within one part: items whose centrals are the same list.
  const parts = new Map<string, Item<U>[]>();
  for (const i of movable) {
    const list = parts.get(i.part);
    if (list) list.push(i);
    else parts.set(i.part, [i]);
  }
  const gain = (x: number, y: number) => x - y > 1e-9 * Math.max(1, Math.abs(x));
  // Whether a central whose room changes by `delta` stays within it, or gets no further over it.
  const keeps = (l: readonly number[], delta: readonly number[]) =>
    delta.every((d, r) => d >= 0 || l[r]! + d >= -1e-9 * Math.max(1, Math.abs(l[r]!)));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let moved = false;
    for (const i of movable)
      for (const j of i.order) {
        if (!gain(i.cost[i.at]!, i.cost[j]!)) break;
        if (fitsIn(i.load[j]!, leftOf(i.among[j]!))) {
          put(i, j);
          moved = true;
          break;
        }
      }
    for (const list of parts.values())
      for (let x = 0; x < list.length; x++)
        for (let y = x + 1; y < list.length; y++) {
          const [p, q] = [list[x]!, list[y]!];
          const [a, b] = [p.at, q.at];
          if (a === b || !gain(p.cost[a]! + q.cost[b]!, p.cost[b]! + q.cost[a]!)) continue;
          const [la, lb] = [leftOf(p.among[a]!), leftOf(p.among[b]!)];
          // Room each central gains: what leaves it less what comes in.
          const da = p.load[a]!.map((v, r) => v - q.load[a]![r]!);
          const db = q.load[b]!.map((v, r) => v - p.load[b]![r]!);
          if (!keeps(la, da) || !keeps(lb, db)) continue;
          put(p, b);
          put(q, a);
          moved = true;
        }
    if (!moved) break;
  }
}
