import { validateModel, type Model } from '@edrf/model';
import { apiCall } from '../../../api/client';

/**
 * P§9 clean options, all on by default except room type identification. The keys are the settings
 * of POST /api/v1/clean_arch {model, settings} (packages/geometry, docs/clean-arch.md).
 */
export const CLEAN_OPTIONS = [
  { key: 'clean_room_overlap', label: 'Clean room overlap', default: true },
  { key: 'synthesize_rooms', label: 'Synthesize rooms', default: true },
  { key: 'remove_roomless_storeys', label: 'Remove roomless storeys', default: true },
  { key: 'remove_low_walls', label: 'Remove low walls', default: true },
  { key: 'merge_adjacent_rooms', label: 'Merge adjacent rooms', default: true },
  { key: 'identify_room_types', label: 'Room type identification (AI)', default: false },
] as const;

export type CleanKey = (typeof CLEAN_OPTIONS)[number]['key'];
export type CleanSettings = Record<CleanKey, boolean>;

export const DEFAULT_CLEAN_SETTINGS = Object.fromEntries(CLEAN_OPTIONS.map((o) => [o.key, o.default])) as CleanSettings;

/** Sends the model and the settings; answers the cleaned model (the answer is the model, or { model }). Failures toast 'Failed to clean model'. */
export async function cleanArch(model: Model, settings: CleanSettings): Promise<Model> {
  const answer = await apiCall<unknown>('clean model', '/api/v1/clean_arch', { body: { model, settings } });
  const body = typeof answer === 'object' && answer !== null && 'model' in answer && !('arch' in answer) ? answer.model : answer;
  const checked = validateModel(body);
  if (!checked.ok) throw new Error(`The cleaned model is not valid: ${checked.path} ${checked.message}`);
  return checked.value;
}
