import { describe, expect, it } from 'vitest';
import type { Route } from '@edrf/model';
import { routesModel } from '../test-routes';
import { routesLayer } from './route-layers';
import { KIND_COLOURS, LOOP_PALETTE } from './route-colours';

/** The colours the routes layer draws each route of the model in, by route id (the layer's items and its style). */
function drawnColours(model: ReturnType<typeof routesModel>, storeyId = 's0'): Record<string, string> {
  const out: Record<string, string> = {};
  routesLayer.items(model, storeyId, (_source, _depends, build) => {
    const item = build();
    if (item) out[item.ref.id] = routesLayer.style(item.styleKey).stroke!;
  });
  return out;
}

const loop = (id: string, base: Route): Route => ({ ...base, id });

describe('each loop its own colour (issue 34)', () => {
  it('draws ten loops in eight distinct colours by their natural order, other kinds in their kind’s colour', () => {
    const model = routesModel();
    const routes = model.fire!.connections.routes;
    const base = routes['loop-1']!;
    // loop-1 … loop-10, added out of order: 'loop-10' is the tenth, after 'loop-9'.
    for (const n of [10, 3, 2, 9, 4, 8, 5, 7, 6]) routes[`loop-${n}`] = loop(`loop-${n}`, base);
    const drawn = drawnColours(model);
    const loops = Array.from({ length: 10 }, (_, k) => drawn[`loop-${k + 1}`]!);
    // The first eight differ from each other and from the other kinds' and the selection's colours.
    expect(new Set(loops.slice(0, 8)).size).toBe(8);
    for (const colour of loops) expect([KIND_COLOURS.Direct, KIND_COLOURS.RackToRack, '#1d4ed8', '#dc2626']).not.toContain(colour);
    // Past eight the palette starts again.
    expect(loops[8]).toBe(loops[0]);
    expect(loops[9]).toBe(loops[1]);
    expect(loops.slice(0, 8)).toEqual([...LOOP_PALETTE]);
    expect(drawn['r2']).toBe(KIND_COLOURS.Direct);
  });

  it('keeps a loop’s colour on every storey and moves the others up when one is deleted', () => {
    const model = routesModel();
    const routes = model.fire!.connections.routes;
    const base = routes['loop-1']!;
    routes['loop-2'] = loop('loop-2', base);
    routes['loop-3'] = { ...loop('loop-3', base), slices: [{ storey_id: 's1', nodes: base.slices[0]!.nodes }] };
    expect(drawnColours(model, 's1')['loop-3']).toBe(LOOP_PALETTE[2]);
    delete routes['loop-2'];
    expect(drawnColours(model, 's1')['loop-3']).toBe(LOOP_PALETTE[1]);
    expect(drawnColours(model, 's0')['loop-1']).toBe(LOOP_PALETTE[0]);
  });
});
