// What a system schematic shows (issue 36), read from the model and the engine: the storeys, the racks with their
// centrals, power supplies and other equipment and the units they feed, the loops with their devices per storey and
// zone, and the network between the racks. Every figure (lengths, loads, voltages, isolators, batteries) is the
// engine's: loopChainsOf / loopFiguresOf and supplyChecks of packages/fire; here it is only sorted and counted.
import type { Model, Route, Storey } from '@edrf/model';
import { LOOP_ROUTE_PREFIX, loopChainsOf, sectionsInOrder, supplyChecks, type SupplyCheck } from '@edrf/fire';
import { SYMBOL_KEYS, type SymbolKey } from '../symbols/library.js';
import { unitSymbol, type SymbolGroup } from '../symbols/unit-symbol.js';

export interface RiserStorey {
  id: string;
  name: string;
  /** m, the storey's floor level. */
  elevation: number;
}

/** Devices by symbol. */
export type KindCounts = Partial<Record<SymbolKey, number>>;

/** One row of a storey box: a zone (section) and its devices on that storey by kind. */
export interface ZoneRow {
  /** The section's name; null for devices in no section. */
  zone: string | null;
  counts: KindCounts;
  total: number;
}

/** What a loop has on one storey. */
export interface StoreyBox {
  rows: ZoneRow[];
  /** Isolators in front of a device of this storey (the engine's positions). */
  isolators: number;
  total: number;
}

export interface RiserLoop {
  routeId: string;
  /** The route id without its 'loop-' prefix: 'loop-3' prints as Loop 3. */
  name: string;
  rackId: string;
  centralId: string | null;
  /** The cable product's name; '' when the route has none. */
  cable: string;
  /** The route leaves its rack and comes back to it (a Class A circuit). */
  returns: boolean;
  /** m, A, as loopFiguresOf gives them. */
  length: number;
  devices: number;
  load: number;
  isolators: number;
  /** V at the central's terminals; 0 when the central gives none. */
  startVoltage: number;
  /** The lowest voltage of both single-fault feeds, null without voltages. */
  worst: { voltage: number; feed: string } | null;
  cannotWork: boolean;
  /** The symbols its boxes count, in the library's order. */
  kinds: SymbolKey[];
  /** Where its devices are from its rack's storey: on it or above ('up'), below ('down'), or both ways. */
  reach: 'up' | 'down' | 'both';
  boxes: Map<string, StoreyBox>;
}

/** A central's or power supply's battery as supplyChecks gives it. */
export interface RiserBattery {
  standby: number;
  alarm: number;
  standbyHours: number;
  alarmHours: number;
  factor: number;
  /** BS 5839-1's D (1 where the regulation has none). */
  derating: number;
  /** Ah required, fitted (null: none given) and the next standard size (null: none suffices). */
  capacity: number;
  configured: number | null;
  suggested: number | null;
}

export interface RiserCentral {
  id: string;
  main: boolean;
  product: string;
  battery: RiserBattery | null;
}

export interface RiserSupply {
  id: string;
  product: string;
  battery: RiserBattery | null;
}

export interface RiserRack {
  id: string;
  /** '+D1 Skåp 1': the rack's room label and its own label, else its id. */
  name: string;
  storeyId: string;
  centrals: RiserCentral[];
  supplies: RiserSupply[];
  others: { id: string; transmitter: boolean; product: string }[];
  /** Units fed from this rack outside the loops (conventional sounders, repeaters), per storey. */
  fed: Map<string, KindCounts>;
}

/** A network cable between two racks (a RackToRack route). */
export interface RiserLink {
  id: string;
  a: string;
  b: string;
  cable: string;
}

export interface RiserModel {
  /** Lowest first: every storey with a rack, a device on a loop or a fed unit, and those a loop passes between. */
  storeys: RiserStorey[];
  /** In network order: the main central's rack first, then along the network cables. */
  racks: RiserRack[];
  /** Each rack's loops, its centrals' in order (main first), each central's by route id. */
  loops: Map<string, RiserLoop[]>;
  links: RiserLink[];
}

const UNIT_GROUPS: readonly SymbolGroup[] = ['detectors', 'sirens', 'buttons', 'ios', 'others'];

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const nodesOf = (route: Route) => route.slices.flatMap((slice) => slice.nodes);

/** The schematic's content from the model; the figures from the engine. */
export function riserModel(model: Model): RiserModel {
  const fire = model.fire;
  if (!fire) return { storeys: [], racks: [], loops: new Map(), links: [] };
  const { racks: rackUnits } = fire.units;
  const groupOf = new Map<string, SymbolGroup>();
  for (const group of UNIT_GROUPS) for (const id of Object.keys(fire.units[group])) groupOf.set(id, group);
  const storeyOf = (id: string): string | undefined => {
    const group = groupOf.get(id);
    return group ? (fire.units[group] as Record<string, { storey_id: string }>)[id]?.storey_id : undefined;
  };
  const kindOf = (id: string): SymbolKey => unitSymbol(fire, groupOf.get(id) ?? 'others', id);
  const product = (list: readonly { id: string; name: string }[], id: string) => {
    const p = list.find((x) => x.id === id);
    return p ? p.name || p.id : '';
  };
  const products = fire.config.products;

  // Batteries: a central's with its loops from the loop figures; power supplies' and loop-less centrals' from
  // supplyChecks alone (a power supply's check does not depend on the loops).
  const checks = new Map(supplyChecks(fire, new Map()).map((c) => [c.id, c]));
  const chainOf = loopChainsOf({ arch: model.arch, fire });
  const sectionName = new Map(Object.values(fire.sections).map((s) => [s.id, s.name]));
  const sectionRank = new Map(sectionsInOrder(fire.sections).map((s, i) => [s.id, i]));

  const loops: RiserLoop[] = [];
  for (const route of Object.values(fire.connections.routes).sort((a, b) => byName(a.id, b.id))) {
    if (route.kind !== 'Loop') continue;
    const chain = chainOf(route.id);
    if (!chain) continue;
    const nodes = nodesOf(route);
    const first = nodes[0]?.unit_id ?? '';
    const last = nodes[nodes.length - 1]?.unit_id ?? '';
    const rackId = chain.rackId ?? (rackUnits[first] ? first : rackUnits[last] ? last : '');
    if (!rackId) continue;
    if (chain.figures.battery) checks.set(chain.figures.battery.id, chain.figures.battery);
    const boxes = new Map<string, StoreyBox>();
    const rows = new Map<string, Map<string, ZoneRow>>();
    const kinds = new Set<SymbolKey>();
    chain.links.forEach((link) => {
      const storey = storeyOf(link.id) ?? '';
      const kind = kindOf(link.id);
      kinds.add(kind);
      const box = boxes.get(storey) ?? { rows: [], isolators: 0, total: 0 };
      boxes.set(storey, box);
      const zones = rows.get(storey) ?? new Map<string, ZoneRow>();
      rows.set(storey, zones);
      const key = link.sectionId ?? '';
      let row = zones.get(key);
      if (!row) {
        row = { zone: link.sectionId ? (sectionName.get(link.sectionId) ?? link.sectionId) : null, counts: {}, total: 0 };
        zones.set(key, row);
      }
      row.counts[kind] = (row.counts[kind] ?? 0) + 1;
      row.total++;
      box.total++;
    });
    // An isolator at position p stands in front of unit p (the last unit for one at end B).
    for (const p of chain.isolatorPositions) {
      const link = chain.links[Math.min(p, chain.links.length - 1)];
      const box = link ? boxes.get(storeyOf(link.id) ?? '') : undefined;
      if (box) box.isolators++;
    }
    for (const [storey, zones] of rows)
      boxes.get(storey)!.rows = [...zones.entries()]
        .sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || (sectionRank.get(a) ?? 0) - (sectionRank.get(b) ?? 0))
        .map(([, row]) => row);
    const f = chain.figures;
    const worst = f.voltages?.worst ? { voltage: f.voltages.worst.unit.voltage, feed: f.voltages.worst.feed } : null;
    loops.push({
      routeId: route.id,
      name: route.id.startsWith(LOOP_ROUTE_PREFIX) ? route.id.slice(LOOP_ROUTE_PREFIX.length) : route.id,
      rackId,
      centralId: f.centralId,
      cable: chain.cable ? chain.cable.name || chain.cable.id : product(products.cables, route.product_id),
      returns: first !== '' && first === last,
      length: f.length,
      devices: f.members.length,
      load: f.load,
      isolators: f.isolators,
      startVoltage: chain.startVoltage,
      worst,
      cannotWork: f.cannotWork,
      kinds: SYMBOL_KEYS.filter((k) => kinds.has(k)),
      reach: 'up',
      boxes,
    });
  }

  const battery = (check: SupplyCheck | undefined): RiserBattery | null =>
    check
      ? {
          standby: check.load.quiescentCurrent,
          alarm: check.load.alarmCurrent,
          standbyHours: check.battery.standbyHours,
          alarmHours: check.battery.alarmHours,
          factor: check.battery.factor,
          derating: check.battery.derating,
          capacity: check.battery.capacity,
          configured: check.battery.configured,
          suggested: check.battery.suggested,
        }
      : null;

  const conn = fire.connections;
  const centralsIn = (rack: string) =>
    Object.values(conn.centrals)
      .filter((c) => c.rack_id === rack)
      .sort((a, b) => Number(b.main_central) - Number(a.main_central) || byName(a.id, b.id));
  const links: RiserLink[] = Object.values(conn.routes)
    .filter((r) => r.kind === 'RackToRack')
    .sort((a, b) => byName(a.id, b.id))
    .map((r) => {
      const nodes = nodesOf(r);
      return {
        id: r.id,
        a: nodes[0]?.unit_id ?? '',
        b: nodes[nodes.length - 1]?.unit_id ?? '',
        cable: product(products.cables, r.product_id),
      };
    })
    .filter((l) => rackUnits[l.a] && rackUnits[l.b] && l.a !== l.b);

  const fedBy = new Map<string, Map<string, KindCounts>>();
  for (const check of checks.values())
    for (const id of check.fedUnits) {
      const perStorey = fedBy.get(check.rackId) ?? new Map<string, KindCounts>();
      fedBy.set(check.rackId, perStorey);
      const storey = storeyOf(id) ?? '';
      const counts = perStorey.get(storey) ?? {};
      perStorey.set(storey, counts);
      const kind = kindOf(id);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }

  const inRack = <T extends { rack_id: string; id: string }>(list: Record<string, T>, rack: string) =>
    Object.values(list)
      .filter((u) => u.rack_id === rack)
      .sort((a, b) => byName(a.id, b.id));
  const shown = new Set<string>([
    ...Object.values(conn.centrals).map((c) => c.rack_id),
    ...Object.values(conn.power_supplies).map((c) => c.rack_id),
    ...Object.values(conn.others).map((c) => c.rack_id),
    ...loops.map((l) => l.rackId),
    ...links.flatMap((l) => [l.a, l.b]),
    ...fedBy.keys(),
  ]);
  const roomLabel = new Map<string, string>();
  for (const room of Object.values(conn.rooms)) for (const rack of room.racks) if (room.label) roomLabel.set(rack, room.label);
  const racks: RiserRack[] = [...shown]
    .filter((id) => rackUnits[id])
    .map((id) => {
      const unit = rackUnits[id]!;
      return {
        id,
        name: [roomLabel.get(id), unit.label || id].filter(Boolean).join(' '),
        storeyId: unit.storey_id,
        centrals: centralsIn(id).map((c) => ({
          id: c.id,
          main: c.main_central,
          product: product(products.centrals, c.product_id),
          battery: battery(checks.get(c.id)),
        })),
        supplies: inRack(conn.power_supplies, id).map((p) => ({
          id: p.id,
          product: product(products.power_supplies, p.product_id),
          battery: battery(checks.get(p.id)),
        })),
        others: inRack(conn.others, id).map((o) => ({
          id: o.id,
          transmitter: o.unit_type === 'AlarmTransmitter',
          product: product(products.other_rack_products, o.product_id),
        })),
        fed: fedBy.get(id) ?? new Map(),
      };
    });

  const storeys = shownStoreys(model, racks, loops);
  const level = new Map(storeys.map((s, i) => [s.id, i]));
  const loopsOf = new Map<string, RiserLoop[]>();
  // Within a central, the loops going down first, then up, then both ways: their feeders then cross no rail (layout).
  const REACH = { down: 0, up: 1, both: 2 } as const;
  for (const rack of racks) {
    const order = new Map(rack.centrals.map((c, i) => [c.id, i]));
    const own = loops.filter((l) => l.rackId === rack.id);
    const at = level.get(rack.storeyId) ?? 0;
    for (const loop of own) {
      const levels = [...loop.boxes.keys()].map((s) => level.get(s) ?? at);
      const [up, down] = [levels.some((l) => l >= at), levels.some((l) => l < at)];
      loop.reach = down ? (up ? 'both' : 'down') : 'up';
    }
    loopsOf.set(
      rack.id,
      own.sort(
        (a, b) =>
          (order.get(a.centralId ?? '') ?? 1e9) - (order.get(b.centralId ?? '') ?? 1e9) ||
          REACH[a.reach] - REACH[b.reach] ||
          byName(a.routeId, b.routeId),
      ),
    );
  }
  return {
    storeys,
    racks: networkOrder(racks, links, (r) => level.get(r.storeyId) ?? 0),
    loops: loopsOf,
    links,
  };
}

/** Lowest first: the storeys holding anything the schematic draws, and every storey a loop passes to reach its devices. */
function shownStoreys(model: Model, racks: readonly RiserRack[], loops: readonly RiserLoop[]): RiserStorey[] {
  const all: Storey[] = Object.values(model.arch.storeys).sort((a, b) => a.number - b.number || a.height.min_z - b.height.min_z);
  const index = new Map(all.map((s, i) => [s.id, i]));
  const used = new Set<number>();
  const rackStorey = new Map(racks.map((r) => [r.id, r.storeyId]));
  for (const rack of racks) {
    used.add(index.get(rack.storeyId) ?? -1);
    for (const storey of rack.fed.keys()) used.add(index.get(storey) ?? -1);
  }
  for (const loop of loops) {
    const levels = [...loop.boxes.keys(), rackStorey.get(loop.rackId) ?? ''].map((s) => index.get(s) ?? -1).filter((i) => i >= 0);
    for (let i = Math.min(...levels); i <= Math.max(...levels); i++) used.add(i);
  }
  return all.filter((_, i) => used.has(i)).map((s) => ({ id: s.id, name: s.name || String(s.number), elevation: s.height.min_z }));
}

/**
 * The racks in the order the network joins them: from the main central's rack (else the lowest) along the network
 * cables, each rack's neighbours by name; racks on no cable after, lowest storey first.
 */
function networkOrder(racks: RiserRack[], links: readonly RiserLink[], level: (r: RiserRack) => number): RiserRack[] {
  const byId = new Map(racks.map((r) => [r.id, r]));
  const rest = [...racks].sort((a, b) => level(a) - level(b) || byName(a.name, b.name) || byName(a.id, b.id));
  const start = racks.find((r) => r.centrals.some((c) => c.main)) ?? rest[0];
  const next = new Map<string, string[]>();
  for (const l of links) {
    next.set(l.a, [...(next.get(l.a) ?? []), l.b]);
    next.set(l.b, [...(next.get(l.b) ?? []), l.a]);
  }
  const out: RiserRack[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const stack = [id];
    while (stack.length) {
      const at = stack.pop()!;
      if (seen.has(at) || !byId.has(at)) continue;
      seen.add(at);
      out.push(byId.get(at)!);
      const around = (next.get(at) ?? []).filter((n) => !seen.has(n)).sort(byName);
      for (let i = around.length - 1; i >= 0; i--) stack.push(around[i]!);
    }
  };
  if (start) visit(start.id);
  for (const rack of rest) if (!seen.has(rack.id) && next.has(rack.id)) visit(rack.id);
  for (const rack of rest) if (!seen.has(rack.id)) visit(rack.id);
  return out;
}
