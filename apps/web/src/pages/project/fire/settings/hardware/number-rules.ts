/**
 * F§5's number rules for product fields, as NumberField options (min, max, decimals). A field the spec
 * does not name follows the model's schema: min 0, any decimals (ampere hours, life years).
 */
export interface NumberRule {
  min?: number;
  max?: number;
  decimals?: number;
}

/** Rack size width and height: integer, min 1. */
export const RACK_SIZE: NumberRule = { min: 1, decimals: 0 };
/** Counts in built-in and extension properties (and an I/O product's inputs and outputs): integers, min 0. */
export const COUNT: NumberRule = { min: 0, decimals: 0 };
/** Cable pairs, a central's route max units, a plinth's connections: integers, min 1. */
export const AT_LEAST_ONE: NumberRule = { min: 1, decimals: 0 };
/** Cable cross section (mm²): 2 decimals, min 0. */
export const CROSS_SECTION: NumberRule = { min: 0, decimals: 2 };
/** Cable resistance (Ω/km): 3 decimals, min 0. */
export const RESISTANCE: NumberRule = { min: 0, decimals: 3 };
/** Voltages (V): 1 decimal, min 0. */
export const VOLTAGE: NumberRule = { min: 0, decimals: 1 };
/** Currents (mA): 3 decimals, min 0. */
export const CURRENT: NumberRule = { min: 0, decimals: 3 };
/** Any other quantity of a product: min 0. */
export const NON_NEGATIVE: NumberRule = { min: 0 };
/** A central's loop limits (issue 26): current in mA as other currents, resistances (Ω) 3 decimals, length (m) min 0. */
export const LOOP_CURRENT: NumberRule = CURRENT;
export const LOOP_RESISTANCE: NumberRule = { min: 0, decimals: 3 };
export const LOOP_LENGTH: NumberRule = NON_NEGATIVE;
