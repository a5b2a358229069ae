import type { AnalysisWarning, FireUnitsResult } from '@edrf/fire';
import type { Model } from '@edrf/model';

/**
 * The latest analysis of the units page, read by the plan's painter (which gets only the editor): the page's
 * hook sets it, then the plan is drawn again (AnalysisPanel calls editor.changed()).
 */
export class AnalysisStore {
  private latest: FireUnitsResult | null = null;
  get current(): FireUnitsResult | null {
    return this.latest;
  }
  set(result: FireUnitsResult | null): void {
    this.latest = result;
  }
}

export const createAnalysisStore = (result: FireUnitsResult | null = null): AnalysisStore => {
  const store = new AnalysisStore();
  store.set(result);
  return store;
};

/** The unit groups an analysis speaks of (calc_fire_units answers detectors, sirens and buttons). */
export const ANALYSED_GROUPS = ['detectors', 'sirens', 'buttons'] as const;
export type AnalysedGroup = (typeof ANALYSED_GROUPS)[number];

/** A warning's unit in the model: its group and unit (the unit may have gone since the analysis). */
export function warningUnit(
  model: Model,
  warning: AnalysisWarning,
): { group: AnalysedGroup; unit: { id: string; storey_id: string; coord: [number, number, number] } } | null {
  if (!warning.unit_id || !model.fire) return null;
  for (const group of ANALYSED_GROUPS) {
    const unit = model.fire.units[group][warning.unit_id];
    if (unit) return { group, unit };
  }
  return null;
}

/** The room a room warning is about ('room_not_covered:{room id}'), when it is one of the model's rooms. */
export function warningRoom(model: Model, warning: AnalysisWarning): string | null {
  if (warning.unit_id) return null;
  const id = warning.warning_id.slice(warning.warning_id.indexOf(':') + 1);
  return Object.hasOwn(model.arch.rooms, id) ? id : null;
}

/** The warnings about one unit. */
export const unitWarnings = (result: FireUnitsResult | null, unitId: string): AnalysisWarning[] =>
  result ? result.validation.warnings.filter((w) => w.unit_id === unitId) : [];
