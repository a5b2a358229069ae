// POST /api/v1/calc_fire_rack_to_rack_routes (F§7, issue 25): cables between racks routed in the compute pool; its refusals.
import { describe, expect, it } from 'vitest';
import { calcFireRackToRackRoutes } from '@edrf/fire';
import { archSchema, elecSchema, fireConnectionsSchema, fireSchema } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { fireCall } from '../support/fire-app.js';
import { corridorArch } from '../support/shapes.js';

const arch = corridorArch;
const elec = () => ({ trays: { t: { id: 't', storey_id: 'g', start: [0, 6, 2.7], end: [20, 6, 2.7] } } });
const rack = (id: string, x: number, y: number) => ({ id, storey_id: 'g', coord: [x, y, 0.1], label: id });
const racks = () => ({ r1: rack('r1', 2, 2), r2: rack('r2', 18, 2), r3: rack('r3', 10, 6) });

describe.each(testDatabases())('calc_fire_rack_to_rack_routes (%s)', (kind) => {
  const { app, post } = fireCall(kind, '/api/v1/calc_fire_rack_to_rack_routes');
  const fire = (units: object = { racks: racks() }) => ({ config: app.config, units });

  it('answers the connections with a ring of RackToRack routes through three racks, as the engine makes them', async () => {
    const res = await post({ arch: arch(), elec: elec(), fire: fire() });
    expect(res.status).toBe(200);
    const connections = fireConnectionsSchema.parse(res.body);
    const routes = Object.values(connections.routes);
    expect(routes).toHaveLength(3);
    expect(routes.every((r) => r.kind === 'RackToRack' && r.product_id === app.config.products.cables[0]!.id)).toBe(true);
    const ends = routes.map((r) => [r.slices[0]!.nodes[0]!.unit_id, r.slices.at(-1)!.nodes.at(-1)!.unit_id]);
    expect(ends.flat().sort()).toEqual(['r1', 'r1', 'r2', 'r2', 'r3', 'r3']);
    // The same as the engine run here (the route parses the model with the schema's defaults first).
    expect(res.body).toEqual(
      calcFireRackToRackRoutes({ arch: archSchema.parse(arch()), elec: elecSchema.parse(elec()), fire: fireSchema.parse(fire()) }),
    );
  });

  it('works without elec (no trays)', async () => {
    const res = await post({ arch: arch(), fire: fire({ racks: { r1: rack('r1', 2, 2), r2: rack('r2', 18, 2) } }) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.routes)).toHaveLength(1);
  });

  it("refuses a model without racks: 400 'No fire rack found!'", async () => {
    const res = await post({ arch: arch(), fire: fire({}) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('No fire rack found!');
  });

  it.each([
    ['no fire', () => ({ arch: arch() }), 'fire: '],
    [
      'a room with a bad outline',
      () => ({ arch: { ...arch(), rooms: { a: { id: 'a', shape: { exterior: 'x' } } } }, fire: fire() }),
      'arch.rooms.a.shape.exterior: ',
    ],
    [
      'a tray with a bad width',
      () => ({ arch: arch(), elec: { trays: { t: { ...elec().trays.t, width: -1 } } }, fire: fire() }),
      'elec.trays.t.width: ',
    ],
    [
      'a rack without a coordinate',
      () => ({ arch: arch(), fire: fire({ racks: { r1: { id: 'r1', storey_id: 'g' } } }) }),
      'fire.units.racks.r1.coord: ',
    ],
  ])('refuses %s (400), naming the path', async (_name, body, detail) => {
    const res = await post(body());
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('refuses malformed JSON (400) and anyone not signed in (401)', async () => {
    const bad = await app.t.call('POST', '/api/v1/calc_fire_rack_to_rack_routes', { cookie: app.cookie, body: '{"arch":' });
    expect(bad.status).toBe(400);
    const anonymous = await post({ arch: arch(), fire: fire() }, { anonymous: true });
    expect(anonymous.status).toBe(401);
  });
});
