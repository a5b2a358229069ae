import { ELECTRICAL_MESSAGES, type LoopFeed } from './messages.js';

/**
 * Voltage drop on an addressable loop in alarm (fire-next.md §2.1, docs/fire-electrical.md).
 *
 * The loop leaves the central at end A, passes every unit in order and returns to end B. Segment i
 * (0 ≤ i < n) runs from the unit before (the central for i = 0) to unit i; segment n, the return,
 * runs from the last unit back to end B. Units are ideal constant-current sinks.
 *
 * Conventions: `resistancePerMetre` is ONE conductor's resistance (Ω/m); a segment of route length L
 * has the pair resistance 2 · R′ · L. An isolator adds its series resistance (Ω, the whole isolator,
 * not per conductor) to the segment it sits in.
 */

export interface LoopUnit {
  id: string;
  /** A, in alarm. */
  alarmCurrent: number;
  /** V, the product's minimum. */
  minVoltage: number;
}

export interface LoopSegment {
  /** Route metres from the unit before (the central for the first) to `unit`. */
  length: number;
  unit: LoopUnit;
}

export interface LoopIsolators {
  /** Ω, series resistance of one isolator. */
  resistance: number;
  /** Segment index per isolator: p lies between unit p−1 and unit p (0: at end A, n: at end B). isolatorPositions gives them. */
  positions: readonly number[];
}

export interface LoopInput {
  /** Named in the warnings when given. */
  name?: string;
  /** V at the central's terminals (startVoltage() gives it from the product and the margin). */
  startVoltage: number;
  /** Ω per metre of ONE conductor. */
  resistancePerMetre: number;
  /** In loop order from end A. */
  segments: readonly LoopSegment[];
  /** Route metres from the last unit back to end B. */
  returnLength: number;
  isolators?: LoopIsolators;
}

export interface UnitVoltage {
  id: string;
  /** V. */
  voltage: number;
  minVoltage: number;
}

export interface CaseVoltages {
  /** Every unit in loop order (from end A), whichever end feeds. */
  units: UnitVoltage[];
  /** The lowest voltage (the first such unit on ties); null for a loop without units. */
  worst: UnitVoltage | null;
  /** The units below their minimum, in loop order. */
  below: UnitVoltage[];
}

export interface FeedVoltages extends CaseVoltages {
  feed: LoopFeed;
}

export interface LoopVoltages {
  /** Fed from end A, open after the last unit. */
  fromA: FeedVoltages;
  /** Fed from end B, open before the first unit. */
  fromB: FeedVoltages;
  /** Intact loop fed from both ends at the start voltage (shown, not the design case). */
  intact: CaseVoltages;
  /** The lower of the two single-fault worsts (A on ties). */
  worst: { feed: LoopFeed; unit: UnitVoltage } | null;
  /** One per unit below its minimum per feed, A first. */
  warnings: string[];
  /** A, sum of the alarm currents. */
  totalCurrent: number;
  /** Route metres, return included. */
  length: number;
  /** Ω, end A to end B through both conductors and every isolator. */
  resistance: number;
}

/** V_start = the central's minimum output × (1 − margin), the margin in percent (fire-next.md §2.1). */
export function startVoltage(voltageOutputMin: number, marginPercent: number): number {
  return voltageOutputMin * (1 - marginPercent / 100);
}

/** A cable product's `resistance` (Ω/km, taken as per conductor, IEC 60228 style) as Ω per metre. */
export function conductorResistancePerMetre(ohmPerKm: number): number {
  return ohmPerKm / 1000;
}

const check = (value: number, what: string) => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a finite number ≥ 0, got ${value}`);
};

function validate(input: LoopInput): void {
  check(input.startVoltage, 'startVoltage');
  check(input.resistancePerMetre, 'resistancePerMetre');
  check(input.returnLength, 'returnLength');
  input.segments.forEach((s, i) => {
    check(s.length, `segments[${i}].length`);
    check(s.unit.alarmCurrent, `alarm current of '${s.unit.id}'`);
    check(s.unit.minVoltage, `minimum voltage of '${s.unit.id}'`);
  });
  if (input.isolators) {
    check(input.isolators.resistance, 'isolator resistance');
    for (const p of input.isolators.positions)
      if (!Number.isInteger(p) || p < 0 || p > input.segments.length)
        throw new RangeError(`isolator position ${p} is not a segment of a loop of ${input.segments.length} units`);
  }
}

/** Ω of each segment 0..n (n the return): 2 · R′ · L plus the isolators in it. */
export function segmentResistances(input: LoopInput): number[] {
  const lengths = [...input.segments.map((s) => s.length), input.returnLength];
  const r = lengths.map((l) => 2 * input.resistancePerMetre * l);
  for (const p of input.isolators?.positions ?? []) r[p]! += input.isolators!.resistance;
  return r;
}

function summarise(units: UnitVoltage[]): CaseVoltages {
  let worst: UnitVoltage | null = null;
  for (const u of units) if (worst === null || u.voltage < worst.voltage) worst = u;
  return { units, worst, below: units.filter((u) => u.voltage < u.minVoltage) };
}

const unitVoltage = (unit: LoopUnit, voltage: number): UnitVoltage => ({ id: unit.id, voltage, minVoltage: unit.minVoltage });

/** Fed from end A, open after the last unit: segment i carries the alarm current of units i..n−1. */
export function voltagesFromA(input: LoopInput): FeedVoltages {
  validate(input);
  const r = segmentResistances(input);
  const units = input.segments.map((s) => s.unit);
  const downstream: number[] = [];
  let sum = 0;
  for (let i = units.length - 1; i >= 0; i--) downstream[i] = sum += units[i]!.alarmCurrent;
  let v = input.startVoltage;
  const out = units.map((u, i) => unitVoltage(u, (v -= r[i]! * downstream[i]!)));
  return { feed: 'A', ...summarise(out) };
}

/** Fed from end B, open before the first unit: segment i (1..n) carries the alarm current of units 0..i−1. */
export function voltagesFromB(input: LoopInput): FeedVoltages {
  validate(input);
  const r = segmentResistances(input);
  const units = input.segments.map((s) => s.unit);
  const n = units.length;
  const voltages: number[] = [];
  let upstream = units.reduce((s, u) => s + u.alarmCurrent, 0);
  let v = input.startVoltage;
  for (let k = n - 1; k >= 0; k--) {
    v -= r[k + 1]! * upstream;
    voltages[k] = v;
    upstream -= units[k]!.alarmCurrent;
  }
  return { feed: 'B', ...summarise(units.map((u, k) => unitVoltage(u, voltages[k]!))) };
}

/**
 * The intact loop, both ends at the start voltage (nodal solution of the ladder). The current I_A
 * entering at A makes the drop round the loop zero: Σ_i R_i · (I_A − Σ_{j<i} I_j) = 0.
 */
export function intactVoltages(input: LoopInput): CaseVoltages {
  validate(input);
  const r = segmentResistances(input);
  const units = input.segments.map((s) => s.unit);
  const total = r.reduce((s, x) => s + x, 0);
  let before = 0;
  let weighted = 0;
  r.forEach((ri, i) => {
    weighted += ri * before;
    if (i < units.length) before += units[i]!.alarmCurrent;
  });
  const fromA = total > 0 ? weighted / total : 0;
  let v = input.startVoltage;
  let current = fromA;
  const out = units.map((u, i) => {
    v -= r[i]! * current;
    current -= u.alarmCurrent;
    return unitVoltage(u, v);
  });
  return summarise(out);
}

/** Both single-open-fault cases, the intact loop and the warnings for every unit below its minimum. */
export function loopVoltages(input: LoopInput): LoopVoltages {
  const fromA = voltagesFromA(input);
  const fromB = voltagesFromB(input);
  const intact = intactVoltages(input);
  let worst: LoopVoltages['worst'] = null;
  for (const f of [fromA, fromB])
    if (f.worst && (worst === null || f.worst.voltage < worst.unit.voltage)) worst = { feed: f.feed, unit: f.worst };
  const warnings = [fromA, fromB].flatMap((f) =>
    f.below.map((u) => ELECTRICAL_MESSAGES.unitBelowMinVoltage(input.name, u.id, f.feed, u.voltage, u.minVoltage)),
  );
  const length = input.segments.reduce((s, x) => s + x.length, input.returnLength);
  return {
    fromA,
    fromB,
    intact,
    worst,
    warnings,
    totalCurrent: input.segments.reduce((s, x) => s + x.unit.alarmCurrent, 0),
    length,
    resistance: segmentResistances(input).reduce((s, x) => s + x, 0),
  };
}

/** V, lumped estimate: all the current at the far end of `length` route metres, ΔV = I · 2R′L. */
export function lumpedDrop(current: number, resistancePerMetre: number, length: number): number {
  return current * 2 * resistancePerMetre * length;
}

/** V, evenly-distributed estimate: half the lumped drop (Pertronic, fire-next.md §2.1). */
export function evenlyDistributedDrop(current: number, resistancePerMetre: number, length: number): number {
  return lumpedDrop(current, resistancePerMetre, length) / 2;
}

/**
 * The longest route (m) for `current` A with the drop start − min allowed: lumped R_max = VD / I,
 * evenly distributed 2 · VD / I, with R = 2R′L. Infinity for no current or resistance.
 */
export function maxRouteLength(opts: {
  startVoltage: number;
  minVoltage: number;
  current: number;
  resistancePerMetre: number;
  distribution: 'lumped' | 'even';
}): number {
  const drop = opts.startVoltage - opts.minVoltage;
  if (drop <= 0) return 0;
  const perMetre = opts.current * 2 * opts.resistancePerMetre;
  if (perMetre <= 0) return Infinity;
  return ((opts.distribution === 'even' ? 2 : 1) * drop) / perMetre;
}

/** A central's per-loop limits; an absent limit is not checked. */
export interface LoopLimits {
  /** A, alarm current of the whole loop. */
  maxCurrent?: number | null;
  /** Ω, end A to end B. */
  maxResistance?: number | null;
  /** Route metres. */
  maxLength?: number | null;
}

/** Warnings for a loop over its central's limits (fire-next.md §2.4). */
export function loopLimitWarnings(
  loop: { name?: string; totalCurrent: number; resistance: number; length: number },
  limits: LoopLimits,
): string[] {
  const out: string[] = [];
  if (limits.maxCurrent != null && loop.totalCurrent > limits.maxCurrent)
    out.push(ELECTRICAL_MESSAGES.loopCurrentTooHigh(loop.name, loop.totalCurrent, limits.maxCurrent));
  if (limits.maxResistance != null && loop.resistance > limits.maxResistance)
    out.push(ELECTRICAL_MESSAGES.loopResistanceTooHigh(loop.name, loop.resistance, limits.maxResistance));
  if (limits.maxLength != null && loop.length > limits.maxLength)
    out.push(ELECTRICAL_MESSAGES.loopTooLong(loop.name, loop.length, limits.maxLength));
  return out;
}
