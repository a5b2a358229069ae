import type { CableProduct } from '@edrf/model';
import { loopFits, type LoopFitInput } from '../loops/loop-fit.js';
import { metricBetween, type MetricPoint, type StoreyExits } from '../loops/loop-metric.js';
import type { LoopUnit } from '../loops/loop-units.js';
import type { Origin } from '../loops/origins.js';

/** A loop as an update sees it: its stops in cable order (unit ids, the rack first and last), and its central. */
/**
 * A loop's cheapest places for a unit tried against its limits at most: where the cheapest fail, the voltage or a
 * limit of the loop is what fails, and a place farther on does not mend it (each try measures the whole loop).
 */
export const PLACES_TRIED = 4;

export interface LoopStops {
  routeId: string;
  origin: Origin;
  stops: string[];
}

export interface JoinInput {
  loops: readonly LoopStops[];
  /** The new units that belong on a loop, in the order they are given a loop. */
  units: readonly LoopUnit[];
  /** Every loop unit of the design by id (the loops' members and the new units). */
  byId: ReadonlyMap<string, LoopUnit>;
  exits: StoreyExits;
  /** Whether the building joins a unit to a central's rack (the same part of the routing graph). */
  reaches: (unit: LoopUnit, origin: Origin) => boolean;
  /** Unit id -> loops it may not join (it made them fail once routed). */
  excluded?: ReadonlyMap<string, ReadonlySet<string>>;
  coppers: readonly CableProduct[];
  isolatorMaxUnits: number;
  maxArea: number;
  areaOf: (unit: LoopUnit) => number;
}

export interface JoinResult {
  /** Route id -> its stops with the new units in (only the loops that took one). */
  joined: Map<string, string[]>;
  /** The new units no loop had room for. */
  left: LoopUnit[];
}

/**
 * The units an update added, each on a loop (issue 40): the loops holding units of its section first, else every loop
 * its central reaches; of those, the loop and the place in its cable order where it adds the least (cheapest
 * insertion on the loop metric, the loop engine's distance), among the loops it still fits (loopFits: units and
 * isolators, m², current, and the voltage with legs ROUTE_FACTOR times their metric). The kept units keep their order:
 * only the new unit is put between two of them. A unit that fits no loop is left, for the caller to warn of.
 */
export function joinLoops(input: JoinInput): JoinResult {
  const { byId, exits } = input;
  const stopsOf = new Map(input.loops.map((l) => [l.routeId, [...l.stops]]));
  const joined = new Map<string, string[]>();
  const left: LoopUnit[] = [];
  // Each loop's sections, kept as units join.
  const sections = new Map(input.loops.map((l) => [l.routeId, new Set(l.stops.flatMap((id) => byId.get(id)?.sectionId || []))]));
  const rackPoint = (o: Origin): MetricPoint => ({ storeyId: o.rack.storey_id, coord: o.rack.coord });
  const pointOf = (id: string, o: Origin): MetricPoint | undefined =>
    id === o.rack.id ? rackPoint(o) : byId.get(id) && { storeyId: byId.get(id)!.storeyId, coord: byId.get(id)!.coord };
  const fitInput = (origin: Origin): LoopFitInput => ({
    origin,
    coppers: input.coppers,
    isolatorMaxUnits: input.isolatorMaxUnits,
    maxArea: input.maxArea,
    areaOf: input.areaOf,
  });

  /** The cheapest place for the unit in a loop it fits: after stop k, and what that adds; null when it fits nowhere. */
  const bestPlace = (loop: LoopStops, unit: LoopUnit) => {
    const stops = stopsOf.get(loop.routeId)!;
    // A full loop is passed over before any place is measured (the rack is its first and last stop).
    if (stops.length - 1 > loop.origin.maxUnits) return null;
    const points = stops.map((id) => pointOf(id, loop.origin));
    const here: MetricPoint = { storeyId: unit.storeyId, coord: unit.coord };
    const d = (p: MetricPoint | undefined, q: MetricPoint | undefined) => (p && q ? metricBetween(p, q, exits) : 0);
    const places = stops
      .slice(0, -1)
      .map((_, k) => ({ k, added: d(points[k], here) + d(here, points[k + 1]) - d(points[k], points[k + 1]) }))
      .sort((a, b) => a.added - b.added || a.k - b.k);
    for (const place of places.slice(0, PLACES_TRIED)) {
      const next = [...stops.slice(0, place.k + 1), unit.id, ...stops.slice(place.k + 1)];
      if (fits(loop.origin, next)) return { ...place, stops: next };
    }
    return null;
  };
  /** loopFits on the loop's units in this order, each leg its metric distance from the stop before (the return last). */
  const fits = (origin: Origin, stops: readonly string[]) => {
    const members: LoopUnit[] = [];
    const legs: number[] = [];
    let since = 0;
    stops.forEach((id, k) => {
      if (k > 0) {
        const [p, q] = [pointOf(stops[k - 1]!, origin), pointOf(id, origin)];
        if (p && q) since += metricBetween(p, q, exits);
      }
      const unit = id === origin.rack.id ? undefined : byId.get(id);
      if (!unit) return;
      members.push(unit);
      legs.push(since);
      since = 0;
    });
    legs.push(since);
    return loopFits(fitInput(origin), members, legs);
  };

  for (const unit of input.units) {
    const reachable = input.loops.filter((l) => input.reaches(unit, l.origin) && !input.excluded?.get(unit.id)?.has(l.routeId));
    const own = unit.sectionId ? reachable.filter((l) => sections.get(l.routeId)!.has(unit.sectionId)) : [];
    let best: { loop: LoopStops; added: number; stops: string[] } | null = null;
    for (const pool of [own, reachable]) {
      for (const loop of pool) {
        const place = bestPlace(loop, unit);
        if (place && (!best || place.added < best.added)) best = { loop, added: place.added, stops: place.stops };
      }
      if (best) break;
    }
    if (!best) {
      left.push(unit);
      continue;
    }
    stopsOf.set(best.loop.routeId, best.stops);
    joined.set(best.loop.routeId, best.stops);
    if (unit.sectionId) sections.get(best.loop.routeId)!.add(unit.sectionId);
  }
  return { joined, left };
}
