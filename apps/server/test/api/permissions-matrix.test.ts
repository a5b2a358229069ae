// The permission table of docs/orgs.md, call by call and caller by caller. A call that is meant to
// change something (a delete, a rename) gets fixtures of its own, so it cannot spoil the next case;
// refused calls and reads share fixtures, which every refusal shows unchanged. Every body would
// succeed for an allowed caller, so a refusal is about permission only.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

type Column = 'anonymous' | 'no role' | 'standard / editor' | 'org / project admin' | 'platform admin';
const COLUMNS: Column[] = ['anonymous', 'no role', 'standard / editor', 'org / project admin', 'platform admin'];

// prettier-ignore
const TABLE: [call: Call, anonymous: number, noRole: number, member: number, admin: number, platformAdmin: number][] = [
  // call                                    anonymous  no role  standard / editor  org / project admin  platform admin
  ['GET list_orgs',                            401,       200,     200,               200,                 200],
  ['GET list_projects',                        401,       200,     200,               200,                 200],
  ['POST create_org',                          401,       200,     200,               200,                 200],
  ['POST create_project',                      401,       404,     200,               200,                 200],
  ['POST check_user',                          401,       200,     200,               200,                 200],
  ['GET org/{id}',                             401,       404,     200,               200,                 200],
  ['POST org/{id}/name',                       401,       404,     403,               200,                 200],
  ['GET org/{id}/get_roles',                   401,       404,     200,               200,                 200],
  ['POST org/{id}/user_role',                  401,       404,     403,               200,                 200],
  ['DELETE org/{id}/user_role',                401,       404,     403,               200,                 200],
  ['DELETE org/{id}',                          401,       404,     403,               200,                 200],
  ['DELETE org/{id} (with projects)',          401,       404,     403,               409,                 409],
  ['GET org/{id}/billing_info',                401,       404,     403,               200,                 200],
  ['POST org/{id}/billing_info',               401,       404,     403,               200,                 200],
  ['GET org/{id}/payment_history',             401,       404,     403,               200,                 200],
  ['GET project/{id}/org',                     401,       404,     200,               200,                 200],
  ['POST project/{id}/name',                   401,       404,     403,               200,                 200],
  ['DELETE project/{id}',                      401,       404,     403,               200,                 200],
  ['GET project/{id}/get_roles',               401,       404,     200,               200,                 200],
  ['POST project/{id}/user_role',              401,       404,     403,               200,                 200],
  ['DELETE project/{id}/user_role',            401,       404,     403,               200,                 200],
  ['GET admin/list_orgs',                      404,       404,     404,               404,                 200],
  ['GET admin/list_users',                     404,       404,     404,               404,                 200],
  ['GET admin/list_projects',                  404,       404,     404,               404,                 200],
  ['POST admin/update_org/{id}',               404,       404,     404,               404,                 200],
  ['GET admin/projects/{id}/ifc/{ifcId}/download', 404,   404,     404,               404,                 200],
];

const ORG_ADMIN = 'matrix-org-admin@example.com';
const ORG_STANDARD = 'matrix-org-standard@example.com';
const PROJECT_ADMIN = 'matrix-project-admin@example.com';
const PROJECT_EDITOR = 'matrix-project-editor@example.com';
const NO_ROLE = 'matrix-no-role@example.com';
/** The member whose role the role calls change or remove. */
const TARGET = 'matrix-target@example.com';

const BILLING = {
  name: 'Matrix AB',
  email: 'billing@matrix.example.com',
  address: { line1: 'Street 1', line2: '', zip: '111 22', city: 'Stockholm', state: '' },
  country: 'SE',
};

interface Fixture {
  orgId: string;
  projectId: string;
  ifcId: string;
}

type Method = 'GET' | 'POST' | 'DELETE';
interface Request {
  method: Method;
  url: string;
  body?: unknown;
}

const api = (method: Method, path: string, body?: unknown): Request => ({ method, url: `/api/v1/${path}`, body });
const target = encodeURIComponent(TARGET);

/** What each call of the table sends, on a case's fixtures. */
const REQUESTS = {
  'GET list_orgs': () => api('GET', 'list_orgs'),
  'GET list_projects': () => api('GET', 'list_projects'),
  'POST create_org': () => api('POST', 'create_org', { name: 'Matrix new org' }),
  'POST create_project': (fx) => api('POST', 'create_project', { name: 'Matrix new project', org_id: fx.orgId }),
  'POST check_user': () => api('POST', 'check_user', { user_email: TARGET }),
  'GET org/{id}': (fx) => api('GET', `org/${fx.orgId}`),
  'POST org/{id}/name': (fx) => api('POST', `org/${fx.orgId}/name`, { name: 'Matrix renamed org' }),
  'GET org/{id}/get_roles': (fx) => api('GET', `org/${fx.orgId}/get_roles`),
  'POST org/{id}/user_role': (fx) => api('POST', `org/${fx.orgId}/user_role`, { user_email: TARGET, role: 'admin' }),
  'DELETE org/{id}/user_role': (fx) => api('DELETE', `org/${fx.orgId}/user_role?user_email=${target}`),
  'DELETE org/{id}': (fx) => api('DELETE', `org/${fx.orgId}`),
  'DELETE org/{id} (with projects)': (fx) => api('DELETE', `org/${fx.orgId}`),
  'GET org/{id}/billing_info': (fx) => api('GET', `org/${fx.orgId}/billing_info`),
  'POST org/{id}/billing_info': (fx) => api('POST', `org/${fx.orgId}/billing_info`, BILLING),
  'GET org/{id}/payment_history': (fx) => api('GET', `org/${fx.orgId}/payment_history`),
  'GET project/{id}/org': (fx) => api('GET', `project/${fx.projectId}/org`),
  'POST project/{id}/name': (fx) => api('POST', `project/${fx.projectId}/name`, { name: 'Matrix renamed project' }),
  'DELETE project/{id}': (fx) => api('DELETE', `project/${fx.projectId}`),
  'GET project/{id}/get_roles': (fx) => api('GET', `project/${fx.projectId}/get_roles`),
  'POST project/{id}/user_role': (fx) => api('POST', `project/${fx.projectId}/user_role`, { user_email: TARGET, role: 'admin' }),
  'DELETE project/{id}/user_role': (fx) => api('DELETE', `project/${fx.projectId}/user_role?user_email=${target}`),
  'GET admin/list_orgs': () => api('GET', 'admin/list_orgs'),
  'GET admin/list_users': () => api('GET', 'admin/list_users'),
  'GET admin/list_projects': () => api('GET', 'admin/list_projects'),
  'POST admin/update_org/{id}': (fx) => api('POST', `admin/update_org/${fx.orgId}`, { billing_type: 'invoice' }),
  'GET admin/projects/{id}/ifc/{ifcId}/download': (fx) => api('GET', `admin/projects/${fx.projectId}/ifc/${fx.ifcId}/download`),
} satisfies Record<string, (fx: Fixture) => Request>;
type Call = keyof typeof REQUESTS;

type Scope = 'org' | 'project' | 'admin';
const scopeOf = (call: string): Scope => (call.includes('admin/') ? 'admin' : call.includes('project/') ? 'project' : 'org');

/** Who stands in each column: the members of a project call are the project's, of any other call the organization's. */
function callersOf(call: string, column: Column): [who: string, email: string | undefined][] {
  const project = scopeOf(call) === 'project';
  switch (column) {
    case 'anonymous':
      return [['anonymous', undefined]];
    case 'no role':
      // A role on the other kind of thing gives nothing: an org admin does not see the org's projects, a project member not its org.
      return project
        ? [
            ['a user with no role', NO_ROLE],
            ['the org admin without a project role', ORG_ADMIN],
          ]
        : [
            ['a user with no role', NO_ROLE],
            ['a project admin without an org role', PROJECT_ADMIN],
          ];
    case 'standard / editor':
      return [project ? ['a project editor', PROJECT_EDITOR] : ['an org standard member', ORG_STANDARD]];
    case 'org / project admin':
      return [project ? ['a project admin', PROJECT_ADMIN] : ['an org admin', ORG_ADMIN]];
    case 'platform admin':
      return [['the platform admin (no role)', ADMIN_EMAIL]];
  }
}

function refusal(call: string, status: number): string {
  const scope = call === 'POST create_project' ? 'org' : scopeOf(call);
  if (status === 401) return 'Unauthenticated';
  if (status === 404) return { org: 'Organization not found', project: 'Project not found', admin: 'Not found' }[scope];
  if (status === 403) return { org: 'Only organization admins can do this', project: 'Only project admins can do this', admin: '' }[scope];
  if (status === 409) return "Delete or move the organization's projects first";
  throw new Error(`No refusal ${status} in docs/orgs.md`);
}

const CASES = TABLE.flatMap(([call, anonymous, noRole, member, admin, platformAdmin]) => {
  const statuses: Record<Column, number> = {
    anonymous,
    'no role': noRole,
    'standard / editor': member,
    'org / project admin': admin,
    'platform admin': platformAdmin,
  };
  return COLUMNS.flatMap((column) =>
    callersOf(call, column).map(([who, email]) => ({ call, column, who, email, status: statuses[column] })),
  );
});

describe.each(testDatabases())('permission table of docs/orgs.md (%s)', (kind) => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    cookies.set(ADMIN_EMAIL, await t.signIn(ADMIN_EMAIL));
    for (const email of [ORG_ADMIN, ORG_STANDARD, PROJECT_ADMIN, PROJECT_EDITOR, NO_ROLE, TARGET])
      cookies.set(email, await t.cookieFor(email));
  });
  afterAll(() => t?.close());

  /** An organization with an admin, a standard member and TARGET; unless `withProject` is false a project with an admin, an editor, TARGET, an IFC file and a payment. */
  async function fixture(withProject = true): Promise<Fixture> {
    const id = ++n;
    const org = await t.createOrg(`Matrix org ${id}`, { [ORG_ADMIN]: 'admin', [ORG_STANDARD]: 'standard', [TARGET]: 'standard' });
    if (!withProject) return { orgId: org.org_id, projectId: '', ifcId: '' };
    const project = await t.createProject(org.org_id, `Matrix project ${id}`, {
      [PROJECT_ADMIN]: 'admin',
      [PROJECT_EDITOR]: 'editor',
      [TARGET]: 'editor',
    });
    const ifc = await t.addIfcFile(project.project_id, `model-${id}.ifc`, `ISO-10303-21; matrix ${id}`);
    await t.addPayment(org.org_id, { project_id: project.project_id, project_name: project.name });
    return { orgId: org.org_id, projectId: project.project_id, ifcId: ifc.ifc_object_id };
  }

  const send = (request: Request, email: string | undefined) =>
    t.call(request.method, request.url, { body: request.body, cookie: email ? cookies.get(email) : undefined });

  // Fixtures for cases that change nothing: with a project, and without (for DELETE org/{id}).
  const shared = new Map<boolean, Promise<Fixture>>();
  const sharedFixture = (withProject: boolean) => {
    if (!shared.has(withProject)) shared.set(withProject, fixture(withProject));
    return shared.get(withProject)!;
  };

  it.each(CASES)('$call — $column: $who gets $status', async ({ call, email, status }) => {
    const withProject = call !== 'DELETE org/{id}';
    const changes = status === 200 && !call.startsWith('GET') && call !== 'POST check_user';
    const fx = changes ? await fixture(withProject) : await sharedFixture(withProject);
    const request = REQUESTS[call](fx);
    const before = status === 200 ? undefined : await t.snapshot();
    const res = await send(request, email);
    expect(res.status).toBe(status);
    if (before) {
      expect(res.body).toEqual({ detail: refusal(call, status) });
      expect(await t.snapshot()).toEqual(before);
    }
  });

  it('every call of the table is sent by the test', () => {
    expect(TABLE.map(([call]) => call).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  // The table's 200s change what they say they change.
  describe('what the allowed calls did', () => {
    it.each([ORG_ADMIN, ADMIN_EMAIL])('org calls by %s', async (email) => {
      const fx = await fixture();
      expect((await send(REQUESTS['POST org/{id}/name'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['POST org/{id}/user_role'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['GET org/{id}'](fx), email)).body).toMatchObject({ name: 'Matrix renamed org' });
      expect((await send(REQUESTS['GET org/{id}/get_roles'](fx), email)).body.roles).toContainEqual({ user_email: TARGET, role: 'admin' });
      expect((await send(REQUESTS['POST org/{id}/billing_info'](fx), email)).body).toEqual(BILLING);
      expect((await send(REQUESTS['GET org/{id}/billing_info'](fx), email)).body).toEqual(BILLING);
      expect((await send(REQUESTS['DELETE org/{id}/user_role'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['GET org/{id}/get_roles'](fx), email)).body.roles).not.toContainEqual(
        expect.objectContaining({ user_email: TARGET }),
      );
      const empty = await fixture(false);
      expect((await send(REQUESTS['DELETE org/{id}'](empty), email)).body).toEqual({});
      expect(await t.db.selectFrom('orgs').select('org_id').where('org_id', '=', empty.orgId).executeTakeFirst()).toBeUndefined();
    });

    it.each([PROJECT_ADMIN, ADMIN_EMAIL])('project calls by %s', async (email) => {
      const fx = await fixture();
      expect((await send(REQUESTS['POST project/{id}/name'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['POST project/{id}/user_role'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['GET project/{id}/get_roles'](fx), email)).body.roles).toContainEqual({
        user_email: TARGET,
        role: 'admin',
      });
      expect((await send(REQUESTS['DELETE project/{id}/user_role'](fx), email)).body).toEqual({});
      expect((await send(REQUESTS['GET project/{id}/get_roles'](fx), email)).body.roles).not.toContainEqual(
        expect.objectContaining({ user_email: TARGET }),
      );
      expect((await send(REQUESTS['DELETE project/{id}'](fx), email)).body).toEqual({});
      expect(
        await t.db.selectFrom('projects').select('project_id').where('project_id', '=', fx.projectId).executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  // An id of someone else's organization or project is answered exactly like an id that does not exist,
  // to a caller with no role anywhere and to one with roles in an organization and project of their own.
  describe('ids of others reveal nothing', () => {
    const ELSEWHERE = 'matrix-elsewhere@example.com';
    beforeAll(async () => {
      cookies.set(ELSEWHERE, await t.cookieFor(ELSEWHERE));
      const own = await t.createOrg('Elsewhere org', { [ELSEWHERE]: 'admin' });
      await t.createProject(own.org_id, 'Elsewhere project', { [ELSEWHERE]: 'admin' });
    });

    const withId = (Object.keys(REQUESTS) as Call[]).filter((call) => call.includes('{id}') && scopeOf(call) !== 'admin');
    const cases = [NO_ROLE, ELSEWHERE].flatMap((email) => withId.map((call) => [call, email] as const));

    it.each(cases)('%s by %s', async (call, email) => {
      const theirs = await sharedFixture(true);
      const missing: Fixture = { orgId: crypto.randomUUID(), projectId: crypto.randomUUID(), ifcId: crypto.randomUUID() };
      const malformed: Fixture = { orgId: 'not-a-uuid', projectId: 'not-a-uuid', ifcId: 'not-a-uuid' };
      const before = await t.snapshot();
      const answers = [];
      for (const fx of [theirs, missing, malformed]) {
        const res = await send(REQUESTS[call](fx), email);
        answers.push({ status: res.status, body: res.body, length: res.headers['content-length'] });
      }
      expect(answers[0]).toEqual({ status: 404, body: { detail: refusal(call, 404) }, length: expect.anything() });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(await t.snapshot()).toEqual(before);
    });

    it.each([NO_ROLE, ELSEWHERE])('POST create_project into an organization of others by %s', async (email) => {
      const theirs = await sharedFixture(true);
      const before = await t.snapshot();
      const answers = [];
      for (const orgId of [theirs.orgId, crypto.randomUUID()]) {
        const res = await send(REQUESTS['POST create_project']({ ...theirs, orgId }), email);
        answers.push({ status: res.status, body: res.body });
      }
      const expected = { status: 404, body: { detail: 'Organization not found' } };
      expect(answers).toEqual([expected, expected]);
      expect(await t.snapshot()).toEqual(before);
    });
  });
});
