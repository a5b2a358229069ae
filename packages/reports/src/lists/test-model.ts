// A small designed building for the lists' tests, everything the three lists show placed by hand: two storeys, three
// racks (one of them equipment without a cabinet), two centrals, plinths, a power supply, an alarm transmitter, three
// loops (one from the rack without a central), a rack-to-rack route, a direct route, cables inside a rack, two
// sections with addresses in cable order, a call point addressed on no loop and a detector on a loop without one.
import { fireSchema, type Model } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { inRack as piece, node, placed as unit, testModel, twoStoreyArch } from '../test-support/model.js';

export function listsModel(): Model {
  const arch = twoStoreyArch('Teknikrum', 'Kontor Ö');
  const config = createFireConfig('Sbf1108');
  const fire = fireSchema.parse({
    config,
    units: {
      racks: {
        // Named '+D1' by its room record alone; r2 and r3 carry labels of their own too ('+D3 Skåp 2').
        r1: { id: 'r1', storey_id: 'P1', coord: [1, 2.5, 0.1], label: '', physical: true },
        r2: { id: 'r2', storey_id: 'P2', coord: [1, 2.5, 3.1], label: 'Skåp 2', physical: true },
        r3: { id: 'r3', storey_id: 'P1', coord: [19, 4, 0.1], label: 'Utr 3', physical: false },
      },
      detectors: {
        d1: unit('d1', 'P1', 5, 2.5, 2.95, 'sbf-smoke'),
        d2: unit('d2', 'P1', 15, 2.5, 2.95, 'sbf-smoke'),
        d3: unit('d3', 'P1', 15, 1, 2.95, 'sbf-heat-a1r'),
        d4: unit('d4', 'P2', 12, 2.5, 5.95, 'sbf-multi'),
        d5: unit('d5', 'P2', 3, 3, 5.95, 'sbf-smoke'),
        d6: unit('d6', 'P2', 6, 3, 5.95, 'sbf-smoke'),
        d7: unit('d7', 'P1', 18, 2, 2.95, 'sbf-smoke'),
      },
      sirens: { s1: unit('s1', 'P1', 12, 4, 2.95, 'sbf-sounder') },
      buttons: { b1: unit('b1', 'P1', 9, 0.2, 1, 'sbf-callpoint'), b2: unit('b2', 'P2', 19, 0.2, 4, '') },
      others: { ann1: { ...unit('ann1', 'P2', 18, 4, 4.5, 'sbf-annunciator'), unit_type: 'annunciator' } },
    },
    connections: {
      rooms: {
        A: { id: 'A', name: 'Teknikrum', label: '+D1', racks: ['r1'] },
        B: { id: 'B', name: 'Kontor Ö', label: '+D2', racks: ['r3'] },
        C: { id: 'C', name: 'Hall', label: '+D3', racks: ['r2'] },
      },
      centrals: {
        c1: {
          ...piece('c1', 'r1', [2, 23], 'sbf-central-8', ['cab-1', 'rr1']),
          main_central: true,
          extensions: ['sbf-ext-loop', '', '', '', '', '', 'sbf-ext-network', ''],
        },
        c2: { ...piece('c2', 'r2', [2, 23], 'sbf-central-2', ['rr1', 'direct1']), main_central: false, extensions: ['', '', ''] },
      },
      plinths: {
        // On one shelf, ids against their places: numbered by position, left first (k2 is -X1).
        k1: piece('k1', 'r1', [10, 60], 'sbf-plinth-1'),
        k2: piece('k2', 'r1', [2, 60], 'sbf-plinth-4', ['cab-1']),
      },
      power_supplies: { ps1: piece('ps1', 'r2', [2, 60], 'sbf-psu-5a') },
      others: {
        o1: { ...piece('o1', 'r1', [2, 80], 'sbf-transmitter-ip'), unit_type: 'AlarmTransmitter', comment: 'Till SOS Alarm' },
        o2: { ...piece('o2', 'r3', [2, 2], 'sbf-relay-box'), unit_type: 'Other' },
      },
      cables: {
        'cab-1': { id: 'cab-1', label: 'W1', product_id: 'sbf-cable-2' },
        'cab-2': { id: 'cab-2', label: '', product_id: 'sbf-cable-power' },
      },
      routes: {
        // From +D1 through Teknikrum and Kontor Ö, up to the Hall, back down past the call point to +D1.
        loop1: {
          id: 'loop1',
          product_id: 'sbf-cable-1',
          kind: 'Loop',
          slices: [
            {
              storey_id: 'P1',
              nodes: [
                node('r1', 1, 2.5, 2.95),
                node('d1', 5, 2.5, 2.95),
                node('s1', 12, 4, 2.95),
                node('d2', 15, 2.5, 2.95),
                node('d3', 15, 1, 2.95),
              ],
            },
            { storey_id: 'P2', nodes: [node('', 15, 1, 5.95), node('d4', 12, 2.5, 5.95), node('', 12, 1, 5.95)] },
            { storey_id: 'P1', nodes: [node('', 12, 1, 2.95), node('b1', 9, 0.2, 1), node('r1', 1, 2.5, 2.95)] },
          ],
        },
        loop2: {
          id: 'loop2',
          product_id: 'sbf-cable-1',
          kind: 'Loop',
          slices: [
            {
              storey_id: 'P2',
              nodes: [node('r2', 1, 2.5, 5.95), node('d5', 3, 3, 5.95), node('d6', 6, 3, 5.95), node('r2', 1, 2.5, 5.95)],
            },
          ],
        },
        // From the equipment rack, which holds no central.
        loop3: {
          id: 'loop3',
          product_id: 'sbf-cable-1',
          kind: 'Loop',
          slices: [{ storey_id: 'P1', nodes: [node('r3', 19, 4, 2.95), node('d7', 18, 2, 2.95), node('r3', 19, 4, 2.95)] }],
        },
        rr1: {
          id: 'rr1',
          product_id: 'sbf-cable-2',
          kind: 'RackToRack',
          slices: [
            { storey_id: 'P1', nodes: [node('r1', 1, 2.5, 2.95), node('', 2, 2.5, 2.95)] },
            { storey_id: 'P2', nodes: [node('', 2, 2.5, 5.95), node('r2', 1, 2.5, 5.95)] },
          ],
        },
        direct1: {
          id: 'direct1',
          product_id: 'sbf-cable-2',
          kind: 'Direct',
          slices: [{ storey_id: 'P2', nodes: [node('r2', 1, 2.5, 5.95), node('', 18, 2.5, 5.95), node('ann1', 18, 4, 4.5)] }],
        },
      },
    },
    sections: {
      sec1: { id: 'sec1', name: '1', parts: [{ room_id: 'A' }, { room_id: 'B' }], addresses: { d1: 1, s1: 2, d2: 3, d3: 4, b1: 5, d7: 6 } },
      sec2: { id: 'sec2', name: '2', parts: [{ room_id: 'C' }], addresses: { d4: 1, d5: 2, b2: 3 } },
    },
  });
  return testModel(arch, fire);
}
