import type { Arch, Elec, Fire, Route } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { warning } from '../building.js';
import { CABLING_MESSAGES } from '../cabling/rack-to-rack.js';
import { nodeSlices, pathNodes, type StoreyNode } from '../cabling/route-slices.js';
import { graphComponents, GraphSearch } from '../cabling/graph-search.js';
import { attachPoint, buildRoutingGraph, type RoutingGraph } from '../cabling/routing-graph.js';
import { storeyExits, type StoreyExits } from '../loops/loop-metric.js';
import { LOOP_MESSAGES } from '../loops/messages.js';
import { loopOrigins } from '../loops/origins.js';
import { withNewWalls, type NewWall } from './new-walls.js';
import { storeyRun, withStoreys } from './storey-range.js';

export type Place = { storeyId: string; coord: [number, number, number] };

/** A leg kept as it is drawn (its nodes, both stops included), or undefined for one to route again. */
export type KeptLeg = (from: string, to: string) => readonly StoreyNode[] | undefined;

export interface RerouteNetwork {
  /** Whether the graph holds the storey a unit or rack stands on. */
  covers: (id: string) => boolean;
  /** The graph grown to the run of storeys holding these units and racks too. */
  cover: (ids: Iterable<string>) => void;
  /** The connected part of the graph a unit or rack the graph covers is in. */
  componentOf: (id: string) => number;
  /** Where storeys are left (loop-metric's exits), on the storeys the graph holds. */
  exits: () => StoreyExits;
  /**
   * The route through its stops: each leg `kept` keeps as drawn, each other its cheapest way through the graph (grown
   * to its stops first); a leg with no way joined straight and said.
   */
  routed: (route: Route, stops: readonly string[], kept: KeptLeg) => { route: Route; warnings: AnalysisWarning[] };
}

interface Graph {
  storeys: Set<string>;
  g: RoutingGraph;
  nodes: Map<string, number>;
  component: ArrayLike<number>;
  search: GraphSearch;
  legs: Map<string, number[]>;
  exits?: StoreyExits;
}

/**
 * The loop engine's routing graph with the revision's new walls, on the run of storeys the legs to route need (issue
 * 40: one room's change reads its storey, not every storey a loop through it passes): a loop keeps the legs the
 * revision left alone, and only the others are searched, as calc_fire_cabling searches them. The graph starts on
 * `storeys` and grows when a leg or a question needs a storey more.
 */
export function rerouteNetwork(args: {
  arch: Arch;
  elec?: Elec;
  fire: Fire;
  walls: ReadonlyMap<string, readonly NewWall[]>;
  where: ReadonlyMap<string, Place>;
  /** The units the update added, and every stop the routes may be given: attached with the racks before any search. */
  first: readonly string[];
  stops: readonly string[];
  storeys: Iterable<string>;
}): RerouteNetwork {
  const { arch, fire, where } = args;
  const storeyOf = (id: string) => where.get(id)!.storeyId;
  const racks = loopOrigins(fire).map((o) => o.rack.id);

  const build = (storeys: Set<string>): Graph => {
    const g = buildRoutingGraph({ arch: withNewWalls(withStoreys(arch, storeys), args.walls), elec: args.elec });
    const nodes = new Map<string, number>();
    const attach = (ids: Iterable<string>) => {
      for (const id of ids)
        if (!nodes.has(id) && storeys.has(storeyOf(id))) nodes.set(id, attachPoint(g, storeyOf(id), where.get(id)!.coord, { unitId: id }));
    };
    // The racks, the first units and every stop attached before the graph's parts and searches are sized to it.
    attach(racks);
    attach(args.first);
    attach(args.stops);
    return { storeys, g, nodes, component: graphComponents(g), search: new GraphSearch(g), legs: new Map() };
  };
  let graph = build(storeyRun(arch, args.storeys));

  const covers = (id: string) => graph.storeys.has(storeyOf(id));
  const cover = (ids: Iterable<string>) => {
    const more = [...ids].filter((id) => !covers(id)).map(storeyOf);
    if (more.length > 0) graph = build(storeyRun(arch, [...graph.storeys, ...more]));
  };
  const nodeOf = (id: string) => {
    let node = graph.nodes.get(id);
    if (node === undefined) graph.nodes.set(id, (node = attachPoint(graph.g, storeyOf(id), where.get(id)!.coord, { unitId: id })));
    return node;
  };
  /** A leg's path by its ends' nodes, kept: a loop tried with a unit more or less reuses the legs it searched. */
  const legOf = (a: number, b: number) => {
    const key = `${a},${b}`;
    let leg = graph.legs.get(key);
    if (!leg) graph.legs.set(key, (leg = graph.search.path(a, b)));
    return leg;
  };
  const floorOf = (storeyId: string) => arch.storeys[storeyId]?.height.min_z;

  const made = new Map<string, { route: Route; warnings: AnalysisWarning[] }>();
  const routed = (route: Route, stops: readonly string[], kept: KeptLeg) => {
    const key = `${route.id}\n${stops.join('\n')}`;
    const known = made.get(key);
    if (known) return known;
    const legs = stops.slice(1).map((to, k) => ({ from: stops[k]!, to, nodes: kept(stops[k]!, to) }));
    cover(legs.flatMap((leg) => (leg.nodes ? [] : [leg.from, leg.to])));
    const said: AnalysisWarning[] = [];
    const nodes: StoreyNode[] = [];
    for (const { from, to, nodes: drawn } of legs) {
      let leg = drawn;
      if (!leg) {
        const [a, b] = [nodeOf(from), nodeOf(to)];
        let path = legOf(a, b);
        if (path.length < 2) {
          path = [a, b];
          const label = (rack: string) => fire.units.racks[rack]?.label || rack;
          said.push(
            route.kind === 'RackToRack'
              ? warning('rack_no_way', `${from}/${to}`, CABLING_MESSAGES.noWay(label(from), label(to)), from)
              : warning('loop_no_way', `${route.id}/${from}/${to}`, LOOP_MESSAGES.noWay(route.id, from, to), route.id),
          );
        }
        leg = pathNodes(graph.g, path);
      }
      nodes.push(...(nodes.length === 0 ? leg : leg.slice(1)));
    }
    const result = { route: { ...route, slices: nodeSlices(nodes, floorOf) }, warnings: said };
    made.set(key, result);
    return result;
  };

  return {
    covers,
    cover,
    componentOf: (id) => graph.component[nodeOf(id)]!,
    exits: () => (graph.exits ??= storeyExits(graph.g)),
    routed,
  };
}
