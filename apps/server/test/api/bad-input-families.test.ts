// Bad input per route family (issue 27, docs/api.md): malformed JSON is 400 'Malformed JSON…', a wrong type is 400
// naming the path, a body over its limit is 413, an unknown id is 404 — and after each, nothing changed: neither the
// database nor what the web app reads back (the project list, the working version, the versions, the billing info).
// One app per database kind, one set of fixtures for every case.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type CallResult, type TestApp } from '../support/harness.js';

const MALFORMED = 'Malformed JSON: the request body is not valid JSON';
const TOO_LARGE = 'The request body is too large';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const MEMBER = 'member@example.com';
/** Valid JSON just over the 1 MB limit of every call but the model calls. */
const OVER_1MB = JSON.stringify({ name: 'x', pad: 'x'.repeat(1024 * 1024) });
const NOT_STRING = (what: string) => `Invalid input: expected string, received ${what}`;

interface Fixtures {
  orgId: string;
  projectId: string;
  versionId: string;
  userId: string;
}

type Method = 'GET' | 'POST' | 'DELETE';
/** label, method, url, body (a string is sent as it is), status, detail (a RegExp for a long one). */
type Case = [label: string, method: Method, url: (f: Fixtures) => string, body: unknown, status: number, detail: string | RegExp];

const project = (rest: string) => (f: Fixtures) => `/api/v1/project/${f.projectId}/${rest}`;
const org = (rest: string) => (f: Fixtures) => `/api/v1/org/${f.orgId}/${rest}`;
const fixed = (url: string) => () => url;

const families: Record<string, Case[]> = {
  'auth and front': [
    ['login_passcode, malformed JSON', 'POST', fixed('/front/login_passcode'), '{"email": "member@', 400, MALFORMED],
    [
      'login_passcode, a number passcode',
      'POST',
      fixed('/front/login_passcode'),
      { email: MEMBER, passcode: 123456 },
      400,
      `passcode: ${NOT_STRING('number')}`,
    ],
    ['login_email, over 1 MB', 'POST', fixed('/front/login_email'), OVER_1MB, 413, TOO_LARGE],
    ['login_auth, a provider list', 'POST', fixed('/front/login_auth'), { provider: ['google'] }, 400, /^provider: Invalid option/],
    [
      'grant_token, a number verifier',
      'POST',
      fixed('/front/grant_token'),
      { code_verifier: 5 },
      400,
      `code_verifier: ${NOT_STRING('number')}`,
    ],
    ['logout, malformed JSON', 'POST', fixed('/front/logout'), '{"all":', 400, MALFORMED],
    [
      'issue_grant_token, wrong types',
      'POST',
      fixed('/api/v1/issue_grant_token'),
      { code_challenge: 5, code_method: 'S256', op_type: 'grant' },
      400,
      `code_challenge: ${NOT_STRING('number')}`,
    ],
    ['auth_event, an unknown id', 'GET', fixed(`/front/auth_event?aeid=${NO_ID}`), undefined, 404, 'Not found'],
  ],
  orgs: [
    ['create_org, malformed JSON', 'POST', fixed('/api/v1/create_org'), '{"name": "A"', 400, MALFORMED],
    ['create_org, a number name', 'POST', fixed('/api/v1/create_org'), { name: 5 }, 400, `name: ${NOT_STRING('number')}`],
    ['create_org, over 1 MB', 'POST', fixed('/api/v1/create_org'), OVER_1MB, 413, TOO_LARGE],
    ['org name, a list', 'POST', org('name'), { name: ['A'] }, 400, `name: ${NOT_STRING('array')}`],
    ['org name, an unknown org', 'POST', fixed(`/api/v1/org/${NO_ID}/name`), { name: 'A' }, 404, 'Organization not found'],
    ['org name, an id that is no uuid', 'POST', fixed('/api/v1/org/nope/name'), { name: 'A' }, 404, 'Organization not found'],
    ['check_user, a number e-mail', 'POST', fixed('/api/v1/check_user'), { user_email: 5 }, 400, `user_email: ${NOT_STRING('number')}`],
    ['org user_role, an unknown role', 'POST', org('user_role'), { user_email: MEMBER, role: 'owner' }, 400, /^role: Invalid option/],
    ['org user_role, over 1 MB', 'POST', org('user_role'), OVER_1MB, 413, TOO_LARGE],
    ['org user_role removal without user_email', 'DELETE', org('user_role'), undefined, 400, `user_email: ${NOT_STRING('undefined')}`],
    ['get org, an unknown org', 'GET', fixed(`/api/v1/org/${NO_ID}`), undefined, 404, 'Organization not found'],
  ],
  projects: [
    ['create_project, malformed JSON', 'POST', fixed('/api/v1/create_project'), "{'name': 'A'}", 400, MALFORMED],
    ['create_project, a number org_id', 'POST', fixed('/api/v1/create_project'), { name: 'A', org_id: 5 }, 400, /^org_id: /],
    [
      'create_project, an unknown org',
      'POST',
      fixed('/api/v1/create_project'),
      { name: 'A', org_id: NO_ID },
      404,
      'Organization not found',
    ],
    ['create_project, over 1 MB', 'POST', fixed('/api/v1/create_project'), OVER_1MB, 413, TOO_LARGE],
    ['project name, null', 'POST', project('name'), { name: null }, 400, `name: ${NOT_STRING('null')}`],
    ['project name, an unknown project', 'POST', fixed(`/api/v1/project/${NO_ID}/name`), { name: 'A' }, 404, 'Project not found'],
    [
      'project user_role, an org role',
      'POST',
      project('user_role'),
      { user_email: MEMBER, role: 'standard' },
      400,
      /^role: Invalid option/,
    ],
    ['delete project, an unknown project', 'DELETE', fixed(`/api/v1/project/${NO_ID}`), undefined, 404, 'Project not found'],
    ['project org, an unknown project', 'GET', fixed(`/api/v1/project/${NO_ID}/org`), undefined, 404, 'Project not found'],
  ],
  versions: [
    ['sync, malformed JSON', 'POST', project('sync_working_version'), '{"parent":"working-version","config":{', 400, MALFORMED],
    ['sync, a number parent', 'POST', project('sync_working_version'), { parent: 5 }, 400, `parent: ${NOT_STRING('number')}`],
    [
      'sync, a config that is text',
      'POST',
      project('sync_working_version'),
      { parent: 'working-version', config: 'x' },
      400,
      'config: Invalid input: expected object, received string',
    ],
    [
      'sync, a number working_revision',
      'POST',
      project('sync_working_version'),
      { parent: 'working-version', working_revision: 1 },
      400,
      `working_revision: ${NOT_STRING('number')}`,
    ],
    [
      'sync, an unknown parent',
      'POST',
      project('sync_working_version'),
      { parent: NO_ID, config: { name: 'x' } },
      404,
      'Unable to find version',
    ],
    [
      'sync, an unknown project',
      'POST',
      fixed(`/api/v1/project/${NO_ID}/sync_working_version`),
      { parent: 'working-version' },
      404,
      'Project not found',
    ],
    ['save, malformed JSON', 'POST', project('save_working_version'), '{"comment":}', 400, MALFORMED],
    ['save, a number comment', 'POST', project('save_working_version'), { comment: 5 }, 400, `comment: ${NOT_STRING('number')}`],
    ['save, over 1 MB', 'POST', project('save_working_version'), OVER_1MB, 413, TOO_LARGE],
    [
      'version status, an unknown status',
      'POST',
      (f) => `/api/v1/project/${f.projectId}/create_version_status/${f.versionId}`,
      { status: 'Done' },
      400,
      /^status: Invalid option/,
    ],
    [
      'version status, an unknown version',
      'POST',
      project(`create_version_status/${NO_ID}`),
      { status: 'Skiss' },
      404,
      'Unable to find version',
    ],
    ['get_version, an unknown version', 'GET', project('get_version/nope'), undefined, 404, 'Unable to find version'],
    ['latest_version, an unknown project', 'GET', fixed(`/api/v1/project/${NO_ID}/latest_version`), undefined, 404, 'Project not found'],
  ],
  admin: [
    ['create_user, malformed JSON', 'POST', fixed('/api/v1/admin/create_user'), '{"email"', 400, MALFORMED],
    // P§5 fixes this form's message.
    [
      'create_user, a number provider',
      'POST',
      fixed('/api/v1/admin/create_user'),
      { email: 'new@example.com', provider: 5 },
      400,
      'Email and login provider are required',
    ],
    [
      'create_user, a text is_admin',
      'POST',
      fixed('/api/v1/admin/create_user'),
      { email: 'new@example.com', provider: 'passcode', is_admin: 'yes' },
      400,
      'Email and login provider are required',
    ],
    [
      'update_user, an unknown user',
      'POST',
      fixed(`/api/v1/admin/update_user/${NO_ID}`),
      { email: 'new@example.com', provider: 'passcode' },
      404,
      'User not found',
    ],
    [
      'update_org, a number billing type',
      'POST',
      (f) => `/api/v1/admin/update_org/${f.orgId}`,
      { billing_type: 5 },
      400,
      /^billing_type: Invalid option/,
    ],
    [
      'update_org, an unknown org',
      'POST',
      fixed(`/api/v1/admin/update_org/${NO_ID}`),
      { billing_type: 'direct' },
      404,
      'Organization not found',
    ],
    ['update_org, over 1 MB', 'POST', (f) => `/api/v1/admin/update_org/${f.orgId}`, OVER_1MB, 413, TOO_LARGE],
    ['delete_user, an unknown user', 'DELETE', fixed(`/api/v1/delete_user/${NO_ID}`), undefined, 404, 'User not found'],
    [
      'ifc download, an unknown file',
      'GET',
      (f) => `/api/v1/admin/projects/${f.projectId}/ifc/${NO_ID}/download`,
      undefined,
      404,
      'File not found',
    ],
  ],
  'fire engine and model calls': [
    ['create_fire_config, malformed JSON', 'POST', fixed('/api/v1/create_fire_config'), '{"regulation":"Sbf1108"', 400, MALFORMED],
    [
      'create_fire_config, a number regulation',
      'POST',
      fixed('/api/v1/create_fire_config'),
      { regulation: 5 },
      400,
      /^regulation: Unknown regulation/,
    ],
    ['create_fire_config, over 1 MB', 'POST', fixed('/api/v1/create_fire_config'), OVER_1MB, 413, TOO_LARGE],
    ['cost_model, rooms that are a number', 'POST', fixed('/api/v1/cost_model'), { rooms: 5, module: 'fire' }, 400, /^rooms: /],
    ['cost_model, over 1 MB', 'POST', fixed('/api/v1/cost_model'), OVER_1MB, 413, TOO_LARGE],
    ['calc_fire_units, malformed JSON', 'POST', fixed('/api/v1/calc_fire_units'), '{"arch":', 400, MALFORMED],
    [
      'calc_fire_units, an arch that is a number',
      'POST',
      fixed('/api/v1/calc_fire_units'),
      { arch: 5, fire: null },
      400,
      /^arch: Invalid input: expected object, received number/,
    ],
    [
      'calc_fire_sections, settings that are a number',
      'POST',
      fixed('/api/v1/calc_fire_sections'),
      { settings: 5, model: {} },
      400,
      /^settings: Invalid input: expected object, received number/,
    ],
    [
      'calc_fire_rack_to_rack_routes, a fire that is text',
      'POST',
      fixed('/api/v1/calc_fire_rack_to_rack_routes'),
      { arch: {}, fire: 'x' },
      400,
      /^fire: Invalid input: expected object, received string/,
    ],
    [
      'clean_arch, a model that is a number',
      'POST',
      fixed('/api/v1/clean_arch'),
      { model: 5 },
      400,
      'model: Invalid input: expected record, received number',
    ],
    [
      'upgrade_edrf, a model that is a list',
      'POST',
      fixed('/api/v1/upgrade_edrf'),
      { model: [] },
      400,
      'model: Invalid input: expected record, received array',
    ],
  ],
  billing: [
    ['billing_info, malformed JSON', 'POST', org('billing_info'), '{"name": "Acme",}', 400, MALFORMED],
    [
      'billing_info, a number name',
      'POST',
      org('billing_info'),
      { name: 5 },
      400,
      /^name: Invalid input: expected string, received number/,
    ],
    [
      'billing_info, an address that is text',
      'POST',
      org('billing_info'),
      { name: 'A', email: '', address: 'Street 1', country: '' },
      400,
      'address: Invalid input: expected object, received string',
    ],
    ['billing_info, over 1 MB', 'POST', org('billing_info'), OVER_1MB, 413, TOO_LARGE],
    ['billing_info, an unknown org', 'POST', fixed(`/api/v1/org/${NO_ID}/billing_info`), { name: 'A' }, 404, 'Organization not found'],
    ['payment_history, an unknown org', 'GET', fixed(`/api/v1/org/${NO_ID}/payment_history`), undefined, 404, 'Organization not found'],
  ],
};

describe.each(testDatabases())('bad input per route family (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const f = {} as Fixtures;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.cookieFor(ADMIN_EMAIL);
    f.userId = (await t.createUser(MEMBER)).user_id;
    f.orgId = (await t.createOrg('Bad input org', { [ADMIN_EMAIL]: 'admin' })).org_id;
    f.projectId = (await t.createProjectViaApi(admin, f.orgId, 'Bad input project')).project_id;
    const sync = await t.call('POST', `/api/v1/project/${f.projectId}/sync_working_version`, {
      cookie: admin,
      body: { parent: 'working-version', config: { name: 'Kept' }, arch: null, elec: null, fire: null },
    });
    expect(sync.status).toBe(200);
    const saved = await t.call('POST', `/api/v1/project/${f.projectId}/save_working_version`, { cookie: admin, body: { comment: 'Kept' } });
    expect(saved.status).toBe(200);
    f.versionId = saved.body.project_version_id;
    const billing = await t.call('POST', `/api/v1/org/${f.orgId}/billing_info`, {
      cookie: admin,
      body: { name: 'Acme', email: '', address: { line1: 'Street 1', line2: '', zip: '1', city: 'Town', state: '' }, country: 'SE' },
    });
    expect(billing.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** What the web app reads back: the lists, the working version, the versions and the billing info. */
  async function visible() {
    const read = async (url: string): Promise<CallResult['body']> => {
      const res = await t.call('GET', url, { cookie: admin });
      expect(res.status, url).toBe(200);
      return res.body;
    };
    return {
      orgs: await read('/api/v1/list_orgs'),
      projects: await read('/api/v1/list_projects'),
      latest: await read(`/api/v1/project/${f.projectId}/latest_version`),
      versions: await read(`/api/v1/project/${f.projectId}/list_versions`),
      billing: await read(`/api/v1/org/${f.orgId}/billing_info`),
      users: await read('/api/v1/admin/list_users'),
    };
  }

  describe.each(Object.keys(families))('%s', (family) => {
    const cases = families[family]!.map(([label, ...rest]): Case => [`${label} answers ${rest[3]}`, ...rest]);
    it.each(cases)('%s', async (_label, method, url, body, status, detail) => {
      const before = { rows: await t.snapshot(), seen: await visible(), mails: t.mails.length };
      const res = await t.call(method, url(f), { cookie: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (typeof detail === 'string') expect(res.body).toEqual({ detail });
      else {
        expect(Object.keys(res.body)).toEqual(['detail']);
        expect(res.body.detail).toMatch(detail);
      }
      expect(await t.snapshot()).toEqual(before.rows);
      expect(await visible()).toEqual(before.seen);
      expect(t.mails.length).toBe(before.mails);
    });
  });

  // WebSocket /ws/v1/{project_id}/{project_version_id}/upload_ifc (P§4): the socket's own answers, not HTTP ones.
  describe('ifc upload start', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    /** Opens the socket, sends the messages, and answers the first error message or the close. */
    function answer(projectId: string, versionId: string, messages: unknown[]) {
      return new Promise<{ error?: { file_id: string | null; detail: string }; closed?: { code: number; reason: string } }>(
        (resolve, reject) => {
          const ws = new WebSocket(`${base}/ws/v1/${projectId}/${versionId}/upload_ifc`, { headers: { cookie: admin } });
          ws.on('open', () => {
            for (const message of messages) ws.send(typeof message === 'string' ? message : JSON.stringify(message));
          });
          ws.on('message', (data) => {
            const message = JSON.parse((data as Buffer).toString('utf8'));
            if (message.type === 'error') {
              ws.close();
              resolve({ error: { file_id: message.file_id, detail: message.detail } });
            }
          });
          ws.on('close', (code, reason) => resolve({ closed: { code, reason: reason.toString() } }));
          ws.on('error', reject);
        },
      );
    }

    const start = { type: 'file_start', file_id: 'f1', filename: 'model.ifc', size: 1000 };
    it.each([
      ['malformed JSON', '{"type":"file_start",', 'Malformed message: not valid JSON'],
      ['a size that is text', { ...start, size: 'big' }, /^Malformed file_start: size: Invalid input: expected number, received string/],
      [
        'a file name that is a number',
        { ...start, filename: 5 },
        /^Malformed file_start: filename: Invalid input: expected string, received number/,
      ],
      ['a file over the size limit', { ...start, size: 10 * 1024 ** 4 }, /^The file is larger than the limit of \d+\.00 MB$/],
      ['a file that is not .ifc', { ...start, filename: 'model.pdf' }, "'model.pdf' is not an IFC file: only .ifc files can be uploaded"],
    ])('file_start with %s is answered with an error message, nothing changed', async (_label, message, detail) => {
      const before = { rows: await t.snapshot(), seen: await visible() };
      const { error } = await answer(f.projectId, 'working-version', [message]);
      expect(error).toBeDefined();
      if (typeof detail === 'string') expect(error!.detail).toBe(detail);
      else expect(error!.detail).toMatch(detail);
      expect(await t.snapshot()).toEqual(before.rows);
      expect(await visible()).toEqual(before.seen);
    });

    it.each([
      ['an unknown project', (): [string, string] => [NO_ID, 'working-version'], 'Project not found'],
      ['an unknown version', (): [string, string] => [f.projectId, NO_ID], 'Unable to find version'],
    ] as const)('%s closes the socket with 4404, nothing changed', async (_label, target, reason) => {
      const before = await t.snapshot();
      const [projectId, versionId] = target();
      const { closed } = await answer(projectId, versionId, []);
      expect(closed).toEqual({ code: 4404, reason });
      expect(await t.snapshot()).toEqual(before);
    });
  });
});
