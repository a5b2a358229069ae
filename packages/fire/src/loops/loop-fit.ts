import type { CableProduct } from '@edrf/model';
import type { LoopUnit } from './loop-units.js';
import type { Origin } from './origins.js';

/**
 * A routed leg is about this much longer than its distance on the loop metric (doors, walls, stairs): a loop the
 * exchange changes must keep its voltage with legs this long. The routed loops of the corpus and both 185,000 m²
 * buildings are 1.00–1.28 times their tours on the metric, half of them 1.10–1.17.
 */
export const ROUTE_FACTOR = 1.15;

export interface LoopFitInput {
  origin: Origin;
  coppers: readonly CableProduct[];
  isolatorMaxUnits: number;
  /** m² a loop may protect; each unit brings `areaOf` of it (its section's m² over the section's units). */
  maxArea: number;
  areaOf: (unit: LoopUnit) => number;
}

/**
 * Whether a loop of these units in this order, before it is routed, keeps its limits (issue 26): route_max_units with
 * the isolators where they count, route_max_area, the central's loop current, and, with each leg `factor` times its
 * metric distance, the central's loop resistance and length and every unit's minimum voltage with some cable of
 * the list (as `checkLoop` and `loopCable` judge it after routing). `metricLegs[k]` is the metric distance into unit
 * k, the last back to the central.
 */
export function loopFits(input: LoopFitInput, units: readonly LoopUnit[], metricLegs: readonly number[], factor = ROUTE_FACTOR): boolean {
  const { origin } = input;
  let area = 0;
  let amps = 0;
  for (const u of units) {
    area += input.areaOf(u);
    amps += u.alarmCurrent;
  }
  if (area > input.maxArea + 1e-6 || amps > (origin.maxLoopCurrent ?? Infinity)) return false;
  const isolators = isolatorsAlong(units, input.isolatorMaxUnits);
  if (units.length + (origin.isolatorsCountAsUnits ? isolators.length : 0) > origin.maxUnits) return false;
  if (input.coppers.length === 0 || origin.startVoltage <= 0) return true;
  const legs = metricLegs.map((l) => l * factor);
  return input.coppers.some((cable) => passes(origin, units, legs, cable.resistance / 1000, isolators));
}

/**
 * `isolatorPositions`' positions without its objects (asked thousands of times a central): every section boundary,
 * then within each stretch of more than `max` units the fewest more, spread evenly; ascending.
 */
export function isolatorsAlong(units: readonly LoopUnit[], max: number): number[] {
  const n = units.length;
  const out: number[] = [];
  let from = 0;
  for (let p = 1; p <= n; p++) {
    if (p < n && units[p - 1]!.sectionId === units[p]!.sectionId) continue;
    const k = p - from;
    const parts = Math.ceil(k / max);
    for (let j = 1; j < parts; j++) out.push(from + Math.floor((j * k) / parts));
    if (p < n) out.push(p);
    from = p;
  }
  return out;
}

/**
 * `checkLoop`'s verdict without its warnings or arrays (it is asked thousands of times a central): both single-fault
 * feeds in alarm above every unit's minimum voltage, and the central's loop current, resistance and length, as
 * voltage-drop.ts computes them (the sums in another order: the same to rounding). `legs` has one more entry than
 * `units`, the return; `isolators` are ascending positions (an isolator at p lies in segment p).
 */
export function passes(
  origin: Origin,
  units: readonly LoopUnit[],
  legs: readonly number[],
  resistancePerMetre: number,
  isolators: readonly number[],
): boolean {
  const n = units.length;
  // Segment k's resistance: its pair of conductors and the isolator in it, if any.
  const r = (k: number, at: number) => 2 * resistancePerMetre * legs[k]! + (isolators[at] === k ? origin.isolatorResistance : 0);
  let total = 0;
  let length = legs[n]!;
  let resistance = 0;
  for (let k = 0, at = 0; k <= n; k++) {
    if (k < n) {
      total += units[k]!.alarmCurrent;
      length += legs[k]!;
    }
    resistance += r(k, at);
    if (isolators[at] === k) at++;
  }
  if (origin.maxLoopCurrent != null && total > origin.maxLoopCurrent) return false;
  if (origin.maxLoopResistance != null && resistance > origin.maxLoopResistance) return false;
  if (origin.maxLoopLength != null && length > origin.maxLoopLength) return false;
  // Fed from end A, open after the last unit: segment i carries the current of units i..n−1.
  let v = origin.startVoltage;
  let downstream = total;
  for (let i = 0, at = 0; i < n; i++) {
    v -= r(i, at) * downstream;
    if (isolators[at] === i) at++;
    if (v < units[i]!.minVoltage) return false;
    downstream -= units[i]!.alarmCurrent;
  }
  // Fed from end B, open before the first unit: segment k + 1 carries the current of units 0..k.
  let upstream = total;
  v = origin.startVoltage;
  for (let k = n - 1, at = isolators.length - 1; k >= 0; k--) {
    while (at >= 0 && isolators[at]! > k + 1) at--;
    v -= (2 * resistancePerMetre * legs[k + 1]! + (isolators[at] === k + 1 ? origin.isolatorResistance : 0)) * upstream;
    if (v < units[k]!.minVoltage) return false;
    upstream -= units[k]!.alarmCurrent;
  }
  return true;
}
