// A small designed building for the schematics' tests, every figure set by hand: two storeys; on the first a rack
// (+D1 Skåp 1) with the main central, a power supply and an alarm transmitter, and loop-1 through zones 1 and 2 back to
// it; loop-2 rises from it to the second storey's zone 3 and ends there (no return: Class B); on the second a rack
// (+D2 Skåp 2) with a second central, networked to the first, feeding a repeater panel.
import { configSchema, CURRENT_SCHEMA, elecSchema, fireSchema, type Model, type Regulation } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { makeArch, rect } from '@edrf/fire/testing';
import { node, placed } from '../test-support/model.js';

export const STOREY_NAMES = ['Plan 1 – entré', 'Plan 2'];

export function riserTestModel(regulation: Regulation): Model {
  const arch = makeArch([
    {
      id: 'P1',
      rooms: [
        { id: 'A', name: 'Kontor Å', exterior: rect(0, 0, 20, 10) },
        { id: 'B', name: 'Förråd', exterior: rect(20, 0, 20, 10) },
      ],
    },
    { id: 'P2', rooms: [{ id: 'C', name: 'Hall', exterior: rect(0, 0, 40, 10) }] },
  ]);
  arch.storeys.P1!.name = STOREY_NAMES[0]!;
  arch.storeys.P2!.name = STOREY_NAMES[1]!;
  const config = createFireConfig(regulation);
  const p = config.products;
  const pick = <T extends { id: string }>(list: readonly T[], suffix: string) => list.find((x) => x.id.endsWith(suffix))!.id;
  const smoke = pick(p.detectors, '-smoke');
  const heat = p.detectors.find((d) => d.type === 'Heat')!.id;
  const fire = fireSchema.parse({
    config,
    units: {
      racks: {
        r1: { id: 'r1', storey_id: 'P1', coord: [1, 1, 0.1], label: 'Skåp 1', physical: true },
        r2: { id: 'r2', storey_id: 'P2', coord: [39, 9, 3.1], label: 'Skåp 2', physical: true },
      },
      detectors: {
        d1: placed('d1', 'P1', 4, 5, 2.9, smoke),
        d2: placed('d2', 'P1', 10, 5, 2.9, smoke),
        d3: placed('d3', 'P1', 16, 5, 2.9, smoke),
        d4: placed('d4', 'P1', 16, 8, 2.9, smoke),
        d5: placed('d5', 'P1', 25, 5, 2.9, heat),
        d6: placed('d6', 'P1', 31, 5, 2.9, smoke),
        d7: placed('d7', 'P1', 37, 5, 2.9, smoke),
        d8: placed('d8', 'P2', 5, 5, 5.9, smoke),
        d9: placed('d9', 'P2', 15, 5, 5.9, smoke),
        d10: placed('d10', 'P2', 35, 5, 5.9, smoke),
      },
      sirens: {
        s1: placed('s1', 'P1', 10, 9, 2.5, p.sirens[0]!.id),
        s2: placed('s2', 'P2', 30, 9, 5.5, p.sirens[0]!.id),
      },
      buttons: {
        b1: placed('b1', 'P1', 12, 0.3, 1.4, p.buttons[0]!.id),
        b2: placed('b2', 'P2', 20, 0.3, 4.4, p.buttons[0]!.id),
      },
      ios: {
        io1: { ...placed('io1', 'P2', 25, 9, 5.9, p.ios[0]!.id), outputs: [{ first: '1', second: 'NO', description: 'Dörrstängning' }] },
      },
      others: { ann1: { ...placed('ann1', 'P2', 38, 8, 4.5, pick(p.other_units, '-annunciator')), unit_type: 'annunciator' } },
    },
    connections: {
      rooms: {
        A: { id: 'A', name: 'Kontor Å', label: '+D1', racks: ['r1'] },
        C: { id: 'C', name: 'Hall', label: '+D2', racks: ['r2'] },
      },
      centrals: {
        c1: { id: 'c1', rack_id: 'r1', rack_pos: [0, 0], product_id: p.centrals[0]!.id, main_central: true },
        c2: { id: 'c2', rack_id: 'r2', rack_pos: [0, 0], product_id: p.centrals[1]!.id },
      },
      power_supplies: { psu1: { id: 'psu1', rack_id: 'r1', rack_pos: [0, 25], product_id: p.power_supplies[0]!.id } },
      others: {
        tx1: {
          id: 'tx1',
          rack_id: 'r1',
          rack_pos: [12, 25],
          product_id: pick(p.other_rack_products, '-transmitter-ip'),
          unit_type: 'AlarmTransmitter',
        },
      },
      routes: {
        'loop-1': {
          id: 'loop-1',
          product_id: p.cables[0]!.id,
          kind: 'Loop',
          slices: [
            {
              storey_id: 'P1',
              nodes: [
                node('r1', 1, 1, 2.9),
                node('d1', 4, 5, 2.9),
                node('d2', 10, 5, 2.9),
                node('s1', 10, 9, 2.9),
                node('b1', 12, 0.3, 2.9),
                node('d3', 16, 5, 2.9),
                node('d4', 16, 8, 2.9),
                node('d5', 25, 5, 2.9),
                node('d6', 31, 5, 2.9),
                node('d7', 37, 5, 2.9),
                node('', 37, 1, 2.9),
                node('r1', 1, 1, 2.9),
              ],
            },
          ],
        },
        'loop-2': {
          id: 'loop-2',
          product_id: p.cables[1]!.id,
          kind: 'Loop',
          slices: [
            { storey_id: 'P1', nodes: [node('r1', 1, 1, 2.9), node('', 1, 1, 3)] },
            {
              storey_id: 'P2',
              nodes: [
                node('', 1, 1, 3),
                node('d8', 5, 5, 5.9),
                node('d9', 15, 5, 5.9),
                node('b2', 20, 0.3, 5.9),
                node('io1', 25, 9, 5.9),
                node('s2', 30, 9, 5.9),
                node('d10', 35, 5, 5.9),
              ],
            },
          ],
        },
        'rack-route-1': {
          id: 'rack-route-1',
          product_id: p.cables[0]!.id,
          kind: 'RackToRack',
          slices: [
            { storey_id: 'P1', nodes: [node('r1', 1, 1, 0.1), node('', 1, 1, 3)] },
            { storey_id: 'P2', nodes: [node('', 1, 1, 3), node('r2', 39, 9, 3.1)] },
          ],
        },
      },
    },
    sections: {
      z1: { id: 'z1', name: '1', parts: [{ room_id: 'A' }], addresses: { d1: 1, d2: 2, s1: 3, b1: 4, d3: 5, d4: 6 } },
      z2: { id: 'z2', name: '2', parts: [{ room_id: 'B' }], addresses: { d5: 1, d6: 2, d7: 3 } },
      z3: { id: 'z3', name: '3', parts: [{ room_id: 'C' }], addresses: { d8: 1, d9: 2, b2: 3, io1: 4, s2: 5, d10: 6 } },
    },
  });
  if (regulation === 'Sbf1108')
    fire.config.sbf = {
      ...fire.config.sbf!,
      transfer_type: 'IP',
      transfer_transmitter_type: 'X200',
      transfer_transmitter_number: '4711',
      transfer_receiver: 'SOS Alarm',
    };
  return {
    config: configSchema.parse({ name: 'Kv. Ugglan', address: 'Storgatan 1, Växjö', owner: 'Fastighets AB Ω' }),
    arch,
    elec: elecSchema.parse({}),
    fire,
    edrf_schema: CURRENT_SCHEMA,
  };
}

/**
 * A building of `racks` racks, each with a central and `loops` loops (rack i has `wide` loops where i is `wideRack`),
 * racks on three storeys in turn and joined in a ring: more than one sheet holds, for the continuation tests. Each loop
 * has three smoke detectors in a zone of its own on its rack's storey and one on the storey above (the top storey's
 * on the first); no room is drawn round them.
 */
export function manyLoopsModel(regulation: Regulation, racks: number, loops: number, wideRack = -1, wide = loops): Model {
  const arch = makeArch(
    ['E0', 'E1', 'E2'].map((id) => ({ id, rooms: [{ id: `room-${id}`, name: `Hall ${id}`, exterior: rect(0, 0, 200, 100) }] })),
  );
  ['Entréplan', 'Plan 1', 'Plan 2'].forEach((name, i) => (arch.storeys[`E${i}`]!.name = name));
  const config = createFireConfig(regulation);
  const p = config.products;
  const units: Record<string, Record<string, unknown>> = { racks: {}, detectors: {} };
  const centrals: Record<string, unknown> = {};
  const routes: Record<string, unknown> = {};
  const sections: Record<string, unknown> = {};
  let loopNo = 0;
  for (let r = 0; r < racks; r++) {
    const storey = r % 3;
    const z = storey * 3;
    const rack = `r${r + 1}`;
    const at = [5 + r * 6, 5, z + 0.1];
    units.racks![rack] = { id: rack, storey_id: `E${storey}`, coord: at, label: `Skåp ${r + 1}` };
    centrals[`c${r + 1}`] = { id: `c${r + 1}`, rack_id: rack, rack_pos: [0, 0], product_id: p.centrals[1]!.id, main_central: r === 0 };
    for (let l = 0; l < (r === wideRack ? wide : loops); l++) {
      const id = `loop-${++loopNo}`;
      const above = storey === 2 ? 0 : storey + 1;
      const ids = [0, 1, 2, 3].map((k) => `d${loopNo}-${k}`);
      const nodes: { unit_id: string; coord: number[] }[] = [{ unit_id: rack, coord: [at[0]!, at[1]!, z + 2.9] }];
      ids.forEach((d, k) => {
        const s = k < 3 ? storey : above;
        const coord = [10 + l * 8, 10 + k * 5, s * 3 + 2.9];
        units.detectors![d] = { id: d, storey_id: `E${s}`, coord, product_id: p.detectors[0]!.id };
        nodes.push({ unit_id: d, coord });
      });
      nodes.push({ unit_id: rack, coord: [at[0]!, at[1]!, z + 2.9] });
      routes[id] = { id, product_id: p.cables[0]!.id, kind: 'Loop', slices: [{ storey_id: `E${storey}`, nodes }] };
      sections[`z${loopNo}`] = { id: `z${loopNo}`, name: String(loopNo), addresses: Object.fromEntries(ids.map((d, k) => [d, k + 1])) };
    }
    const next = `r${((r + 1) % racks) + 1}`;
    if (racks > 1 && (r < racks - 1 || racks > 2))
      routes[`rack-route-${r + 1}`] = {
        id: `rack-route-${r + 1}`,
        product_id: p.cables[0]!.id,
        kind: 'RackToRack',
        slices: [
          {
            storey_id: `E${storey}`,
            nodes: [
              { unit_id: rack, coord: at },
              { unit_id: next, coord: at },
            ],
          },
        ],
      };
  }
  const fire = fireSchema.parse({ config, units, connections: { centrals, routes }, sections });
  return {
    config: configSchema.parse({ name: 'Kv. Tornet', address: 'Storgatan 2, Växjö', owner: 'Fastighets AB' }),
    arch,
    elec: elecSchema.parse({}),
    fire,
    edrf_schema: CURRENT_SCHEMA,
  };
}
