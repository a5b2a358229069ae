import type { Point2 } from '@edrf/model';
import { HANDLE_TOLERANCE_PX, type PlanEditor } from '../../../../../editor/plan-editor';
import { snapToTrayEnd } from '../tray-edits';

/** A point on the plan snapped to the nearest tray end within the handle tolerance (P§4: trays join end to end). */
export function snapped(editor: PlanEditor, point: Point2, except?: string): { point: Point2; snapped: boolean } {
  const end = snapToTrayEnd(editor.model, editor.storeyId, point, editor.metres(HANDLE_TOLERANCE_PX), except);
  return end ? { point: end, snapped: true } : { point, snapped: false };
}
