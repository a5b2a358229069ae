import { calcFireCabling, type CalcFireCablingInput, type FireCablingResult } from '@edrf/fire';
import type { Progress } from './protocol.js';

/** calc_fire_cabling in a worker thread, its progress reported as the share of loops routed. */
export const calcFireCablingTask = (input: CalcFireCablingInput, progress: Progress): Promise<FireCablingResult> =>
  Promise.resolve(calcFireCabling(input, (done, total) => progress('loops', total > 0 ? done / total : 1)));
