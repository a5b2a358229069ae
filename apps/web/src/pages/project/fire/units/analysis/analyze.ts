import type { FireUnitsResult } from '@edrf/fire';
import type { Arch, Fire } from '@edrf/model';
import { apiCall } from '../../../../../api/client';

/**
 * POST /api/v1/calc_fire_units with analyze_only: the warnings and coverage of the model's units, nothing placed.
 * Quiet: a failure is the page's 'Analysis unavailable' note, not a toast per edit.
 */
export const analyzeUnits = (arch: Arch, fire: Fire): Promise<FireUnitsResult> =>
  apiCall<FireUnitsResult>('analyze fire units', '/api/v1/calc_fire_units', { body: { arch, fire, analyze_only: true }, quiet: true });
