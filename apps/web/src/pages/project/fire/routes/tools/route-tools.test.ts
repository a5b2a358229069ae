import { afterEach, describe, expect, it } from 'vitest';
import { alertsStore } from '../../../../../ui/alerts';
import { HARNESS_PAGE, planHarness } from '../../../../../editor/harness';
import { applyEdits } from '../../../../../state/history';
import { routesLayers, routesPainters } from '../layers/route-layers';
import { pickOf } from '../route-selection';
import { routesModel } from '../test-routes';
import { routeActions } from './route-commands';
import { startRouteDrawing } from './route-draw';
import { RouteSelectTool } from './route-select';

const harness = () => {
  const h = planHarness(
    { layers: routesLayers(), defaultTool: () => new RouteSelectTool(), painters: routesPainters() },
    routesModel(),
    's0',
  );
  const replace = (requests: readonly Parameters<typeof applyEdits>[1][number][]) =>
    h.store.replaceModel(applyEdits(h.model, requests).model, HARNESS_PAGE);
  h.editor.setActions(routeActions(h.editor, () => false, replace));
  return {
    ...h,
    replace,
    get model() {
      return h.store.getState().model;
    },
  };
};
const toasts = () => alertsStore.get().map((a) => a.msg);

afterEach(() => alertsStore.set([]));

describe('the routes page’s tools', () => {
  it('clicks step from the route to the slice under the pointer to a node of it; nothing clears', () => {
    const h = harness();
    h.click([1.5, 1.5]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'route', routeId: 'loop-1', slice: null, node: null });
    h.click([1.5, 1.5]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'route', routeId: 'loop-1', slice: 0, node: null });
    h.click([2, 2]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'route', routeId: 'loop-1', slice: 0, node: 3 });
    h.click([2, -2]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'none' });
  });

  it('drags a free node of the selected slice, one undo step; a node on a unit stays', () => {
    const h = harness();
    h.click([1.5, 1.5]);
    h.click([1.5, 1.5]);
    h.drag([2, 2], [2, 2.6]);
    expect(h.model.fire!.connections.routes['loop-1']!.slices[0]!.nodes[3]!.coord).toEqual([2, 2.6, 2.95]);
    h.drag([1, 1], [1.5, 2.5]);
    expect(h.model.fire!.connections.routes['loop-1']!.slices[0]!.nodes[2]!.coord).toEqual([1, 1, 2.95]);
    h.undo();
    expect(h.model.fire!.connections.routes['loop-1']!.slices[0]!.nodes[3]!.coord).toEqual([2, 2, 2.95]);
  });

  it('Delete removes an inner node and refuses an end node', () => {
    const h = harness();
    h.click([1.5, 1.5]);
    h.click([1.5, 1.5]);
    h.click([2, 2]);
    h.key('Delete');
    expect(h.model.fire!.connections.routes['loop-1']!.slices[0]!.nodes).toHaveLength(6);
    h.click([0.75, 0.5]);
    h.click([0.5, 0.5]);
    expect(pickOf(h.editor.selection, h.model)).toMatchObject({ slice: 0, node: 0 });
    h.key('Delete');
    expect(toasts()).toContain('Only inner nodes may be deleted');
    expect(h.model.fire!.connections.routes['loop-1']!.slices[0]!.nodes).toHaveLength(6);
  });

  it('draws a route: clicks, Enter makes it (units attach); Escape aborts', () => {
    const h = harness();
    startRouteDrawing(h.editor, h.replace);
    h.click([3.05, 2]);
    h.click([4.5, 0.5]);
    h.click([5.5, 1.45]);
    h.key('Enter');
    const made = h.model.fire!.connections.routes['route-1']!;
    expect(made.slices[0]!.nodes.map((n) => n.unit_id)).toEqual(['d2', '', 'd3']);
    expect(pickOf(h.editor.selection, h.model)).toMatchObject({ routeId: 'route-1' });
    startRouteDrawing(h.editor, h.replace);
    h.click([4.5, 2.5]);
    h.click([6, 2.5]);
    h.key('Escape');
    expect(Object.keys(h.model.fire!.connections.routes)).toEqual(['loop-1', 'r2', 'route-1']);
    h.undo();
    expect(h.model.fire!.connections.routes['route-1']).toBeUndefined();
  });
});
