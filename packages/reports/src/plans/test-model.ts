// A small designed building for the plan drawings' tests, every figure set by hand (the building is @edrf/fire/testing's
// planBuilding, which the fire engine's revision tests use too): two storeys; the first with an
// entrance hall, a corridor, two offices and a store behind walls and doors, a rack with the main central, a tray
// and a loop; the second one hall printed on two report tiles. Three sections with addresses.
import { fireSchema, type Model, type Regulation } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { planBuilding } from '@edrf/fire/testing';
import { nameStoreys, node, placed as unit, testModel } from '../test-support/model.js';

/** The wall along y = 0 from x = 0 to x = 10 (planBuilding's): exactly 10 m long, for the scale checks. */
export const TEN_METRE_WALL = 'w-south-a';

export const ROOM_NAMES = ['Entré', 'Korridor', 'Kontor 1', 'Kontor 2', 'Förråd Å', 'Hall'];

export function planModel(regulation: Regulation): Model {
  const arch = planBuilding();
  nameStoreys(arch, { P1: 'Plan 1', P2: 'Plan 2' });
  const config = createFireConfig(regulation);
  const p = config.products;
  const smoke = p.detectors.find((d) => d.type === 'Smoke')!.id;
  const heat = p.detectors.find((d) => d.type === 'Heat')?.id ?? smoke;
  const fire = fireSchema.parse({
    config,
    units: {
      racks: { r1: { id: 'r1', storey_id: 'P1', coord: [1, 6.5, 0.1], label: 'Skåp 1', physical: true } },
      detectors: {
        d1: unit('d1', 'P1', 3, 4, 2.95, smoke),
        d2: unit('d2', 'P1', 10, 1.5, 2.95, smoke),
        d3: unit('d3', 'P1', 16, 1.5, 2.95, smoke),
        d4: unit('d4', 'P1', 9.5, 5.5, 2.95, smoke),
        d5: unit('d5', 'P1', 16.5, 5.5, 2.95, smoke),
        d6: unit('d6', 'P1', 23, 4, 2.95, heat),
        d7: unit('d7', 'P2', 6, 4, 5.95, smoke),
        d8: unit('d8', 'P2', 19, 4, 5.95, smoke),
      },
      sirens: { s1: unit('s1', 'P1', 12, 1, 2.95, p.sirens[0]!.id), s2: unit('s2', 'P2', 13, 6, 5.95, p.sirens[0]!.id) },
      buttons: { b1: { ...unit('b1', 'P1', 0.4, 2.6, 1), door_id: 'door-out' } },
      ios: { io1: unit('io1', 'P1', 25.5, 7.5, 0.1, p.ios[0]?.id ?? '') },
    },
    connections: {
      centrals: { c1: { id: 'c1', rack_id: 'r1', rack_pos: [0, 0], product_id: p.centrals[0]!.id, main_central: true } },
      routes: {
        loop1: {
          id: 'loop1',
          product_id: p.cables[0]!.id,
          kind: 'Loop',
          slices: [
            {
              storey_id: 'P1',
              nodes: [
                node('r1', 1, 6.5, 2.95),
                node('d1', 3, 4, 2.95),
                node('', 6, 1.5, 2.95),
                node('d2', 10, 1.5, 2.95),
                node('d3', 16, 1.5, 2.95),
                node('', 23, 1.5, 2.95),
                node('d6', 23, 4, 2.95),
              ],
            },
          ],
        },
      },
    },
    sections: {
      s1: {
        id: 's1',
        name: '1',
        color: '#f6d6a8',
        highlight_color: '#c77d14',
        parts: [{ room_id: 'entre' }, { room_id: 'korridor' }],
        addresses: { d1: 1, d2: 2, d3: 3, s1: 4, b1: 5 },
      },
      s2: {
        id: 's2',
        name: '2',
        color: '#c8e6c9',
        highlight_color: '#2e7d32',
        parts: [{ room_id: 'kontor1' }, { room_id: 'kontor2' }, { room_id: 'forrad' }],
        addresses: { d4: 1, d5: 2, d6: 3, io1: 4 },
      },
      s3: {
        id: 's3',
        name: '3',
        color: '#bbdefb',
        highlight_color: '#1565c0',
        parts: [{ room_id: 'hall' }],
        addresses: { d7: 1, d8: 2, s2: 3 },
      },
    },
  });
  return testModel(arch, fire, {
    config: {
      compass_degrees: 30,
      report_tiles: {
        P2: [
          { min: [-1, -1], max: [13, 9] },
          { min: [13, -1], max: [27, 9] },
        ],
      },
    },
    elec: { trays: { t1: { id: 't1', storey_id: 'P1', start: [6.5, 1.5, 2.8], end: [19.5, 1.5, 2.8], width: 0.3 } } },
  });
}
