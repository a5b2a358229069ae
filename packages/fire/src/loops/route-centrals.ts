import type { Fire, Route } from '@edrf/model';
import { warning } from '../building.js';
import { pathSlices } from '../cabling/route-slices.js';
import { rackPoint, type CablingRun } from './cabling-run.js';
import type { BeyondReach } from './central-reach.js';
import { classAViolation } from './class-a.js';
import { checkLoop } from './loop-checks.js';
import { metricBetween } from './loop-metric.js';
import type { LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import type { Origin } from './origins.js';
import { GraphSearch } from '../cabling/graph-search.js';
import { LoopRouter, type RoutedLoop } from './route-loop.js';

/** Loop routes are named so; a run replaces the model's Loop routes and keeps every other. */
export const LOOP_ROUTE_PREFIX = 'loop-';

/** A loop's warning: its unit id starts with the loop's id, so the routes page can show the loop. */
const loopWarning = (kind: string, key: string, message: string) => warning(kind, key, message, key);

/** What routing the centrals' loops made: the connections with the new Loop routes, each central's loops, those beyond reach. */
export interface RoutedCentrals {
  connections: Fire['connections'];
  made: Map<Origin, LoopUnit[][]>;
  beyond: Map<Origin, BeyondReach[]>;
}

/**
 * Every central's planned loops routed in turn (LoopRouter), each one that fails its checks cut to the start that passes
 * and the rest carried into the next (carry()); a full central hands what it cannot keep to the part's central nearest
 * them in sum with loops to spare (which may hand on what it cannot keep); none left, they stay with their own
 * central, which then warns. Each loop made becomes a Loop route and its warnings.
 */
export function routeCentrals(
  run: CablingRun,
  plans: readonly { origin: Origin; loops: LoopUnit[][] }[],
  progress: (done: number, total: number) => void,
): RoutedCentrals {
  const { starts, part, rackNode, unitNode, exits, limited } = run;
  const connections: Fire['connections'] = structuredClone(run.fire.connections);
  for (const [id, route] of Object.entries(connections.routes)) if (route.kind === 'Loop') delete connections.routes[id];
  const taken = new Set([...Object.keys(connections.routes), ...Object.keys(connections.cables)]);
  let n = 1;
  const newId = () => {
    while (taken.has(`${LOOP_ROUTE_PREFIX}${n}`)) n++;
    taken.add(`${LOOP_ROUTE_PREFIX}${n}`);
    return `${LOOP_ROUTE_PREFIX}${n}`;
  };
  const router = new LoopRouter(run);
  let total = plans.reduce((s, p) => s + p.loops.length, 0);
  let done = 0;
  // Every loop of a central starts and ends at its rack: one search from the rack, until each of its units is settled,
  // serves all their first and last legs (searched through the whole building, it cost centrals × graph).
  const rack = new GraphSearch(run.g);
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
      const loop = router.route(origin, rack, members);
      if (loop.check.fails && members.length > 1) {
        // Too long or too loaded for the central (voltage, current, resistance, length): the longest start of the loop
        // in cable order that passes stays a loop; the rest is carried into the next (carry()).
        const keep = router.passingStart(origin, rack, loop);
        carry(queue, loop.inOrder.slice(keep), origin.maxUnits);
        queue.unshift(loop.inOrder.slice(0, keep));
        total = Math.max(total, done + queue.length);
        continue;
      }
      const id = newId();
      loops.push(members);
      const check = recordLoop(run, connections, id, origin, members, loop);
      if (check.fails && members.length === 1)
        beyond.set(origin, [...(beyond.get(origin) ?? []), { unit: members[0]!, legs: loop.legs, cable: loop.cable }]);
      progress(++done, total);
    }
    routed.add(origin);
  };
  for (const { origin, loops: planned } of plans) routeCentral(origin, [...planned], true);
  for (let next = handed.shift(); next; next = handed.shift()) {
    const { from, groups } = next;
    const list = groups.flat();
    const cost = (o: Origin) => list.reduce((s, u) => s + metricBetween(u, rackPoint(o), exits), 0);
    const to = starts
      .filter((o) => o !== from && partOf(o) === partOf(from) && spare(o) > 0)
      .reduce<Origin | null>((a, o) => (a === null || cost(o) < cost(a) ? o : a), null);
    routeCentral(to ?? from, groups, to !== null);
  }
  return { connections, made, beyond };
}

/**
 * A loop made: its route (slices per storey of its legs) into the connections, and its warnings — legs with no way,
 * the electrical checks again under its name (for the warnings' text), its area over route_max_area, NFPA 72 Class A
 * separation where set. Returns the checks.
 */
function recordLoop(
  run: CablingRun,
  connections: Fire['connections'],
  id: string,
  origin: Origin,
  members: readonly LoopUnit[],
  loop: RoutedLoop,
) {
  const { g, cabling, warnings, sectionArea, sectionUnits } = run;
  const check = checkLoop({
    id,
    origin,
    units: loop.inOrder,
    legs: loop.legs,
    cable: loop.cable,
    isolatorMaxUnits: cabling.isolator_max_units,
  });
  for (const [from, to] of loop.unjoined)
    warnings.push(loopWarning('loop_no_way', `${id}/${from}/${to}`, LOOP_MESSAGES.noWay(id, from, to)));
  const path = loop.legPaths.flatMap((leg, k) => (k === 0 ? leg : leg.slice(1)));
  const route: Route = { id, product_id: loop.cable?.id ?? '', kind: 'Loop', slices: pathSlices(g, path) };
  connections.routes[id] = route;
  check.warnings.forEach((message, k) => warnings.push(loopWarning('loop_electrical', `${id}/${k}`, message)));
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
  return check;
}

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
