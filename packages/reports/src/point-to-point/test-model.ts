// Test support: a BS 5839 building drawn by hand for the point-to-point drawings: a plant room with a rack and the main
// panel, a strip of 5 m rooms along y 0–5 with one device each (a loop of `long` devices, every fifth a sounder, a
// zone per ten rooms) and a second strip along y 10–15 (a short loop of `short` devices, its own zone). Every leg of the
// long loop is 5 m; its return runs 2 m up, back along the strip and 2 m down to the rack.
import { configSchema, CURRENT_SCHEMA, elecSchema, fireSchema, type Model } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { makeArch, rect } from '@edrf/fire/testing';

export const STRIP_ROOM = 5;
export const HEIGHT = 2.8;

export function corridorModel(long: number, short: number): Model {
  const arch = makeArch([
    {
      id: 'g',
      rooms: [
        { id: 'plant', name: 'Plant', exterior: rect(-5, 0, 5, 15) },
        ...Array.from({ length: long }, (_, k) => ({ id: `a${k}`, name: `A${k}`, exterior: rect(k * STRIP_ROOM, 0, STRIP_ROOM, 5) })),
        ...Array.from({ length: short }, (_, k) => ({ id: `b${k}`, name: `B${k}`, exterior: rect(k * STRIP_ROOM, 10, STRIP_ROOM, 5) })),
      ],
    },
  ]);
  arch.storeys.g!.name = 'Ground floor';
  const config = createFireConfig('Bs5839');
  const p = config.products;
  const smoke = p.detectors.find((d) => d.type === 'Smoke')!.id;
  const sounder = p.sirens.find((s) => s.addressable || s.detector_socket)?.id ?? p.sirens[0]!.id;
  const button = p.buttons[0]!.id;
  const detectors: Record<string, unknown> = {};
  const sirens: Record<string, unknown> = {};
  const buttons: Record<string, unknown> = {};
  const at = (x: number, y: number): [number, number, number] => [x, y, HEIGHT];
  const place = (id: string, k: number, x: number, y: number) => {
    const base = { id, storey_id: 'g', coord: at(x, y) };
    if (k % 5 === 4) sirens[id] = { ...base, product_id: sounder };
    else if (k % 7 === 6) buttons[id] = { ...base, product_id: button };
    else detectors[id] = { ...base, product_id: smoke };
  };
  const longIds = Array.from({ length: long }, (_, k) => `a-${k + 1}`);
  const shortIds = Array.from({ length: short }, (_, k) => `b-${k + 1}`);
  longIds.forEach((id, k) => place(id, k, k * STRIP_ROOM + 2.5, 2.5));
  shortIds.forEach((id, k) => place(id, k, k * STRIP_ROOM + 2.5, 12.5));
  const node = (unit_id: string, c: [number, number, number]) => ({ unit_id, coord: c });
  const rack = at(-2.5, 2.5);
  const end = (long - 1) * STRIP_ROOM + 2.5;
  const sections: Record<string, unknown> = {};
  for (let z = 0; z * 10 < long; z++) {
    const ids = longIds.slice(z * 10, z * 10 + 10);
    sections[`z${z + 1}`] = {
      id: `z${z + 1}`,
      name: String(z + 1),
      parts: ids.map((_, i) => ({ room_id: `a${z * 10 + i}` })),
      addresses: Object.fromEntries(ids.map((id, i) => [id, i + 1])),
    };
  }
  const zb = `z${Object.keys(sections).length + 1}`;
  sections[zb] = {
    id: zb,
    name: String(Object.keys(sections).length + 1),
    parts: shortIds.map((_, i) => ({ room_id: `b${i}` })),
    addresses: Object.fromEntries(shortIds.map((id, i) => [id, i + 1])),
  };
  const fire = fireSchema.parse({
    config,
    units: {
      racks: { r1: { id: 'r1', storey_id: 'g', coord: [-2.5, 2.5, 0.1], label: 'Rack 1', physical: true } },
      detectors,
      sirens,
      buttons,
    },
    connections: {
      centrals: { c1: { id: 'c1', rack_id: 'r1', rack_pos: [0, 0], product_id: p.centrals[0]!.id, main_central: true } },
      routes: {
        'loop-1': {
          id: 'loop-1',
          product_id: p.cables[0]!.id,
          kind: 'Loop',
          slices: [
            {
              storey_id: 'g',
              nodes: [
                node('r1', rack),
                ...longIds.map((id, k) => node(id, at(k * STRIP_ROOM + 2.5, 2.5))),
                node('', at(end, 4.5)),
                node('', at(-2.5, 4.5)),
                node('r1', rack),
              ],
            },
          ],
        },
        'loop-2': {
          id: 'loop-2',
          product_id: p.cables[0]!.id,
          kind: 'Loop',
          slices: [
            {
              storey_id: 'g',
              nodes: [
                node('r1', rack),
                node('', at(-2.5, 12.5)),
                ...shortIds.map((id, k) => node(id, at(k * STRIP_ROOM + 2.5, 12.5))),
                node('r1', rack),
              ],
            },
          ],
        },
      },
    },
    sections,
  });
  return {
    config: configSchema.parse({ name: 'Riverside House', address: '1 High Street, Leeds', owner: 'Riverside Estates Ltd' }),
    arch,
    elec: elecSchema.parse({}),
    fire,
    edrf_schema: CURRENT_SCHEMA,
  };
}
