import type { Model, Route, RouteNode } from '@edrf/model';
import { testModel } from '../../../../editor/arch/test-arch';
import { createFireConfigForTest, testDetectors } from '../test-fire';
import { testSection } from '../sections/test-sections';

export const free = (x: number, y: number, z = 2.95): RouteNode => ({ unit_id: '', coord: [x, y, z] });
export const on = (unit_id: string, x: number, y: number, z = 2.95): RouteNode => ({ unit_id, coord: [x, y, z] });

/**
 * The test arch (s0 floor 0 top 3: kitchen 0..4 × 0..3, office 4..7 × 0..3; s1 floor 3 top 6) with a fire module: rack
 * rk1 at (0.5, 0.5) holding central c1 (sbf-central-2: 180 mA, 24 V, 126 units), detectors d1 (1, 1), d2 (3, 2), d3
 * (5.5, 1.5) on s0 and d4 on s1, a siren si1 at (6, 1); d1 has address 1 in section 'section-1'. Loop 'loop-1' runs
 * rk1 → (1, 0.5) → d1 → (2, 2) → d2 → (3, 0.5) → rk1 on s0. Route 'r2' (Direct) runs on s0 from (4.5, 2.5) to
 * (5.5, 2.5) and on s1 from (5.5, 2.5, 5.9) to (6.5, 2.5, 5.9). Central c1 lists both.
 */
export function routesModel(): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const fire = model.fire!;
  fire.units.racks = {
    rk1: { id: 'rk1', storey_id: 's0', coord: [0.5, 0.5, 0.1], label: '+D1', angle: 0, size: [46, 220], physical: true },
  };
  fire.units.detectors = testDetectors('sbf-smoke');

  fire.units.sirens = { si1: { id: 'si1', storey_id: 's0', product_id: 'sbf-sounder', coord: [6, 1, 2.95], angle: 0, locked_to: '' } };
  fire.connections.centrals = {
    c1: {
      id: 'c1',
      product_id: 'sbf-central-2',
      rack_id: 'rk1',
      rack_pos: [3, 3],
      connections: ['loop-1', 'r2'],
      main_central: true,
      extensions: [],
    },
  };
  const loop: Route = {
    id: 'loop-1',
    product_id: 'sbf-cable-1',
    kind: 'Loop',
    slices: [
      {
        storey_id: 's0',
        nodes: [on('rk1', 0.5, 0.5, 0.1), free(1, 0.5), on('d1', 1, 1), free(2, 2), on('d2', 3, 2), free(3, 0.5), on('rk1', 0.5, 0.5, 0.1)],
      },
    ],
  };
  const direct: Route = {
    id: 'r2',
    product_id: 'sbf-cable-1',
    kind: 'Direct',
    slices: [
      { storey_id: 's0', nodes: [free(4.5, 2.5), free(5.5, 2.5)] },
      { storey_id: 's1', nodes: [free(5.5, 2.5, 5.9), free(6.5, 2.5, 5.9)] },
    ],
  };
  fire.connections.routes = { 'loop-1': loop, r2: direct };
  fire.sections = { 'section-1': testSection('section-1', '1', ['k'], { d1: 1 }) };
  return model;
}

/** routesModel with a riser tray from s0 (6.5, 0.5, 2.5) up to s1 (6.5, 0.5, 3.5). */
export function withRiser(model: Model): Model {
  return {
    ...model,
    elec: { trays: { t1: { id: 't1', storey_id: 's0', to_storey_id: 's1', start: [6.5, 0.5, 2.5], end: [6.5, 0.5, 3.5], width: 0.3 } } },
  };
}
