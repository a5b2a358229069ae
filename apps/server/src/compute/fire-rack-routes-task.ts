import type { Fire } from '@edrf/model';
import { CABLING_MESSAGES, hasRacks, rackToRackRoutes, type CalcFireRackToRackRoutesInput } from '@edrf/fire';
import { TaskRefused, type Progress } from './protocol.js';

/**
 * calc_fire_rack_to_rack_routes in a worker thread: the connections with the RackToRack routes made anew, its
 * progress the share of racks whose distances are known. No rack: refused with 'No fire rack found!'.
 */
export const calcFireRackRoutesTask = (input: CalcFireRackToRackRoutesInput, progress: Progress): Promise<Fire['connections']> => {
  if (!hasRacks(input.fire)) throw new TaskRefused(CABLING_MESSAGES.noRack);
  return Promise.resolve(rackToRackRoutes(input, (done, total) => progress('routes', total > 0 ? done / total : 1)).connections);
};
