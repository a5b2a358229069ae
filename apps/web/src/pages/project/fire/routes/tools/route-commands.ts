import { toast } from '../../../../../ui/alerts';
import type { PlanAction } from '../../../../../editor/plan-actions';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { NOTHING } from '../../../../../editor/selection';
import type { ReplaceEdit } from '../../../../../state/history';
import { deleteNodeEdits, deleteRouteEdits } from '../route-edits';
import { normalSelection, pickOf, selectRoute } from '../route-selection';
import { DRAW_ROUTE, startRouteDrawing } from './route-draw';

/**
 * Delete by what is selected (F§4): a node (only an inner one: the first and last of the route are refused), else a
 * slice's or route's whole route. One undo step of its own.
 */
export function deleteSelected(editor: PlanEditor, replace: ReplaceEdit): void {
  const model = editor.model;
  const pick = pickOf(editor.selection, model);
  if (pick.kind !== 'route') return;
  if (pick.slice !== null && pick.node !== null) {
    const edit = deleteNodeEdits(model, pick.routeId, pick.slice, pick.node);
    if ('refused' in edit) {
      toast.warning(edit.refused, 3000);
      return;
    }
    if (replace(edit.requests)) editor.select(edit.route ? normalSelection(selectRoute(pick.routeId, pick.slice), editor.model) : NOTHING);
    return;
  }
  if (replace(deleteRouteEdits(model, pick.routeId))) editor.select(NOTHING);
}

/** The page's actions (its keys and toolbar buttons); Enter and Escape belong to the engine, undo and redo to the project (P§4). */
export const routeActions = (editor: PlanEditor, busy: () => boolean, replace: ReplaceEdit): PlanAction[] => [
  { id: 'delete', label: 'Delete', key: ['Delete', 'Backspace'], when: () => !busy(), run: () => deleteSelected(editor, replace) },
  {
    id: DRAW_ROUTE,
    label: 'Draw route',
    title: 'Draw a route: click points, Enter or Apply finishes, Escape or Cancel aborts (D)',
    key: 'd',
    when: () => !busy() && editor.storeyId !== '',
    run: () => startRouteDrawing(editor, replace),
  },
];
