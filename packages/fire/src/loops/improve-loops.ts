import { exchangeLoops, shortened } from './loop-exchange.js';
import { loopFits, ROUTE_FACTOR, type LoopFitInput } from './loop-fit.js';
import { loopMetric } from './loop-metric.js';
import type { LoopUnit } from './loop-units.js';
import { loopTour } from './tour.js';

/**
 * The swept loops of one central (loop-groups.ts) made shorter together before they are routed (issue 26):
 * - each ordered on the loop metric (loopTour);
 * - a loop that fails its limits even with legs as short as the metric (`loopFits`) cut into loops that keep them
 *   (`splitToFit`), rather than after routing;
 * - then moves between the loops (exchangeLoops), a loop changed keeping its limits with legs `ROUTE_FACTOR` times the
 *   metric (the margin routing needs), a loop given up where the others can take its units.
 * Returns the loops in their order, each in tour order.
 */
export function improveLoops(
  loops: readonly (readonly LoopUnit[])[],
  exits: Parameters<typeof loopMetric>[1],
  fit: LoopFitInput,
): LoopUnit[][] {
  const units = loops.flat();
  const points = [{ storeyId: fit.origin.rack.storey_id, coord: fit.origin.rack.coord }, ...units];
  const dist = distanceTable(points.length, loopMetric(points, exits));
  const sections = ['', ...units.map((u) => u.sectionId)];
  const fitsAt = (factor: number) => (order: readonly number[]) => {
    const members: LoopUnit[] = [];
    const legs: number[] = [];
    for (let k = 0; k < order.length; k++) {
      members.push(units[order[k]! - 1]!);
      legs.push(dist(k === 0 ? 0 : order[k - 1]!, order[k]!));
    }
    legs.push(dist(order[order.length - 1]!, 0));
    return loopFits(fit, members, legs, factor);
  };
  const [fitsSurely, fits] = [fitsAt(1), fitsAt(ROUTE_FACTOR)];
  let next = 1;
  const tours = loops.flatMap((l) => {
    const ids = l.map(() => next++);
    const order = loopTour(ids.length + 1, (a, b) => dist(a === 0 ? 0 : ids[a - 1]!, b === 0 ? 0 : ids[b - 1]!));
    const tour = order.slice(1).map((k) => ids[k - 1]!);
    return fitsSurely(tour) ? [tour] : splitToFit(tour, fitsSurely, dist, sections);
  });
  if (tours.length < 2) return tours.map((order) => order.map((p) => units[p - 1]!));
  const out = exchangeLoops({
    loops: tours,
    dist,
    sections,
    fits,
    // The metric is never shorter than the straight distance (loop-metric.ts).
    coords: points.map((p) => p.coord),
    layers: points.map((p) => p.storeyId),
    weights: [[0, 0, 0], ...units.map((u) => [1, u.alarmCurrent, fit.areaOf(u)])],
    capacity: [fit.origin.maxUnits, fit.origin.maxLoopCurrent ?? Infinity, fit.maxArea],
  });
  return out.map((order) => order.map((p) => units[p - 1]!));
}

/**
 * A loop that does not fit cut into loops that do, in tour order: the longest start that fits (at least one unit),
 * ended at a section boundary where one lies in its second half, so a section is split only where it must be; the rest
 * ordered again and cut the same way.
 */
export function splitToFit(
  tour: readonly number[],
  fits: (order: readonly number[]) => boolean,
  d: (a: number, b: number) => number,
  sections: readonly string[],
): number[][] {
  const out: number[][] = [];
  let rest = [...tour];
  while (rest.length > 0 && !fits(rest)) {
    let [lo, hi] = [1, rest.length - 1];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(rest.slice(0, mid))) lo = mid;
      else hi = mid - 1;
    }
    let cut = lo;
    for (let m = lo; m > lo / 2; m--)
      if (sections[rest[m - 1]!] !== sections[rest[m]!]) {
        cut = m;
        break;
      }
    out.push(rest.slice(0, cut));
    rest = shortened(rest.slice(cut), d);
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

/** Points up to which the metric is remembered in a table (4 bytes a pair: 36 MB at most); beyond, computed each time. */
const TABLE_POINTS = 3000;

/** `dist` remembered in a table of every pair as it is asked (the moves ask for the same few pairs many times). */
function distanceTable(n: number, dist: (a: number, b: number) => number): (a: number, b: number) => number {
  if (n > TABLE_POINTS) return dist;
  const m = new Float32Array(n * n).fill(-1);
  return (a, b) => {
    if (m[a * n + b]! < 0) m[a * n + b] = m[b * n + a] = dist(a, b);
    // Read back as stored, so a pair's distance is the same every time it is asked.
    return m[a * n + b]!;
  };
}
