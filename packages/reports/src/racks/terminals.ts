// The one place terminal numbers are given (the model has none): the Förbindningsschema and the Plintkort both read
// this, so that they always agree. Pure: the same model gives the same terminals whatever order its records are in.
import type { Arch, Fire, Route } from '@edrf/model';
import { loopFiguresOf, sectionsInOrder } from '@edrf/fire';
import { byPosition, racksInOrder } from './rack-names.js';

/** A pair's two cores: a is +, b is − ([our reading]: the a-core of a pair carries the positive side). */
export type Wire = 'a' | 'b';

/** One core of a cable: its pair (from 1) and wire. */
export interface Core {
  pair: number;
  wire: Wire;
}

/** What a cable end in the rack is for. */
export type Carrier =
  /** A loop's outgoing (A) or returning (B) end, numbered on its central in section and address order. */
  | { kind: 'loop'; routeId: string; centralId: string | null; loop: number; end: 'A' | 'B' }
  /** A cable to another rack: a route between racks, or a cable whose ends are on units of two racks. */
  | { kind: 'link'; routeId: string }
  /** A route from the rack straight to a unit in the building (route kind Direct). */
  | { kind: 'direct'; routeId: string }
  /** A cable inside the rack with an end on a plinth. */
  | { kind: 'internal'; cableId: string };

export interface TerminalRef {
  plinthId: string;
  /** From 1 to the plinth product's num_connections. */
  number: number;
}

/** The other end of a core. */
export type Far =
  /** A unit: a loop's first (A) or last (B) unit in cable order, a Direct route's unit, a rack unit of an internal cable. */
  | { kind: 'unit'; unitId: string }
  /** The same core's terminal in another rack (or on another plinth of this one); null where it has none there. */
  | { kind: 'terminal'; rackId: string; terminal: TerminalRef | null }
  /** Nothing: a loop without units, a cable end on no unit. */
  | { kind: 'open' };

/** One core landing in a rack: on a plinth terminal, or (terminal null) on none because the plinths are full. */
export interface Landing {
  rackId: string;
  /** The route's or cable's id. */
  cableId: string;
  /** Its cable product ('' for none). */
  productId: string;
  carrier: Carrier;
  core: Core;
  terminal: TerminalRef | null;
  far: Far;
  /** The unit of the rack the terminal is wired on to (a loop's central, the central a link serves); null: none. */
  inside: string | null;
}

export interface PlinthTerminals {
  plinthId: string;
  /** Its product's num_connections (1 without a known product, F§9). */
  capacity: number;
  /** terminals[n - 1] is what lands on terminal n; undefined: free. */
  terminals: (Landing | undefined)[];
}

/** A pair not landed: a loop cable's pairs beyond the one the loop uses (reserve). */
export interface SparePair {
  cableId: string;
  productId: string;
  carrier: Carrier;
  pair: number;
}

/** A cable between two units of the rack with no end on a plinth: unit to unit. */
export interface InternalCable {
  cableId: string;
  productId: string;
  /** The units listing it; null for an end on no unit. */
  ends: [string, string | null];
}

export interface RackWiring {
  rackId: string;
  /** The rack's plinths top to bottom. */
  plinths: PlinthTerminals[];
  /** Every core landing in the rack, in the order terminals were given. */
  landings: Landing[];
  /** The cores no terminal was left for: more cores than the rack's plinths have terminals. */
  overflow: Landing[];
  spares: SparePair[];
  internal: InternalCable[];
}

export interface Wiring {
  /** In the equipment page's order. */
  racks: RackWiring[];
}

/** A group of cores that should stay together on a plinth (a loop's four, a cable end's pairs). */
interface Group {
  cableId: string;
  productId: string;
  carrier: Carrier;
  cores: Core[];
  far: (core: Core) => Far;
  inside: string | null;
  /** The plinth the model attaches it to (the plinth lists it in its connections), if any. */
  pinned: string | null;
}

const pairCores = (pairs: number): Core[] =>
  Array.from({ length: pairs }, (_, i) => [
    { pair: i + 1, wire: 'a' as const },
    { pair: i + 1, wire: 'b' as const },
  ]).flat();

const cmpId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The racks at a route's first and last nodes (F§3: a rack route's end nodes name racks), those that are racks. */
function endRacks(fire: Fire, route: Route): string[] {
  const first = route.slices[0]?.nodes[0]?.unit_id ?? '';
  const last = route.slices.at(-1)?.nodes.at(-1)?.unit_id ?? '';
  return [first, last].filter((id) => id !== '' && fire.units.racks[id] !== undefined);
}

/** The unit a route's far end is locked to when it is no rack (a Direct route's unit). */
function endUnits(fire: Fire, route: Route): string[] {
  const first = route.slices[0]?.nodes[0]?.unit_id ?? '';
  const last = route.slices.at(-1)?.nodes.at(-1)?.unit_id ?? '';
  return [first, last].filter((id) => id !== '' && fire.units.racks[id] === undefined);
}

/**
 * The terminals of every rack (issue 36, docs/reports.md): on each rack's plinths, top to bottom, terminals 1 to
 * num_connections are given in this order:
 * 1. the loops of the rack's centrals (the main central first), each central's loops numbered 1, 2 … in the order of
 *    their first unit by section (F§4's section order) and address: out pair + and −, then return pair + and −; a
 *    loop cable's further pairs are reserve, not landed;
 * 2. the cables to other racks (routes between racks, cables with ends in two racks), by the other rack's order, every
 *    pair + and −; then Direct routes, by id;
 * 3. cables inside the rack with an end on a plinth, on that plinth.
 * A group of cores goes on the plinth the model attaches it to (the plinth's connections list it; its terminals are
 * kept for it), else on the first plinth with room for all of it, else wherever terminals are free; cores with none
 * left are overflow, never dropped.
 */
export function rackWiring(model: { arch: Arch; fire: Fire }): Wiring {
  const { fire } = model;
  const racks = racksInOrder(fire);
  const rackIndex = new Map(racks.map((r, i) => [r.id, i]));
  const products = fire.config.products;
  const pairsOf = (productId: string) => Math.max(1, products.cables.find((c) => c.id === productId)?.num ?? 1);

  // Which rack each rack unit is in, and the units listing each cable and route (the model's only attachment).
  const unitRack = new Map<string, string>();
  const listing = new Map<string, string[]>();
  const plinthIds = new Set(Object.keys(fire.connections.plinths));
  for (const group of ['centrals', 'plinths', 'power_supplies', 'others'] as const)
    for (const unit of Object.values(fire.connections[group]).sort((a, b) => cmpId(a.id, b.id))) {
      unitRack.set(unit.id, unit.rack_id);
      for (const id of unit.connections) listing.set(id, [...(listing.get(id) ?? []), unit.id]);
    }
  const listers = (id: string) => (listing.get(id) ?? []).filter((u) => fire.units.racks[unitRack.get(u) ?? ''] !== undefined);
  const pinnedIn = (id: string, rackId: string) => listers(id).find((u) => plinthIds.has(u) && unitRack.get(u) === rackId) ?? null;
  // The rack's centrals, main first, then top to bottom.
  const centralsOf = (rackId: string) =>
    Object.values(fire.connections.centrals)
      .filter((c) => c.rack_id === rackId)
      .sort((a, b) => Number(b.main_central) - Number(a.main_central) || byPosition(a, b));
  /** The unit of the rack a cable to elsewhere is wired on to: the non-plinth unit listing it, else the rack's first central. */
  const servedBy = (id: string, rackId: string) =>
    listers(id).find((u) => !plinthIds.has(u) && unitRack.get(u) === rackId) ?? centralsOf(rackId)[0]?.id ?? null;

  const groups = new Map<string, Group[]>(racks.map((r) => [r.id, []]));
  const spares = new Map<string, SparePair[]>(racks.map((r) => [r.id, []]));
  const internal = new Map<string, InternalCable[]>(racks.map((r) => [r.id, []]));
  const routes = Object.values(fire.connections.routes).sort((a, b) => cmpId(a.id, b.id));

  // 1. Loops, by central and in section/address order of their first unit.
  const figures = loopFiguresOf(model);
  const sectionRank = new Map(sectionsInOrder(fire.sections).map((s, i) => [s.id, i]));
  const sectionOf = new Map<string, string>();
  for (const s of Object.values(fire.sections)) for (const unit of Object.keys(s.addresses)) sectionOf.set(unit, s.id);
  const rankOf = (unitId: string, address: number | null): [number, number] => [
    sectionRank.get(sectionOf.get(unitId) ?? '') ?? Infinity,
    address ?? Infinity,
  ];
  interface LoopEntry {
    route: Route;
    rackId: string;
    centralId: string | null;
    members: string[];
    key: [number, number];
  }
  const loops: LoopEntry[] = [];
  for (const route of routes) {
    if (route.kind !== 'Loop') continue;
    const f = figures(route.id);
    if (!f) continue;
    const central = f.centralId ? fire.connections.centrals[f.centralId] : undefined;
    const rackId = central?.rack_id ?? endRacks(fire, route)[0];
    if (!rackId || !groups.has(rackId)) continue;
    const key = f.members
      .map((m) => rankOf(m.id, m.address))
      .reduce<[number, number]>((best, k) => (k[0] < best[0] || (k[0] === best[0] && k[1] < best[1]) ? k : best), [Infinity, Infinity]);
    loops.push({ route, rackId, centralId: central ? central.id : null, members: f.members.map((m) => m.id), key });
  }
  const loopOrder = (a: LoopEntry, b: LoopEntry) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || cmpId(a.route.id, b.route.id);
  for (const rack of racks) {
    const owners: (string | null)[] = [...centralsOf(rack.id).map((c) => c.id), null];
    for (const owner of owners) {
      const mine = loops.filter((l) => l.rackId === rack.id && l.centralId === owner).sort(loopOrder);
      mine.forEach((l, i) => {
        const productId = l.route.product_id;
        const carrier = (end: 'A' | 'B'): Carrier => ({ kind: 'loop', routeId: l.route.id, centralId: owner, loop: i + 1, end });
        const firstUnit = l.members[0];
        const lastUnit = l.members.at(-1);
        for (const end of ['A', 'B'] as const) {
          const unit = end === 'A' ? firstUnit : lastUnit;
          groups.get(rack.id)!.push({
            cableId: l.route.id,
            productId,
            carrier: carrier(end),
            cores: pairCores(1),
            far: () => (unit ? { kind: 'unit', unitId: unit } : { kind: 'open' }),
            inside: owner,
            pinned: pinnedIn(l.route.id, rack.id),
          });
          for (let pair = 2; pair <= pairsOf(productId); pair++)
            spares.get(rack.id)!.push({ cableId: l.route.id, productId, carrier: carrier(end), pair });
        }
      });
    }
  }

  // 2. Cables to other racks and Direct routes; 3. cables inside a rack.
  interface Link {
    id: string;
    productId: string;
    racks: string[];
    kind: 'link' | 'direct';
    /** A Direct route's unit in the building. */
    unit: string | null;
  }
  const links: Link[] = [];
  for (const route of routes) {
    if (route.kind === 'Loop') continue;
    const ends = [...new Set([...endRacks(fire, route), ...listers(route.id).map((u) => unitRack.get(u)!)])].filter((r) => groups.has(r));
    if (ends.length === 0) continue;
    if (route.kind === 'RackToRack' || ends.length > 1)
      links.push({ id: route.id, productId: route.product_id, racks: ends.slice(0, 2), kind: 'link', unit: null });
    else links.push({ id: route.id, productId: route.product_id, racks: ends, kind: 'direct', unit: endUnits(fire, route)[0] ?? null });
  }
  const cables = Object.values(fire.connections.cables).sort((a, b) => cmpId(a.id, b.id));
  for (const cable of cables) {
    const ends = listers(cable.id).slice(0, 2);
    const endRacksOf = [...new Set(ends.map((u) => unitRack.get(u)!))];
    if (endRacksOf.length === 2) {
      links.push({ id: cable.id, productId: cable.product_id, racks: endRacksOf, kind: 'link', unit: null });
      continue;
    }
    if (ends.length === 0) continue;
    const rackId = endRacksOf[0]!;
    const plinthEnds = ends.filter((u) => plinthIds.has(u));
    if (plinthEnds.length === 0) {
      internal.get(rackId)!.push({ cableId: cable.id, productId: cable.product_id, ends: [ends[0]!, ends[1] ?? null] });
      continue;
    }
    for (const plinth of plinthEnds) {
      const other = ends.find((u) => u !== plinth) ?? null;
      groups.get(rackId)!.push({
        cableId: cable.id,
        productId: cable.product_id,
        carrier: { kind: 'internal', cableId: cable.id },
        cores: pairCores(pairsOf(cable.product_id)),
        far: () =>
          other === null
            ? { kind: 'open' }
            : plinthIds.has(other)
              ? { kind: 'terminal', rackId, terminal: null }
              : { kind: 'unit', unitId: other },
        inside: null,
        pinned: plinth,
      });
    }
  }
  const linkOrder = (rackId: string) => (a: Link, b: Link) => {
    const other = (l: Link) => (l.kind === 'direct' ? Infinity : (rackIndex.get(l.racks.find((r) => r !== rackId) ?? rackId) ?? Infinity));
    return Number(a.kind === 'direct') - Number(b.kind === 'direct') || other(a) - other(b) || cmpId(a.id, b.id);
  };
  for (const rack of racks) {
    const mine = links.filter((l) => l.racks.includes(rack.id)).sort(linkOrder(rack.id));
    const internalGroups = groups.get(rack.id)!.filter((g) => g.carrier.kind === 'internal');
    const list = groups.get(rack.id)!.filter((g) => g.carrier.kind !== 'internal');
    for (const link of mine) {
      const other = link.racks.find((r) => r !== rack.id) ?? null;
      list.push({
        cableId: link.id,
        productId: link.productId,
        carrier: link.kind === 'link' ? { kind: 'link', routeId: link.id } : { kind: 'direct', routeId: link.id },
        cores: pairCores(pairsOf(link.productId)),
        far: () =>
          link.kind === 'direct'
            ? link.unit
              ? { kind: 'unit', unitId: link.unit }
              : { kind: 'open' }
            : other
              ? { kind: 'terminal', rackId: other, terminal: null }
              : { kind: 'open' },
        inside: servedBy(link.id, rack.id),
        pinned: pinnedIn(link.id, rack.id),
      });
    }
    groups.set(rack.id, [...list, ...internalGroups]);
  }

  // The terminals: groups pinned to a plinth first, then the rest, each in the order above.
  const out: RackWiring[] = racks.map((rack) => {
    const plinths: PlinthTerminals[] = Object.values(fire.connections.plinths)
      .filter((p) => p.rack_id === rack.id)
      .sort(byPosition)
      .map((p) => {
        const capacity = Math.max(1, products.plinths.find((x) => x.id === p.product_id)?.num_connections ?? 1);
        return { plinthId: p.id, capacity, terminals: Array.from({ length: capacity }, () => undefined) };
      });
    const list = groups.get(rack.id)!;
    const pinnedTo = (group: Group) => plinths.find((p) => p.plinthId === group.pinned);
    // Terminals kept for the groups the model attaches to a plinth, so that the rest leave room for them there while
    // every plinth is still numbered in the order above.
    const kept = new Map<PlinthTerminals, number>(plinths.map((p) => [p, 0]));
    for (const group of list) {
      const p = pinnedTo(group);
      if (p) kept.set(p, Math.min(p.capacity, kept.get(p)! + group.cores.length));
    }
    const unused = (p: PlinthTerminals) => p.terminals.filter((t) => t === undefined).length;
    const free = (p: PlinthTerminals) => unused(p) - kept.get(p)!;
    const landings: Landing[] = [];
    const overflow: Landing[] = [];
    for (const group of list) {
      const pinned = pinnedTo(group);
      const whole = plinths.find((p) => free(p) >= group.cores.length) ?? plinths.find((p) => free(p) > 0);
      for (const core of group.cores) {
        let plinth: PlinthTerminals | undefined;
        if (pinned && unused(pinned) > 0 && kept.get(pinned)! > 0) {
          plinth = pinned;
          kept.set(pinned, kept.get(pinned)! - 1);
        } else plinth = [whole, ...plinths].find((p) => p !== undefined && free(p) > 0);
        const index = plinth ? plinth.terminals.indexOf(undefined) : -1;
        const landing: Landing = {
          rackId: rack.id,
          cableId: group.cableId,
          productId: group.productId,
          carrier: group.carrier,
          core,
          terminal: plinth ? { plinthId: plinth.plinthId, number: index + 1 } : null,
          far: group.far(core),
          inside: group.inside,
        };
        if (plinth) plinth.terminals[index] = landing;
        else overflow.push(landing);
        landings.push(landing);
      }
    }
    return { rackId: rack.id, plinths, landings, overflow, spares: spares.get(rack.id)!, internal: internal.get(rack.id)! };
  });

  // The far terminal of each core to another rack (or plinth): where the same core landed at that end.
  const linkAt = new Map<string, Landing>();
  for (const rack of out)
    for (const l of rack.landings) if (l.carrier.kind === 'link') linkAt.set(`${l.cableId}|${l.rackId}|${l.core.pair}|${l.core.wire}`, l);
  for (const rack of out)
    for (const l of rack.landings) {
      if (l.far.kind !== 'terminal') continue;
      const there =
        l.carrier.kind === 'link'
          ? linkAt.get(`${l.cableId}|${l.far.rackId}|${l.core.pair}|${l.core.wire}`)
          : // A cable between two plinths of the rack: the other plinth's landing of the same core.
            rack.landings.find((o) => o !== l && o.cableId === l.cableId && o.core.pair === l.core.pair && o.core.wire === l.core.wire);
      l.far = { kind: 'terminal', rackId: l.far.rackId, terminal: there?.terminal ?? null };
    }
  return { racks: out };
}
