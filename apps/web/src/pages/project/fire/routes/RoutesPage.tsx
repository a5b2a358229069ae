import { useDeferredValue, useMemo } from 'react';
import { useLocation } from 'react-router';
import { toast } from '../../../../ui/alerts';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { StoreyList } from '../../../../editor/arch/StoreyList';
import { useShownStorey } from '../../../../editor/arch/use-shown-storey';
import { NOTHING } from '../../../../editor/selection';
import { PolygonTool } from '../../../../editor/tools/polygon';
import { ApplyBar } from '../../../../editor/ToolButtons';
import { usePlanActions, usePlanEditor } from '../../../../editor/use-plan-editor';
import { applyEdits, type EditRequest } from '../../../../state/history';
import { useProjectState, useProjectStore } from '../../../../state/use-project';
import { ActionButton } from '../../../../ui/ActionButton';
import { routesLabels, routesLayers, routesPainters } from './layers/route-layers';
import { RouteList } from './RouteList';
import { RoutePanel } from './RoutePanel';
import { RouteWarnings } from './RouteWarnings';
import { cablingWarnings } from './run/cabling-warnings';
import { useLastCabling } from './run/last-cabling';
import { addStoreySliceEdits } from './route-edits';
import { normalSelection, pickOf, selectRoute } from './route-selection';
import { RoutesOptimize } from './run/RoutesOptimize';
import { deleteSelected, routeActions } from './tools/route-commands';
import { DRAW_ROUTE } from './tools/route-draw';
import { RouteSelectTool } from './tools/route-select';
import '../../model/model.css';
import '../units/units.css';
import '../sections/sections.css';
import './routes.css';

/**
 * /project/{id}/fire/routes (F§2, F§3 Route, F§4 Route editing, F§8, F§9; issue 26): the storey plan with the cable
 * routes over the units, Optimize (calc_fire_cabling), route drawing, the selection route → slice → node with its
 * edits, and a loop's figures. A plan screen on the engine of docs/editor.md; docs/fire-routes-page.md.
 */
export function RoutesPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const location = useLocation();
  const [storeyId, showStorey] = useShownStorey(model.arch);
  const last = useLastCabling(store.getState().projectId);
  // Issue 34: the warnings of the model as it is (reload, undo); deferred so that a node drag stays smooth.
  const deferred = useDeferredValue(model);
  const warnings = useMemo(() => cablingWarnings(deferred, last), [deferred, last]);
  const editor = usePlanEditor(
    () => ({ layers: routesLayers(), defaultTool: () => new RouteSelectTool(), painters: routesPainters(), labels: routesLabels() }),
    storeyId ?? '',
  );
  const drawing = editor.tool instanceof PolygonTool ? editor.tool : null;
  const pick = pickOf(editor.selection, model);
  const replace = (requests: readonly EditRequest[]) =>
    store.replaceModel(applyEdits(store.getState().model, requests).model, location.pathname + location.search);
  const action = usePlanActions(
    editor,
    routeActions(editor, () => drawing !== null, replace),
  );

  /** Selects a route (and part), showing the storey of the slice, or of its first slice when it is not on this one. */
  const showRoute = (routeId: string, slice: number | null = null, node: number | null = null): boolean => {
    const route = model.fire?.connections.routes[routeId];
    if (!route) return false;
    const wanted =
      slice !== null
        ? route.slices[slice]?.storey_id
        : route.slices.some((s) => s.storey_id === storeyId)
          ? storeyId
          : route.slices[0]?.storey_id;
    if (wanted && wanted !== storeyId) showStorey(wanted);
    editor.select(selectRoute(routeId, slice, node));
    return true;
  };

  const addStoreySlice = (targetStorey: string) => {
    if (pick.kind !== 'route' || pick.slice === null || pick.node === null) return;
    const edit = addStoreySliceEdits(model, pick.routeId, pick.slice, pick.node, targetStorey);
    if ('refused' in edit) toast.warning(edit.refused, 3000);
    else if (replace(edit.requests)) editor.select(normalSelection(selectRoute(pick.routeId, pick.slice + 1), store.getState().model));
  };

  return (
    <section className="model-page units-page sections-page routes-page">
      <aside className="model-side model-left">
        <h1 className="units-title">Routes</h1>
        <StoreyList arch={model.arch} current={storeyId} onPick={(id) => id !== storeyId && showStorey(id)} />
        <LayersBox editor={editor} />
        <h2 className="side-subtitle">Routes ({Object.keys(model.fire?.connections.routes ?? {}).length})</h2>
        <RouteList fire={model.fire} current={pick.kind === 'route' ? pick.routeId : null} onPick={(id) => showRoute(id)} />
        <RouteWarnings warnings={warnings} onRoute={(id) => showRoute(id)} />
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <ActionButton action={action('fit')} />
          <ApplyBar editor={editor}>
            <ActionButton action={action(DRAW_ROUTE)} />
          </ApplyBar>
          <RoutesOptimize />
        </div>
        <div className="plan-frame">
          <PlanView editor={editor} />
        </div>
      </div>
      <RoutePanel
        model={model}
        pick={pick}
        onPick={showRoute}
        onDeleteRoute={() => {
          if (pick.kind !== 'route') return;
          editor.select(selectRoute(pick.routeId));
          deleteSelected(editor, replace);
          editor.select(NOTHING);
        }}
        onDeleteNode={action('delete').run}
        onAddStoreySlice={addStoreySlice}
        busy={drawing !== null}
      />
    </section>
  );
}
