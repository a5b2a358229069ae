import type { CalcFireSectionsInput, FireSectionsResult, SectionsSettings } from '@edrf/fire';
import { calcFireSections } from '../../../../../api/fire';

export type { CalcFireSectionsInput, FireSectionsResult, SectionsSettings };

/** Nothing written: the call only analyses (the always-visible warnings). */
export const ANALYSE_ONLY: SectionsSettings = { sections: false, labels: false, addresses: false };

/** calc_fire_sections analysing only, quiet: a failure is the warnings panel's note, not a toast per edit. */
export const analyzeSections = (model: CalcFireSectionsInput['model']): Promise<FireSectionsResult> =>
  calcFireSections({ settings: ANALYSE_ONLY, model }, { quiet: true });

/** Run (issue 24): the call that writes; quiet, as the page toasts the server's own message ('Fire detectors missing'). */
export const runSections = (input: CalcFireSectionsInput, onProgress?: (fraction: number) => void): Promise<FireSectionsResult> =>
  calcFireSections(input, { quiet: true, onProgress });
