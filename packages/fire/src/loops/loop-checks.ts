import type { CableProduct } from '@edrf/model';
import { isolatorPositions, type IsolatorPlan } from '../electrical/isolators.js';
import { loopLimitWarnings, loopVoltages, type LoopVoltages } from '../electrical/voltage-drop.js';
import type { LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import type { Origin } from './origins.js';

export interface LoopCheck {
  isolators: IsolatorPlan;
  /** Null without a copper cable or a central's start voltage. */
  voltages: LoopVoltages | null;
  warnings: string[];
  /** A unit below its minimum voltage, or a limit of the central passed: the loop should be split. */
  fails: boolean;
}

/** Where a loop's isolators go (the positions of voltage-drop.ts): what checkLoop places, for the drawings too. */
export function loopIsolators(id: string, origin: Origin, units: readonly LoopUnit[], isolatorMaxUnits: number): IsolatorPlan {
  return isolatorPositions({
    name: id,
    units: units.map((u) => ({ id: u.id, section: u.sectionId || null })),
    maxUnitsBetween: isolatorMaxUnits,
    countsAsUnits: origin.isolatorsCountAsUnits,
  });
}

/**
 * The electrical checks of one loop in cable order (issue 26, docs/fire-electrical.md): isolators at every section
 * boundary and every `isolatorMaxUnits` units; the units against route_max_units (isolators too where the central counts
 * them); both single-fault feeds in alarm with the isolators' resistance; the central's loop current, resistance and
 * length limits. `legs[k]` is the metres into unit k, the last the return to the rack.
 */
export function checkLoop(input: {
  id: string;
  origin: Origin;
  units: readonly LoopUnit[];
  legs: readonly number[];
  cable: CableProduct | undefined;
  isolatorMaxUnits: number;
}): LoopCheck {
  const { id, origin, units, legs, cable } = input;
  const isolators = loopIsolators(id, origin, units, input.isolatorMaxUnits);
  const warnings: string[] = [];
  if (isolators.loopUnits > origin.maxUnits) warnings.push(LOOP_MESSAGES.overUnits(id, units.length, isolators.count, origin.maxUnits));
  if (!cable || origin.startVoltage <= 0) return { isolators, voltages: null, warnings, fails: false };
  const voltages = loopVoltages({
    name: id,
    startVoltage: origin.startVoltage,
    resistancePerMetre: cable.resistance / 1000,
    segments: units.map((u, k) => ({ length: legs[k]!, unit: { id: u.id, alarmCurrent: u.alarmCurrent, minVoltage: u.minVoltage } })),
    returnLength: legs[legs.length - 1]!,
    isolators: { resistance: origin.isolatorResistance, positions: isolators.positions },
  });
  const limits = loopLimitWarnings(
    { name: id, ...voltages },
    { maxCurrent: origin.maxLoopCurrent, maxResistance: origin.maxLoopResistance, maxLength: origin.maxLoopLength },
  );
  warnings.push(...voltages.warnings, ...limits);
  return { isolators, voltages, warnings, fails: voltages.warnings.length > 0 || limits.length > 0 };
}

/**
 * The loop's cable: the first copper cable product, or where the loop fails on it (a unit below its minimum voltage, a
 * limit of the central passed), the first in the list with which it does not; failing all, the one of least
 * resistance (its warnings stand).
 */
export function loopCable(
  coppers: readonly CableProduct[],
  check: (cable: CableProduct | undefined) => LoopCheck,
): { cable: CableProduct | undefined; check: LoopCheck } {
  const first = check(coppers[0]);
  if (!first.fails || coppers.length < 2) return { cable: coppers[0], check: first };
  for (const cable of coppers.slice(1)) {
    const c = check(cable);
    if (!c.fails) return { cable, check: c };
  }
  const least = coppers.reduce((a, b) => (b.resistance < a.resistance ? b : a));
  return { cable: least, check: least === coppers[0] ? first : check(least) };
}
