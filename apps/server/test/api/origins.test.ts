// A page of another site cannot make a signed-in browser change anything: every state-changing request (POST,
// DELETE, the /front calls included) and the IFC upload WebSocket whose Origin is not the app's own is answered 403
// before the session or the body is read, and nothing changes. The app's own origin is PUBLIC_URL's, or when unset the
// request's scheme and host (as a proxy forwards them). Requests without Origin (curl, scripts, server-to-server) pass:
// browsers always send Origin on cross-origin POST, DELETE and WebSocket requests (docs/security.md).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WORKING_VERSION } from '@edrf/model';
import { Versions } from '../../src/versions/repository.js';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const REFUSED = { detail: 'Cross-origin request refused' };
const EVIL = 'https://evil.example';
const MEMBER = 'origin-member@example.com';

/** What a handshake got: the HTTP status of a refused upgrade, or an open socket's answer to an unknown message. */
function handshake(url: string, headers: Record<string, string>): Promise<{ status: number } | { open: true; reply: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'origin-test' })));
    ws.on('message', (data) => {
      resolve({ open: true, reply: JSON.parse((data as Buffer).toString()) });
      ws.close();
    });
    ws.on('close', (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)));
    ws.on('error', reject);
  });
}

describe.each(testDatabases())('Origin check (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.cookieFor(MEMBER);
    const org = await t.createOrg('Origin org', { [MEMBER]: 'admin' });
    orgId = org.org_id;
    const project = await t.createProject(org.org_id, 'Origin project', { [MEMBER]: 'admin' });
    projectId = project.project_id;
    await new Versions(t.db).createWorking(t.db, projectId, MEMBER);
  });
  afterAll(() => t?.close());

  const signedIn = async (c: string) => (await t.call('GET', '/front/is_authed', { cookie: c })).status === 200;

  // Each state-changing call of a signed-in member, as another site's page would make it.
  const CALLS: [label: string, method: 'POST' | 'DELETE', url: () => string, body?: unknown][] = [
    ['POST /front/logout', 'POST', () => '/front/logout'],
    ['POST /front/login_email', 'POST', () => '/front/login_email', { email: MEMBER }],
    ['POST /front/login_auth', 'POST', () => '/front/login_auth', { provider: 'google' }],
    ['POST /front/grant_token', 'POST', () => '/front/grant_token', { code_verifier: 'v'.repeat(43) }],
    ['POST /api/v1/create_org', 'POST', () => '/api/v1/create_org', { name: 'Made by another site' }],
    [
      'POST /api/v1/org/{id}/user_role',
      'POST',
      () => `/api/v1/org/${orgId}/user_role`,
      { user_email: 'origin-attacker@example.com', role: 'admin' },
    ],
    ['POST /api/v1/project/{id}/name', 'POST', () => `/api/v1/project/${projectId}/name`, { name: 'Renamed by another site' }],
    ['DELETE /api/v1/project/{id}', 'DELETE', () => `/api/v1/project/${projectId}`],
    ['DELETE /api/v1/org/{id}', 'DELETE', () => `/api/v1/org/${orgId}`],
  ];

  it.each(CALLS)('%s with a foreign Origin is refused and changes nothing', async (_label, method, url, body) => {
    await t.ensureUser('origin-attacker@example.com');
    const before = await t.snapshot();
    const sent = t.mails.length;
    for (const origin of [EVIL, 'null', 'http://localhost.evil.example', 'http://localhost:8080']) {
      const res = await t.call(method, url(), { cookie, body, headers: { origin } });
      expect(res).toMatchObject({ status: 403, body: REFUSED });
    }
    expect(await t.snapshot()).toEqual(before);
    expect(t.mails.length).toBe(sent);
    expect(await signedIn(cookie)).toBe(true);
  });

  it('refuses before the session, the schema header or the body is looked at', async () => {
    const res = await t.call('POST', '/api/v1/create_org', { schema: false, body: '{not json', headers: { origin: EVIL } });
    expect(res).toMatchObject({ status: 403, body: REFUSED });
  });

  it('lets reads with a foreign Origin through, without CORS headers (the browser keeps the answer from the other site)', async () => {
    const res = await t.call('GET', '/api/v1/list_orgs', { cookie, headers: { origin: EVIL } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows the same origin, spelt as the browser does, and requests without Origin', async () => {
    // inject's requests come to host localhost:80, the origin http://localhost.
    for (const origin of ['http://localhost', 'http://LOCALHOST:80', undefined]) {
      const c = await t.cookieFor(MEMBER);
      const res = await t.call('POST', '/front/logout', { cookie: c, headers: origin ? { origin } : {} });
      expect(res.status).toBe(200);
      expect(await signedIn(c)).toBe(false);
    }
    const created = await t.call('POST', '/api/v1/create_org', {
      cookie,
      body: { name: 'Origin same-site org' },
      headers: { origin: 'http://localhost' },
    });
    expect(created.status).toBe(200);
  });

  it('behind a proxy, compares with the forwarded scheme and host', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'edrf.example.com' };
    const own = await t.call('POST', '/api/v1/check_user', {
      cookie,
      body: { user_email: MEMBER },
      headers: { ...headers, origin: 'https://edrf.example.com' },
    });
    expect(own).toMatchObject({ status: 200, body: { exists: true } });
    const plain = await t.call('POST', '/api/v1/check_user', {
      cookie,
      body: { user_email: MEMBER },
      headers: { ...headers, origin: 'http://edrf.example.com' },
    });
    expect(plain).toMatchObject({ status: 403, body: REFUSED });
  });

  describe('with PUBLIC_URL', () => {
    let pub: TestApp;
    beforeAll(async () => {
      pub = await startTestApp(kind, { database: t.database, env: { PUBLIC_URL: 'https://edrf.example.com/' } });
    });
    afterAll(() => pub?.close());

    it("allows PUBLIC_URL's origin only, whatever the Host says", async () => {
      const call = (origin: string) =>
        pub.call('POST', '/api/v1/check_user', { cookie, body: { user_email: MEMBER }, headers: { origin } });
      expect((await call('https://edrf.example.com')).status).toBe(200);
      expect((await call('https://edrf.example.com:443')).status).toBe(200);
      // The request's own host is not the app's origin when PUBLIC_URL says otherwise.
      expect(await call('http://localhost')).toMatchObject({ status: 403, body: REFUSED });
      expect(await call('https://other.example.com')).toMatchObject({ status: 403, body: REFUSED });
    });
  });

  describe('the IFC upload WebSocket', () => {
    let base: string;
    let host: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      base = `ws://${host}`;
    });
    const url = () => `${base}/ws/v1/${projectId}/${WORKING_VERSION}/upload_ifc`;

    it('refuses the upgrade with 403 for a foreign Origin, even for a member', async () => {
      expect(await handshake(url(), { cookie, origin: EVIL })).toEqual({ status: 403 });
      expect(await handshake(url(), { cookie, origin: 'null' })).toEqual({ status: 403 });
    });

    it('opens for a member from the same origin, and without Origin', async () => {
      const opened = { open: true, reply: { type: 'error', file_id: null, detail: expect.any(String) } };
      expect(await handshake(url(), { cookie, origin: `http://${host}` })).toEqual(opened);
      expect(await handshake(url(), { cookie })).toEqual(opened);
    });
  });
});
