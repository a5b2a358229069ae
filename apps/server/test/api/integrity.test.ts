import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

// Rules that keep organizations and projects usable, and answers people read as they expect.
describe.each(testDatabases())('integrity (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.cookieFor(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  it('lists names as people read them, whatever their case', async () => {
    const ada = await t.cookieFor('ada@sort.example');
    for (const name of ['beta', 'Alpha', 'Gamma']) await t.createOrg(name, { 'ada@sort.example': 'standard' });
    const mine = await t.call('GET', '/api/v1/list_orgs', { cookie: ada });
    expect(mine.body.orgs.map((org: { name: string }) => org.name)).toEqual(['Alpha', 'beta', 'Gamma']);
    const users = await t.call('GET', '/api/v1/admin/list_users', { cookie: admin });
    const ada_ = users.body.users.find((user: { email: string }) => user.email === 'ada@sort.example');
    expect(ada_.org_names).toEqual(['Alpha', 'beta', 'Gamma']);
  });

  it('names a downloaded file for old and new clients alike', async () => {
    const org = await t.createOrg('Files AB');
    const project = await t.createProject(org.org_id, 'Files');
    const file = await t.addIfcFile(project.project_id, "John's plan (1) – å.ifc", 'ISO-10303-21;');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/projects/${project.project_id}/ifc/${file.ifc_object_id}/download`,
      headers: { cookie: admin, 'edrf-schema': '5' },
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="John's plan (1) _ _.ifc"; filename*=UTF-8''John%27s%20plan%20%281%29%20%E2%80%93%20%C3%A5.ifc`,
    );
  });

  it('refuses to delete the only admin of an organization or a project, and says which', async () => {
    const sole = await t.ensureUser('sole@integrity.example');
    const org = await t.createOrg('Only Org', { 'sole@integrity.example': 'admin' });
    const res = await t.call('DELETE', `/api/v1/delete_user/${sole.user_id}`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'sole@integrity.example is the only admin of Only Org: give it another admin first' });

    await t.ensureUser('second@integrity.example');
    await t.db
      .insertInto('org_roles')
      .values({ org_id: org.org_id, user_id: (await t.ensureUser('second@integrity.example')).user_id, role: 'admin' })
      .execute();
    const project = await t.createProject(org.org_id, 'Only Project', { 'sole@integrity.example': 'admin' });
    const again = await t.call('DELETE', `/api/v1/delete_user/${sole.user_id}`, { cookie: admin });
    expect(again.body).toEqual({ detail: 'sole@integrity.example is the only admin of Only Project: give it another admin first' });

    await t.db.deleteFrom('projects').where('project_id', '=', project.project_id).execute();
    expect((await t.call('DELETE', `/api/v1/delete_user/${sole.user_id}`, { cookie: admin })).status).toBe(200);
  });

  it('never lets two admins demoting each other at once leave an organization without one', async () => {
    const org = await t.createOrg('Race AB', { 'r1@integrity.example': 'admin', 'r2@integrity.example': 'admin' });
    const [one, two] = [await t.cookieFor('r1@integrity.example'), await t.cookieFor('r2@integrity.example')];
    const answers = await Promise.all([
      t.call('POST', `/api/v1/org/${org.org_id}/user_role`, {
        cookie: one,
        body: { user_email: 'r2@integrity.example', role: 'standard' },
      }),
      t.call('POST', `/api/v1/org/${org.org_id}/user_role`, {
        cookie: two,
        body: { user_email: 'r1@integrity.example', role: 'standard' },
      }),
    ]);
    // The later call is refused: as 403 once its caller is no longer an admin, or 409 at the last-admin check.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const roles = await t.call('GET', `/api/v1/org/${org.org_id}/get_roles`, { cookie: admin });
    expect(roles.body.roles.filter((row: { role: string }) => row.role === 'admin')).toHaveLength(1);
  });
});
