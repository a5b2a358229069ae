import { roomAt } from '../building.js';
import { GraphSearch } from '../cabling/graph-search.js';
import type { CablingRun } from './cabling-run.js';
import { checkLoop, loopCable } from './loop-checks.js';
import { loopMetric } from './loop-metric.js';
import type { LoopUnit } from './loop-units.js';
import type { Origin } from './origins.js';
import { ROOM_CHANGE, routedTour, routeExtra, routeMetres, ROUTED_TOUR_UNITS } from './routed-tour.js';
import { rowOrder } from './row-order.js';
import { loopTour } from './tour.js';
import { uncrossLoop } from './uncross.js';

export const distance3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** A stop of a loop: its rack or one of its units. */
type Stop = Pick<LoopUnit, 'storeyId' | 'coord' | 'sectionId'>;

/** One loop ordered, its legs routed through the building, its cable chosen and checked (LoopRouter.route). */
export type RoutedLoop = ReturnType<LoopRouter['route']>;

/** Orders, routes and checks the loops of a cabling run, one at a time; `rack` is the search from the loop's rack. */
export class LoopRouter {
  /** Two searches: a loop's order reads the last `search` while its legs are found with `legs`. */
  private readonly search: GraphSearch;
  private readonly legs: GraphSearch;
  /** Each unit's room, for its rows (row-order.ts). */
  private readonly roomOfUnit: Map<string, string>;

  constructor(private readonly run: CablingRun) {
    this.search = new GraphSearch(run.g);
    this.legs = new GraphSearch(run.g);
    const storeyInfo = new Map(run.index.storeys.map((s) => [s.storey.id, s]));
    this.roomOfUnit = new Map(
      run.units.map((u) => {
        const info = storeyInfo.get(u.storeyId);
        const room = info ? roomAt(info, u.coord[0], u.coord[1]) : undefined;
        return [u.id, room ? `${u.storeyId}|${room.room.id}` : ''];
      }),
    );
  }

  /** One loop's order, legs through the building, cable and checks. */
  route(origin: Origin, rack: GraphSearch, members: readonly LoopUnit[]) {
    const { g, part, rackNode, unitNode, coppers, cabling } = this.run;
    const stops = [{ storeyId: origin.rack.storey_id, coord: origin.rack.coord, sectionId: '' }, ...members];
    const nodes = [rackNode.get(origin.id)!, ...members.map((u) => unitNode.get(u.id)!)];
    const names = [origin.rack.label || origin.rack.id, ...members.map((u) => u.id)];
    const ordered = this.orderLoop(stops, nodes, members, rack);
    const legPath = (a: number, b: number) =>
      part[nodes[a]!] !== part[nodes[b]!]
        ? []
        : a === 0
          ? rack.pathTo(nodes[b]!)
          : b === 0
            ? rack.pathTo(nodes[a]!).reverse()
            : this.legs.path(nodes[a]!, nodes[b]!);
    // Routed, the loop must not cross itself on a storey (uncross.ts): 2-opt on the legs that cross.
    const uncrossed = uncrossLoop(g, ordered, legPath, (path) => routeMetres(g, path));
    const order = uncrossed.order;
    const legPaths: number[][] = [];
    const legs: number[] = [];
    const unjoined: [string, string][] = [];
    for (let k = 0; k < order.length; k++) {
      const [a, b] = [order[k]!, order[(k + 1) % order.length]!];
      let leg = uncrossed.paths[k]!;
      if (leg.length < 2) {
        unjoined.push([names[a]!, names[b]!]);
        leg = [nodes[a]!, nodes[b]!];
      }
      // Measured as the route drawn from it (routeMetres: nodes in 3D), so the checks hold for the cable the user gets;
      // a leg joined straight has no edge to measure: its straight length stands in.
      const length = routeMetres(g, leg);
      legs.push(length > 0 ? length : distance3(stops[a]!.coord, stops[b]!.coord));
      legPaths.push(leg);
    }
    const inOrder = order.slice(1).map((k) => members[k - 1]!);
    const { cable, check } = loopCable(coppers, (c) =>
      checkLoop({ id: '', origin, units: inOrder, legs, cable: c, isolatorMaxUnits: cabling.isolator_max_units }),
    );
    return { order, names, legPaths, legs, inOrder, cable, check, unjoined };
  }

  /**
   * A loop's stops ordered on straight distances through the storeys' exits (a search per pair through the building
   * cost minutes on a 185,000 m² building); each leg is then routed through the building. The members come in
   * improveLoops' order, or are a loop's start and what it carried, shortened again from their order, a room at a time:
   * each change of room costs ROOM_CHANGE more, a door's detour or a hole the straight metric does not see.
   */
  private orderLoop(stops: readonly Stop[], nodes: readonly number[], members: readonly LoopUnit[], rack: GraphSearch): number[] {
    const { g, part, exits, units } = this.run;
    const roomKey = (k: number) => (k === 0 ? '' : (this.roomOfUnit.get(members[k - 1]!.id) ?? ''));
    const metric = loopMetric(stops, exits);
    let order = loopTour(stops.length, (a, b) => metric(a, b) + (roomKey(a) !== roomKey(b) ? ROOM_CHANGE : 0), [...stops.keys()]);
    // In a small building, ordered again on its legs' routed lengths (routed-tour.ts).
    if (units.length <= ROUTED_TOUR_UNITS)
      order = routedTour(order, (a) => {
        const s = a === 0 ? rack : this.search.search(nodes[a]!, new Set(nodes.filter((_, b) => b > a)));
        return (b) => {
          const path = part[nodes[a]!] === part[nodes[b]!] ? s.pathTo(nodes[b]!) : [];
          // The holes' cost counted too (routeExtra): in metres alone the order saw no reason to keep to the doors.
          const length = path.length < 2 ? 0 : routeMetres(g, path) + routeExtra(g, path);
          return length > 0 ? length : distance3(stops[a]!.coord, stops[b]!.coord);
        };
      });
    // Units standing in rows in one room visited row by row (boustrophedon), as a designer draws them.
    return rowOrder(order, roomKey, (k) => [stops[k]!.coord[0], stops[k]!.coord[1]], metric);
  }

  /** How many of a failing loop's units, from its start in cable order, pass as a loop of their own (at least 1). */
  passingStart(origin: Origin, rack: GraphSearch, loop: RoutedLoop): number {
    const { g, unitNode, coppers, cabling } = this.run;
    const back = (u: LoopUnit) => routeMetres(g, rack.pathTo(unitNode.get(u.id)!)) || distance3(u.coord, origin.rack.coord);
    const passes = (m: number) =>
      !loopCable(coppers, (c) =>
        checkLoop({
          id: '',
          origin,
          units: loop.inOrder.slice(0, m),
          legs: [...loop.legs.slice(0, m), back(loop.inOrder[m - 1]!)],
          cable: c,
          isolatorMaxUnits: cabling.isolator_max_units,
        }),
      ).check.fails;
    let [lo, hi] = [1, loop.inOrder.length - 1];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (passes(mid)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
