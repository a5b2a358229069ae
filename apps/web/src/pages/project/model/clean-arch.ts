import { cleanSummarySchema, type CleanSettings, type CleanSummary } from '@edrf/geometry';
import { validateModel, type Model } from '@edrf/model';
import { apiCall } from '../../../api/client';

/**
 * P§9 clean options, their labels and defaults (all on but room type identification) are
 * @edrf/geometry's: the same schema checks the settings of POST /api/v1/clean_arch {model, settings}.
 */
export { CLEAN_OPTIONS, defaultCleanSettings, type CleanSettings, type CleanSummary } from '@edrf/geometry';

/** What Clean would make of the model, and the summary of it that the dialog shows before the user applies it. */
export interface CleanPreview {
  model: Model;
  summary: CleanSummary;
}

const checkedModel = (body: unknown): Model => {
  const checked = validateModel(body);
  if (!checked.ok) throw new Error(`The cleaned model is not valid: ${checked.path} ${checked.message}`);
  return checked.value;
};

/**
 * POST /api/v1/clean_arch {model, settings, summary: true} -> {model, summary}: the cleaned model and what Clean
 * changes (docs/clean-arch.md, 'Summary'). Nothing is applied. Failures toast 'Failed to clean model'.
 */
export async function previewClean(model: Model, settings: CleanSettings): Promise<CleanPreview> {
  const answer = await apiCall<{ model?: unknown; summary?: unknown }>('clean model', '/api/v1/clean_arch', {
    body: { model, settings, summary: true },
  });
  const summary = cleanSummarySchema.safeParse(answer?.summary);
  if (!summary.success) throw new Error('The server sent no summary of the clean');
  return { model: checkedModel(answer.model), summary: summary.data };
}
