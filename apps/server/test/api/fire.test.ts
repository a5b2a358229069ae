// The fire engine's calls that belong to no project (F§7, P§7): get_fire_hardware, create_fire_config,
// calc_fire_units (run in the compute pool) and cost_model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireConfigSchema, polygonArea, PRODUCT_LISTS, type FireConfig, type Polygon } from '@edrf/model';
import type { FireUnitsResult } from '@edrf/fire';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { rect } from '../support/shapes.js';

/** One storey: a 30 × 20 m office floor and a stairwell, with a door into it and a front door. */
const arch = () => ({
  storeys: {
    g: { id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['office', 'stair'], doors: ['front', 'to-stair'] },
  },
  rooms: {
    office: { id: 'office', name: 'Office', shape: { exterior: rect(0, 0, 30, 20) } },
    stair: { id: 'stair', name: 'Stair', type: 'Stairwell', shape: { exterior: rect(30, 0, 5, 8) } },
  },
  doors: {
    front: { id: 'front', exterior: true, left: [10, 0, 0], right: [11.2, 0, 0] },
    'to-stair': { id: 'to-stair', left: [30, 3, 0], right: [30, 4, 0] },
  },
});

describe.each(testDatabases())('fire engine calls (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.cookieFor('designer@example.com');
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown, opts: { anonymous?: true } = {}) =>
    t.call('POST', `/api/v1/${path}`, { cookie: opts.anonymous ? undefined : cookie, body });
  const configFor = async (regulation: string): Promise<FireConfig> => {
    const res = await post('create_fire_config', { regulation });
    return res.body as FireConfig;
  };

  describe('GET get_fire_hardware', () => {
    it('answers the hardware sets, each with every product list filled', async () => {
      const res = await t.call('GET', '/api/v1/get_fire_hardware', { cookie });
      expect(res.status).toBe(200);
      expect(res.body.products.map((set: { name: string }) => set.name)).toEqual([
        'Generic addressable (SBF 110:8)',
        'Generic addressable (BS 5839)',
        'Generic addressable (NFPA 72)',
      ]);
      for (const set of res.body.products) for (const list of PRODUCT_LISTS) expect(set.products[list].length).toBeGreaterThan(0);
    });

    it('refuses anyone not signed in (401)', async () => {
      const res = await t.call('GET', '/api/v1/get_fire_hardware');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Unauthenticated' });
    });
  });

  describe('POST create_fire_config', () => {
    it.each([
      ['Sbf1108', 6.2, 'object'],
      ['Bs5839', 7.5, 'null'],
      ['Nfpa72', 6.4, 'null'],
    ])('%s: a valid config with its defaults', async (regulation, smokeRadius, sbf) => {
      const res = await post('create_fire_config', { regulation });
      expect(res.status).toBe(200);
      expect(fireConfigSchema.safeParse(res.body).success).toBe(true);
      expect(res.body.regulation).toBe(regulation);
      expect(res.body.unit.detector.Smoke.max_detector_distance).toBe(smokeRadius);
      expect(res.body.sbf === null ? 'null' : typeof res.body.sbf).toBe(sbf);
    });

    it.each([['Din14675'], [''], [7], [null]])('refuses the regulation %j (400)', async (regulation) => {
      const res = await post('create_fire_config', { regulation });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'regulation: Unknown regulation: expected one of Sbf1108, Bs5839, Nfpa72' });
    });

    it('refuses anyone not signed in (401)', async () => {
      const res = await post('create_fire_config', { regulation: 'Sbf1108' }, { anonymous: true });
      expect(res.status).toBe(401);
    });
  });

  describe('POST calc_fire_units', () => {
    it('places detectors, sirens and call points and answers the analysis', async () => {
      const fire = { config: await configFor('Sbf1108') };
      const res = await post('calc_fire_units', { arch: arch(), fire });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { units, validation } = res.body as FireUnitsResult;
      const detectors = Object.values(units.detectors);
      // 600 m² of office at 75 m² a detector, and one in the stairwell.
      expect(detectors.filter((d) => d.coord[0] < 30).length).toBeGreaterThanOrEqual(8);
      expect(detectors.filter((d) => d.coord[0] > 30)).toHaveLength(1);
      for (const d of detectors) expect(d.coord[2]).toBeCloseTo(2.95, 9);
      const officeShapes = detectors.filter((d) => d.coord[0] < 30).flatMap((d) => validation.detector_shapes[d.id] ?? []);
      expect(officeShapes.reduce((sum: number, p: Polygon) => sum + polygonArea(p), 0)).toBeCloseTo(600, 3);
      expect(Object.keys(units.sirens).length).toBeGreaterThan(0);
      const buttons = Object.values(units.buttons);
      expect(buttons.map((b) => b.door_id).sort()).toEqual(['front', 'to-stair']);
      expect(validation.warnings).toEqual([]);
      expect(validation.split_sections).toEqual([]);
    });

    it('keeps the units already placed', async () => {
      const fire = {
        config: await configFor('Bs5839'),
        units: { detectors: { mine: { id: 'mine', storey_id: 'g', coord: [5, 5, 2.9] } } },
      };
      const res = await post('calc_fire_units', { arch: arch(), fire });
      expect(res.status).toBe(200);
      expect(res.body.units.detectors.mine).toEqual({ id: 'mine', storey_id: 'g', product_id: '', coord: [5, 5, 2.9], hidden: false });
    });

    it('with analyze_only places nothing and answers the warnings and coverage of the model’s units', async () => {
      const mine = { id: 'mine', storey_id: 'g', product_id: '', coord: [5, 5, 2.9], hidden: false };
      const fire = { config: await configFor('Bs5839'), units: { detectors: { mine } } };
      const res = await post('calc_fire_units', { arch: arch(), fire, analyze_only: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { units, validation } = res.body as FireUnitsResult;
      expect(units).toEqual({ detectors: { mine }, sirens: {}, buttons: {} });
      expect(Object.keys(validation.detector_shapes)).toEqual(['mine']);
      const ids = validation.warnings.map((w) => w.warning_id);
      expect(ids).toContain('room_not_covered:office');
      expect(ids).toContain('door_without_button:front');
      // The same body without the flag places what is missing.
      const placed = await post('calc_fire_units', { arch: arch(), fire, analyze_only: false });
      expect(Object.keys(placed.body.units.detectors).length).toBeGreaterThan(1);
    });

    it.each([['yes'], [1], [null]])('refuses analyze_only %j (400)', async (flag) => {
      const res = await post('calc_fire_units', { arch: arch(), fire: { config: await configFor('Bs5839') }, analyze_only: flag });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^analyze_only: /);
    });

    it('answers a warning per bad room, and for an empty building', async () => {
      const config = await configFor('Nfpa72');
      const bad = arch();
      bad.rooms.office.shape.exterior = [
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
      ];
      const res = await post('calc_fire_units', { arch: bad, fire: { config } });
      expect(res.status).toBe(200);
      expect(res.body.validation.warnings).toContainEqual({
        warning_id: 'bad_room_shape:office',
        unit_id: '',
        section_id: '',
        message: "Room 'Office' was skipped: its outline crosses itself",
      });
      const empty = await post('calc_fire_units', { arch: {}, fire: { config } });
      expect(empty.status).toBe(200);
      expect(empty.body.units).toEqual({ detectors: {}, sirens: {}, buttons: {} });
      expect(empty.body.validation.warnings.map((w: { message: string }) => w.message)).toEqual([
        'The building has no rooms: nothing to place',
      ]);
    });

    it.each([
      ['no fire', () => ({ arch: arch() }), 'fire: Invalid input: expected object, received undefined'],
      [
        'a coordinate that is not a number',
        () => ({
          arch: {
            rooms: {
              r: {
                id: 'r',
                shape: {
                  exterior: [
                    [0, 0],
                    [1, 'x'],
                    [1, 1],
                  ],
                },
              },
            },
          },
        }),
        'arch.rooms.r.shape.exterior.1.1: Invalid input: expected number, received string',
      ],
      ['a fire without a config', () => ({ arch: arch(), fire: {} }), 'fire.config: Invalid input: expected object, received undefined'],
    ])('refuses %s (400)', async (_, body, detail) => {
      const res = await post('calc_fire_units', body());
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(detail);
    });

    it('refuses an infinite coordinate (400)', async () => {
      const res = await t.call('POST', '/api/v1/calc_fire_units', {
        cookie,
        body: '{"arch": {"rooms": {"r": {"id": "r", "shape": {"exterior": [[0, 0], [1e999, 0], [1, 1]]}}}}, "fire": {}}',
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^arch\.rooms\.r\.shape\.exterior\.1\.0: /);
    });

    it('refuses anyone not signed in (401), before reading the body', async () => {
      const res = await post('calc_fire_units', { arch: arch() }, { anonymous: true });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Unauthenticated' });
    });
  });

  describe('POST cost_model', () => {
    it('prices the fire module by the rooms, as a list or keyed by id, in whole euros', async () => {
      const rooms = Object.values(arch().rooms);
      const res = await post('cost_model', { rooms, module: 'fire' });
      expect(res.status).toBe(200);
      expect(Number.isInteger(res.body.cost)).toBe(true);
      expect(res.body.cost).toBeGreaterThan(0);
      const keyed = await post('cost_model', { rooms: arch().rooms, module: 'fire' });
      expect(keyed.body).toEqual(res.body);
      const bigger = await post('cost_model', { rooms: [...rooms, { shape: { exterior: rect(0, 0, 100, 100) } }], module: 'fire' });
      expect(bigger.body.cost).toBeGreaterThan(res.body.cost);
    });

    it.each([
      ['an unknown module', { rooms: [], module: 'elec' }, 'module: Unknown module: expected one of fire'],
      ['rooms that are not rooms', { rooms: 'many', module: 'fire' }, 'rooms: Invalid input'],
      ['a room without an outline', { rooms: [{ name: 'x' }], module: 'fire' }, 'rooms'],
    ])('refuses %s (400)', async (_, body, detail) => {
      const res = await post('cost_model', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(detail);
    });

    it('refuses anyone not signed in (401)', async () => {
      const res = await post('cost_model', { rooms: [], module: 'fire' }, { anonymous: true });
      expect(res.status).toBe(401);
    });
  });
});
