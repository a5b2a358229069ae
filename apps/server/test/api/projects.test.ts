import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('projects (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const nextEmail = () => `project-user${++n}@example.com`;
  async function newUser() {
    const email = nextEmail();
    return { email, cookie: await t.cookieFor(email) };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  const projectRow = (projectId: string) => t.db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  const projectRoles = (projectId: string) =>
    t.db
      .selectFrom('project_roles')
      .innerJoin('users', 'users.user_id', 'project_roles.user_id')
      .select(['users.email', 'project_roles.role'])
      .where('project_id', '=', projectId)
      .orderBy('users.email')
      .execute();
  const storedPath = (sha256: string) => path.join(t.config.dataDir, 'files', sha256.slice(0, 2), sha256);

  describe('create_project', () => {
    it.each(['standard', 'admin'] as const)('an org %s member creates a project and becomes its admin', async (role) => {
      const { email, cookie } = await newUser();
      const orgAdmin = nextEmail();
      const org = await t.createOrg('Creators', { [email]: role, [orgAdmin]: 'admin' });
      const res = await t.call('POST', '/api/v1/create_project', { cookie, body: { name: '  Tower A ', org_id: org.org_id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ project_id: expect.stringMatching(UUID) });
      expect(await projectRow(res.body.project_id)).toMatchObject({ name: 'Tower A', org_id: org.org_id });
      expect(await projectRoles(res.body.project_id)).toEqual([{ email, role: 'admin' }]);
      if (role === 'standard') {
        // The organization's admin does not see it without a role of their own (docs/orgs.md).
        const orgAdminCookie = await t.cookieFor(orgAdmin);
        expect((await t.call('GET', '/api/v1/list_projects', { cookie: orgAdminCookie })).body).toEqual({ projects: [] });
        expect((await t.call('GET', `/api/v1/project/${res.body.project_id}/get_roles`, { cookie: orgAdminCookie })).body).toEqual({
          detail: 'Project not found',
        });
      }
    });

    it('a platform admin without a role in the organization may create one', async () => {
      const org = await t.createOrg('Admin makes', { [nextEmail()]: 'admin' });
      const res = await t.call('POST', '/api/v1/create_project', { cookie: admin, body: { name: 'By admin', org_id: org.org_id } });
      expect(res.status).toBe(200);
      expect(await projectRoles(res.body.project_id)).toEqual([{ email: ADMIN_EMAIL, role: 'admin' }]);
    });

    it('needs a role in the organization: a project role there is not enough (404)', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Not mine', { [nextEmail()]: 'admin' });
      await t.createProject(org.org_id, 'Mine though', { [email]: 'admin' });
      const before = await t.snapshot();
      const res = await t.call('POST', '/api/v1/create_project', { cookie, body: { name: 'Sneaky', org_id: org.org_id } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Organization not found' });
      expect(await t.snapshot()).toEqual(before);
    });

    // ORG stands for the id of an organization the caller is admin of.
    it.each([
      ['org_id that is not a uuid', { name: 'P', org_id: 'not-a-uuid' }, 'org_id: Choose an organization'],
      ['no org_id', { name: 'P' }, 'org_id: '],
      ['an empty name', { name: ' ', org_id: 'ORG' }, 'name: Name is required'],
      ['a name of 201 characters', { name: 'p'.repeat(201), org_id: 'ORG' }, 'name: Name is at most 200 characters'],
    ])('with %s answers 400 and creates nothing', async (_, body: { name: string; org_id?: string }, detail) => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Bad input', { [email]: 'admin' });
      const before = await t.snapshot();
      const sent = body.org_id === 'ORG' ? { ...body, org_id: org.org_id } : body;
      const res = await t.call('POST', '/api/v1/create_project', { cookie, body: sent });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(new RegExp(`^${detail}`));
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('list_projects', () => {
    it('lists the caller’s own projects, newest first, with org name, role, billing type, IFC files and no version yet', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('List org', { [email]: 'standard' }, { billing_type: 'invoice' });
      const other = await t.createOrg('Other list org', {}, { billing_type: 'exempt' });
      const day = (d: number) => new Date(Date.UTC(2025, 0, d));
      const older = await t.createProject(org.org_id, 'Older', { [email]: 'admin' }, { created_at: day(1) });
      const newer = await t.createProject(other.org_id, 'Newer', { [email]: 'editor' }, { created_at: day(3) });
      await t.createProject(org.org_id, 'Not mine', { [nextEmail()]: 'admin' }, { created_at: day(2) });
      const b = await t.addIfcFile(older.project_id, 'b.ifc', 'ISO-10303-21; b', { uploaded_at: day(5) });
      const a = await t.addIfcFile(older.project_id, 'a.ifc', 'ISO-10303-21; a, somewhat longer', { uploaded_at: day(5) });
      const first = await t.addIfcFile(older.project_id, 'z-first.ifc', 'first', { uploaded_at: day(4) });

      const res = await t.call('GET', '/api/v1/list_projects', { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        projects: [
          {
            project_id: newer.project_id,
            name: 'Newer',
            org_id: other.org_id,
            org_name: 'Other list org',
            role: 'editor',
            version_comment: null,
            version_date: null,
            ifc_files: [],
            billing_type: 'exempt',
          },
          {
            project_id: older.project_id,
            name: 'Older',
            org_id: org.org_id,
            org_name: 'List org',
            role: 'admin',
            version_comment: null,
            version_date: null,
            // Oldest upload first, then by name.
            ifc_files: [
              { ifc_object_id: first.ifc_object_id, file_name: 'z-first.ifc', file_size: 5 },
              { ifc_object_id: a.ifc_object_id, file_name: 'a.ifc', file_size: 32 },
              { ifc_object_id: b.ifc_object_id, file_name: 'b.ifc', file_size: 15 },
            ],
            billing_type: 'invoice',
          },
        ],
      });
    });

    it('a user without project roles, and a platform admin without roles, see none', async () => {
      const { email, cookie } = await newUser();
      // An org admin sees none of the organization's projects without a role in them.
      const org = await t.createOrg('Org of invisible projects', { [email]: 'admin' });
      await t.createProject(org.org_id, 'Invisible', { [nextEmail()]: 'admin' });
      expect((await t.call('GET', '/api/v1/list_projects', { cookie })).body).toEqual({ projects: [] });
      const platform = await t.createUser(nextEmail(), { is_admin: true });
      expect((await t.call('GET', '/api/v1/list_projects', { cookie: await t.cookieFor(platform.email) })).body).toEqual({ projects: [] });
    });
  });

  describe('project/{id}/name', () => {
    it('renames, trimmed; bad names answer 400 and change nothing', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Rename org', {});
      const project = await t.createProject(org.org_id, 'Before', { [email]: 'admin' });
      const res = await t.call('POST', `/api/v1/project/${project.project_id}/name`, { cookie, body: { name: ' After ' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect((await projectRow(project.project_id))?.name).toBe('After');

      const before = await t.snapshot();
      for (const [name, detail] of [
        ['', 'name: Name is required'],
        ['  ', 'name: Name is required'],
        ['x'.repeat(201), 'name: Name is at most 200 characters'],
      ]) {
        const bad = await t.call('POST', `/api/v1/project/${project.project_id}/name`, { cookie, body: { name } });
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({ detail });
      }
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('DELETE project/{id}', () => {
    it('removes the project, its roles and IFC files; a file another project holds stays stored', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Delete org', { [email]: 'standard' });
      const doomed = await t.createProject(org.org_id, 'Doomed', { [email]: 'admin', [nextEmail()]: 'editor' });
      const keeper = await t.createProject(org.org_id, 'Keeper', { [nextEmail()]: 'admin' });
      const own = await t.addIfcFile(doomed.project_id, 'own.ifc', 'ISO-10303-21; only in doomed');
      const twice = await t.addIfcFile(doomed.project_id, 'copy.ifc', 'ISO-10303-21; shared');
      const again = await t.addIfcFile(doomed.project_id, 'same-again.ifc', 'ISO-10303-21; only in doomed');
      const shared = await t.addIfcFile(keeper.project_id, 'shared.ifc', 'ISO-10303-21; shared');
      expect(again.sha256).toBe(own.sha256);
      expect(shared.sha256).toBe(twice.sha256);
      expect(fs.existsSync(storedPath(own.sha256))).toBe(true);

      const res = await t.call('DELETE', `/api/v1/project/${doomed.project_id}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await projectRow(doomed.project_id)).toBeUndefined();
      expect(await projectRoles(doomed.project_id)).toEqual([]);
      expect(await t.db.selectFrom('ifc_files').select('file_name').where('project_id', '=', doomed.project_id).execute()).toEqual([]);
      expect(fs.existsSync(storedPath(own.sha256))).toBe(false);
      expect(fs.existsSync(storedPath(shared.sha256))).toBe(true);
      // The other project is untouched.
      expect(await t.db.selectFrom('ifc_files').select('file_name').where('project_id', '=', keeper.project_id).execute()).toEqual([
        { file_name: 'shared.ifc' },
      ]);
      expect((await t.call('GET', `/api/v1/project/${doomed.project_id}/get_roles`, { cookie })).body).toEqual({
        detail: 'Project not found',
      });
      expect((await t.call('GET', '/api/v1/list_projects', { cookie })).body).toEqual({ projects: [] });
      // Deleting again: gone.
      expect((await t.call('DELETE', `/api/v1/project/${doomed.project_id}`, { cookie })).status).toBe(404);
    });

    it('deletes a project made by create_project together with its versions', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Versions org', { [email]: 'standard' });
      const created = await t.call('POST', '/api/v1/create_project', { cookie, body: { name: 'With versions', org_id: org.org_id } });
      const projectId: string = created.body.project_id;
      const versionRows = async () =>
        [
          ...(await t.db.selectFrom('working_versions').select('project_id').where('project_id', '=', projectId).execute()),
          ...(await t.db.selectFrom('project_versions').select('project_id').where('project_id', '=', projectId).execute()),
        ].length;
      expect(await versionRows()).toBeGreaterThan(0);
      const res = await t.call('DELETE', `/api/v1/project/${projectId}`, { cookie });
      expect(res.status).toBe(200);
      expect(await projectRow(projectId)).toBeUndefined();
      expect(await versionRows()).toBe(0);
    });

    it("keeps the organization's payments of the project, with project_id null and the name the project had", async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Paying org', { [email]: 'admin' });
      const project = await t.createProject(org.org_id, 'Paid for', { [email]: 'admin' });
      const other = await t.createProject(org.org_id, 'Still here', { [email]: 'admin' });
      await t.addPayment(org.org_id, {
        project_id: project.project_id,
        project_name: 'Paid for',
        created_at: new Date('2025-03-01T00:00:00Z'),
      });
      await t.addPayment(org.org_id, {
        project_id: other.project_id,
        project_name: 'Still here',
        created_at: new Date('2025-02-01T00:00:00Z'),
      });
      expect((await t.call('DELETE', `/api/v1/project/${project.project_id}`, { cookie })).status).toBe(200);
      const history = await t.call('GET', `/api/v1/org/${org.org_id}/payment_history`, { cookie });
      expect(history.body.history.map((p: { project_id: string | null; project_name: string }) => [p.project_id, p.project_name])).toEqual([
        [null, 'Paid for'],
        [other.project_id, 'Still here'],
      ]);
    });
  });

  describe('project/{id}/org', () => {
    it("answers the project's organization and the caller's role in it", async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Parent org', { [email]: 'standard' }, { billing_type: 'prepaid' });
      const project = await t.createProject(org.org_id, 'Child', { [email]: 'editor' });
      const res = await t.call('GET', `/api/v1/project/${project.project_id}/org`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ org: { org_id: org.org_id, name: 'Parent org', billing_type: 'prepaid' }, role: 'standard' });
    });

    it('role is null for a project member without an org role, and for a platform admin without one', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Distant org', { [nextEmail()]: 'admin' });
      const project = await t.createProject(org.org_id, 'Child', { [email]: 'admin' });
      const expected = { org: { org_id: org.org_id, name: 'Distant org', billing_type: 'direct' }, role: null };
      expect((await t.call('GET', `/api/v1/project/${project.project_id}/org`, { cookie })).body).toEqual(expected);
      expect((await t.call('GET', `/api/v1/project/${project.project_id}/org`, { cookie: admin })).body).toEqual(expected);
    });
  });
});
