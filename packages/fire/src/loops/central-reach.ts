import type { CableProduct } from '@edrf/model';
import { checkLoop, loopCable } from './loop-checks.js';
import { ROUTE_FACTOR } from './loop-fit.js';
import { metricBetween, type StoreyExits } from './loop-metric.js';
import type { LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import type { Origin } from './origins.js';

/** A unit left alone on a loop that fails its central's limits once routed, with that loop's legs and cable. */
export interface BeyondReach {
  unit: LoopUnit;
  legs: readonly number[];
  cable: CableProduct | undefined;
}

interface ReachInput {
  coppers: readonly CableProduct[];
  isolatorMaxUnits: number;
  exits: StoreyExits;
  storeyName: (storeyId: string) => string;
}

const passes = (origin: Origin, unit: LoopUnit, metres: number, input: ReachInput) =>
  !loopCable(input.coppers, (cable) =>
    checkLoop({ id: '', origin, units: [unit], legs: [metres, metres], cable, isolatorMaxUnits: input.isolatorMaxUnits }),
  ).check.fails;

/** The most metres of cable a loop of this unit alone may run each way from a central of this kind (-1: none will do). */
export function unitReach(origin: Origin, unit: LoopUnit, input: ReachInput): number {
  if (!passes(origin, unit, 0, input)) return -1;
  let [lo, hi] = [0, 1];
  while (passes(origin, unit, hi, input)) {
    [lo, hi] = [hi, hi * 2];
    if (hi > 1e7) return Infinity;
  }
  while (hi - lo > 0.5) {
    const mid = (lo + hi) / 2;
    if (passes(origin, unit, mid, input)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The warning for a central whose loops cannot reach some of its units within its limits (length, resistance,
 * voltage), or null: the reason (the farthest such unit's own loop) and how many more centrals of its kind, and where,
 * would reach them. Each new central stands at one of the units, chosen greedily from the far end: the unit farthest
 * from the central, then the unit within reach of it that reaches most of those left (on a line, the fewest centrals).
 * Reach on the loop metric is the cable's reach over ROUTE_FACTOR (a routed leg is about that much longer).
 */
export function centralReachWarning(origin: Origin, beyond: readonly BeyondReach[], input: ReachInput): string | null {
  const rackPoint = { storeyId: origin.rack.storey_id, coord: origin.rack.coord };
  const reaches = beyond.map((b) => unitReach(origin, b.unit, input));
  // A unit no central of this kind can feed even beside it (its own current, its minimum voltage) has its loop's warnings.
  const helped = beyond.filter((_, k) => reaches[k]! >= 0);
  if (helped.length === 0) return null;
  const reach = Math.min(...reaches.filter((r) => r >= 0)) / ROUTE_FACTOR;
  const farthest = helped.reduce((a, b) => (b.legs.reduce((s, l) => s + l, 0) > a.legs.reduce((s, l) => s + l, 0) ? b : a));
  const check = checkLoop({
    id: '',
    origin,
    units: [farthest.unit],
    legs: farthest.legs,
    cable: farthest.cable,
    isolatorMaxUnits: input.isolatorMaxUnits,
  });
  const reason = check.warnings[0] ?? '';

  let left = helped.map((b) => b.unit);
  const places: LoopUnit[] = [];
  while (left.length > 0) {
    const far = left.reduce((a, u) => (metricBetween(u, rackPoint, input.exits) > metricBetween(a, rackPoint, input.exits) ? u : a));
    const near = (c: LoopUnit) => left.filter((u) => metricBetween(u, c, input.exits) <= reach + 1e-9);
    // Of those reaching as many, the one whose farthest is nearest: the middle of its units.
    let best = far;
    let bestCount = 0;
    let bestSpan = Infinity;
    for (const c of left) {
      if (metricBetween(c, far, input.exits) > reach + 1e-9) continue;
      const covered = near(c);
      const span = Math.max(...covered.map((u) => metricBetween(u, c, input.exits)));
      if (covered.length > bestCount || (covered.length === bestCount && span < bestSpan))
        [best, bestCount, bestSpan] = [c, covered.length, span];
    }
    places.push(best);
    const covered = new Set(near(best));
    covered.add(far);
    left = left.filter((u) => !covered.has(u));
  }
  const first = helped[0]!.unit.id;
  return LOOP_MESSAGES.beyondReach(
    origin.id,
    helped.length,
    first,
    farthest.unit.id,
    reason,
    places.map((u) => ({ storey: input.storeyName(u.storeyId), unit: u.id })),
  );
}
