import type { Fire } from '@edrf/model';
import type { AnalysisResult } from '../analysis.js';
import { warning } from '../building.js';
import { assignUnitsToCentrals } from './assign-units.js';
import { prepareCabling, type CablingRun, type CalcFireCablingInput } from './cabling-run.js';
import { centralReachWarning } from './central-reach.js';
import { fedUnits } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import { routeCentrals, type RoutedCentrals } from './route-centrals.js';
import { supplyChecks, supplyWarnings } from './supplies.js';

export { sectionAreas, type CalcFireCablingInput } from './cabling-run.js';
export { LOOP_ROUTE_PREFIX } from './route-centrals.js';

export interface FireCablingResult {
  /** The whole connections with the loops made anew (other routes kept). */
  connections: Fire['connections'];
  validation: AnalysisResult;
}

/**
 * calc_fire_cabling (F§7, issue 26): every addressable unit on one Class A loop (out from its central and back) of the
 * nearest central with room on its loops, within route_max_units and route_max_area, sections on one loop where that costs no loop, each loop
 * ordered short (nearest neighbour, 2-opt, Or-opt) and routed through the building's routing graph (trays preferred)
 * as slices per storey; isolators, the voltage in alarm for both single-fault feeds, the central's loop limits, its
 * battery and (where set) NFPA 72 Class A separation checked. Throws 'No fire rack found!'.
 *
 * The steps: the building and its graph (prepareCabling), units given to centrals and planned as loops
 * (assignUnitsToCentrals), each central's loops routed and checked (routeCentrals), then each central's checks.
 */
export function calcFireCabling(
  input: CalcFireCablingInput,
  progress: (done: number, total: number) => void = () => {},
): FireCablingResult {
  if (Object.keys(input.fire.units.racks).length === 0) throw new Error(LOOP_MESSAGES.noRack);
  const run = prepareCabling(input);
  const best = assignUnitsToCentrals(run);
  for (const list of run.cutOff.values())
    run.warnings.push(warning('loop_cut_off', list[0]!.id, LOOP_MESSAGES.cutOff(list.length, list[0]!.id), list[0]!.id));
  const plans = run.starts.map((o) => ({ origin: o, loops: best.get(o)! }));
  const routed = routeCentrals(run, plans, progress);
  checkCentrals(run, routed);
  const { warnings } = run;
  return { connections: routed.connections, validation: { warnings, detector_shapes: {}, siren_shapes: {}, split_sections: [] } };
}

/**
 * Each central checked with its loops made: too many loops, units beyond its reach, and every central's and power
 * supply's battery with what it feeds, and each unit whose current is not known (supplies.ts).
 */
function checkCentrals(run: CablingRun, { made, beyond }: RoutedCentrals): void {
  const { arch, fire, starts, warnings, coppers, cabling, exits, units } = run;
  for (const origin of starts) {
    const loops = made.get(origin)!;
    if (loops.length > origin.capacity)
      warnings.push(warning('too_many_loops', origin.id, LOOP_MESSAGES.tooManyLoops(origin.id, loops.length, origin.capacity)));
  }
  for (const [origin, list] of beyond) {
    const storeyName = (id: string) => arch.storeys[id]?.name || id;
    const message = centralReachWarning(origin, list, { coppers, isolatorMaxUnits: cabling.isolator_max_units, exits, storeyName });
    if (message) warnings.push(warning('central_reach', origin.id, message, list[0]!.unit.id));
  }
  const loopsOf = new Map(starts.map((o) => [o.id, made.get(o)!.flat()]));
  warnings.push(...supplyWarnings(supplyChecks(fire, loopsOf), [...units, ...fedUnits(fire)]));
}
