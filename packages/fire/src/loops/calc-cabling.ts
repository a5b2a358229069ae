import type { Arch, Elec, Fire, Route } from '@edrf/model';
import type { AnalysisResult, AnalysisWarning } from '../analysis.js';
import { indexBuilding, roomAt, warning } from '../building.js';
import { attachPoint, buildRoutingGraph, graphComponents } from '../cabling/routing-graph.js';
import { pathSlices } from '../cabling/route-slices.js';
import { ringArea, type Ring } from '../geometry/ring.js';
import { partRings, sectionBuilding } from '../sections/section-index.js';
import { classAViolation } from './class-a.js';
import { checkLoop, loopCable } from './loop-checks.js';
import { improveLoops } from './improve-loops.js';
import { LegSearch } from './leg-search.js';
import { loopGroups } from './loop-groups.js';
import { loopMetric, metricBetween, storeyExits } from './loop-metric.js';
import { fedUnits, loopUnits, type LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import { centralReachWarning, type BeyondReach } from './central-reach.js';
import { assignCentrals, loopOrigins, loopRoom, type Origin } from './origins.js';
import { GraphSearch } from './path-between.js';
import { supplyChecks, supplyWarnings } from './supplies.js';
import { ROOM_CHANGE, routedTour, routeExtra, routeMetres, ROUTED_TOUR_UNITS } from './routed-tour.js';
import { loopTour } from './tour.js';
import { rowOrder } from './row-order.js';
import { uncrossLoop } from './uncross.js';

export interface CalcFireCablingInput {
  arch: Arch;
  elec?: Elec;
  fire: Fire;
  /** The routing graph's wall penalty, WALL_PENALTY unless set: bench:fire-cabling compares doors only with it. */
  wallPenalty?: number;
}

export interface FireCablingResult {
  /** The whole connections with the loops made anew (other routes kept). */
  connections: Fire['connections'];
  validation: AnalysisResult;
}

/** Loop routes are named so; a run replaces the model's Loop routes and keeps every other. */
export const LOOP_ROUTE_PREFIX = 'loop-';

/** A loop's warning: its unit id starts with the loop's id, so the routes page can show the loop. */
const loopWarning = (kind: string, key: string, message: string) => warning(kind, key, message, key);

/** Rounds of giving units to centrals again with the room of a central whose loops packed over its count cut (calcFireCabling). */
const ASSIGN_ROUNDS = 6;

const distance3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * Units a loop could not keep go into the next loop of the queue: with it, the next loop keeps those of its own units
 * nearest to them up to `max` units, and passes its others on the same way; what the last loop cannot keep makes a
 * loop of its own. Loops stay full and neighbours, as the sweep that made them.
 */
function carry(queue: LoopUnit[][], rest: readonly LoopUnit[], max: number): void {
  let moving = [...rest];
  for (let i = 0; i < queue.length && moving.length > 0; i++) {
    const next = queue[i]!;
    if (moving.length + next.length <= max) {
      queue[i] = [...moving, ...next];
      return;
    }
    const [cx, cy] = [
      moving.reduce((s, u) => s + u.coord[0], 0) / moving.length,
      moving.reduce((s, u) => s + u.coord[1], 0) / moving.length,
    ];
    const byNearness = [...next].sort(
      (a, b) => Math.hypot(a.coord[0] - cx, a.coord[1] - cy) - Math.hypot(b.coord[0] - cx, b.coord[1] - cy),
    );
    const room = Math.max(0, max - moving.length);
    queue[i] = [...moving.slice(0, max), ...byNearness.slice(0, room)];
    moving = [...moving.slice(max), ...byNearness.slice(room)];
  }
  if (moving.length > 0) queue.push(moving);
}

/**
 * Each section's m² on a central: the share of its units there (a section whose units go to several centrals counts on
 * each for its share, as on a loop; counted whole, it filled loops up with area other centrals protect).
 */
function areaShares(units: readonly LoopUnit[], sectionArea: ReadonlyMap<string, number>, sectionUnits: ReadonlyMap<string, number>) {
  const here = new Map<string, number>();
  for (const u of units) here.set(u.sectionId, (here.get(u.sectionId) ?? 0) + 1);
  return new Map([...here].map(([id, k]) => [id, ((sectionArea.get(id) ?? 0) * k) / sectionUnits.get(id)!]));
}

/** m² of each section: its parts' outlines less their holes. */
export function sectionAreas(fire: Fire, building: ReturnType<typeof sectionBuilding>): Map<string, number> {
  return new Map(
    Object.values(fire.sections).map((s) => [
      s.id,
      s.parts.reduce((sum, part) => {
        const room = building.rooms.get(part.room_id);
        const rings: Ring[] = room ? partRings(part, room.info) : [];
        return sum + (rings.length > 0 ? Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((h, r) => h + Math.abs(ringArea(r)), 0) : 0);
      }, 0),
    ]),
  );
}

/**
 * calc_fire_cabling (F§7, issue 26): every addressable unit on one Class A loop (out from its central and back) of the
 * nearest central with room on its loops, within route_max_units and route_max_area, sections on one loop where that costs no loop, each loop
 * ordered short (nearest neighbour, 2-opt, Or-opt) and routed through the building's routing graph (trays preferred)
 * as slices per storey; isolators, the voltage in alarm for both single-fault feeds, the central's loop limits, its
 * battery and (where set) NFPA 72 Class A separation checked. Throws 'No fire rack found!'.
 */
export function calcFireCabling(
  input: CalcFireCablingInput,
  progress: (done: number, total: number) => void = () => {},
): FireCablingResult {
  const { arch, fire } = input;
  if (Object.keys(fire.units.racks).length === 0) throw new Error(LOOP_MESSAGES.noRack);
  const { cabling } = fire.config;
  const warnings: AnalysisWarning[] = [];
  const index = indexBuilding(arch);
  const building = sectionBuilding(index, arch.doors);
  const storeyIndex = new Map(index.storeys.map((s, i) => [s.storey.id, i]));
  const coppers = fire.config.products.cables.filter((c) => c.type === 'Copper');
  if (coppers.length === 0) warnings.push(warning('no_copper_cable', 'cables', LOOP_MESSAGES.noCopperCable));
  const starts = loopOrigins(fire);
  if (Object.keys(fire.connections.centrals).length === 0) warnings.push(warning('no_central', 'centrals', LOOP_MESSAGES.noCentral));
  const sectionArea = sectionAreas(fire, building);

  const units = loopUnits(fire, building);
  const sectionUnits = new Map<string, number>();
  for (const u of units) sectionUnits.set(u.sectionId, (sectionUnits.get(u.sectionId) ?? 0) + 1);
  const g = buildRoutingGraph(input);
  const rackNode = new Map(starts.map((o) => [o.id, attachPoint(g, o.rack.storey_id, o.rack.coord, { unitId: o.rack.id })]));
  const unitNode = new Map(units.map((u) => [u.id, attachPoint(g, u.storeyId, u.coord, { unitId: u.id })]));

  // Each section to one central the building joins it to, the nearest its units with room (assignCentrals); a unit no central
  // reaches to the nearest one, warned once for each part of the building so cut off.
  const part = graphComponents(g);
  const exits = storeyExits(g);
  const byOrigin = new Map<string, LoopUnit[]>(starts.map((o) => [o.id, []]));
  const cutOff = new Map<number, LoopUnit[]>();
  // The centrals of each part, listed once (filtered per unit, it cost units × centrals on a campus of 144 centrals).
  const centralsIn = new Map<number, Origin[]>();
  for (const o of starts) {
    const p = part[rackNode.get(o.id)!]!;
    centralsIn.set(p, [...(centralsIn.get(p) ?? []), o]);
  }
  const joinedTo = (unit: LoopUnit) => centralsIn.get(part[unitNode.get(unit.id)!]!) ?? starts;
  for (const unit of units) {
    const p = part[unitNode.get(unit.id)!]!;
    if (!centralsIn.has(p)) {
      const list = cutOff.get(p);
      if (list) list.push(unit);
      else cutOff.set(p, [unit]);
    }
  }
  const rackPoint = (o: Origin) => ({ storeyId: o.rack.storey_id, coord: o.rack.coord });
  const areaOf = (u: LoopUnit) => (u.sectionId ? (sectionArea.get(u.sectionId) ?? 0) / sectionUnits.get(u.sectionId)! : 0);
  /** A central's units swept into loops, then made shorter together before they are routed (improve-loops.ts). */
  const planLoops = (o: Origin, list: LoopUnit[]) =>
    improveLoops(
      loopGroups(
        list,
        {
          maxUnits: o.maxUnits,
          maxArea: cabling.route_max_area,
          maxCurrent: o.maxLoopCurrent ?? undefined,
          isolatorsCount: o.isolatorsCountAsUnits,
          isolatorMaxUnits: cabling.isolator_max_units,
        },
        areaShares(list, sectionArea, sectionUnits),
        storeyIndex,
        [o.rack.coord[0], o.rack.coord[1]],
      ),
      exits,
      { origin: o, coppers, isolatorMaxUnits: cabling.isolator_max_units, maxArea: cabling.route_max_area, areaOf },
    );
  // On the loop metric (the straight distance sent units on upper storeys to a central whose riser is far), each
  // central within what its loops take while another of its part has room (nearest only, the two stairwell centrals
  // of the generated building got 26 and 45 loops' worth for 2). A central's loops pack less than full (whole
  // sections, the voltage and length limits): one planned with more loops than it has, while its part has loops to
  // spare, has its room cut by that ratio and the units are given again, at most ASSIGN_ROUNDS times (the round with
  // the fewest loops over is kept).
  const room = loopRoom<LoopUnit>(cabling.route_max_area, cabling.isolator_max_units, areaOf);
  const shrink = new Map<Origin, number>();
  const shrunk = { load: room.load, room: (o: Origin) => room.room(o).map((x) => x * (shrink.get(o) ?? 1)) };
  // Racks without a central (a design before its centrals) take what is nearest them: they have no loop count.
  const limited = Object.keys(fire.connections.centrals).length > 0;
  const planned = new Map<Origin, { units: LoopUnit[]; loops: LoopUnit[][] }>();
  const sameUnits = (a: readonly LoopUnit[], b: readonly LoopUnit[]) => a.length === b.length && a.every((u, k) => u === b[k]);
  let best: { over: number; plans: Map<Origin, LoopUnit[][]>; byOrigin: Map<string, LoopUnit[]> } | null = null;
  for (let round = 0; round < ASSIGN_ROUNDS; round++) {
    const central = assignCentrals(units, joinedTo, (u, o) => metricBetween(u, rackPoint(o), exits), limited ? shrunk : undefined);
    const given = new Map<string, LoopUnit[]>(starts.map((o) => [o.id, []]));
    for (const unit of units) given.get(central.get(unit)!.id)!.push(unit);
    const plans = new Map<Origin, LoopUnit[][]>();
    for (const o of starts) {
      const list = given.get(o.id)!;
      const before = planned.get(o);
      const loops = before && sameUnits(before.units, list) ? before.loops : planLoops(o, list);
      planned.set(o, { units: list, loops });
      plans.set(o, loops);
    }
    const over = starts.reduce((s, o) => s + Math.max(0, plans.get(o)!.length - o.capacity), 0);
    if (!best || over < best.over) best = { over, plans, byOrigin: given };
    // Loops to spare per part of the building (its centrals' list).
    const spare = new Map<readonly Origin[], number>();
    for (const list of centralsIn.values())
      spare.set(
        list,
        list.reduce((s, o) => s + o.capacity - plans.get(o)!.length, 0),
      );
    let again = false;
    for (const list of centralsIn.values())
      for (const o of list) {
        const made = plans.get(o)!.length;
        if (made <= o.capacity || spare.get(list)! <= 0) continue;
        shrink.set(o, (shrink.get(o) ?? 1) * (o.capacity / made));
        again = true;
      }
    if (!again || !limited) break;
  }
  for (const [id, list] of best!.byOrigin) byOrigin.set(id, list);
  for (const list of cutOff.values())
    warnings.push(warning('loop_cut_off', list[0]!.id, LOOP_MESSAGES.cutOff(list.length, list[0]!.id), list[0]!.id));

  const connections: Fire['connections'] = structuredClone(fire.connections);
  for (const [id, route] of Object.entries(connections.routes)) if (route.kind === 'Loop') delete connections.routes[id];
  const taken = new Set([...Object.keys(connections.routes), ...Object.keys(connections.cables)]);
  let n = 1;
  const newId = () => {
    while (taken.has(`${LOOP_ROUTE_PREFIX}${n}`)) n++;
    taken.add(`${LOOP_ROUTE_PREFIX}${n}`);
    return `${LOOP_ROUTE_PREFIX}${n}`;
  };

  const search = new GraphSearch(g);
  const legSearch = new LegSearch(g);
  // Each unit's room, for its rows (row-order.ts).
  const storeyInfo = new Map(index.storeys.map((s) => [s.storey.id, s]));
  const roomOfUnit = new Map(
    units.map((u) => {
      const info = storeyInfo.get(u.storeyId);
      const room = info ? roomAt(info, u.coord[0], u.coord[1]) : undefined;
      return [u.id, room ? `${u.storeyId}|${room.room.id}` : ''];
    }),
  );
  const plans = starts.map((o) => ({ origin: o, loops: best!.plans.get(o)! }));
  /** One loop's order, legs through the building, cable and checks. */
  const routeLoop = (origin: Origin, rack: GraphSearch, members: readonly LoopUnit[]) => {
    const stops = [{ storeyId: origin.rack.storey_id, coord: origin.rack.coord, sectionId: '' }, ...members];
    const nodes = [rackNode.get(origin.id)!, ...members.map((u) => unitNode.get(u.id)!)];
    const names = [origin.rack.label || origin.rack.id, ...members.map((u) => u.id)];
    // Ordered on straight distances through the storeys' exits (a search per pair through the building cost minutes
    // on a 185,000 m² building); each leg is then routed through the building. The members come in improveLoops'
    // order, or are a loop's start and what it carried, shortened again from their order, a room at a time: each change
    // of room costs ROOM_CHANGE more, a door's detour or a hole the straight metric does not see.
    const roomKey = (k: number) => (k === 0 ? '' : (roomOfUnit.get(members[k - 1]!.id) ?? ''));
    const metric = loopMetric(stops, exits);
    let order = loopTour(stops.length, (a, b) => metric(a, b) + (roomKey(a) !== roomKey(b) ? ROOM_CHANGE : 0), [...stops.keys()]);
    // In a small building, ordered again on its legs' routed lengths (routed-tour.ts).
    if (units.length <= ROUTED_TOUR_UNITS)
      order = routedTour(order, (a) => {
        const s = a === 0 ? rack : search.search(nodes[a]!, new Set(nodes.filter((_, b) => b > a)));
        return (b) => {
          const path = part[nodes[a]!] === part[nodes[b]!] ? s.pathTo(nodes[b]!) : [];
          // The holes' cost counted too (routeExtra): in metres alone the order saw no reason to keep to the doors.
          const length = path.length < 2 ? 0 : routeMetres(g, path) + routeExtra(g, path);
          return length > 0 ? length : distance3(stops[a]!.coord, stops[b]!.coord);
        };
      });
    // Units standing in rows in one room visited row by row (boustrophedon), as a designer draws them.
    order = rowOrder(order, roomKey, (k) => [stops[k]!.coord[0], stops[k]!.coord[1]], metric);
    const legPath = (a: number, b: number) =>
      part[nodes[a]!] !== part[nodes[b]!]
        ? []
        : a === 0
          ? rack.pathTo(nodes[b]!)
          : b === 0
            ? rack.pathTo(nodes[a]!).reverse()
            : legSearch.path(nodes[a]!, nodes[b]!);
    // Routed, the loop must not cross itself on a storey (uncross.ts): 2-opt on the legs that cross.
    const uncrossed = uncrossLoop(g, order, legPath, (path) => routeMetres(g, path));
    order = uncrossed.order;
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
  };

  /** How many of a failing loop's units, from its start in cable order, pass as a loop of their own (at least 1). */
  const passingStart = (origin: Origin, rack: GraphSearch, loop: ReturnType<typeof routeLoop>) => {
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
  };

  let total = plans.reduce((s, p) => s + p.loops.length, 0);
  let done = 0;
  // Every loop of a central starts and ends at its rack: one search from the rack, until each of its units is settled,
  // serves all their first and last legs (searched through the whole building, it cost centrals × graph).
  const rack = new GraphSearch(g);
  const made = new Map<Origin, LoopUnit[][]>(starts.map((o) => [o, []]));
  const routed = new Set<Origin>();
  const partOf = (o: Origin) => part[rackNode.get(o.id)!]!;
  /** Loops a central has to spare: its count less those routed, or planned while it is not routed yet. */
  const spare = (o: Origin) => o.capacity - (routed.has(o) ? made.get(o)!.length : plans.find((p) => p.origin === o)!.loops.length);
  // Units a full central cannot keep once routed (loops the plan's estimate missed), for a central of the part with
  // loops to spare, as loops of their own (limited only: without centrals every rack is a start of capacity 1).
  const handed: { from: Origin; groups: LoopUnit[][] }[] = [];
  // Units alone on a loop that still fails the central's limits: beyond its reach (centralReachWarning).
  const beyond = new Map<Origin, BeyondReach[]>();
  const routeCentral = (origin: Origin, queue: LoopUnit[][], mayHand: boolean) => {
    rack.search(rackNode.get(origin.id)!, new Set(queue.flat().map((u) => unitNode.get(u.id)!)));
    const loops = made.get(origin)!;
    while (queue.length > 0) {
      if (
        mayHand &&
        limited &&
        loops.length >= origin.capacity &&
        starts.some((o) => o !== origin && partOf(o) === partOf(origin) && spare(o) > 0)
      ) {
        handed.push({ from: origin, groups: queue.splice(0) });
        break;
      }
      const members = queue.shift()!;
      let loop = routeLoop(origin, rack, members);
      if (loop.check.fails && members.length > 1) {
        // Too long or too loaded for the central (voltage, current, resistance, length): the longest start of the loop
        // in cable order that passes stays a loop; the rest is carried into the next (carry()).
        const keep = passingStart(origin, rack, loop);
        carry(queue, loop.inOrder.slice(keep), origin.maxUnits);
        queue.unshift(loop.inOrder.slice(0, keep));
        total = Math.max(total, done + queue.length);
        continue;
      }
      const id = newId();
      loops.push(members);
      // The checks again under the loop's name, for the warnings' text.
      loop = {
        ...loop,
        check: checkLoop({
          id,
          origin,
          units: loop.inOrder,
          legs: loop.legs,
          cable: loop.cable,
          isolatorMaxUnits: cabling.isolator_max_units,
        }),
      };
      for (const [from, to] of loop.unjoined)
        warnings.push(loopWarning('loop_no_way', `${id}/${from}/${to}`, LOOP_MESSAGES.noWay(id, from, to)));
      const path = loop.legPaths.flatMap((leg, k) => (k === 0 ? leg : leg.slice(1)));
      const route: Route = { id, product_id: loop.cable?.id ?? '', kind: 'Loop', slices: pathSlices(g, path) };
      connections.routes[id] = route;
      loop.check.warnings.forEach((message, k) => warnings.push(loopWarning('loop_electrical', `${id}/${k}`, message)));
      if (loop.check.fails && members.length === 1)
        beyond.set(origin, [...(beyond.get(origin) ?? []), { unit: members[0]!, legs: loop.legs, cable: loop.cable }]);

      // A section split over loops counts here for the share of its units on this one.
      const onLoop = new Map<string, number>();
      for (const u of members) if (u.sectionId) onLoop.set(u.sectionId, (onLoop.get(u.sectionId) ?? 0) + 1);
      const area = [...onLoop].reduce((s, [sid, k]) => s + ((sectionArea.get(sid) ?? 0) * k) / sectionUnits.get(sid)!, 0);
      if (area > cabling.route_max_area + 1e-6)
        warnings.push(loopWarning('loop_over_area', id, LOOP_MESSAGES.overArea(id, area, cabling.route_max_area)));
      if (cabling.class_a_separation) {
        const violation = classAViolation(
          g,
          loop.legPaths,
          loop.order.map((k) => loop.names[k]!),
          origin.rack.coord,
        );
        if (violation)
          warnings.push(loopWarning('loop_class_a', id, LOOP_MESSAGES.classA(id, violation.shared, violation.openings, ...violation.legs)));
      }
      progress(++done, total);
    }
    routed.add(origin);
  };
  for (const { origin, loops: planned } of plans) routeCentral(origin, [...planned], true);
  // Handed units to the part's central nearest them in sum with loops to spare (it may hand on what it cannot keep);
  // none left, they stay with their own central, which then warns.
  for (let next = handed.shift(); next; next = handed.shift()) {
    const { from, groups } = next;
    const list = groups.flat();
    const cost = (o: Origin) => list.reduce((s, u) => s + metricBetween(u, rackPoint(o), exits), 0);
    const to = starts
      .filter((o) => o !== from && partOf(o) === partOf(from) && spare(o) > 0)
      .reduce<Origin | null>((a, o) => (a === null || cost(o) < cost(a) ? o : a), null);
    routeCentral(to ?? from, groups, to !== null);
  }
  for (const origin of starts) {
    const loops = made.get(origin)!;
    if (loops.length > origin.capacity)
      warnings.push(warning('too_many_loops', origin.id, LOOP_MESSAGES.tooManyLoops(origin.id, loops.length, origin.capacity)));
  }
  for (const [origin, list] of beyond) {
    const storeyName = (id: string) => arch.storeys[id]?.name || id;
    const message = centralReachWarning(origin, list, { coppers, isolatorMaxUnits: cabling.isolator_max_units, exits, storeyName });
    if (message) warnings.push(warning('central_reach', origin.id, message, list[0]!.unit.id));
  }
  // Every central's and power supply's battery with what it feeds, and each unit whose current is not known (supplies.ts).
  const loopsOf = new Map(starts.map((o) => [o.id, made.get(o)!.flat()]));
  warnings.push(...supplyWarnings(supplyChecks(fire, loopsOf), [...units, ...fedUnits(fire)]));
  return { connections, validation: { warnings, detector_shapes: {}, siren_shapes: {}, split_sections: [] } };
}
