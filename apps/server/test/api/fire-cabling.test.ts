// POST /api/v1/calc_fire_cabling (F§7, issue 26): the loops of every central in the compute pool; its refusals.
import { describe, expect, it } from 'vitest';
import { calcFireCabling, type FireCablingResult } from '@edrf/fire';
import { archSchema, fireSchema } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { fireCall } from '../support/fire-app.js';
import { rect } from '../support/shapes.js';

const arch = () => ({
  storeys: { g: { id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['hall', 'a'], doors: ['da'] } },
  rooms: {
    hall: { id: 'hall', name: 'Hall', shape: { exterior: rect(0, 5, 20, 3) } },
    a: { id: 'a', name: 'Office', shape: { exterior: rect(0, 0, 20, 5) } },
  },
  doors: { da: { id: 'da', left: [9, 5, 0], right: [10, 5, 0] } },
});
const detector = (id: string, x: number, y: number) => ({ id, storey_id: 'g', product_id: '', coord: [x, y, 2.95], hidden: false });
const rack = { id: 'r1', storey_id: 'g', coord: [1, 6.5, 0.1] };

describe.each(testDatabases())('calc_fire_cabling (%s)', (kind) => {
  const { app, post } = fireCall(kind, '/api/v1/calc_fire_cabling');
  const fire = (racks: object = { r1: rack }) => ({
    config: app.config,
    units: { racks, detectors: { d1: detector('d1', 5, 2.5), d2: detector('d2', 15, 2.5), d3: detector('d3', 10, 6.5) } },
  });

  it('answers one loop from the rack through every detector and back, the same as the engine', async () => {
    const res = await post({ arch: arch(), fire: fire() });
    expect(res.status).toBe(200);
    const answer = res.body as FireCablingResult;
    const loops = Object.values(answer.connections.routes).filter((r) => r.kind === 'Loop');
    expect(loops).toHaveLength(1);
    const locked = loops[0]!.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
    expect(locked[0]).toBe('r1');
    expect(locked.at(-1)).toBe('r1');
    expect(locked.filter((id) => id !== 'r1').sort()).toEqual(['d1', 'd2', 'd3']);
    expect(answer).toEqual(calcFireCabling({ arch: archSchema.parse(arch()), fire: fireSchema.parse(fire()) }));
  });

  it('refuses a model without racks: 400 No fire rack found!', async () => {
    const res = await post({ arch: arch(), fire: fire({}) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('No fire rack found!');
  });

  it.each([
    ['no fire', () => ({ arch: arch() }), 'fire: '],
    [
      'a detector with a coordinate that is not a number',
      () => ({
        arch: arch(),
        fire: { ...fire(), units: { racks: { r1: rack }, detectors: { d: { ...detector('d', 1, 1), coord: [1, 'x', 2] } } } },
      }),
      'fire.units.detectors.d.coord.1: ',
    ],
  ])('refuses %s (400), naming the path', async (_name, body, detail) => {
    const res = await post(body());
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('refuses anyone not signed in (401)', async () => {
    expect((await post({ arch: arch(), fire: fire() }, { anonymous: true })).status).toBe(401);
  });
});
