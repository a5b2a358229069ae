import { describe, expect, it } from 'vitest';
import { fireSchema, type Model, type Route } from '@edrf/model';
import { applyEdits, type EditRequest } from '../../../../state/history';
import {
  addStoreySliceEdits,
  deleteNodeEdits,
  deleteRouteEdits,
  moveNodeEdits,
  newRouteEdits,
  tidyRoute,
  type RouteEdit,
} from './route-edits';
import { free, on, routesModel, withRiser } from './test-routes';

const applied = (model: Model, edit: RouteEdit | { requests: EditRequest[] } | { refused: string }): Model => {
  if ('refused' in edit) throw new Error(edit.refused);
  const next = applyEdits(model, edit.requests).model;
  // Every edit leaves a fire model the schema and its refinements accept.
  expect(fireSchema.safeParse(next.fire).success).toBe(true);
  return next;
};
const route = (model: Model, id: string) => model.fire!.connections.routes[id];
const ids = (r: Route | undefined) =>
  r?.slices.map((s) => `${s.storey_id}:${s.nodes.map((n) => n.unit_id || `${n.coord[0]},${n.coord[1]}`).join(' ')}`);

describe('tidyRoute (F§4 rules)', () => {
  const base: Route = { id: 'x', product_id: '', kind: 'Direct', slices: [] };

  it('merges near-duplicate nodes (under 0.1), keeping the one on a unit', () => {
    const r = tidyRoute({ ...base, slices: [{ storey_id: 's0', nodes: [free(0, 0), free(2, 0), on('d1', 2.05, 0), free(4, 0)] }] });
    expect(ids(r!)).toEqual(['s0:0,0 d1 4,0']);
    // Two units never merge, however close.
    expect(ids(tidyRoute({ ...base, slices: [{ storey_id: 's0', nodes: [on('a', 0, 0), on('b', 0.05, 0)] }] })!)).toEqual(['s0:a b']);
  });

  it('removes slices with fewer than 2 nodes and merges adjacent slices on one storey', () => {
    const r = tidyRoute({
      ...base,
      slices: [
        { storey_id: 's0', nodes: [free(0, 0), free(1, 0)] },
        { storey_id: 's1', nodes: [free(1, 0), free(1, 0.05)] },
        { storey_id: 's0', nodes: [free(1, 0.02), free(3, 0)] },
      ],
    });
    expect(ids(r!)).toEqual(['s0:0,0 1,0 3,0']);
  });

  it('answers null when no slice is left: the route is deleted', () => {
    expect(tidyRoute({ ...base, slices: [{ storey_id: 's0', nodes: [free(0, 0), free(0.05, 0)] }] })).toBeNull();
  });
});

describe('deleting nodes and routes', () => {
  it('deletes an inner node, one request on the route', () => {
    const model = routesModel();
    const next = applied(model, deleteNodeEdits(model, 'loop-1', 0, 3));
    expect(ids(route(next, 'loop-1'))).toEqual(['s0:rk1 1,0.5 d1 d2 3,0.5 rk1']);
  });

  it('refuses the first and the last node: only inner nodes may be deleted', () => {
    const model = routesModel();
    expect(deleteNodeEdits(model, 'loop-1', 0, 0)).toEqual({ refused: 'Only inner nodes may be deleted' });
    expect(deleteNodeEdits(model, 'r2', 1, 1)).toEqual({ refused: 'Only inner nodes may be deleted' });
  });

  it('a slice left with one node goes; a route keeps its other slices', () => {
    const model = routesModel();
    const next = applied(model, deleteNodeEdits(model, 'r2', 0, 1));
    expect(ids(route(next, 'r2'))).toEqual(['s1:5.5,2.5 6.5,2.5']);
  });

  it('deleting a route takes it out of its rack units’ connections (the model’s cascade)', () => {
    const model = routesModel();
    const next = applied(model, { requests: deleteRouteEdits(model, 'r2') });
    expect(route(next, 'r2')).toBeUndefined();
    expect(next.fire!.connections.centrals.c1!.connections).toEqual(['loop-1']);
  });
});

describe('Add storey slice', () => {
  it('splits the slice at an inner free node and goes up to the other storey and back down', () => {
    const model = routesModel();
    const next = applied(model, addStoreySliceEdits(model, 'loop-1', 0, 3, 's1'));
    const r = route(next, 'loop-1')!;
    expect(r.slices.map((s) => s.storey_id)).toEqual(['s0', 's1', 's0']);
    expect(ids(r)![0]).toBe('s0:rk1 1,0.5 d1 2,2');
    // Up at (2, 2) to s1 at the same height above its floor; back down half the next leg (1 m, to d2) on.
    expect(r.slices[1]!.nodes.map((n) => n.coord)).toEqual([
      [2, 2, 5.95],
      [2.5, 2, 5.95],
    ]);
    expect(r.slices[2]!.nodes[0]!.coord).toEqual([2.5, 2, 2.95]);
  });

  it('needs an inner free node and at least 2 storeys', () => {
    const model = routesModel();
    expect('refused' in addStoreySliceEdits(model, 'loop-1', 0, 2, 's1')).toBe(true);
    expect('refused' in addStoreySliceEdits(model, 'loop-1', 0, 0, 's1')).toBe(true);
    const one = { ...model, arch: { ...model.arch, storeys: { s0: model.arch.storeys.s0! } } };
    expect(addStoreySliceEdits(one, 'loop-1', 0, 3, 's1')).toEqual({ refused: 'Add storey slice needs at least 2 storeys' });
  });
});

describe('dragging a node', () => {
  it('moves a free node; a node on a unit is locked to it', () => {
    const model = routesModel();
    const next = applied(model, moveNodeEdits(model, 'loop-1', 0, 3, [2, 1.5]));
    expect(route(next, 'loop-1')!.slices[0]!.nodes[3]!.coord).toEqual([2, 1.5, 2.95]);
    expect(moveNodeEdits(model, 'loop-1', 0, 2, [2, 1.5])).toEqual({ refused: 'A node on a unit is locked to it' });
  });

  it('a node dropped within 0.1 of its neighbour merges with it', () => {
    const model = routesModel();
    const next = applied(model, moveNodeEdits(model, 'loop-1', 0, 3, [2.96, 2.04]));
    expect(ids(route(next, 'loop-1'))).toEqual(['s0:rk1 1,0.5 d1 d2 3,0.5 rk1']);
  });

  it('near a tray end that climbs to another storey (0.1) it snaps and adds a slice on the connected storey', () => {
    const model = withRiser(routesModel());
    const next = applied(model, moveNodeEdits(model, 'loop-1', 0, 5, [6.45, 0.55]));
    const r = route(next, 'loop-1')!;
    expect(r.slices.map((s) => s.storey_id)).toEqual(['s0', 's1', 's0']);
    expect(r.slices[0]!.nodes.at(-1)!.coord.slice(0, 2)).toEqual([6.5, 0.5]);
    expect(r.slices[1]!.nodes[0]!.coord).toEqual([6.5, 0.5, 3.5]);
  });

  it('without trays (or farther than 0.1) the node only moves', () => {
    const model = routesModel();
    expect(ids(route(applied(model, moveNodeEdits(model, 'loop-1', 0, 5, [6.45, 0.55])), 'loop-1'))).toHaveLength(1);
    const riser = withRiser(model);
    expect(ids(route(applied(riser, moveNodeEdits(riser, 'loop-1', 0, 5, [6.3, 0.5])), 'loop-1'))).toHaveLength(1);
  });
});

describe('drawing a route', () => {
  it('attaches points near a unit (0.2), each unit at most once, with the first Copper cable', () => {
    const model = routesModel();
    const made = newRouteEdits(model, 's0', [
      [1.1, 1.1],
      [2, 0.5],
      [1.05, 0.95],
      [3.15, 2],
    ]);
    if ('refused' in made) throw new Error(made.refused);
    expect(made.id).toBe('route-1');
    const next = applied(model, made);
    const r = route(next, 'route-1')!;
    expect(r.kind).toBe('Direct');
    expect(r.product_id).toBe('sbf-cable-1');
    // d1 once: the second point near it stays free under the ceiling (top 3 − 0.05).
    expect(r.slices[0]!.nodes.map((n) => n.unit_id)).toEqual(['d1', '', '', 'd2']);
    expect(r.slices[0]!.nodes[2]!.coord).toEqual([1.05, 0.95, 2.95]);
  });

  it('needs at least 2 points, after near-duplicates merge', () => {
    const model = routesModel();
    expect(newRouteEdits(model, 's0', [[2, 0.5]])).toEqual({ refused: 'A route needs at least 2 points' });
    expect(
      newRouteEdits(model, 's0', [
        [2, 0.5],
        [2.05, 0.5],
      ]),
    ).toEqual({ refused: 'A route needs at least 2 points' });
  });

  it('warns No copper cable found without a Copper cable product', () => {
    const model = routesModel();
    model.fire!.config.products.cables = model.fire!.config.products.cables.filter((c) => c.type !== 'Copper');
    expect(
      newRouteEdits(model, 's0', [
        [2, 0.5],
        [3, 0.5],
      ]),
    ).toEqual({ refused: 'No copper cable found' });
  });
});
