import type { CleanSettings } from '@edrf/geometry';
import { validateModel, type Model } from '@edrf/model';
import { apiCall } from '../../../api/client';

/**
 * P§9 clean options, their labels and defaults (all on but room type identification) are
 * @edrf/geometry's: the same schema checks the settings of POST /api/v1/clean_arch {model, settings}.
 */
export { CLEAN_OPTIONS, defaultCleanSettings, type CleanSettings } from '@edrf/geometry';

/** Sends the model and the settings; answers the cleaned model (the answer is the model, or { model }). Failures toast 'Failed to clean model'. */
export async function cleanArch(model: Model, settings: CleanSettings): Promise<Model> {
  const answer = await apiCall<unknown>('clean model', '/api/v1/clean_arch', { body: { model, settings } });
  const body = typeof answer === 'object' && answer !== null && 'model' in answer && !('arch' in answer) ? answer.model : answer;
  const checked = validateModel(body);
  if (!checked.ok) throw new Error(`The cleaned model is not valid: ${checked.path} ${checked.message}`);
  return checked.value;
}
