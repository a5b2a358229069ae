// The API contract of issue 27 (docs/api.md): every call accepts the payload the spec's client sends (P§7, F§7).
// sync_working_version takes the spec's {parent, config, arch, elec, fire}; working_revision stays the web app's
// guard against lost updates (docs/versions.md). The web app's own tests show it keeps sending it
// (apps/web/src/state/project-store.test.ts 'sync', apps/web/src/api/versions.test.ts 'sync over HTTP').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type CallResult, type TestApp } from '../support/harness.js';
import { EMPTY_ARCH, EMPTY_CONFIG, roomIn, roomOut, square } from '../support/shapes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';

describe.each(testDatabases())('API contract (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let orgId: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.signIn(ADMIN_EMAIL);
    orgId = (await t.createOrg('Contract org', { [ADMIN_EMAIL]: 'admin' })).org_id;
  });
  afterAll(() => t?.close());

  async function newProject() {
    const project = await t.createProjectViaApi(cookie, orgId, `Contract ${++n}`);
    const url = (path: string) => `/api/v1/project/${project.project_id}/${path}`;
    const latest = async (): Promise<CallResult['body']> => {
      const res = await t.call('GET', url('latest_version'), { cookie });
      expect(res.status).toBe(200);
      return res.body;
    };
    const sync = (body: unknown) => t.call('POST', url('sync_working_version'), { cookie, body });
    return { projectId: project.project_id, url, latest, sync };
  }

  describe('sync_working_version', () => {
    it("takes the spec's payload {parent, config, arch, elec, fire}, without working_revision, and loads it back", async () => {
      const p = await newProject();
      const before = await p.latest();
      const fireConfig = await t.call('POST', '/api/v1/create_fire_config', { cookie, body: { regulation: 'Sbf1108' } });
      expect(fireConfig.status).toBe(200);

      // P§7: the changed parts, the unchanged ones as null.
      const first = await p.sync({
        parent: 'working-version',
        config: { name: 'Tower' },
        arch: { rooms: { r1: roomIn('r1', 0) } },
        elec: null,
        fire: { config: fireConfig.body },
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toEqual({ working_revision: expect.stringMatching(UUID), parent_version_id: null });
      expect(first.body.working_revision).not.toBe(before.working_revision);

      const loaded = await p.latest();
      expect(loaded).toMatchObject({ project_version_id: 'working-version', working_revision: first.body.working_revision });
      expect(loaded.model).toMatchObject({
        config: { ...EMPTY_CONFIG, name: 'Tower' },
        arch: { ...EMPTY_ARCH, rooms: { r1: roomOut('r1', 0) } },
        elec: { trays: {} },
        fire: { config: { regulation: 'Sbf1108' }, units: expect.any(Object), sections: {} },
        edrf_schema: CURRENT_SCHEMA,
      });

      // Every part null: nothing changes, not even the revision.
      const snapshot = await t.snapshot();
      const same = await p.sync({ parent: 'working-version', config: null, arch: null, elec: null, fire: null });
      expect(same.status).toBe(200);
      expect(same.body).toEqual(first.body);
      expect(await t.snapshot()).toEqual(snapshot);
    });

    it('a working_revision of null is the same as none', async () => {
      const p = await newProject();
      const res = await p.sync({
        parent: 'working-version',
        working_revision: null,
        config: { name: 'Null revision' },
        arch: null,
        elec: null,
        fire: null,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await p.latest()).model.config.name).toBe('Null revision');
    });

    it("with a saved version as parent, the spec's payload rebuilds the working version from it: null parts are the saved version's", async () => {
      const p = await newProject();
      expect(
        (
          await p.sync({
            parent: 'working-version',
            config: { name: 'Saved' },
            arch: { rooms: { r1: roomIn('r1', 0) } },
            elec: null,
            fire: null,
          })
        ).status,
      ).toBe(200);
      // P§7 save_working_version {comment}.
      const saved = await t.call('POST', p.url('save_working_version'), { cookie, body: { comment: 'First' } });
      expect(saved.status).toBe(200);
      const v1 = saved.body.project_version_id as string;
      expect((await p.sync({ parent: 'working-version', config: { name: 'Later' }, arch: null, elec: null, fire: null })).status).toBe(200);

      // An edit of the loaded saved version: only arch changed.
      const res = await p.sync({ parent: v1, config: null, arch: { rooms: { r2: roomIn('r2', 5) } }, elec: null, fire: null });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.parent_version_id).toBe(v1);
      const model = (await p.latest()).model;
      expect(model.config.name).toBe('Saved');
      expect(Object.keys(model.arch.rooms)).toEqual(['r2']);
    });

    it('with a stale working_revision answers 409 as before and stores nothing; with the current one it syncs', async () => {
      const p = await newProject();
      const seen = (await p.latest()).working_revision as string;
      const theirs = await p.sync({ parent: 'working-version', working_revision: seen, config: { name: 'Theirs' } });
      expect(theirs.status).toBe(200);

      const before = await t.snapshot();
      const stale = await p.sync({
        parent: 'working-version',
        working_revision: seen,
        config: { name: 'Mine' },
        arch: null,
        elec: null,
        fire: null,
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ detail: CONFLICT });
      expect(await t.snapshot()).toEqual(before);

      const current = await p.sync({ parent: 'working-version', working_revision: theirs.body.working_revision, config: { name: 'Mine' } });
      expect(current.status).toBe(200);
      expect((await p.latest()).model.config.name).toBe('Mine');
    });

    it('without working_revision a sync lands on top of whatever was synced meanwhile: the parts it sends replace theirs', async () => {
      const p = await newProject();
      const theirs = await p.sync({
        parent: 'working-version',
        config: { name: 'Theirs', tenant: 'Their tenant' },
        arch: { rooms: { r1: roomIn('r1', 0) } },
        elec: null,
        fire: null,
      });
      expect(theirs.status).toBe(200);
      // A client that last saw the empty model sends its config: their config is overwritten (the risk docs/versions.md
      // states), their arch, sent as null, stays.
      const mine = await p.sync({ parent: 'working-version', config: { name: 'Mine' }, arch: null, elec: null, fire: null });
      expect(mine.status).toBe(200);
      const model = (await p.latest()).model;
      expect(model.config).toEqual({ ...EMPTY_CONFIG, name: 'Mine' });
      expect(Object.keys(model.arch.rooms)).toEqual(['r1']);
    });

    it.each([
      ['a working_revision that is not one', { working_revision: 'abc' }, 'working_revision: Not a revision of this project'],
      ['a working_revision that is a number', { working_revision: 5 }, 'working_revision: Invalid input: expected string, received number'],
      ['no parent', { parent: undefined }, 'parent: Invalid input: expected string, received undefined'],
      ['a parent that is null', { parent: null }, 'parent: Invalid input: expected string, received null'],
      ['an arch that is a string', { arch: 'rooms' }, 'arch: Invalid input: expected object, received string'],
    ])('with %s still answers 400 and stores nothing', async (_, fields, detail) => {
      const p = await newProject();
      const before = await t.snapshot();
      const res = await p.sync({ parent: 'working-version', config: { name: 'x' }, arch: null, elec: null, fire: null, ...fields });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
      expect(await t.snapshot()).toEqual(before);
    });

    it("a parent that names no saved version of the project answers 404 'Unable to find version' and stores nothing", async () => {
      const p = await newProject();
      const before = await t.snapshot();
      for (const parent of ['unsynced', '00000000-0000-4000-8000-000000000000']) {
        const res = await p.sync({ parent, config: { name: 'x' }, arch: null, elec: null, fire: null });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Unable to find version' });
      }
      expect(await t.snapshot()).toEqual(before);
    });
  });

  // The walk of docs/api.md: each call with exactly the payload the spec lists is accepted.
  describe("the spec's payloads", () => {
    it('P§7 organizations, projects, roles and billing', async () => {
      const member = 'contract-member@example.com';
      await t.createUser(member);
      const org = await t.call('POST', '/api/v1/create_org', { cookie, body: { name: 'Spec org', email: ADMIN_EMAIL } });
      expect(org.status).toBe(200);
      const id = org.body.project_id as string;
      const project = await t.call('POST', '/api/v1/create_project', { cookie, body: { name: 'Spec project', org_id: id } });
      expect(project.status).toBe(200);
      const pid = project.body.project_id as string;
      const calls: [method: 'POST' | 'DELETE', url: string, body?: unknown][] = [
        ['POST', '/api/v1/check_user', { user_email: member }],
        ['POST', `/api/v1/org/${id}/name`, { name: 'Spec org renamed' }],
        ['POST', `/api/v1/org/${id}/user_role`, { user_email: member, role: 'standard' }],
        ['DELETE', `/api/v1/org/${id}/user_role?user_email=${encodeURIComponent(member)}`],
        ['POST', `/api/v1/project/${pid}/name`, { name: 'Spec project renamed' }],
        ['POST', `/api/v1/project/${pid}/user_role`, { user_email: member, role: 'editor' }],
        ['DELETE', `/api/v1/project/${pid}/user_role?user_email=${encodeURIComponent(member)}`],
        [
          'POST',
          `/api/v1/org/${id}/billing_info`,
          {
            name: 'Acme',
            email: 'billing@example.com',
            address: { line1: 'Street 1', line2: '', zip: '12345', city: 'Town', state: '' },
            country: 'SE',
          },
        ],
        ['POST', `/api/v1/project/${pid}/save_working_version`, { comment: 'Spec save' }],
        ['POST', `/api/v1/admin/update_org/${id}`, { billing_type: 'invoice' }],
        ['DELETE', `/api/v1/project/${pid}`],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.call(method, url, { cookie, body });
        expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    });

    it('P§7 versions and model, F§7 fire calls that need no compute', async () => {
      const p = await newProject();
      const saved = await t.call('POST', p.url('save_working_version'), { cookie, body: { comment: 'For status' } });
      const calls: [url: string, body: unknown][] = [
        [p.url(`create_version_status/${saved.body.project_version_id}`), { status: 'Skiss' }],
        ['/api/v1/upgrade_edrf', { model: { config: {}, arch: {}, elec: {}, fire: null, edrf_schema: CURRENT_SCHEMA } }],
        ['/api/v1/create_fire_config', { regulation: 'Sbf1108' }],
        ['/api/v1/cost_model', { rooms: [{ shape: { exterior: square(0, 10) } }], module: 'fire' }],
      ];
      for (const [url, body] of calls) {
        const res = await t.call('POST', url, { cookie, body });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    });

    it('P§7 admin users and grant', async () => {
      const created = await t.call('POST', '/api/v1/admin/create_user', {
        cookie,
        body: { email: 'contract-new@example.com', is_admin: false, provider: 'passcode' },
      });
      expect(created.status).toBe(200);
      const updated = await t.call('POST', `/api/v1/admin/update_user/${created.body.user.user_id}`, {
        cookie,
        body: { email: 'contract-new@example.com', is_admin: false, provider: 'google' },
      });
      expect(updated.status).toBe(200);
      const grant = await t.call('POST', '/api/v1/issue_grant_token', {
        cookie,
        body: { code_challenge: 'c'.repeat(43), code_method: 'plain', op_type: 'grant' },
      });
      expect(grant.status).toBe(200);
      const gone = await t.call('DELETE', `/api/v1/delete_user/${created.body.user.user_id}`, { cookie });
      expect(gone.status).toBe(200);
    });
  });
});
