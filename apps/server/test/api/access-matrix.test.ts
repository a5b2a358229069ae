// Every route the app registers, tried by every kind of caller (docs/security.md, docs/orgs.md). The routes come from
// Fastify itself (printRoutes), so a route added without a line in ROUTES fails 'every registered route is in the
// table'. Each line says who may call the route (its access class) and what an allowed caller gets for the request
// sent — often a 400 for a minimal body: the point is that a caller who may not call it gets 401, 403 or 404 with the
// refusal of docs/orgs.md, never a 2xx, nothing changes, and no answer to anyone carries data of an organization or
// project they have no role in. Ids of another organization's project, version and IFC file are refused like ids that
// do not exist. permissions-matrix.test.ts holds the finer table of docs/orgs.md (what the allowed calls did).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EDRF_SCHEMA } from '@edrf/model';
import { Versions } from '../../src/versions/repository.js';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type CallResult, type TestApp } from '../support/harness.js';

type Access = 'public' | 'signed-in' | 'org member' | 'org admin' | 'project member' | 'project admin' | 'platform admin';

const NO_ROLE = 'access-no-role@example.com';
const ORG_STANDARD = 'access-org-standard@example.com';
const ORG_ADMIN = 'access-org-admin@example.com';
const PROJECT_EDITOR = 'access-project-editor@example.com';
const PROJECT_ADMIN = 'access-project-admin@example.com';
/** Admin of an organization and a project of their own (B), and nothing of A. */
const ELSEWHERE = 'access-elsewhere@example.com';
/** A member whose role the role calls set again (unchanged). */
const TARGET = 'access-target@example.com';

/** The callers, each as the session they call with (anonymous: none). */
const CALLERS = ['anonymous', NO_ROLE, ORG_STANDARD, ORG_ADMIN, PROJECT_EDITOR, PROJECT_ADMIN, ADMIN_EMAIL, ELSEWHERE] as const;
type Caller = (typeof CALLERS)[number];

/** The ids and names of one organization with a project, a saved version, an IFC file and a payment. */
interface Fixture {
  orgId: string;
  orgName: string;
  projectId: string;
  projectName: string;
  versionId: string;
  versionComment: string;
  ifcId: string;
  ifcName: string;
  aeid: string;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE';
interface Request {
  method: Method;
  url: string;
  body?: unknown;
}

interface Route {
  access: Access;
  /** What the test sends, on the fixtures of organization A (or on a fresh project, see `fresh`). */
  request: (fx: Fixture) => Request;
  /** What an allowed caller gets; with `detail`, a 404 that is not a refusal says what it is about. */
  allowed: number;
  detail?: string;
  /** The call deletes what it is allowed to: an allowed caller gets a project of its own, with A's roles. */
  fresh?: boolean;
  /** The call ends the caller's session: it is made with a session of its own. */
  endsSession?: boolean;
  /** What an allowed HEAD gets, when not what the GET gets. */
  head?: number;
  /** A WebSocket route: tried by opening a socket; a plain GET or HEAD of it is 404 for everyone. */
  websocket?: boolean;
}

const get = (url: string): Request => ({ method: 'GET', url });
const post = (url: string, body: unknown = {}): Request => ({ method: 'POST', url, body });
const del = (url: string): Request => ({ method: 'DELETE', url });
const noRole = encodeURIComponent(NO_ROLE);
const randomId = () => crypto.randomUUID();
const BILLING = {
  name: 'Access AB',
  email: 'billing@access.example.com',
  address: { line1: 'Street 1', line2: '', zip: '111 22', city: 'Stockholm', state: '' },
  country: 'SE',
};

// prettier-ignore
const ROUTES: Record<string, Route> = {
  // The web app and what any browser may fetch or post before signing in.
  // The web app's files, and index.html for every other GET (a HEAD of a page path is 404: web-app.ts answers GET only).
  'GET *':                                            { access: 'public', request: () => get('/projects'), allowed: 200, head: 404 },
  'GET /generic_meshes.json':                         { access: 'public', request: () => get('/generic_meshes.json'), allowed: 200 },
  'POST /front/login_email':                          { access: 'public', request: () => post('/front/login_email'), allowed: 400 },
  'POST /front/login_passcode':                       { access: 'public', request: () => post('/front/login_passcode'), allowed: 400 },
  'POST /front/login_auth':                           { access: 'public', request: () => post('/front/login_auth'), allowed: 400 },
  'GET /front/auth_callback/:provider':               { access: 'public', request: () => get('/front/auth_callback/google'), allowed: 302 },
  'GET /front/auth_event':                            { access: 'public', request: (fx) => get(`/front/auth_event?aeid=${fx.aeid}`), allowed: 200 },
  'POST /front/grant_token':                          { access: 'public', request: () => post('/front/grant_token'), allowed: 400 },
  'POST /front/logout':                               { access: 'public', request: () => post('/front/logout'), allowed: 200, endsSession: true },
  // The health probe of a load balancer (docs/operations.md): the same answer for everyone.
  'GET /api/health':                                  { access: 'public', request: () => get('/api/health'), allowed: 200 },
  // Stripe's webhook: its signature, not a session, decides (docs/payment.md); this app has no Stripe configured.
  'POST /webhooks/stripe':                            { access: 'public', request: () => post('/webhooks/stripe'), allowed: 503 },
  // Any signed-in user: their own lists, and the calculations that belong to no project.
  'GET /front/is_authed':                             { access: 'signed-in', request: () => get('/front/is_authed'), allowed: 200 },
  'POST /api/v1/issue_grant_token':                   { access: 'signed-in', request: () => post('/api/v1/issue_grant_token'), allowed: 400 },
  'GET /api/v1/list_orgs':                            { access: 'signed-in', request: () => get('/api/v1/list_orgs'), allowed: 200 },
  'GET /api/v1/list_projects':                        { access: 'signed-in', request: () => get('/api/v1/list_projects'), allowed: 200 },
  'POST /api/v1/create_org':                          { access: 'signed-in', request: () => post('/api/v1/create_org', { name: 'Access created org' }), allowed: 200 },
  'POST /api/v1/check_user':                          { access: 'signed-in', request: () => post('/api/v1/check_user', { user_email: TARGET }), allowed: 200 },
  'GET /api/v1/get_fire_hardware':                    { access: 'signed-in', request: () => get('/api/v1/get_fire_hardware'), allowed: 200 },
  'POST /api/v1/create_fire_config':                  { access: 'signed-in', request: () => post('/api/v1/create_fire_config'), allowed: 400 },
  'POST /api/v1/cost_model':                          { access: 'signed-in', request: () => post('/api/v1/cost_model'), allowed: 400 },
  'POST /api/v1/upgrade_edrf':                        { access: 'signed-in', request: () => post('/api/v1/upgrade_edrf'), allowed: 400 },
  'POST /api/v1/clean_arch':                          { access: 'signed-in', request: () => post('/api/v1/clean_arch'), allowed: 400 },
  'POST /api/v1/calc_fire_units':                     { access: 'signed-in', request: () => post('/api/v1/calc_fire_units'), allowed: 400 },
  'POST /api/v1/calc_fire_sections':                  { access: 'signed-in', request: () => post('/api/v1/calc_fire_sections'), allowed: 400 },
  'POST /api/v1/calc_fire_rack_to_rack_routes':       { access: 'signed-in', request: () => post('/api/v1/calc_fire_rack_to_rack_routes'), allowed: 400 },
  'POST /api/v1/calc_fire_cabling':                   { access: 'signed-in', request: () => post('/api/v1/calc_fire_cabling'), allowed: 400 },
  'POST /api/v1/update_fire_design':                  { access: 'signed-in', request: () => post('/api/v1/update_fire_design'), allowed: 400 },
  'GET /api/v1/fire_reports':                         { access: 'signed-in', request: () => get('/api/v1/fire_reports?regulation=Sbf1108'), allowed: 200 },
  // An organization's members; its admins.
  'POST /api/v1/create_project':                      { access: 'org member', request: (fx) => post('/api/v1/create_project', { name: 'Access created project', org_id: fx.orgId }), allowed: 200 },
  'GET /api/v1/org/:id':                              { access: 'org member', request: (fx) => get(`/api/v1/org/${fx.orgId}`), allowed: 200 },
  'GET /api/v1/org/:id/get_roles':                    { access: 'org member', request: (fx) => get(`/api/v1/org/${fx.orgId}/get_roles`), allowed: 200 },
  'POST /api/v1/org/:id/name':                        { access: 'org admin', request: (fx) => post(`/api/v1/org/${fx.orgId}/name`, { name: fx.orgName }), allowed: 200 },
  'POST /api/v1/org/:id/user_role':                   { access: 'org admin', request: (fx) => post(`/api/v1/org/${fx.orgId}/user_role`, { user_email: TARGET, role: 'standard' }), allowed: 200 },
  'DELETE /api/v1/org/:id/user_role':                 { access: 'org admin', request: (fx) => del(`/api/v1/org/${fx.orgId}/user_role?user_email=${noRole}`), allowed: 404, detail: 'User has no role' },
  'DELETE /api/v1/org/:id':                           { access: 'org admin', request: (fx) => del(`/api/v1/org/${fx.orgId}`), allowed: 409 },
  'GET /api/v1/org/:id/billing_info':                 { access: 'org admin', request: (fx) => get(`/api/v1/org/${fx.orgId}/billing_info`), allowed: 200 },
  'POST /api/v1/org/:id/billing_info':                { access: 'org admin', request: (fx) => post(`/api/v1/org/${fx.orgId}/billing_info`, BILLING), allowed: 200 },
  'GET /api/v1/org/:id/payment_history':              { access: 'org admin', request: (fx) => get(`/api/v1/org/${fx.orgId}/payment_history`), allowed: 200 },
  // A project's members (editors and admins); its admins.
  'GET /api/v1/project/:id/org':                      { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/org`), allowed: 200 },
  'GET /api/v1/project/:id/get_roles':                { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/get_roles`), allowed: 200 },
  'GET /api/v1/project/:id/get_project_meta':         { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/get_project_meta`), allowed: 200 },
  'GET /api/v1/project/:id/latest_version':           { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/latest_version`), allowed: 200 },
  'GET /api/v1/project/:id/list_versions':            { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/list_versions`), allowed: 200 },
  'GET /api/v1/project/:id/get_version/:versionId':   { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/get_version/${fx.versionId}`), allowed: 200 },
  'POST /api/v1/project/:id/sync_working_version':    { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/sync_working_version`), allowed: 400 },
  'POST /api/v1/project/:id/save_working_version':    { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/save_working_version`), allowed: 400 },
  'POST /api/v1/project/:id/create_version_status/:versionId': { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/create_version_status/${fx.versionId}`), allowed: 400 },
  'POST /api/v1/project/:id/gen_fire_reports':        { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/gen_fire_reports`), allowed: 400 },
  'POST /api/v1/project/:id/report_jobs':             { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/report_jobs`), allowed: 400 },
  // A job is its asker's alone: a member with another's (or no such) job id gets 404.
  'GET /api/v1/project/:id/report_jobs/:job':         { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/report_jobs/${randomId()}`), allowed: 404, detail: 'Job not found' },
  'GET /api/v1/project/:id/report_jobs/:job/file':    { access: 'project member', request: (fx) => get(`/api/v1/project/${fx.projectId}/report_jobs/${randomId()}/file`), allowed: 404, detail: 'Job not found' },
  'POST /api/v1/project/:id/module_export_status':    { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/module_export_status`), allowed: 400 },
  // Paying needs the organization's admin role too (F§6): no project member here holds it, so each gets F§6's 403
  // (fire-payment-roles.test.ts tries every role, the payer's included).
  'POST /api/v1/project/:id/fire_payment':            { access: 'project member', request: (fx) => post(`/api/v1/project/${fx.projectId}/fire_payment`), allowed: 403 },
  'GET /ws/v1/:projectId/:projectVersionId/upload_ifc': { access: 'project member', request: (fx) => get(`/ws/v1/${fx.projectId}/${fx.versionId}/upload_ifc`), allowed: 101, websocket: true },
  'POST /api/v1/project/:id/name':                    { access: 'project admin', request: (fx) => post(`/api/v1/project/${fx.projectId}/name`, { name: fx.projectName }), allowed: 200 },
  'POST /api/v1/project/:id/user_role':               { access: 'project admin', request: (fx) => post(`/api/v1/project/${fx.projectId}/user_role`, { user_email: TARGET, role: 'editor' }), allowed: 200 },
  'DELETE /api/v1/project/:id/user_role':             { access: 'project admin', request: (fx) => del(`/api/v1/project/${fx.projectId}/user_role?user_email=${noRole}`), allowed: 404, detail: 'User has no role' },
  'DELETE /api/v1/project/:id':                       { access: 'project admin', request: (fx) => del(`/api/v1/project/${fx.projectId}`), allowed: 200, fresh: true },
  // Platform admins only; the admin area does not exist for anyone else.
  'GET /api/v1/admin/list_users':                     { access: 'platform admin', request: () => get('/api/v1/admin/list_users'), allowed: 200 },
  'GET /api/v1/admin/list_orgs':                      { access: 'platform admin', request: () => get('/api/v1/admin/list_orgs'), allowed: 200 },
  'GET /api/v1/admin/list_projects':                  { access: 'platform admin', request: () => get('/api/v1/admin/list_projects'), allowed: 200 },
  'POST /api/v1/admin/create_user':                   { access: 'platform admin', request: () => post('/api/v1/admin/create_user'), allowed: 400 },
  'POST /api/v1/admin/update_user/:id':               { access: 'platform admin', request: () => post(`/api/v1/admin/update_user/${randomId()}`), allowed: 404, detail: 'User not found' },
  'POST /api/v1/admin/update_org/:id':                { access: 'platform admin', request: (fx) => post(`/api/v1/admin/update_org/${fx.orgId}`, { billing_type: 'direct' }), allowed: 200 },
  'GET /api/v1/admin/projects/:id/ifc/:ifcId/download': { access: 'platform admin', request: (fx) => get(`/api/v1/admin/projects/${fx.projectId}/ifc/${fx.ifcId}/download`), allowed: 200 },
  'DELETE /api/v1/delete_user/:id':                   { access: 'platform admin', request: () => del(`/api/v1/delete_user/${randomId()}`), allowed: 404, detail: 'User not found' },
};

type Expected = 'allowed' | 401 | 403 | 404;

/** Who gets what, by access class (docs/orgs.md): roles on the other kind of thing, or on B, give nothing. */
function expectedFor(access: Access, caller: Caller): Expected {
  if (access === 'public') return 'allowed';
  if (access === 'platform admin') return caller === ADMIN_EMAIL ? 'allowed' : 404;
  if (caller === 'anonymous') return 401;
  if (access === 'signed-in' || caller === ADMIN_EMAIL) return 'allowed';
  if (access === 'org member' || access === 'org admin') {
    if (caller === ORG_ADMIN) return 'allowed';
    if (caller === ORG_STANDARD) return access === 'org admin' ? 403 : 'allowed';
    return 404;
  }
  if (caller === PROJECT_ADMIN) return 'allowed';
  if (caller === PROJECT_EDITOR) return access === 'project admin' ? 403 : 'allowed';
  return 404;
}

function refusalDetail(access: Access, status: 401 | 403 | 404): string {
  if (status === 401) return 'Unauthenticated';
  const org = access === 'org member' || access === 'org admin';
  if (access === 'platform admin') return 'Not found';
  if (status === 404) return org ? 'Organization not found' : 'Project not found';
  return org ? 'Only organization admins can do this' : 'Only project admins can do this';
}

/** The WebSocket refusals (docs/ifc-upload.md): a socket closed at once with the reason. */
const WS_REFUSALS = { 401: { code: 4401, reason: 'Unauthenticated' }, 404: { code: 4404, reason: 'Project not found' } } as const;

/** The routes Fastify has registered, as 'METHOD path', from its route tree (HEAD routes of GET routes left out). */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`Unexpected line in printRoutes: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const full = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = full;
    prefixes.length = depth + 1;
    const methods = match[3]?.split(', ') ?? [];
    for (const method of methods) if (method !== 'HEAD' || !methods.includes('GET')) routes.push(`${method} ${full}`);
  }
  return routes.sort();
}

describe.each(testDatabases())('access matrix of every route (%s)', (kind) => {
  let t: TestApp;
  let dist: string;
  let wsBase: string;
  const cookies = new Map<string, string>();
  let A: Fixture;
  let B: Fixture;
  let n = 0;

  /** An organization with a project, roles, a saved version, an IFC file and a payment; every name and id unique. */
  async function fixture(label: string, roles: { org: Record<string, 'admin' | 'standard'>; project: Record<string, 'admin' | 'editor'> }) {
    const tag = `${label}-${crypto.randomBytes(4).toString('hex')}`;
    const org = await t.createOrg(`Access org ${tag}`, roles.org);
    const project = await t.createProject(org.org_id, `Access project ${tag}`, roles.project);
    await new Versions(t.db).createWorking(t.db, project.project_id, Object.keys(roles.project)[0]!);
    const ifc = await t.addIfcFile(project.project_id, `access-${tag}.ifc`, `ISO-10303-21; ${tag}`);
    // The payment names no project of the fixture: an org admin sees the history, not the project.
    await t.addPayment(org.org_id, { project_name: 'An old project' });
    const admin = Object.entries(roles.project).find(([, role]) => role === 'admin')![0];
    const comment = `Access version ${tag}`;
    const saved = await t.call('POST', `/api/v1/project/${project.project_id}/save_working_version`, {
      cookie: cookies.get(admin),
      body: { comment },
    });
    if (saved.status !== 200) throw new Error(`save_working_version: ${saved.status} ${JSON.stringify(saved.body)}`);
    const event = await t.db
      .insertInto('auth_events')
      .values({ provider: 'google', email: null, error: `Access event ${tag}`, created_at: new Date() })
      .returning('aeid')
      .executeTakeFirstOrThrow();
    return {
      orgId: org.org_id,
      orgName: org.name,
      projectId: project.project_id,
      projectName: project.name,
      versionId: saved.body.project_version_id as string,
      versionComment: comment,
      ifcId: ifc.ifc_object_id,
      ifcName: ifc.file_name,
      aeid: event.aeid,
    } satisfies Fixture;
  }

  const A_ROLES = {
    org: { [ORG_ADMIN]: 'admin', [ORG_STANDARD]: 'standard', [TARGET]: 'standard' },
    project: { [PROJECT_ADMIN]: 'admin', [PROJECT_EDITOR]: 'editor', [TARGET]: 'editor' },
  } as const;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>edrf</title><div id="root"></div>');
    t = await startTestApp(kind, { env: { WEB_DIST: dist } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const email of CALLERS) if (email !== 'anonymous') cookies.set(email, await t.cookieFor(email));
    await t.ensureUser(TARGET);
    A = await fixture('A', A_ROLES);
    B = await fixture('B', { org: { [ELSEWHERE]: 'admin' }, project: { [ELSEWHERE]: 'admin' } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** What must not appear in an answer to this caller: the names and ids of what they have no role in. */
  function secretsFor(caller: Caller): string[] {
    if (caller === ADMIN_EMAIL) return [];
    const org = (fx: Fixture) => [fx.orgId, fx.orgName];
    const project = (fx: Fixture) => [fx.projectId, fx.projectName, fx.versionId, fx.versionComment, fx.ifcId, fx.ifcName];
    const seesOrgA = [ORG_ADMIN, ORG_STANDARD, PROJECT_ADMIN, PROJECT_EDITOR].includes(caller);
    const seesProjectA = [PROJECT_ADMIN, PROJECT_EDITOR].includes(caller);
    const seesB = caller === ELSEWHERE;
    return [...(seesOrgA ? [] : org(A)), ...(seesProjectA ? [] : project(A)), ...(seesB ? [] : [...org(B), ...project(B)])];
  }

  async function send(request: Request, cookie: string | undefined): Promise<CallResult & { text: string }> {
    const headers: Record<string, string> = { 'edrf-schema': String(EDRF_SCHEMA) };
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const res = await t.app.inject({ method: request.method, url: request.url, headers, payload });
    const json = String(res.headers['content-type'] ?? '').includes('application/json') && res.body ? res.json() : res.body;
    return { status: res.statusCode, body: json, headers: res.headers, cookies: res.cookies, text: res.body };
  }

  type SocketAnswer = { open: true; reply: unknown } | { open: false; code: number; reason: string } | { open: false; status: number };

  /** Opens the upload socket; an open one is sent a message of an unknown type, which it answers with an error. */
  function trySocket(url: string, cookie: string | undefined): Promise<SocketAnswer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsBase}${url}`, { headers: cookie ? { cookie } : {} });
      let opened = false;
      ws.on('unexpected-response', (_req, res) => {
        resolve({ open: false, status: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.on('open', () => {
        opened = true;
        ws.send(JSON.stringify({ type: 'access-matrix' }));
      });
      ws.on('message', (data) => {
        resolve({ open: true, reply: JSON.parse((data as Buffer).toString()) });
        ws.close();
      });
      ws.on('close', (code, reason) => resolve({ open: false, code, reason: reason.toString() }));
      ws.on('error', (error) => (opened ? undefined : reject(error)));
    });
  }

  /** A project of A's organization with A's project roles, for a call that deletes it. */
  async function freshProject(): Promise<Fixture> {
    const project = await t.createProject(A.orgId, `Access throwaway ${++n}`, A_ROLES.project);
    return { ...A, projectId: project.project_id, projectName: project.name };
  }

  it('every registered route is in the table, and every line of the table is a registered route', () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(40);
    const table = Object.keys(ROUTES).sort();
    expect({ missingFromTable: registered.filter((r) => !table.includes(r)) }).toEqual({ missingFromTable: [] });
    expect({ notRegistered: table.filter((r) => !registered.includes(r)) }).toEqual({ notRegistered: [] });
  });

  const lines = Object.entries(ROUTES).map(([route, line]) => ({ route, ...line }));

  it.each(lines)('$route ($access)', async (line) => {
    const problems: string[] = [];
    const methods: Method[] = line.request(A).method === 'GET' ? ['GET', 'HEAD'] : [line.request(A).method];
    for (const caller of CALLERS) {
      const expected = expectedFor(line.access, caller);
      let cookie = caller === 'anonymous' ? undefined : cookies.get(caller);
      const secrets = secretsFor(caller);
      if (line.websocket) {
        const answer = await trySocket(line.request(A).url, cookie);
        const want =
          expected === 'allowed'
            ? { open: true, reply: { type: 'error', file_id: null, detail: expect.any(String) } }
            : { open: false, ...WS_REFUSALS[expected as 401 | 404] };
        if (!matches(answer, want)) problems.push(`${caller} socket: ${JSON.stringify(answer)}, expected ${JSON.stringify(want)}`);
        // Without the upgrade the path is nothing, for everyone.
        for (const method of methods) {
          const res = await send({ method, url: line.request(A).url }, cookie);
          if (res.status !== 404) problems.push(`${caller} ${method} without upgrade: ${res.status}`);
        }
        continue;
      }
      for (const method of methods) {
        const fx = expected === 'allowed' && line.fresh ? await freshProject() : A;
        const request = { ...line.request(fx), method };
        if (line.endsSession && cookie) cookie = await t.cookieFor(caller);
        const changes = method !== 'GET' && method !== 'HEAD' && expected !== 'allowed';
        const before = changes ? await t.snapshot() : undefined;
        const res = await send(request, cookie);
        const where = `${caller} ${method}`;
        if (expected === 'allowed') {
          const status = method === 'HEAD' ? (line.head ?? line.allowed) : line.allowed;
          if (res.status !== status) problems.push(`${where}: ${res.status} ${res.text.slice(0, 200)}, expected ${status}`);
          else if (line.detail && method !== 'HEAD' && res.body?.detail !== line.detail)
            problems.push(`${where}: detail ${JSON.stringify(res.body?.detail)}, expected ${JSON.stringify(line.detail)}`);
        } else {
          if (res.status !== expected) problems.push(`${where}: ${res.status} ${res.text.slice(0, 200)}, expected ${expected}`);
          else if (method !== 'HEAD' && !matches(res.body, { detail: refusalDetail(line.access, expected) }))
            problems.push(`${where}: ${res.text.slice(0, 200)}, expected the refusal '${refusalDetail(line.access, expected)}'`);
          if (before && !matches(await t.snapshot(), before)) problems.push(`${where}: the refused call changed the database`);
        }
        const leaked = secrets.filter((secret) => res.text.includes(secret) || JSON.stringify(res.headers).includes(secret));
        if (leaked.length) problems.push(`${where}: the answer carries ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // A caller with roles of their own elsewhere (B) gets for A's ids exactly what an id that does not exist gets.
  const withIds = lines.filter((line) => ['org member', 'org admin', 'project member', 'project admin'].includes(line.access));
  it.each(withIds)('$route: ids of another organization are answered like ids that do not exist', async (line) => {
    const cookie = cookies.get(ELSEWHERE);
    const missing: Fixture = { ...A, orgId: randomId(), projectId: randomId(), versionId: randomId(), ifcId: randomId() };
    const before = await t.snapshot();
    if (line.websocket) {
      const theirs = await trySocket(line.request(A).url, cookie);
      expect(theirs).toEqual({ open: false, ...WS_REFUSALS[404] });
      expect(await trySocket(line.request(missing).url, cookie)).toEqual(theirs);
    } else {
      const answer = async (fx: Fixture) => {
        const res = await send(line.request(fx), cookie);
        return { status: res.status, body: res.body, length: res.headers['content-length'] };
      };
      const theirs = await answer(A);
      expect(theirs.status).toBe(404);
      expect(await answer(missing)).toEqual(theirs);
    }
    expect(await t.snapshot()).toEqual(before);
  });

  // A member of A asking with A's project id for B's version or IFC file gets what a version or file that does not exist gets.
  const withItems = lines.filter((line) => /:versionId|:ifcId|:projectVersionId/.test(line.route));
  it.each(withItems)("$route: another organization's version or file through one's own project", async (line) => {
    const caller = line.access === 'platform admin' ? ADMIN_EMAIL : PROJECT_ADMIN;
    const cookie = cookies.get(caller);
    const mixed: Fixture = { ...A, versionId: B.versionId, ifcId: B.ifcId };
    const missing: Fixture = { ...A, versionId: randomId(), ifcId: randomId() };
    const body = line.route.includes('create_version_status') ? { status: null } : undefined;
    const before = await t.snapshot();
    if (line.websocket) {
      const theirs = await trySocket(line.request(mixed).url, cookie);
      expect(theirs).toEqual({ open: false, code: 4404, reason: 'Unable to find version' });
      expect(await trySocket(line.request(missing).url, cookie)).toEqual(theirs);
    } else {
      const answer = async (fx: Fixture) => {
        const res = await send({ ...line.request(fx), ...(body ? { body } : {}) }, cookie);
        expect(res.text).not.toContain(B.versionComment);
        expect(res.text).not.toContain(B.ifcName);
        return { status: res.status, body: res.body };
      };
      const theirs = await answer(mixed);
      expect(theirs.status).toBe(404);
      expect(await answer(missing)).toEqual(theirs);
      // And the same call on A's own version or file is allowed: the refusal is about B's id only.
      expect((await send({ ...line.request(A), ...(body ? { body } : {}) }, cookie)).status).toBe(200);
    }
    expect(await t.snapshot()).toEqual(before);
  });
});

/** Deep equality with asymmetric matchers, outside expect (to collect every problem of a line before failing). */
function matches(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}
