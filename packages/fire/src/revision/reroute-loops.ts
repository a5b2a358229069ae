import { RACK_UNIT_GROUPS, UNIT_GROUPS, type Arch, type Elec, type Fire, type Route } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { warning } from '../building.js';
import { CABLING_MESSAGES } from '../cabling/rack-to-rack.js';
import { pathSlices } from '../cabling/route-slices.js';
import { attachPoint, buildRoutingGraph, graphComponents } from '../cabling/routing-graph.js';
import { sectionAreas } from '../loops/calc-cabling.js';
import { checkLoop } from '../loops/loop-checks.js';
import { buildingOf, membersAndLegs, originOf } from '../loops/loop-figures.js';
import { storeyExits } from '../loops/loop-metric.js';
import { loopUnits } from '../loops/loop-units.js';
import { LOOP_MESSAGES } from '../loops/messages.js';
import { loopOrigins } from '../loops/origins.js';
import { LegSearch } from '../loops/leg-search.js';
import { joinLoops, type LoopStops } from './join-loops.js';
import { clearUnits } from './reroute.js';

export const REROUTE_MESSAGES = {
  /** A unit the update added that no loop has room for (route_max_units, route_max_area, the central's current or voltage). */
  noLoop: (unit: string) =>
    `${unit} is on no loop: no loop of a central the building joins it to has room for it (units, m², current or voltage); run Cabling again or add a loop`,
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
 * of the building as it is now (doors, a wall crossed at its penalty, trays), each leg its cheapest way (LegSearch) as
 * calc_fire_cabling routes it, so a loop goes round a new wall as a new loop would. A loop keeps its units (less the
 * removed ones) in their cable order, and the new units that belong on a loop join it where they cost least
 * (join-loops.ts); a loop that takes a new unit is re-routed too. A rack-to-rack cable is re-routed only where
 * `blocked` says the revision blocks its path. Every other route stays the very object it was.
 */
export function rerouteLoops(input: RerouteInput): RerouteResult {
  const { arch, fire } = input;
  const routes = fire.connections.routes;
  const where = new Map<string, { storeyId: string; coord: [number, number, number] }>();
  for (const group of UNIT_GROUPS) {
    if (group === 'labels') continue;
    for (const u of Object.values<{ id: string; storey_id: string; coord: [number, number, number] }>(fire.units[group]))
      where.set(u.id, { storeyId: u.storey_id, coord: u.coord });
  }
  const gone = new Set(Object.values(routes).flatMap((r) => lockedStops(r).filter((id) => !where.has(id))));
  const out: Record<string, Route> = clearUnits(routes, gone);
  const warnings: AnalysisWarning[] = [];
  const rerouted = new Set<string>();
  const removed = new Set<string>();

  const loops = Object.values(routes).filter((r) => r.kind === 'Loop');
  const building = buildingOf(arch);
  // The new units a loop carries; only looked for when the design has loops to put them on.
  const all = loops.length > 0 && input.added.size > 0 ? loopUnits(fire, building) : [];
  const fresh = all.filter((u) => input.added.has(u.id));
  const listed = input.listed.filter((id) => routes[id] && (routes[id].kind !== 'RackToRack' || input.blocked(routes[id])));
  if (listed.length === 0 && fresh.length === 0)
    return { connections: { ...fire.connections, routes: out }, rerouted: [], removed: [], warnings };

  const g = buildRoutingGraph({ arch, elec: input.elec });
  const nodes = new Map<string, number>();
  const nodeOf = (id: string) => {
    let node = nodes.get(id);
    if (node === undefined) {
      const at = where.get(id)!;
      nodes.set(id, (node = attachPoint(g, at.storeyId, at.coord, { unitId: id })));
    }
    return node;
  };
  const origins = loopOrigins(fire);
  const stopsOf = new Map<string, string[]>();
  for (const route of Object.values(routes))
    stopsOf.set(
      route.id,
      lockedStops(route).filter((id) => where.has(id)),
    );

  if (fresh.length > 0) {
    // The racks and the new units attached first: which central's rack the building joins each new unit to.
    for (const o of origins) nodeOf(o.rack.id);
    for (const u of fresh) nodeOf(u.id);
    const part = graphComponents(g);
    const stops: LoopStops[] = loops.flatMap((route) => {
      const origin = originOf(route, origins);
      const list = stopsOf.get(route.id)!;
      // A loop the designer left open or drew from no central takes no new unit: its limits are not known.
      return origin && list.length >= 2 && list[0] === origin.rack.id && list.at(-1) === origin.rack.id
        ? [{ routeId: route.id, origin, stops: list }]
        : [];
    });
    const sectionArea = sectionAreas(fire, building);
    const sectionUnits = new Map<string, number>();
    for (const u of all) sectionUnits.set(u.sectionId, (sectionUnits.get(u.sectionId) ?? 0) + 1);
    const { cabling } = fire.config;
    const { joined, left } = joinLoops({
      loops: stops,
      units: fresh,
      byId: new Map(all.map((u) => [u.id, u])),
      exits: storeyExits(g),
      reaches: (u, o) => part[nodeOf(u.id)] === part[nodeOf(o.rack.id)],
      coppers: fire.config.products.cables.filter((c) => c.type === 'Copper'),
      isolatorMaxUnits: cabling.isolator_max_units,
      maxArea: cabling.route_max_area,
      areaOf: (u) => (u.sectionId ? (sectionArea.get(u.sectionId) ?? 0) / sectionUnits.get(u.sectionId)! : 0),
    });
    for (const [id, list] of joined) {
      stopsOf.set(id, list);
      if (!listed.includes(id)) listed.push(id);
    }
    for (const u of left) {
      const cutOff = !stops.some((l) => part[nodeOf(u.id)] === part[nodeOf(l.origin.rack.id)]);
      warnings.push(
        cutOff
          ? warning('loop_cut_off', u.id, LOOP_MESSAGES.cutOff(1, u.id), u.id)
          : warning('loop_no_room', u.id, REROUTE_MESSAGES.noLoop(u.id), u.id),
      );
    }
  }

  // Every stop attached before the search is made: its arrays are sized to the graph.
  for (const id of listed) for (const stop of stopsOf.get(id)!) nodeOf(stop);
  const legs = new LegSearch(g);
  const racks = new Set(Object.keys(fire.units.racks));
  for (const id of listed.sort()) {
    const route = routes[id]!;
    const stops = stopsOf.get(id)!;
    // A route drawn through no unit has nothing to join again: it stays as drawn.
    if (lockedStops(route).length === 0) continue;
    if (new Set(stops).size < 2 || (route.kind === 'Loop' && stops.every((s) => racks.has(s)))) {
      delete out[id];
      removed.add(id);
      continue;
    }
    const path: number[] = [];
    for (let k = 1; k < stops.length; k++) {
      const [from, to] = [stops[k - 1]!, stops[k]!];
      const [a, b] = [nodeOf(from), nodeOf(to)];
      let leg = legs.path(a, b);
      if (leg.length < 2) {
        // As the engines do: joined straight, and said.
        leg = [a, b];
        const label = (rack: string) => fire.units.racks[rack]?.label || rack;
        warnings.push(
          route.kind === 'RackToRack'
            ? warning('rack_no_way', `${from}/${to}`, CABLING_MESSAGES.noWay(label(from), label(to)), from)
            : warning('loop_no_way', `${id}/${from}/${to}`, LOOP_MESSAGES.noWay(id, from, to), id),
        );
      }
      path.push(...(path.length === 0 ? leg : leg.slice(1)));
    }
    out[id] = { ...route, slices: pathSlices(g, path) };
    rerouted.add(id);
  }
  warnings.push(...loopChecks(fire, out, [...rerouted], building));

  // A removed route is no longer a rack unit's connection (as calc_fire_rack_to_rack_routes drops the routes it replaces).
  const connections = withoutRoutes({ ...fire.connections, routes: out }, removed);
  return { connections, rerouted: [...rerouted].sort(), removed: [...removed].sort(), warnings };
}

/** The re-routed loops' electrical checks, as calc_fire_cabling warns of them (the loop's own cable kept). */
function loopChecks(fire: Fire, routes: Readonly<Record<string, Route>>, ids: readonly string[], building: ReturnType<typeof buildingOf>) {
  const loops = ids.flatMap((id) => (routes[id]?.kind === 'Loop' ? [routes[id]] : []));
  if (loops.length === 0) return [];
  const byId = new Map(loopUnits(fire, building).map((u) => [u.id, u]));
  const origins = loopOrigins(fire);
  return loops.flatMap((route) => {
    const origin = originOf(route, origins);
    if (!origin) return [];
    const { members, legs } = membersAndLegs(route, byId);
    const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
    const check = checkLoop({
      id: route.id,
      origin,
      units: members,
      legs,
      cable,
      isolatorMaxUnits: fire.config.cabling.isolator_max_units,
    });
    return check.warnings.map((message, k) => warning('loop_electrical', `${route.id}/${k}`, message, route.id));
  });
}
