// Models of an older schema (docs/model.md 'Schema versions'): POST upgrade_edrf for an imported
// .edrf file, and stored versions of an older schema, which are answered upgraded.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type CallResult, type TestApp } from '../support/harness.js';

/** A JSON answer, read field by field. */
type Answer = CallResult['body'];

const square = (x: number, size = 5): [number, number][] => [
  [x, 0],
  [x + size, 0],
  [x + size, size],
  [x, size],
];
const detectorSettings = {
  min_wall_distance: 0.5,
  min_air_inlet_distance: 1,
  max_detector_distance: 7.5,
  area_per_detector: 60,
  max_shaft_distance: 1,
};

/** A version-1 document: every item collection an array of items, no edrf_schema. */
const v1Model = () => ({
  config: { name: 'Old tower', compass_degrees: 90 },
  arch: {
    rotation: 5,
    storeys: [{ id: 's1', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['r1', 'r2'], walls: ['w1'] }],
    buildings: [{ id: 'b1', name: 'A', storeys: ['s1'] }],
    rooms: [
      { id: 'r1', name: 'Office', type: 'Kitchen', shape: { exterior: square(0) } },
      { id: 'r2', name: 'Hall', shape: { exterior: square(5) } },
    ],
    walls: [
      {
        id: 'w1',
        shape: {
          exterior: [
            [0, 0, 0],
            [5, 0, 0],
            [5, 0, 3],
          ],
        },
        fire_rating: 'EI 60',
      },
    ],
  },
  elec: { trays: [{ id: 't1', storey_id: 's1', start: [0, 0, 2.9], end: [5, 0, 2.9] }] },
  fire: {
    units: { detectors: [{ id: 'd1', storey_id: 's1', coord: [2, 2, 2.95], product_id: 'pd1' }] },
    config: {
      regulation: 'Sbf1108',
      // Product lists stay ordered arrays in every version.
      products: { detectors: [{ id: 'pd1', name: 'Smoke detector' }] },
      unit: {
        detector: { Smoke: detectorSettings, Heat: detectorSettings },
        siren: { max_range: 20 },
        button: { max_range_from_door: 1.5 },
      },
      cabling: { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 },
    },
  },
});

const room = (id: string, name: string, x: number, type = 'Other') => ({
  id,
  global_id: '',
  name,
  type,
  synthetic: false,
  shape: { exterior: square(x), interiors: [], below: [], above: [] },
});
const storeyLists = { wall_openings: [], doors: [], stairs: [], ceilings: [], floors: [], other_objects: [] };

/** v1Model() at the current schema, as the server answers it: keyed by id, defaults filled in. */
const upgradedParts = {
  config: {
    name: 'Old tower',
    address: '',
    owner: '',
    owner_address: '',
    tenant: '',
    compass_degrees: 90,
    ifc_files: {},
    report_tiles: {},
  },
  arch: {
    rotation: 5,
    storeys: {
      s1: {
        id: 's1',
        global_id: '',
        number: 0,
        name: 'Ground',
        height: { min_z: 0, max_z: 3 },
        rooms: ['r1', 'r2'],
        walls: ['w1'],
        ...storeyLists,
      },
    },
    buildings: { b1: { id: 'b1', global_id: '', name: 'A', storeys: ['s1'] } },
    rooms: { r1: room('r1', 'Office', 0, 'Kitchen'), r2: room('r2', 'Hall', 5) },
    walls: {
      w1: {
        id: 'w1',
        global_id: '',
        type: 'Standard',
        shape: {
          exterior: [
            [0, 0, 0],
            [5, 0, 0],
            [5, 0, 3],
          ],
          below: [],
          above: [],
        },
        fire_rating: 'EI 60',
        enclosing_id: '',
      },
    },
    wall_openings: {},
    doors: {},
    stairs: {},
    ceilings: {},
    slabs: {},
    other_objects: {},
  },
  elec: { trays: { t1: { id: 't1', storey_id: 's1', to_storey_id: '', start: [0, 0, 2.9], end: [5, 0, 2.9], width: 0.3 } } },
};
const upgradedDetectors = { d1: { id: 'd1', storey_id: 's1', coord: [2, 2, 2.95], product_id: 'pd1', hidden: false } };

/** The upgraded model, checked whole except the fire part's many defaults, which are checked where they changed. */
function expectUpgraded(model: Record<string, unknown> & { fire: Answer }) {
  const { fire, ...rest } = model;
  expect(rest).toEqual({ ...upgradedParts, edrf_schema: CURRENT_SCHEMA });
  expect(fire.units.detectors).toEqual(upgradedDetectors);
  expect(fire.units.sirens).toEqual({});
  expect(fire.sections).toEqual({});
  expect(fire.connections.routes).toEqual({});
  expect(fire.config.products.detectors).toEqual([expect.objectContaining({ id: 'pd1', name: 'Smoke detector' })]);
  expect(fire.config.products.sirens).toEqual([]);
}

describe.each(testDatabases())('models of an older schema (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let email: string;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    email = 'upgrade-user@example.com';
    cookie = await t.cookieFor(email);
    orgId = (await t.createOrg('Upgrade org', { [email]: 'standard' })).org_id;
  });
  afterAll(() => t?.close());

  const upgrade = (body: unknown, opts: { anonymous?: true } = {}) =>
    t.call('POST', '/api/v1/upgrade_edrf', { cookie: opts.anonymous ? undefined : cookie, body });

  describe('POST upgrade_edrf', () => {
    it('brings a version-1 model (collections as arrays) to the current schema, keyed by id', async () => {
      const res = await upgrade({ model: v1Model() });
      expect(res.status).toBe(200);
      expectUpgraded(res.body);
      // edrf_schema 1 said explicitly is the same.
      const explicit = await upgrade({ model: { ...v1Model(), edrf_schema: 1 } });
      expect(explicit.status).toBe(200);
      expect(explicit.body).toEqual(res.body);
    });

    it('a current model comes back validated, defaults filled in', async () => {
      const res = await upgrade({
        model: { arch: { rooms: { r1: { id: 'r1', shape: { exterior: square(0) } } } }, edrf_schema: CURRENT_SCHEMA },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        config: { name: '', address: '', owner: '', owner_address: '', tenant: '', compass_degrees: 0, ifc_files: {}, report_tiles: {} },
        arch: { ...upgradedParts.arch, rotation: 0, storeys: {}, buildings: {}, walls: {}, rooms: { r1: room('r1', '', 0) } },
        elec: { trays: {} },
        fire: null,
        edrf_schema: CURRENT_SCHEMA,
      });
    });

    it.each([
      [
        'a model newer than the current schema',
        { model: { ...v1Model(), edrf_schema: CURRENT_SCHEMA + 1 } },
        `edrf_schema: Schema version ${CURRENT_SCHEMA + 1} is newer than ${CURRENT_SCHEMA}`,
      ],
      [
        'an edrf_schema that is not a version',
        { model: { arch: {}, edrf_schema: 0 } },
        'edrf_schema: edrf_schema must be a positive integer',
      ],
      ['a model that is a list', { model: [v1Model()] }, 'model: Invalid input: expected record, received array'],
      ['a model that is text', { model: 'arch' }, 'model: Invalid input: expected record, received string'],
      ['a model that is null', { model: null }, 'model: Invalid input: expected record, received null'],
      ['no model', {}, 'model: Invalid input: expected record, received undefined'],
      [
        'a version-1 collection with a repeated id',
        { model: { arch: { rooms: [v1Model().arch.rooms[0], v1Model().arch.rooms[0]] } } },
        "arch.rooms.1.id: Duplicate id 'r1'",
      ],
      ['a version-1 item without an id', { model: { arch: { walls: [{ shape: {} }] } } }, 'arch.walls.0.id: Item without an id'],
      [
        'a version-1 model that is not valid once upgraded',
        { model: { arch: { rooms: [{ id: 'r1', shape: { exterior: square(0).slice(0, 2) } }] } } },
        'arch.rooms.r1.shape.exterior: Too small: expected array to have >=3 items',
      ],
    ])('refuses %s (400)', async (_, body, detail) => {
      const res = await upgrade(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
    });

    it('refuses malformed JSON (400) and anyone not signed in (401)', async () => {
      const malformed = await t.call('POST', '/api/v1/upgrade_edrf', { cookie, body: '{"model": {"arch": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ detail: 'Malformed JSON: the request body is not valid JSON' });
      const anonymous = await upgrade({ model: v1Model() }, { anonymous: true });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Unauthenticated' });
    });
  });

  describe('stored versions of an older schema', () => {
    /** A project whose working version holds v1Model() as stored by an older server: v1-shaped parts, edrf_schema 1. */
    async function projectWithV1WorkingVersion() {
      const project = await t.createProjectViaApi(cookie, orgId, 'Old project');
      const hashes: Record<string, string> = {};
      const doc = v1Model();
      for (const part of ['config', 'arch', 'elec', 'fire'] as const) {
        const content = JSON.stringify(doc[part]);
        hashes[part] = crypto.createHash('sha256').update(content).digest('hex');
        await t.db
          .insertInto('model_parts')
          .values({ part_hash: hashes[part], content })
          .onConflict((oc) => oc.column('part_hash').doNothing())
          .execute();
      }
      await t.db
        .updateTable('working_versions')
        .set({ edrf_schema: 1, config_hash: hashes.config, arch_hash: hashes.arch, elec_hash: hashes.elec, fire_hash: hashes.fire })
        .where('project_id', '=', project.project_id)
        .execute();
      const url = (path: string) => `/api/v1/project/${project.project_id}/${path}`;
      const latest = async (): Promise<Answer> => {
        const res = await t.call('GET', url('latest_version'), { cookie });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      return { projectId: project.project_id, url, latest };
    }

    it('latest_version answers a working version stored under schema 1 upgraded', async () => {
      const p = await projectWithV1WorkingVersion();
      const latest = await p.latest();
      expect(latest).toMatchObject({ project_version_id: 'working-version', project_id: p.projectId, parent_version_id: null });
      expectUpgraded(latest.model);
    });

    it('a saved version stored under schema 1 is answered upgraded by get_version', async () => {
      const p = await projectWithV1WorkingVersion();
      const saved = await t.call('POST', p.url('save_working_version'), { cookie, body: { comment: 'Saved while old' } });
      expect(saved.status).toBe(200);
      const res = await t.call('GET', p.url(`get_version/${saved.body.project_version_id}`), { cookie });
      expect(res.status).toBe(200);
      expectUpgraded(res.body.model);
    });

    // The editor loads the upgraded model and syncs only what it changed: the parts it did not send
    // are still stored under schema 1 and must not come back in the old shape under the new number.
    it('a sync of one part keeps the other parts readable: they are answered upgraded', async () => {
      const p = await projectWithV1WorkingVersion();
      const old = await t.call('POST', p.url('save_working_version'), { cookie, body: { comment: 'Saved while old' } });
      expect(old.status).toBe(200);
      const { working_revision } = await p.latest();
      const res = await t.call('POST', p.url('sync_working_version'), {
        cookie,
        body: { parent: 'working-version', working_revision, config: { ...upgradedParts.config, name: 'Renamed' } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const latest = await p.latest();
      expect(latest.model.config.name).toBe('Renamed');
      expectUpgraded({ ...latest.model, config: upgradedParts.config });
      expect(
        (await t.db.selectFrom('working_versions').select('edrf_schema').where('project_id', '=', p.projectId).executeTakeFirstOrThrow())
          .edrf_schema,
      ).toBe(CURRENT_SCHEMA);

      // The same from a saved version stored under schema 1 as the parent.
      const fromSaved = await t.call('POST', p.url('sync_working_version'), {
        cookie,
        body: { parent: old.body.project_version_id, working_revision: latest.working_revision, elec: { trays: {} } },
      });
      expect(fromSaved.status, JSON.stringify(fromSaved.body)).toBe(200);
      const after = await p.latest();
      expect(after.parent_version_id).toBe(old.body.project_version_id);
      expect(after.model.elec).toEqual({ trays: {} });
      expectUpgraded({ ...after.model, elec: upgradedParts.elec });
      // The saved version itself stays as it was stored.
      const savedRow = await t.db
        .selectFrom('project_versions')
        .selectAll()
        .where('project_version_id', '=', old.body.project_version_id)
        .executeTakeFirstOrThrow();
      expect(savedRow.edrf_schema).toBe(1);
    });
  });
});
