import type { Point2, Route } from '@edrf/model';
import { HANDLE_TOLERANCE_PX, HIT_TOLERANCE_PX, type PlanEditor } from '../../../../../editor/plan-editor';
import type { Press, ToolPointer } from '../../../../../editor/tool';
import { SelectTool, type Drag } from '../../../../../editor/tools/select';
import { toast } from '../../../../../ui/alerts';
import { isRouteItem, slicesOn } from '../layers/route-layers';
import { movedRoute, moveNodeEdits, routeRequests } from '../route-edits';
import { normalSelection, pickOf, selectRoute } from '../route-selection';

/** A drag shorter than this (pixels) is a click on the node. */
const CLICK_PX = 3;

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

/** The slice of `route` on the shown storey nearest to `point`, and its node within `tolerance` (metres), if any. */
export function partAt(route: Route, storeyId: string, point: Point2, tolerance: number): { slice: number; node: number | null } | null {
  let best: { slice: number; node: number | null; d: number } | null = null;
  for (const { slice, index } of slicesOn(route, storeyId)) {
    slice.nodes.forEach((node, j) => {
      const next = slice.nodes[j + 1];
      const d = next ? segmentDistance(point, node.coord, next.coord) : distance(point, node.coord);
      if (!best || d < best.d) best = { slice: index, node: null, d };
    });
  }
  if (!best) return null;
  const found: { slice: number; node: number | null; d: number } = best;
  const nodes = route.slices[found.slice]!.nodes;
  let nearest = -1;
  nodes.forEach((n, j) => {
    if (distance(n.coord, point) <= tolerance && (nearest < 0 || distance(n.coord, point) < distance(nodes[nearest]!.coord, point)))
      nearest = j;
  });
  return { slice: found.slice, node: nearest >= 0 ? nearest : null };
}

function segmentDistance(p: Point2, a: readonly number[], b: readonly number[]): number {
  const [dx, dy] = [b[0]! - a[0]!, b[1]! - a[1]!];
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]!) * dx + (p[1] - a[1]!) * dy) / l2));
  return Math.hypot(p[0] - (a[0]! + t * dx), p[1] - (a[1]! + t * dy));
}

/**
 * A press on a free node of the selected slice drags it (F§4): previewed on the model, one undo step at the release,
 * where the rules apply (tray ends, near-duplicates); a press that does not move selects the node. A node on a unit is
 * locked: pressing it only selects it.
 */
function nodeDrag(pointer: ToolPointer, editor: PlanEditor): Drag | null {
  const pick = pickOf(editor.selection, editor.model);
  if (pick.kind !== 'route' || pick.slice === null) return null;
  const base = editor.model;
  const route = base.fire?.connections.routes[pick.routeId];
  const slice = route?.slices[pick.slice];
  if (!route || !slice || slice.storey_id !== editor.storeyId) return null;
  const part = partAt(route, editor.storeyId, pointer.point, editor.metres(HANDLE_TOLERANCE_PX));
  if (!part || part.slice !== pick.slice || part.node === null || slice.nodes[part.node]!.unit_id !== '') return null;
  const node = part.node;
  const session = editor.session();
  let moved = false;
  return {
    move(at) {
      moved ||= distance(at.screen, pointer.screen) > CLICK_PX;
      if (moved) session.preview(routeRequests(base, route.id, movedRoute(route, pick.slice!, node, at.point)));
    },
    end(at) {
      if (!moved) {
        session.cancel();
        editor.select(selectRoute(route.id, pick.slice, node));
        return;
      }
      const edit = moveNodeEdits(base, route.id, pick.slice!, node, at.point);
      if ('refused' in edit) {
        session.cancel();
        toast.warning(edit.refused, 3000);
        return;
      }
      session.commit(edit.requests);
      // Tidying may have merged or split slices: keep the node when it is still where it was, else its slice or the route.
      editor.select(normalSelection(selectRoute(route.id, pick.slice, node), editor.model));
    },
    cancel() {
      session.cancel();
    },
  };
}

/**
 * The routes page's default tool: the engine's select tool on routes, stepping in as F§4 says — a click on a route
 * selects it, another click on it its slice under the pointer, a third a node of that slice. Free nodes of the selected
 * slice drag.
 */
export class RouteSelectTool extends SelectTool {
  constructor() {
    super({ accept: isRouteItem, drag: nodeDrag });
  }

  override up(pointer: ToolPointer, press: Press & { double: boolean }, editor: PlanEditor): void {
    const before = pickOf(editor.selection, editor.model);
    const hit = press.dragging
      ? null
      : editor.hitIndex.itemAt(press.start.point, editor.visibility, editor.metres(HIT_TOLERANCE_PX), isRouteItem);
    const route = hit ? editor.model.fire?.connections.routes[hit.ref.id] : undefined;
    if (!route || press.start.shift) {
      super.up(pointer, press, editor);
      editor.select(normalSelection(editor.selection, editor.model));
      return;
    }
    const part = partAt(route, editor.storeyId, press.start.point, editor.metres(HANDLE_TOLERANCE_PX));
    if (before.kind !== 'route' || before.routeId !== route.id || !part) editor.select(selectRoute(route.id));
    else if (before.slice !== part.slice || part.node === null) editor.select(selectRoute(route.id, part.slice));
    else editor.select(selectRoute(route.id, part.slice, part.node));
  }
}
