import {
  RACK_UNIT_GROUPS,
  UNIT_GROUPS,
  type Arch,
  type CableProduct,
  type Elec,
  type Fire,
  type Route,
  type RouteSlice,
} from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { warning } from '../building.js';
import type { StoreyNode } from '../cabling/route-slices.js';
import { sectionAreas } from '../loops/calc-cabling.js';
import { checkLoop, loopCable } from '../loops/loop-checks.js';
import { buildingOf, membersAndLegs, originOf } from '../loops/loop-figures.js';
import { loopUnits, type LoopUnit } from '../loops/loop-units.js';
import { LOOP_MESSAGES } from '../loops/messages.js';
import { loopOrigins } from '../loops/origins.js';
import { joinLoops } from './join-loops.js';
import type { NewWall } from './new-walls.js';
import { rerouteNetwork, type KeptLeg, type Place, type RerouteNetwork } from './reroute-network.js';
import { clearUnits } from './reroute.js';
import { legKey, legSlices, routeLegs } from './route-legs.js';
import { withStoreys } from './storey-range.js';

/** Rounds of giving new units to loops: a loop that fails its checks once routed gives its new units back for the next. */
const JOIN_ROUNDS = 4;

export const REROUTE_MESSAGES = {
  /** A unit the update added that no loop has room for (route_max_units, route_max_area, the central's current or voltage). */
  noLoop: (unit: string) =>
    `${unit} is on no loop: no loop of a central the building joins it to has room for it (units, m², current or voltage); run Cabling again or add a loop`,
  noClosedLoop: (unit: string) =>
    `${unit} is on no loop: the loops of the centrals the building joins it to are open or reach no central, so their limits are not known; close a loop at its central or run Cabling again`,
} as const;

export interface RerouteInput {
  arch: Arch;
  elec?: Elec;
  /** The updated design: its units and sections; its routes as they were before the update (naming the removed units). */
  fire: Fire;
  /** The routes the revision touched (routesToReroute). */
  listed: readonly string[];
  /** The units the update added. */
  added: ReadonlySet<string>;
  /** Whether a rack-to-rack cable's path is blocked by the revision (it is re-routed only then). */
  blocked: (route: Route) => boolean;
  /** The walls the revision added or moved, by storey (newWalls): the re-routed legs go round them. */
  walls?: ReadonlyMap<string, readonly NewWall[]>;
  /** Whether the revision touches a stretch of cable (revisionTouches): a listed route's leg it touches is routed again. */
  touches: (slices: readonly RouteSlice[]) => boolean;
}

export interface RerouteResult {
  /** The connections with the routes re-routed and those left joining nothing removed. */
  connections: Fire['connections'];
  /** Route ids re-routed, sorted. */
  rerouted: string[];
  /** Loops whose every unit was removed, and routes left with one stop: removed, sorted. */
  removed: string[];
  warnings: AnalysisWarning[];
}

/** The units a route is locked to, in cable order, one stop each (a unit twice in a row once). */
function lockedStops(route: Route): string[] {
  const out: string[] = [];
  for (const slice of route.slices) for (const { unit_id: id } of slice.nodes) if (id !== '' && out.at(-1) !== id) out.push(id);
  return out;
}

/** The units standing on these storeys. */
function unitsOn(units: Fire['units'], storeys: ReadonlySet<string>): Fire['units'] {
  const on = <T extends { storey_id: string }>(list: Record<string, T>) =>
    Object.fromEntries(Object.entries(list).filter(([, u]) => storeys.has(u.storey_id)));
  return {
    racks: on(units.racks),
    detectors: on(units.detectors),
    sirens: on(units.sirens),
    buttons: on(units.buttons),
    ios: on(units.ios),
    others: on(units.others),
    labels: on(units.labels),
  };
}

/** The rack units' connection lists without the removed routes. */
function withoutRoutes(connections: Fire['connections'], removed: ReadonlySet<string>): Fire['connections'] {
  const out = { ...connections };
  for (const group of RACK_UNIT_GROUPS) {
    const units = connections[group] as Record<string, { connections: string[] }>;
    if (!Object.values(units).some((u) => u.connections.some((c) => removed.has(c)))) continue;
    const kept = Object.fromEntries(
      Object.entries(units).map(([id, u]) => [id, { ...u, connections: u.connections.filter((c) => !removed.has(c)) }]),
    );
    Object.assign(out, { [group]: kept });
  }
  return out;
}

/**
 * The routes a revision touched, re-routed through the new architecture (issue 40): the loop engine's routing graph
 * of the building as it is now (doors, a wall crossed at its penalty, trays), each leg its cheapest way (GraphSearch.path) as
 * calc_fire_cabling routes it, so a loop goes round a new wall as a new loop would. A loop keeps its units (less the
 * removed ones) in their cable order, and the new units that belong on a loop join it where they cost least
 * (join-loops.ts); a loop that takes a new unit is re-routed too. A rack-to-rack cable is re-routed only where
 * `blocked` says the revision blocks its path. Every other route stays the very object it was.
 */
export function rerouteLoops(input: RerouteInput): RerouteResult {
  const { arch, fire } = input;
  const routes = fire.connections.routes;
  const where = unitPlaces(fire);
  const gone = new Set(Object.values(routes).flatMap((r) => lockedStops(r).filter((id) => !where.has(id))));
  const out: Record<string, Route> = clearUnits(routes, gone);
  const unchanged = (): RerouteResult => ({ connections: { ...fire.connections, routes: out }, rerouted: [], removed: [], warnings: [] });

  const loops = Object.values(routes).filter((r) => r.kind === 'Loop');
  const listed = input.listed.filter((id) => routes[id] && (routes[id].kind !== 'RackToRack' || input.blocked(routes[id])));
  const added = loops.length > 0 ? [...input.added].filter((id) => where.has(id)) : [];
  if (listed.length === 0 && added.length === 0) return unchanged();

  // Only the storeys of the new units and of the candidate loops' and listed routes' stops are read for their units;
  // the routing graph holds only the storeys of the legs routed again (reroute-network.ts).
  const candidates = candidateLoops(loops, added, where, fire);
  const read = new Set(
    [...added, ...[...listed.map((id) => routes[id]!), ...candidates].flatMap(lockedStops)].flatMap((id) => where.get(id)?.storeyId ?? []),
  );
  const part = withStoreys(arch, read);
  const here: Fire = { ...fire, units: unitsOn(fire.units, read) };
  const building = buildingOf(part);
  const all = loopUnits(here, building);
  const fresh = all.filter((u) => input.added.has(u.id));
  if (listed.length === 0 && fresh.length === 0) return unchanged();

  const stopsOf = new Map<string, string[]>();
  for (const route of [...listed.map((id) => routes[id]!), ...candidates])
    stopsOf.set(
      route.id,
      lockedStops(route).filter((id) => where.has(id)),
    );
  const kept = keptLegs(input, where);
  const legEnds = listed.flatMap((id) => {
    const stops = stopsOf.get(id)!;
    return stops.slice(1).flatMap((to, k) => (kept(routes[id]!)(stops[k]!, to) ? [] : [stops[k]!, to]));
  });
  const net = rerouteNetwork({
    arch,
    elec: input.elec,
    fire,
    walls: input.walls ?? new Map(),
    where,
    first: fresh.map((u) => u.id),
    stops: [...new Set([...stopsOf.values()].flat())],
    storeys: [...fresh, ...legEnds.map((id) => where.get(id)!)].map((p) => p.storeyId),
  });
  const byId = new Map(all.map((u) => [u.id, u]));
  const check = loopCheck(here, byId);
  const warnings: AnalysisWarning[] = [];
  const touched =
    fresh.length > 0
      ? joinNewUnits({ fire, here, building, all, fresh, candidates, stopsOf, net, keptLegs: kept, byId, check, warnings })
      : new Set<string>();

  const rerouted = new Set<string>();
  const removed = new Set<string>();
  const racks = new Set(Object.keys(fire.units.racks));
  for (const id of [...new Set([...listed, ...touched])].sort()) {
    const route = routes[id]!;
    const stops = stopsOf.get(id)!;
    // A route drawn through no unit has nothing to join again: it stays as drawn; so does a loop that gave back
    // every unit it was given.
    const before = lockedStops(route);
    if (before.length === 0 || (!listed.includes(id) && before.join('\n') === stops.join('\n'))) continue;
    if (new Set(stops).size < 2 || (route.kind === 'Loop' && stops.every((stop) => racks.has(stop)))) {
      delete out[id];
      removed.add(id);
      continue;
    }
    const result = net.routed(route, stops, kept(route));
    warnings.push(...result.warnings);
    const verdict = route.kind === 'Loop' ? check(result.route) : null;
    out[id] = verdict?.route ?? result.route;
    warnings.push(...(verdict?.warnings ?? []));
    rerouted.add(id);
  }

  // A removed route is no longer a rack unit's connection (as calc_fire_rack_to_rack_routes drops the routes it replaces).
  const connections = withoutRoutes({ ...fire.connections, routes: out }, removed);
  return { connections, rerouted: [...rerouted].sort(), removed: [...removed].sort(), warnings };
}

/** Where each unit stands (labels aside). */
function unitPlaces(fire: Fire): Map<string, Place> {
  const where = new Map<string, Place>();
  for (const group of UNIT_GROUPS) {
    if (group === 'labels') continue;
    for (const u of Object.values<{ id: string; storey_id: string; coord: [number, number, number] }>(fire.units[group]))
      where.set(u.id, { storeyId: u.storey_id, coord: u.coord });
  }
  return where;
}

const samePoint = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!) < 1e-6;

/**
 * The legs of a route kept as drawn: between the same two units as before, each where it stood, and, on a route the
 * revision touched, a leg it does not touch. A cable between racks is routed whole.
 */
function keptLegs(input: RerouteInput, where: ReadonlyMap<string, Place>): (route: Route) => KeptLeg {
  const listed = new Set(input.listed);
  const byRoute = new Map<string, KeptLeg>();
  const stands = (id: string, at: StoreyNode | undefined) => {
    const place = where.get(id);
    return !!place && !!at && place.storeyId === at.storeyId && samePoint(place.coord, at.node.coord);
  };
  return (route) => {
    const known = byRoute.get(route.id);
    if (known) return known;
    const legs = route.kind === 'RackToRack' ? new Map<string, StoreyNode[]>() : routeLegs(input.fire.connections.routes[route.id]!);
    const touched = new Map<string, boolean>();
    const kept: KeptLeg = (from, to) => {
      const leg = legs.get(legKey(from, to));
      if (!leg || !stands(from, leg[0]) || !stands(to, leg.at(-1))) return undefined;
      if (!listed.has(route.id)) return leg;
      const key = from < to ? legKey(from, to) : legKey(to, from);
      if (!touched.has(key)) touched.set(key, input.touches(legSlices(leg)));
      return touched.get(key) ? undefined : leg;
    };
    byRoute.set(route.id, kept);
    return kept;
  };
}

/** Loops weighed for each new unit on its storey: the nearest this many, besides those holding units of its section. */
const NEAREST_LOOPS = 4;

/**
 * The loops a new unit may join: on its storey (a section keeps to a storey) those holding units of its section and
 * the nearest few, all loops where a storey of new units has none. Weighing every loop with a unit on the storey read
 * the whole of a tall building for one detector (bench/results/revision-2026-11-29.md): the loops passing far away
 * span storeys the one it joins does not.
 */
function candidateLoops(loops: readonly Route[], added: readonly string[], where: ReadonlyMap<string, Place>, fire: Fire): Route[] {
  const sectionOf = new Map<string, string>();
  for (const section of Object.values(fire.sections)) for (const id of Object.keys(section.addresses)) sectionOf.set(id, section.id);
  const stops = new Map(loops.map((r) => [r.id, lockedStops(r).filter((id) => where.has(id))]));
  const chosen = new Set<string>();
  for (const unit of added) {
    const at = where.get(unit)!;
    const section = sectionOf.get(unit);
    const near: { id: string; gap: number }[] = [];
    for (const loop of loops) {
      const here = stops.get(loop.id)!.filter((id) => where.get(id)!.storeyId === at.storeyId);
      if (here.length === 0) continue;
      if (section !== undefined && here.some((id) => sectionOf.get(id) === section)) chosen.add(loop.id);
      const gap = Math.min(...here.map((id) => Math.hypot(where.get(id)!.coord[0] - at.coord[0], where.get(id)!.coord[1] - at.coord[1])));
      near.push({ id: loop.id, gap });
    }
    if (near.length === 0) return [...loops];
    near.sort((a, b) => a.gap - b.gap || (a.id < b.id ? -1 : 1));
    for (const { id } of near.slice(0, NEAREST_LOOPS)) chosen.add(id);
  }
  return loops.filter((r) => chosen.has(r.id));
}

/**
 * New units onto loops (join-loops.ts); a loop that then fails its checks with every cable (its legs routed longer than
 * the metric guessed) gives back what it took this round, and those units try the other loops again. A unit no loop
 * takes is warned about. The loops that took units, whose stops (stopsOf) now hold them.
 */
function joinNewUnits(args: {
  fire: Fire;
  here: Fire;
  building: ReturnType<typeof buildingOf>;
  all: readonly LoopUnit[];
  fresh: readonly LoopUnit[];
  candidates: readonly Route[];
  stopsOf: Map<string, string[]>;
  net: RerouteNetwork;
  keptLegs: (route: Route) => KeptLeg;
  byId: ReadonlyMap<string, LoopUnit>;
  check: ReturnType<typeof loopCheck>;
  warnings: AnalysisWarning[];
}): Set<string> {
  const { fire, here, building, all, fresh, candidates, stopsOf, net, keptLegs, byId, check, warnings } = args;
  const routes = fire.connections.routes;
  const origins = loopOrigins(fire);
  const touched = new Set<string>();
  const left: LoopUnit[] = [];
  const sectionArea = sectionAreas(here, building);
  const sectionUnits = new Map<string, number>();
  for (const u of all) sectionUnits.set(u.sectionId, (sectionUnits.get(u.sectionId) ?? 0) + 1);
  const { cabling } = fire.config;
  const closed = candidates.flatMap((route) => {
    const origin = originOf(route, origins);
    const list = stopsOf.get(route.id)!;
    // A loop the designer left open or drew from no central takes no new unit: its limits are not known.
    return origin && list.length >= 2 && list[0] === origin.rack.id && list.at(-1) === origin.rack.id ? [{ route, origin }] : [];
  });
  const reaches = unitReaches(net, closed, stopsOf);
  // A new unit the graph read joins to no central: the racks' storeys read too, so that 'cut off' is said only of one
  // the whole building does not join.
  if (fresh.some((u) => !origins.some((o) => reaches(u.id, o.rack.id)))) net.cover(origins.map((o) => o.rack.id));
  const excluded = new Map<string, Set<string>>();
  let pending = [...fresh];
  for (let round = 0; pending.length > 0 && round < JOIN_ROUNDS; round++) {
    const result = joinLoops({
      loops: closed.map(({ route, origin }) => ({ routeId: route.id, origin, stops: stopsOf.get(route.id)! })),
      units: pending,
      byId,
      exits: net.exits(),
      reaches: (u, o) => reaches(u.id, o.rack.id),
      excluded,
      coppers: fire.config.products.cables.filter((c) => c.type === 'Copper'),
      isolatorMaxUnits: cabling.isolator_max_units,
      maxArea: cabling.route_max_area,
      areaOf: (u) => (u.sectionId ? (sectionArea.get(u.sectionId) ?? 0) / sectionUnits.get(u.sectionId)! : 0),
    });
    left.push(...result.left);
    const tried = new Set(pending.map((u) => u.id));
    pending = [];
    for (const [id, list] of result.joined) {
      touched.add(id);
      // The units this round gave it go back, the last given first, until it passes.
      const taken = [...tried].filter((u) => list.includes(u));
      let kept = list;
      while (taken.length > 0 && check(net.routed(routes[id]!, kept, keptLegs(routes[id]!)).route).fails) {
        const back = taken.pop()!;
        kept = kept.filter((u) => u !== back);
        excluded.set(back, (excluded.get(back) ?? new Set()).add(id));
        pending.push(byId.get(back)!);
      }
      stopsOf.set(id, kept);
    }
  }
  left.push(...pending);
  for (const u of left) {
    // Cut off from every central; or joined to one whose loops there are all open; or on no loop with room for it.
    const message = !origins.some((origin) => reaches(u.id, origin.rack.id))
      ? warning('loop_cut_off', u.id, LOOP_MESSAGES.cutOff(1, u.id), u.id)
      : !closed.some(({ origin }) => reaches(u.id, origin.rack.id))
        ? warning('loop_no_room', u.id, REROUTE_MESSAGES.noClosedLoop(u.id), u.id)
        : warning('loop_no_room', u.id, REROUTE_MESSAGES.noLoop(u.id), u.id);
    warnings.push(message);
  }
  return touched;
}

/**
 * Whether the building joins a unit to a rack: the same part of the graph read; for a rack on a storey the graph does
 * not hold, the same part as a stop of that rack's closed loops (each was routed to it).
 */
function unitReaches(
  net: RerouteNetwork,
  closed: readonly { route: Route; origin: { rack: { id: string } } }[],
  stopsOf: ReadonlyMap<string, readonly string[]>,
): (unit: string, rack: string) => boolean {
  // The stops before any new unit joins: a new one would answer for itself.
  const anchors = new Map<string, string[]>();
  for (const { route, origin } of closed) anchors.set(origin.rack.id, [...(anchors.get(origin.rack.id) ?? []), ...stopsOf.get(route.id)!]);
  return (unit, rack) => {
    const part = net.componentOf(unit);
    if (net.covers(rack)) return part === net.componentOf(rack);
    return (anchors.get(rack) ?? []).some((stop) => net.covers(stop) && net.componentOf(stop) === part);
  };
}

/**
 * A re-routed loop's electrical checks, as calc_fire_cabling warns of them. A loop keeps its cable while it passes
 * with it; one that fails with it takes the first copper cable it passes with, as the engine chooses (loopCable): its
 * legs are longer round a new wall or with new units on them. `fails`: with every cable.
 */
function loopCheck(fire: Fire, byId: ReadonlyMap<string, LoopUnit>) {
  const origins = loopOrigins(fire);
  const coppers = fire.config.products.cables.filter((c) => c.type === 'Copper');
  return (route: Route): { route: Route; fails: boolean; warnings: AnalysisWarning[] } => {
    const origin = originOf(route, origins);
    if (!origin) return { route, fails: false, warnings: [] };
    const { members, legs } = membersAndLegs(route, byId);
    const check = (cable: CableProduct | undefined) =>
      checkLoop({ id: route.id, origin, units: members, legs, cable, isolatorMaxUnits: fire.config.cabling.isolator_max_units });
    let result = check(fire.config.products.cables.find((c) => c.id === route.product_id));
    let out = route;
    if (result.fails) {
      const other = loopCable(coppers, check);
      if (other.cable && !other.check.fails) [out, result] = [{ ...route, product_id: other.cable.id }, other.check];
    }
    return {
      route: out,
      fails: result.fails,
      warnings: result.warnings.map((message, k) => warning('loop_electrical', `${route.id}/${k}`, message, route.id)),
    };
  };
}
