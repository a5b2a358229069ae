import {
  ANALYSED_GROUPS,
  type AnalysedGroup,
  type AnalysisParts,
  type AnalysisWarning,
  type FireUnitsResult,
  type StoreyPart,
} from '@edrf/fire';
import type { Arch, Model } from '@edrf/model';

/** What the plan draws of an analysis: warnings, coverage, room figures. */
export type ShownAnalysis = StoreyPart;

/**
 * The latest analysis of the units page, read by the plan's painters (which get only the editor): the page's
 * hook sets it, then the plan is drawn again (AnalysisPanel calls editor.changed()). Kept per storey too, so that a
 * frame looks at the shown storey's warnings and coverage only, not the building's.
 */
export class AnalysisStore {
  private latest: FireUnitsResult | null = null;
  private parts: AnalysisParts | null = null;
  private whole: ShownAnalysis | null = null;
  get current(): FireUnitsResult | null {
    return this.latest;
  }
  set(result: FireUnitsResult | null, parts: AnalysisParts | null = null): void {
    this.latest = result;
    this.parts = parts;
    this.whole = result && { ...result.validation, rooms: result.rooms ?? [] };
  }
  /** The analysis of a storey: its part when kept in parts, else the whole answer (the painters pick the storey's). */
  forStorey(storeyId: string): ShownAnalysis | null {
    return this.parts?.storeys[storeyId] ?? this.whole;
  }
}

export const createAnalysisStore = (result: FireUnitsResult | null = null): AnalysisStore => {
  const store = new AnalysisStore();
  store.set(result);
  return store;
};

export { ANALYSED_GROUPS, type AnalysedGroup };

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
export const warningRoom = (model: Model, warning: AnalysisWarning): string | null => roomOfWarning(model.arch, warning);

/** The room a room warning is about, when it is one of the architecture's rooms. */
export function roomOfWarning(arch: Arch, warning: AnalysisWarning): string | null {
  if (warning.unit_id) return null;
  const id = warning.warning_id.slice(warning.warning_id.indexOf(':') + 1);
  return Object.hasOwn(arch.rooms, id) ? id : null;
}

/** The warnings about one unit. */
export const unitWarnings = (result: FireUnitsResult | null, unitId: string): AnalysisWarning[] =>
  result ? result.validation.warnings.filter((w) => w.unit_id === unitId) : [];
