import type { Fire, RackUnit } from '@edrf/model';
import { startVoltage } from '../electrical/voltage-drop.js';

/** Where a central's loops start and end (its rack, or a rack when no rack holds a central), and what the central can take. */
export interface Origin {
  id: string;
  rack: RackUnit;
  /** Loops the central can drive: its product's built-in routes plus those of its fitted Route extensions (at least 1). */
  capacity: number;
  maxUnits: number;
  startVoltage: number;
  /** A, what the central draws itself; Ah of its built-in supply's battery (null: none configured). */
  ownCurrent: number;
  battery: number | null;
  /** The central product's per-loop limits (null: not checked) and its isolators. */
  maxLoopCurrent: number | null;
  maxLoopResistance: number | null;
  maxLoopLength: number | null;
  isolatorResistance: number;
  isolatorsCountAsUnits: boolean;
}

const NO_LIMITS = {
  maxLoopCurrent: null,
  maxLoopResistance: null,
  maxLoopLength: null,
  isolatorResistance: 0,
  isolatorsCountAsUnits: false,
} as const;

/** The centrals in racks, the main one first; without any, every rack (so the design can be seen before a central is added). */
export function loopOrigins(fire: Fire): Origin[] {
  const { products, cabling } = fire.config;
  const racks = fire.units.racks;
  const list = Object.values(fire.connections.centrals)
    .filter((c) => racks[c.rack_id])
    .sort((a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id))
    .map((central): Origin => {
      const product = products.centrals.find((p) => p.id === central.product_id);
      // A fitted Route (or Any) extension drives the loops its product says (the catalogue's loop card: 2); one whose
      // product says none or is not in the list, one, as a Route card; a card of another kind in an Any port, none.
      const extensionRoutes = (product?.extension_ports ?? []).reduce((sum, kind, k) => {
        const id = central.extensions[k] ?? '';
        if (id === '' || (kind !== 'Route' && kind !== 'Any')) return sum;
        const extension = products.central_extensions.find((e) => e.id === id);
        if (extension && extension.properties.num_routes > 0) return sum + extension.properties.num_routes;
        return sum + (extension && extension.port !== 'Route' && extension.port !== 'Any' ? 0 : 1);
      }, 0);
      return {
        id: central.id,
        rack: racks[central.rack_id]!,
        capacity: Math.max(1, (product?.builtin.num_routes ?? 1) + extensionRoutes),
        maxUnits: Math.min(cabling.route_max_units, product?.route_max_units ?? Infinity),
        startVoltage: startVoltage(product?.voltage_output[0] ?? 0, cabling.start_voltage_margin),
        ownCurrent: (product?.milliamperes ?? 0) / 1000,
        battery: product?.builtin_psu && product.builtin_psu.ampere_hours > 0 ? product.builtin_psu.ampere_hours : null,
        maxLoopCurrent: product?.max_loop_milliamperes == null ? null : product.max_loop_milliamperes / 1000,
        maxLoopResistance: product?.max_loop_ohms ?? null,
        maxLoopLength: product?.max_loop_metres ?? null,
        isolatorResistance: product?.isolator_ohms ?? 0,
        isolatorsCountAsUnits: product?.isolators_count_as_units ?? false,
      };
    });
  if (list.length > 0) return list;
  return Object.values(racks).map((rack) => ({
    id: rack.id,
    rack,
    capacity: 1,
    maxUnits: cabling.route_max_units,
    startVoltage: 0,
    ownCurrent: 0,
    battery: null,
    ...NO_LIMITS,
  }));
}

/** What a section (or a unit in none) takes of a central, and what a central has room for, per resource. */
export interface CentralRoom<U> {
  load: (units: readonly U[], origin: Origin) => readonly number[];
  room: (origin: Origin) => readonly number[];
}

/**
 * A central's room on its loops: its loop count times a loop's limits, in units (isolators counted where the central's
 * product says so, as loop-groups.ts packs them: one per `isolatorMaxUnits` units of a section, one at least; a unit in
 * no section its share of one), m² of sections (`areaOf`: a unit's share of its section) and A in alarm.
 */
export function loopRoom<U extends { sectionId: string; alarmCurrent: number }>(
  maxArea: number,
  isolatorMaxUnits: number,
  areaOf: (unit: U) => number,
): CentralRoom<U> {
  const per = Math.max(1, Math.floor(isolatorMaxUnits));
  return {
    load: (units, o) => {
      let area = 0;
      let amps = 0;
      for (const u of units) {
        area += areaOf(u);
        amps += u.alarmCurrent;
      }
      const k = units.length;
      const isolators = !o.isolatorsCountAsUnits ? 0 : units[0]?.sectionId ? Math.ceil(k / per) : k / per;
      return [k + isolators, area, amps];
    },
    room: (o) => [o.capacity * o.maxUnits, o.capacity * maxArea, o.capacity * (o.maxLoopCurrent ?? Infinity)],
  };
}

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
  // The items: a section's units per part of the building (named by its centrals' ids), a unit in no section alone.
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
  const items: Item<U>[] = lists.map(({ units: list, among, part }, index) => {
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

  const left = new Map<Origin, number[]>();
  const leftOf = (o: Origin) => {
    let l = left.get(o);
    if (!l) left.set(o, (l = room ? [...room.room(o)] : []));
    return l;
  };
  const members = new Map<Origin, Set<Item<U>>>();
  const put = (item: Item<U>, at: number) => {
    if (item.at >= 0) {
      const from = item.among[item.at]!;
      const l = leftOf(from);
      item.load[item.at]!.forEach((x, r) => (l[r] = l[r]! + x));
      members.get(from)!.delete(item);
    }
    item.at = at;
    const to = item.among[at]!;
    const l = leftOf(to);
    item.load[at]!.forEach((x, r) => (l[r] = l[r]! - x));
    const set = members.get(to) ?? new Set<Item<U>>();
    set.add(item);
    members.set(to, set);
  };
  const fits = (item: Item<U>, j: number) => fitsIn(item.load[j]!, leftOf(item.among[j]!));

  // Regret order (Martello and Toth 1981): the item whose cheapest central with room is furthest below its second
  // (an item with one central with room first), into that central; the larger item first on ties.
  const heap = new Heap<{ item: Item<U>; version: number; regret: number }>(
    (a, b) => b.regret - a.regret || b.item.units.length - a.item.units.length || a.item.index - b.item.index,
  );
  const watching = new Map<Origin, Item<U>[]>();
  const overflow: Item<U>[] = [];
  const look = (item: Item<U>) => {
    item.top = [];
    for (const j of item.order) {
      if (!fits(item, j)) continue;
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
    heap.push({ item, version: item.version, regret });
  };
  for (const item of items) {
    // One central (a part with one, or no room to weigh): nothing to choose.
    if (item.among.length === 1 || !room) put(item, item.order[0]!);
    else look(item);
  }
  for (let entry = heap.pop(); entry; entry = heap.pop()) {
    const { item, version } = entry;
    if (item.at >= 0 || version !== item.version) continue;
    const j = item.top[0]!;
    put(item, j);
    // The items that counted on this central among their two cheapest and no longer fit in it look again.
    const o = item.among[j]!;
    const still: Item<U>[] = [];
    for (const other of watching.get(o) ?? []) {
      if (other.at >= 0 || !other.top.some((k) => other.among[k] === o)) continue;
      if (fitsIn(other.load[other.among.indexOf(o)]!, leftOf(o))) still.push(other);
      else look(other);
    }
    watching.set(o, still);
  }

  // An item that fits nowhere: room made by moving one other item of a central of its part to another central with
  // room, the least added cost; failing that, the nearest central, over its room.
  overflow.sort((a, b) => b.units.length - a.units.length || a.index - b.index);
  for (const item of overflow) {
    if (item.at >= 0) continue;
    let best: { j: number; other: Item<U>; to: number; extra: number } | null = null;
    for (const j of item.order) {
      const o = item.among[j]!;
      const l = leftOf(o);
      for (const other of members.get(o) ?? []) {
        const freed = l.map((x, r) => x + other.load[other.at]![r]!);
        if (!fitsIn(item.load[j]!, freed)) continue;
        for (const to of other.order) {
          if (to === other.at || !fits(other, to)) continue;
          const extra = item.cost[j]! + other.cost[to]! - other.cost[other.at]!;
          if (!best || extra < best.extra) best = { j, other, to, extra };
          break;
        }
      }
    }
    if (best) {
      put(best.other, best.to);
      put(item, best.j);
    } else put(item, item.order[0]!);
  }
  if (room) improve(items, leftOf, put);

  const out = new Map<U, Origin>();
  for (const item of items) for (const u of item.units) out.set(u, item.among[item.at]!);
  return out;
}

/**
 * Shifts (an item to a cheaper central with room) and swaps (two items of one part exchanging centrals) while the
 * sum falls, at most MAX_PASSES passes. A central over its room may not get further over.
 */
function improve<U>(items: readonly Item<U>[], leftOf: (o: Origin) => number[], put: (item: Item<U>, at: number) => void): void {
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

/** A binary heap, least first by `before`. */
class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => number) {}
  push(item: T): void {
    const a = this.items;
    a.push(item);
    for (let k = a.length - 1; k > 0;) {
      const up = (k - 1) >> 1;
      if (this.before(a[k]!, a[up]!) >= 0) break;
      [a[k], a[up]] = [a[up]!, a[k]!];
      k = up;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let k = 0; ;) {
        const [l, r] = [2 * k + 1, 2 * k + 2];
        let m = k;
        if (l < a.length && this.before(a[l]!, a[m]!) < 0) m = l;
        if (r < a.length && this.before(a[r]!, a[m]!) < 0) m = r;
        if (m === k) break;
        [a[k], a[m]] = [a[m]!, a[k]!];
        k = m;
      }
    }
    return top;
  }
}
