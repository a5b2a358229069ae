import type { Arch, Elec, Fire, RackUnit, Route, RouteSlice } from '@edrf/model';
import { RACK_UNIT_GROUPS } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { warning } from '../building.js';
import { pathSlices } from './route-slices.js';
import { shortestRing } from './ring.js';
import { GraphSearch } from './graph-search.js';
import { attachPoint, buildRoutingGraph, CEILING_OFFSET, type RoutingGraph } from './routing-graph.js';

export const CABLING_MESSAGES = {
  /** F§5, F§8: cabling needs a rack. */
  noRack: 'No fire rack found!',
  /** F§4, F§8: the routes take the first Copper cable product. */
  noCopperCable: 'No copper cable found',
  noWay: (a: string, b: string) => `No way through the building between racks '${a}' and '${b}': the cable is drawn straight`,
} as const;

export interface CalcFireRackToRackRoutesInput {
  arch: Arch;
  elec?: Elec;
  fire: Fire;
}

export interface RackToRackResult {
  /** The whole fire.connections: the RackToRack routes made anew, everything else as it was. */
  connections: Fire['connections'];
  warnings: AnalysisWarning[];
}

/** New route ids take this prefix and the first free number. */
export const RACK_ROUTE_PREFIX = 'rack-route-';
/** What an unreachable pair costs in the ring, per metre of straight distance (so that the ring avoids it). */
const NO_WAY_FACTOR = 10;
const NO_WAY_PENALTY = 1e4;

export const hasRacks = (fire: Fire): boolean => Object.keys(fire.units.racks).length > 0;

const straight = (a: RackUnit, b: RackUnit) => Math.hypot(a.coord[0] - b.coord[0], a.coord[1] - b.coord[1], a.coord[2] - b.coord[2]);

/** A leg the graph cannot route: up (or down) at the first rack, across on the second's storey. */
function straightSlices(arch: Arch, a: RackUnit, b: RackUnit): RouteSlice[] {
  const lock = (r: RackUnit) => ({ unit_id: r.id, coord: [r.coord[0], r.coord[1], r.coord[2]] as [number, number, number] });
  if (a.storey_id === b.storey_id) return [{ storey_id: a.storey_id, nodes: [lock(a), lock(b)] }];
  const ceiling = (storeyId: string, fallback: number) => {
    const storey = arch.storeys[storeyId];
    return storey ? storey.height.max_z - CEILING_OFFSET : fallback;
  };
  return [
    { storey_id: a.storey_id, nodes: [lock(a), { unit_id: '', coord: [a.coord[0], a.coord[1], ceiling(a.storey_id, a.coord[2])] }] },
    { storey_id: b.storey_id, nodes: [{ unit_id: '', coord: [a.coord[0], a.coord[1], ceiling(b.storey_id, b.coord[2])] }, lock(b)] },
  ];
}

/**
 * calc_fire_rack_to_rack_routes (issue 25): cables between the racks, routed through the building. Two racks get
 * one direct cable; three or more a ring through all of them, the shortest by routing cost. Each leg is a route of
 * kind RackToRack, its slices per storey, its ends locked to the racks, drawn with the first Copper cable product.
 * The RackToRack routes there were are replaced (and dropped from the rack units' connection lists); nothing else
 * changes. Throws 'No fire rack found!' without racks.
 */
export function rackToRackRoutes(
  input: CalcFireRackToRackRoutesInput,
  onProgress?: (done: number, total: number) => void,
): RackToRackResult {
  const { arch, fire } = input;
  const racks = Object.values(fire.units.racks);
  if (racks.length === 0) throw new Error(CABLING_MESSAGES.noRack);
  const warnings: AnalysisWarning[] = [];

  const connections = structuredClone(fire.connections);
  const dropped = new Set(Object.values(connections.routes).flatMap((r) => (r.kind === 'RackToRack' ? [r.id] : [])));
  for (const id of dropped) delete connections.routes[id];
  if (dropped.size > 0)
    for (const group of RACK_UNIT_GROUPS)
      for (const unit of Object.values(connections[group])) unit.connections = unit.connections.filter((id) => !dropped.has(id));

  // One rack: no cable to another.
  if (racks.length < 2) {
    onProgress?.(1, 1);
    return { connections, warnings };
  }
  const cable = fire.config.products.cables.find((c) => c.type === 'Copper');
  if (!cable) warnings.push(warning('no_copper_cable', 'cables', CABLING_MESSAGES.noCopperCable));

  const g = buildRoutingGraph(input);
  const nodes = racks.map((r) => attachPoint(g, r.storey_id, r.coord, { unitId: r.id }));
  // One search reused from rack to rack, each stopped once every rack is settled: a tree of the whole graph per rack
  // cost racks × building (11 s for the 144 racks of the 185,000 m² real-geometry campus).
  const search = new GraphSearch(g);
  const racksAt = new Set(nodes);

  let order: number[];
  if (racks.length === 2) order = [0, 1];
  else {
    const dist = racks.map((a, i) => {
      search.search(nodes[i]!, racksAt);
      onProgress?.(i + 1, racks.length + 1);
      return racks.map((b, j) => {
        const c = search.costTo(nodes[j]!);
        return i === j ? 0 : Number.isFinite(c) ? c : NO_WAY_PENALTY + NO_WAY_FACTOR * straight(a, b);
      });
    });
    // Costs from either end may differ by rounding only; the ring needs them symmetric.
    const sym = dist.map((row, i) => row.map((c, j) => Math.min(c, dist[j]![i]!)));
    order = shortestRing(sym);
  }

  const taken = new Set([...Object.keys(connections.routes), ...Object.keys(connections.cables)]);
  let next = 1;
  const newId = () => {
    while (taken.has(`${RACK_ROUTE_PREFIX}${next}`)) next++;
    taken.add(`${RACK_ROUTE_PREFIX}${next}`);
    return `${RACK_ROUTE_PREFIX}${next}`;
  };
  const pairs: [number, number][] = racks.length === 2 ? [[0, 1]] : order.map((i, k) => [i, order[(k + 1) % order.length]!]);
  for (const [i, j] of pairs) {
    const slices = legSlices(arch, g, search, racks[i]!, nodes[i]!, racks[j]!, nodes[j]!, warnings);
    const route: Route = { id: newId(), product_id: cable?.id ?? '', kind: 'RackToRack', slices };
    connections.routes[route.id] = route;
  }
  onProgress?.(1, 1);
  return { connections, warnings };
}

/** The slices of the cable from rack a to rack b: the graph's cheapest way, else straight with 'No way …'. */
function legSlices(
  arch: Arch,
  g: RoutingGraph,
  search: GraphSearch,
  a: RackUnit,
  from: number,
  b: RackUnit,
  to: number,
  warnings: AnalysisWarning[],
): RouteSlice[] {
  const path = search.search(from, new Set([to])).pathTo(to);
  const slices = path.length >= 2 ? pathSlices(g, path) : [];
  if (slices.length > 0) return slices;
  warnings.push(warning('rack_no_way', `${a.id}/${b.id}`, CABLING_MESSAGES.noWay(a.label || a.id, b.label || b.id), a.id));
  return straightSlices(arch, a, b);
}

/**
 * The route between two racks exactly as calc_fire_rack_to_rack_routes makes its leg (every rack attached to the
 * graph, as there): the equipment page calls it when a cable is dropped between two racks, so that the page and the
 * engine draw one route. `id` and `productId` are the page's.
 */
export function routeBetweenRacks(
  input: CalcFireRackToRackRoutesInput,
  fromRack: string,
  toRack: string,
  id: string,
  productId: string,
): { route: Route; warnings: AnalysisWarning[] } {
  const racks = Object.values(input.fire.units.racks);
  const [i, j] = [racks.findIndex((r) => r.id === fromRack), racks.findIndex((r) => r.id === toRack)];
  if (i < 0 || j < 0) throw new Error(`No rack ${i < 0 ? fromRack : toRack}`);
  const { graph, nodes } = rackGraph(input);
  const warnings: AnalysisWarning[] = [];
  const slices = legSlices(input.arch, graph, new GraphSearch(graph), racks[i]!, nodes[i]!, racks[j]!, nodes[j]!, warnings);
  return { route: { id, product_id: productId, kind: 'RackToRack', slices }, warnings };
}

/** F§7 calc_fire_rack_to_rack_routes: the connections with the rack-to-rack routes made anew. */
export const calcFireRackToRackRoutes = (input: CalcFireRackToRackRoutesInput): Fire['connections'] => rackToRackRoutes(input).connections;

/** The routing graph with the racks attached (for tests and the next issue's loops). */
export function rackGraph(input: CalcFireRackToRackRoutesInput): { graph: RoutingGraph; nodes: number[] } {
  const graph = buildRoutingGraph(input);
  const nodes = Object.values(input.fire.units.racks).map((r) => attachPoint(graph, r.storey_id, r.coord, { unitId: r.id }));
  return { graph, nodes };
}
