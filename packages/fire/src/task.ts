import type { Arch, Fire } from '@edrf/model';
import type { FireUnitsResult } from './analysis.js';
import { calcFireUnits } from './calc-units.js';

/** calc_fire_units as a compute-pool task (apps/server/src/compute/tasks.ts): runs in a worker thread. */
export const calcFireUnitsTask = (input: { arch: Arch; fire: Fire; analyze_only?: boolean }): Promise<FireUnitsResult> =>
  Promise.resolve(calcFireUnits(input));
