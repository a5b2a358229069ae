import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('organizations (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const nextEmail = () => `org-user${++n}@example.com`;
  /** A signed-in user of their own. */
  async function newUser() {
    const email = nextEmail();
    return { email, cookie: await t.cookieFor(email) };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  const rolesOf = (orgId: string) =>
    t.db
      .selectFrom('org_roles')
      .innerJoin('users', 'users.user_id', 'org_roles.user_id')
      .select(['users.email', 'org_roles.role'])
      .where('org_id', '=', orgId)
      .orderBy('users.email')
      .execute();
  const orgRow = (orgId: string) => t.db.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirst();

  describe('create_org', () => {
    it('makes the creator its admin and answers the new id as project_id and org_id', async () => {
      const { email, cookie } = await newUser();
      const res = await t.call('POST', '/api/v1/create_org', { cookie, body: { name: '  Acme Fire  ' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ project_id: expect.stringMatching(UUID), org_id: res.body.project_id });
      expect(await orgRow(res.body.org_id)).toMatchObject({ name: 'Acme Fire', billing_type: 'direct', billing_info: null });
      expect(await rolesOf(res.body.org_id)).toEqual([{ email, role: 'admin' }]);
      const got = await t.call('GET', `/api/v1/org/${res.body.org_id}`, { cookie });
      expect(got.body).toEqual({ org_id: res.body.org_id, name: 'Acme Fire', role: 'admin', billing_type: 'direct' });
    });

    it("with the caller's own e-mail (in any case) is the same as without", async () => {
      const { email, cookie } = await newUser();
      const res = await t.call('POST', '/api/v1/create_org', { cookie, body: { name: 'Own', email: ` ${email.toUpperCase()} ` } });
      expect(res.status).toBe(200);
      expect(await rolesOf(res.body.org_id)).toEqual([{ email, role: 'admin' }]);
    });

    it('for someone else: 403 for a normal user, nothing created', async () => {
      const { cookie } = await newUser();
      const other = await t.createUser(nextEmail());
      const before = await t.snapshot();
      for (const email of [other.email, 'nobody-at-all@example.com']) {
        const res = await t.call('POST', '/api/v1/create_org', { cookie, body: { name: 'For other', email } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ detail: 'Only platform admins can create an organization for someone else' });
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('for someone else by a platform admin: that user is the admin, the platform admin gets no role', async () => {
      const other = await t.createUser(nextEmail());
      const res = await t.call('POST', '/api/v1/create_org', { cookie: admin, body: { name: 'Made for other', email: other.email } });
      expect(res.status).toBe(200);
      expect(await rolesOf(res.body.org_id)).toEqual([{ email: other.email, role: 'admin' }]);
    });

    it('for an unknown e-mail by a platform admin: 404 User not found, nothing created', async () => {
      const before = await t.snapshot();
      const res = await t.call('POST', '/api/v1/create_org', {
        cookie: admin,
        body: { name: 'Nobody', email: 'nobody-at-all@example.com' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'User not found' });
      expect(await t.snapshot()).toEqual(before);
    });

    it('keeps a name of exactly 200 characters', async () => {
      const { cookie } = await newUser();
      const name = 'n'.repeat(200);
      const res = await t.call('POST', '/api/v1/create_org', { cookie, body: { name: ` ${name} ` } });
      expect(res.status).toBe(200);
      expect((await orgRow(res.body.org_id))?.name).toBe(name);
    });

    it.each([
      ['an empty name', { name: '' }, 'name: Name is required'],
      ['a name of spaces', { name: ' \t ' }, 'name: Name is required'],
      ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name: Name is at most 200 characters'],
      ['no name', {}, 'name: '],
      ['a number for a name', { name: 7 }, 'name: '],
      ['an invalid e-mail', { name: 'Fine', email: 'not-an-email' }, 'email: Invalid e-mail address'],
    ])('with %s answers 400 and creates nothing', async (_, body, detail) => {
      const { cookie } = await newUser();
      const before = await t.snapshot();
      const res = await t.call('POST', '/api/v1/create_org', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(new RegExp(`^${detail}`));
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('list_orgs and org/{id}', () => {
    it('list only the caller’s own organizations, by name, with role and billing type', async () => {
      const { email, cookie } = await newUser();
      const gamma = await t.createOrg('List Gamma', { [email]: 'standard' }, { billing_type: 'exempt' });
      const alpha = await t.createOrg('List Alpha', { [email]: 'admin' }, { billing_type: 'invoice' });
      const beta = await t.createOrg('List Beta', { [email]: 'standard', [nextEmail()]: 'admin' });
      await t.createOrg('List Aardvark of others', { [nextEmail()]: 'admin' });
      // A project role alone is no organization role.
      const projectOnly = await t.createOrg('List Project only');
      await t.createProject(projectOnly.org_id, 'Project', { [email]: 'admin' });

      const res = await t.call('GET', '/api/v1/list_orgs', { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        orgs: [
          { org_id: alpha.org_id, name: 'List Alpha', role: 'admin', billing_type: 'invoice' },
          { org_id: beta.org_id, name: 'List Beta', role: 'standard', billing_type: 'direct' },
          { org_id: gamma.org_id, name: 'List Gamma', role: 'standard', billing_type: 'exempt' },
        ],
      });
    });

    it('a user without roles sees none', async () => {
      const { cookie } = await newUser();
      expect((await t.call('GET', '/api/v1/list_orgs', { cookie })).body).toEqual({ orgs: [] });
    });

    it('a platform admin without roles sees none in list_orgs, yet reads any organization with role null', async () => {
      const platform = await t.createUser(nextEmail(), { is_admin: true });
      const cookie = await t.cookieFor(platform.email);
      const org = await t.createOrg('Seen by admin', { [nextEmail()]: 'admin' }, { billing_type: 'prepaid' });
      expect((await t.call('GET', '/api/v1/list_orgs', { cookie })).body).toEqual({ orgs: [] });
      const res = await t.call('GET', `/api/v1/org/${org.org_id}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ org_id: org.org_id, name: 'Seen by admin', role: null, billing_type: 'prepaid' });
    });

    it('org/{id} answers the caller’s role', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Read me', { [email]: 'standard', [nextEmail()]: 'admin' });
      expect((await t.call('GET', `/api/v1/org/${org.org_id}`, { cookie })).body).toEqual({
        org_id: org.org_id,
        name: 'Read me',
        role: 'standard',
        billing_type: 'direct',
      });
    });
  });

  describe('org/{id}/name', () => {
    it('renames, trimmed', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Old name', { [email]: 'admin' });
      const res = await t.call('POST', `/api/v1/org/${org.org_id}/name`, { cookie, body: { name: '  New name ' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect((await orgRow(org.org_id))?.name).toBe('New name');
      expect((await t.call('GET', '/api/v1/list_orgs', { cookie })).body.orgs).toEqual([expect.objectContaining({ name: 'New name' })]);
    });

    it.each([
      [{ name: '' }, 'name: Name is required'],
      [{ name: '   ' }, 'name: Name is required'],
      [{ name: 'x'.repeat(201) }, 'name: Name is at most 200 characters'],
    ])('%j answers 400 and keeps the name', async (body, detail) => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Kept', { [email]: 'admin' });
      const before = await t.snapshot();
      const res = await t.call('POST', `/api/v1/org/${org.org_id}/name`, { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('DELETE org/{id}', () => {
    it('is refused with 409 while the organization has projects, and works once they are gone', async () => {
      const { email, cookie } = await newUser();
      const org = await t.createOrg('Has projects', { [email]: 'admin', [nextEmail()]: 'standard' });
      const project = await t.createProject(org.org_id, 'In the way', { [email]: 'admin' });
      const before = await t.snapshot();
      const refused = await t.call('DELETE', `/api/v1/org/${org.org_id}`, { cookie });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: "Delete or move the organization's projects first" });
      expect(await t.snapshot()).toEqual(before);

      expect((await t.call('DELETE', `/api/v1/project/${project.project_id}`, { cookie })).status).toBe(200);
      const res = await t.call('DELETE', `/api/v1/org/${org.org_id}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await orgRow(org.org_id)).toBeUndefined();
      expect(await rolesOf(org.org_id)).toEqual([]);
      expect((await t.call('GET', `/api/v1/org/${org.org_id}`, { cookie })).body).toEqual({ detail: 'Organization not found' });
      expect((await t.call('GET', '/api/v1/list_orgs', { cookie })).body).toEqual({ orgs: [] });
    });
  });

  describe('check_user', () => {
    it('says whether a user with the e-mail exists, in any case', async () => {
      const { cookie } = await newUser();
      const other = await t.createUser(nextEmail());
      for (const [user_email, exists] of [
        [other.email, true],
        [` ${other.email.toUpperCase()} `, true],
        ['nobody-at-all@example.com', false],
      ] as const) {
        const res = await t.call('POST', '/api/v1/check_user', { cookie, body: { user_email } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ exists });
      }
    });

    it.each([[{}], [{ user_email: 'nope' }], [{ user_email: 3 }]])('%j answers 400', async (body) => {
      const { cookie } = await newUser();
      const res = await t.call('POST', '/api/v1/check_user', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^user_email: /);
    });
  });
});
