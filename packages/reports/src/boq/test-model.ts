// A small designed building for the bill's tests, its figures known by hand: two storeys, a rated wall between two
// rooms of the first, two cable routes whose lengths are whole metres (docs in boq.test.ts).
import { fireSchema, wallSchema, type Model, type Regulation } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { node, placed as unit, testModel, twoStoreyArch } from '../test-support/model.js';

export function boqModel(regulation: Regulation): Model {
  const arch = twoStoreyArch('Förråd Å', 'Kontor');
  // The wall between rooms A and B, 0.2 m thick, rated.
  arch.walls.w1 = wallSchema.parse({
    id: 'w1',
    shape: {
      exterior: [
        [9.9, 0, 0],
        [10.1, 0, 0],
        [10.1, 5, 0],
        [9.9, 5, 0],
      ],
    },
    fire_rating: 'EI 60',
  });
  arch.storeys.P1!.walls.push('w1');
  const config = createFireConfig(regulation);
  const p = config.products;
  const fire = fireSchema.parse({
    config,
    units: {
      racks: {
        r1: { id: 'r1', storey_id: 'P1', coord: [1, 2.5, 0.1], label: 'Skåp 1', physical: true },
        r2: { id: 'r2', storey_id: 'P2', coord: [1, 2.5, 3.1], label: 'Skåp 2', physical: false },
      },
      detectors: {
        d1: unit('d1', 'P1', 5, 2.5, 2.95, p.detectors[0]!.id),
        d2: unit('d2', 'P1', 15, 2.5, 2.95, p.detectors[0]!.id),
        d3: unit('d3', 'P1', 15, 1, 2.95, p.detectors[1]?.id ?? p.detectors[0]!.id),
        d4: unit('d4', 'P2', 12, 2.5, 5.95, p.detectors[0]!.id),
      },
      sirens: { s1: unit('s1', 'P2', 3, 3, 5.95, p.sirens[0]!.id) },
      buttons: { b1: unit('b1', 'P1', 9, 0.2, 1) },
    },
    connections: {
      rooms: { A: { id: 'A', name: 'Förråd Å', label: '+D1', racks: ['r1'] } },
      centrals: {
        c1: {
          id: 'c1',
          rack_id: 'r1',
          rack_pos: [0, 0],
          product_id: p.centrals[0]!.id,
          main_central: true,
          extensions: p.central_extensions[0] ? [p.central_extensions[0].id] : [],
        },
      },
      plinths: { k1: { id: 'k1', rack_id: 'r1', rack_pos: [0, 30], product_id: p.plinths[0]?.id ?? '' } },
      power_supplies: { ps1: { id: 'ps1', rack_id: 'r2', rack_pos: [0, 0], product_id: p.power_supplies[0]?.id ?? '' } },
      routes: {
        // 4 m to d1, 10 m through the wall to d2, 3 m up, 3 m to d4: 20 m, 4 units.
        loop1: {
          id: 'loop1',
          product_id: p.cables[0]!.id,
          kind: 'Loop',
          slices: [
            { storey_id: 'P1', nodes: [node('r1', 1, 2.5, 2.95), node('d1', 5, 2.5, 2.95), node('d2', 15, 2.5, 2.95)] },
            { storey_id: 'P2', nodes: [node('', 15, 2.5, 5.95), node('d4', 12, 2.5, 5.95)] },
          ],
        },
        // 1 m, 3 m up, 1 m: 5 m, 2 units.
        rr1: {
          id: 'rr1',
          product_id: p.cables[0]!.id,
          kind: 'RackToRack',
          slices: [
            { storey_id: 'P1', nodes: [node('r1', 1, 2.5, 2.95), node('', 2, 2.5, 2.95)] },
            { storey_id: 'P2', nodes: [node('', 2, 2.5, 5.95), node('r2', 1, 2.5, 5.95)] },
          ],
        },
      },
    },
  });
  return testModel(arch, fire);
}
