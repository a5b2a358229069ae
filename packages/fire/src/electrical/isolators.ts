import { ELECTRICAL_MESSAGES } from './messages.js';

/**
 * Short-circuit isolators along a loop (issue 26, fire-next.md §2.2/§2.4, docs/fire-electrical.md):
 * one at every section boundary, and at most `maxUnitsBetween` units (default 20, Apollo/Ampac)
 * between two isolators. Positions use the segment numbering of voltage-drop.ts: p lies between
 * unit p−1 and unit p, 0 at the central's end A, n (the number of units) at end B.
 */

export const DEFAULT_MAX_UNITS_BETWEEN_ISOLATORS = 20;

export interface IsolatorUnit {
  id: string;
  /** The unit's section; null for none (a run of units without a section is a section of its own). */
  section: string | null;
}

export interface IsolatorPlanInput {
  /** Named in the warnings when given. */
  name?: string;
  /** In loop order from end A. */
  units: readonly IsolatorUnit[];
  /** At most this many units between two isolators (or an isolated loop end); default 20. */
  maxUnitsBetween?: number;
  /** The central's product counts isolators as units (addresses) of the loop (Potter, fire-next.md §2.4). */
  countsAsUnits?: boolean;
  /** The central isolates its own loop terminals (default): no isolator needed at the loop ends. */
  centralIsolated?: boolean;
}

export interface IsolatorPlan {
  /** Ascending segment positions. */
  positions: number[];
  count: number;
  countsAsUnits: boolean;
  /** What the loop counts against route_max_units: the units, plus the isolators when they count. */
  loopUnits: number;
}

/** Positions p (1 ≤ p < n) where unit p−1 and unit p are in different sections. */
export function sectionBoundaries(units: readonly IsolatorUnit[]): number[] {
  const out: number[] = [];
  for (let p = 1; p < units.length; p++) if (units[p - 1]!.section !== units[p]!.section) out.push(p);
  return out;
}

const maxOf = (input: { maxUnitsBetween?: number }) => {
  const max = input.maxUnitsBetween ?? DEFAULT_MAX_UNITS_BETWEEN_ISOLATORS;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxUnitsBetween must be an integer ≥ 1, got ${max}`);
  return max;
};

/**
 * Where the isolators go: every section boundary, then within each stretch of more than
 * `maxUnitsBetween` units the fewest extra isolators, spread so the parts differ by at most one unit.
 */
export function isolatorPositions(input: IsolatorPlanInput): IsolatorPlan {
  const max = maxOf(input);
  const n = input.units.length;
  const centralIsolated = input.centralIsolated ?? true;
  const fixed = sectionBoundaries(input.units);
  if (!centralIsolated && n > 0) fixed.push(0, n);
  const stops = [0, ...fixed.filter((p) => p > 0 && p < n), n];
  const positions = new Set(fixed);
  for (let s = 1; s < stops.length; s++) {
    const from = stops[s - 1]!;
    const k = stops[s]! - from;
    const parts = Math.ceil(k / max);
    for (let j = 1; j < parts; j++) positions.add(from + Math.floor((j * k) / parts));
  }
  const sorted = [...positions].sort((a, b) => a - b);
  const countsAsUnits = input.countsAsUnits ?? false;
  return { positions: sorted, count: sorted.length, countsAsUnits, loopUnits: n + (countsAsUnits ? sorted.length : 0) };
}

/**
 * Warnings for given isolator positions: a section boundary without one, more than
 * `maxUnitsBetween` units between two (the loop ends count as bounds; `centralIsolated` is not used).
 */
export function isolatorWarnings(input: IsolatorPlanInput & { positions: readonly number[] }): string[] {
  const max = maxOf(input);
  const { units } = input;
  const n = units.length;
  const at = new Set(input.positions);
  const out: string[] = [];
  for (const p of sectionBoundaries(units))
    if (!at.has(p)) out.push(ELECTRICAL_MESSAGES.sectionBoundaryWithoutIsolator(input.name, units[p - 1]!.id, units[p]!.id));
  // The loop ends bound the first and last stretches (an isolator at an end splits off no unit).
  const cuts = [...new Set([0, n, ...input.positions])].filter((p) => p >= 0 && p <= n).sort((a, b) => a - b);
  for (let i = 1; i < cuts.length; i++) {
    const k = cuts[i]! - cuts[i - 1]!;
    if (k > max) out.push(ELECTRICAL_MESSAGES.isolatorSegmentTooLong(input.name, units[cuts[i - 1]!]!.id, units[cuts[i]! - 1]!.id, k, max));
  }
  return out;
}
