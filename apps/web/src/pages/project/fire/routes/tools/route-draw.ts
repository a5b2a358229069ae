import { toast } from '../../../../../ui/alerts';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { startDraw } from '../../../../../editor/tools/polygon-edit';
import { PolygonTool } from '../../../../../editor/tools/polygon';
import { newRouteEdits, ROUTE_MESSAGES } from '../route-edits';
import { selectRoute } from '../route-selection';
import type { ReplaceEdit } from '../../../../../state/history';

export const DRAW_ROUTE = 'draw-route';

/**
 * Route drawing (F§4): the engine's polygon tool as a polyline; clicks add points, Enter or Apply finishes, Escape or
 * Cancel aborts (the engine's Escape). The route is made by newRouteEdits (units within 0.2 attach, at least 2 points)
 * as one undo step and selected; a refusal warns and drawing goes on.
 */
export function routeDrawTool(editor: PlanEditor, replace: ReplaceEdit): PolygonTool {
  return new PolygonTool({
    id: DRAW_ROUTE,
    start: startDraw(false),
    hint: 'Click points; a point on a unit attaches to it',
    apply: (points) => {
      const made = newRouteEdits(editor.model, editor.storeyId, points);
      if ('refused' in made) {
        toast.warning(made.refused, 3000);
        return false;
      }
      if (!replace(made.requests)) return false;
      editor.select(selectRoute(made.id));
      return true;
    },
  });
}

/** The Draw route button: with no copper cable the spec's warning instead of a tool that could never finish. */
export function startRouteDrawing(editor: PlanEditor, replace: ReplaceEdit): void {
  if (!editor.model.fire?.config.products.cables.some((cable) => cable.type === 'Copper')) {
    toast.warning(ROUTE_MESSAGES.noCopper, 3000);
    return;
  }
  editor.useTool(routeDrawTool(editor, replace));
}
