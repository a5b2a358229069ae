import { calcFireSections, type CalcFireSectionsInput, type FireSectionsResult } from '@edrf/fire';
import type { Progress } from './protocol.js';

/** calc_fire_sections in a worker thread, its progress reported as the share of storeys done. */
export const calcFireSectionsTask = (input: CalcFireSectionsInput, progress: Progress): Promise<FireSectionsResult> =>
  Promise.resolve(calcFireSections(input, (done, total) => progress('sections', total > 0 ? done / total : 1)));
