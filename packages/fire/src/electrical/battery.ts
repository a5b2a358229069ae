import { batteryDefaultsFor, type BatterySettings, type Regulation } from '@edrf/model';
import { ELECTRICAL_MESSAGES } from './messages.js';

/**
 * Battery standby capacity per regulation (fire-next.md §2.3, docs/fire-electrical.md).
 * Currents in A, times in h, capacities in Ah.
 */

export interface BatteryRules {
  /** T₁, h of standby (quiescent) operation. */
  standbyHours: number;
  /** T₂, h of full alarm after the standby. */
  alarmHours: number;
  /** T₂ with a voice alarm system, when the regulation sets another. */
  voiceAlarmHours?: number;
  /** Ageing / derating factor on the whole sum. */
  factor: number;
  /** BS 5839-1's de-rating D: 1.75 on the alarm term when the alarm current exceeds C/20, else 1. */
  alarmDerating: boolean;
  /** True when the figures are not verified against the regulation's text ([U]). */
  verify: boolean;
  source: string;
}

export const BS5839_ALARM_DERATING = 1.75;

/** The fire config's defaults (the model's batteryDefaultsFor, one source) in this module's units. */
const durations = (regulation: Regulation) => {
  const d = batteryDefaultsFor(regulation);
  return { standbyHours: d.standby_hours, alarmHours: d.alarm_minutes / 60, factor: d.factor };
};

export const BATTERY_RULES: Readonly<Record<Regulation, BatteryRules>> = {
  Bs5839: {
    ...durations('Bs5839'),
    alarmDerating: true,
    verify: false,
    source: 'BS 5839-1:2025 Annex E (2017: Annex D): C = 1.25 × (I₁T₁ + D·I₂T₂), D = 1.75 when I₂ > C/20 (midlandfire.direct)',
  },
  Nfpa72: {
    ...durations('Nfpa72'),
    voiceAlarmHours: 15 / 60,
    alarmDerating: false,
    verify: false,
    source: 'NFPA 72 Ch. 10: 24 h standby + 5 min alarm (15 min voice/ECS); × 1.25 per NFPA 72-2022 10.6.10.1 (1.20 up to 2019)',
  },
  Sbf1108: {
    ...durations('Sbf1108'),
    alarmDerating: false,
    verify: true,
    source: '[U] SBF 110:8 duration not found (fire-next.md §2.3): a default of 24 h + 30 min alarm × 1.25, to verify',
  },
};

/**
 * Standard battery sizes (Ah), fire-next.md §2.3 [V]: 4, 7, 7.2, 10, 12, 18, 26, 40, 55.
 */
export const STANDARD_BATTERY_SIZES: readonly number[] = [4, 7, 7.2, 10, 12, 18, 26, 40, 55];

export interface BatteryLoad {
  /** A, quiescent (standby) current of everything the supply powers. */
  quiescentCurrent: number;
  /** A, alarm current of everything the supply powers. */
  alarmCurrent: number;
}

export interface BatteryOptions {
  /** A voice alarm system (NFPA 72: 15 min of alarm). */
  voice?: boolean;
  /** Overrides the regulation's standby hours (e.g. BS 5839-1's 72 h for unattended premises). */
  standbyHours?: number;
  /** Overrides the regulation's alarm hours (and `voice`). */
  alarmHours?: number;
  /** Overrides the regulation's factor (e.g. 1.20 for NFPA 72 up to 2019). */
  factor?: number;
}

/** The options a fire config's battery settings give (hours of standby, minutes of alarm, factor). */
export const batteryOptions = (settings: BatterySettings): BatteryOptions => ({
  standbyHours: settings.standby_hours,
  alarmHours: settings.alarm_minutes / 60,
  factor: settings.factor,
});

export interface BatteryCapacity {
  /** Ah, the least capacity that suffices. */
  capacity: number;
  standbyHours: number;
  alarmHours: number;
  factor: number;
  /** The D used (1 where the regulation has none). */
  derating: number;
  verify: boolean;
}

/** The sum of the loads a central or power supply powers. */
export function sumLoads(loads: readonly BatteryLoad[]): BatteryLoad {
  return loads.reduce(
    (s, l) => ({ quiescentCurrent: s.quiescentCurrent + l.quiescentCurrent, alarmCurrent: s.alarmCurrent + l.alarmCurrent }),
    { quiescentCurrent: 0, alarmCurrent: 0 },
  );
}

const check = (value: number, what: string) => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a finite number ≥ 0, got ${value}`);
};

/**
 * The least battery capacity C for `load` under `regulation`: C = factor × (I₁T₁ + D·I₂T₂).
 *
 * BS 5839-1's D depends on C itself (D = 1 when I₂ ≤ C/20). A battery of capacity C suffices when
 * C ≥ 1.25 (I₁T₁ + D(C)·I₂T₂); since D(C) falls as C grows, the sufficient capacities are all those
 * above one least value: C₁ (D = 1) when I₂ ≤ C₁/20, else the smaller of C₁.₇₅ (D = 1.75) and 20·I₂
 * (the capacity at which D drops to 1, never below C₁).
 */
export function batteryCapacity(regulation: Regulation, load: BatteryLoad, options: BatteryOptions = {}): BatteryCapacity {
  check(load.quiescentCurrent, 'quiescent current');
  check(load.alarmCurrent, 'alarm current');
  const rules = BATTERY_RULES[regulation];
  const standbyHours = options.standbyHours ?? rules.standbyHours;
  const alarmHours = options.alarmHours ?? (options.voice ? rules.voiceAlarmHours : undefined) ?? rules.alarmHours;
  const factor = options.factor ?? rules.factor;
  const base = { standbyHours, alarmHours, factor, verify: rules.verify };
  const capacityWith = (d: number) => factor * (load.quiescentCurrent * standbyHours + d * load.alarmCurrent * alarmHours);
  const plain = capacityWith(1);
  if (!rules.alarmDerating || load.alarmCurrent <= plain / 20) return { ...base, capacity: plain, derating: 1 };
  const derated = capacityWith(BS5839_ALARM_DERATING);
  const threshold = 20 * load.alarmCurrent;
  return threshold < derated
    ? { ...base, capacity: threshold, derating: 1 }
    : { ...base, capacity: derated, derating: BS5839_ALARM_DERATING };
}

/** The smallest standard battery of at least `capacity` Ah; null when even the largest is too small. */
export function smallestStandardBattery(capacity: number, sizes: readonly number[] = STANDARD_BATTERY_SIZES): number | null {
  let best: number | null = null;
  for (const size of sizes) if (size >= capacity && (best === null || size < best)) best = size;
  return best;
}

export interface BatteryCheck extends BatteryCapacity {
  /** Ah, the smallest standard battery that suffices (null: none does). */
  suggested: number | null;
  /** Ah, the configured battery, null when none is. */
  configured: number | null;
  warnings: string[];
}

/**
 * The battery check of one central or power supply (`supply` names it in the warnings): the least
 * capacity, the smallest standard battery, and a warning when the configured one is too small.
 */
export function checkBattery(input: {
  supply: string;
  regulation: Regulation;
  load: BatteryLoad;
  /** Ah, e.g. the product's `ampere_hours`; null/absent = not configured. */
  configured?: number | null;
  options?: BatteryOptions;
  sizes?: readonly number[];
}): BatteryCheck {
  const sizes = input.sizes ?? STANDARD_BATTERY_SIZES;
  const need = batteryCapacity(input.regulation, input.load, input.options);
  const suggested = smallestStandardBattery(need.capacity, sizes);
  const configured = input.configured ?? null;
  const warnings: string[] = [];
  if (configured !== null && configured < need.capacity)
    warnings.push(ELECTRICAL_MESSAGES.batteryTooSmall(input.supply, configured, need.capacity, suggested));
  else if (configured === null && suggested === null && sizes.length > 0)
    warnings.push(ELECTRICAL_MESSAGES.noStandardBattery(input.supply, need.capacity, Math.max(...sizes)));
  return { ...need, suggested, configured, warnings };
}
