import type { Point2, Tray } from '@edrf/model';
import { HANDLE_TOLERANCE_PX, HIT_TOLERANCE_PX, type PlanEditor } from '../../../../../editor/plan-editor';
import type { ToolPointer } from '../../../../../editor/tool';
import type { Drag } from '../../../../../editor/tools/select';
import { TRAYS_LAYER } from '../layers/tray-layer';
import { isVerticalTray, moveTrayEdits, moveTrayEndEdits } from '../tray-edits';
import { snapped } from './snap';

const selectedTrays = (editor: PlanEditor): Tray[] => {
  const selection = editor.selection;
  if (selection.kind !== 'items') return [];
  return selection.items.flatMap((ref) =>
    ref.kind === 'elec.trays' && editor.model.elec.trays[ref.id] ? [editor.model.elec.trays[ref.id]!] : [],
  );
};

const near = (a: readonly number[], b: Point2, tolerance: number) => Math.hypot(a[0]! - b[0], a[1]! - b[1]) <= tolerance;

/**
 * A press on a selected tray's end drags that end (snapping to other trays' ends); a press on a selected tray
 * drags every selected tray. Each drag is one gesture edit: previewed while moving, one undo step on release,
 * Escape puts the trays back.
 */
export function trayDrag(pointer: ToolPointer, editor: PlanEditor): Drag | null {
  const trays = selectedTrays(editor);
  if (trays.length === 0) return null;
  const base = editor.model;
  const session = editor.session();
  const tolerance = editor.metres(HANDLE_TOLERANCE_PX);
  for (const tray of trays) {
    const ends = isVerticalTray(tray) ? (['start'] as const) : (['start', 'end'] as const);
    const which = ends.find((end) => near(tray[end], pointer.point, tolerance));
    if (!which) continue;
    const selection = editor.selection;
    if (selection.kind === 'items') editor.select({ ...selection, part: { ref: { kind: 'elec.trays', id: tray.id }, part: which } });
    const edits = (p: ToolPointer) => moveTrayEndEdits(base, tray.id, which, snapped(editor, p.point, tray.id).point);
    return { move: (p) => session.preview(edits(p)), end: (p) => void session.commit(edits(p)), cancel: () => session.cancel() };
  }
  const hit = editor.hitIndex.itemAt(
    pointer.point,
    editor.visibility,
    editor.metres(HIT_TOLERANCE_PX),
    (item) => item.layer === TRAYS_LAYER,
  );
  if (!hit || !trays.some((tray) => tray.id === hit.ref.id)) return null;
  const edits = (p: ToolPointer) =>
    trays.flatMap((tray) => moveTrayEdits(base, tray.id, p.point[0] - pointer.point[0], p.point[1] - pointer.point[1]));
  return { move: (p) => session.preview(edits(p)), end: (p) => void session.commit(edits(p)), cancel: () => session.cancel() };
}
