// Every answer — pages, built files, API answers, refusals and errors — carries the security headers
// (docs/security.md): a Content-Security-Policy without inline scripts or eval that forbids framing, nosniff, a
// same-origin referrer, no window sharing with other sites; HSTS only when the app is reached over https. The e2e
// suite runs the built app under this policy and fails on any violation the browser reports (e2e/csp.teardown.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../../src/http/security.js';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type CallResult, type TestApp } from '../support/harness.js';

const SIGNED_IN = 'headers-user@example.com';

/** The CSP as directive → sources. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(res: Pick<CallResult, 'headers'>, where: string) {
  const { headers } = res;
  const csp = directives(headers['content-security-policy']);
  expect(csp['default-src'], where).toEqual(["'self'"]);
  // Own files only, never inline, data: or blob: scripts; 'unsafe-eval' for clipper2-wasm's embind bindings (docs/security.md).
  expect(csp['script-src'], where).toEqual(["'self'", "'unsafe-eval'", "'report-sample'"]);
  expect(csp['style-src'], where).toEqual(["'self'"]);
  expect(csp['object-src'], where).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], where).toEqual(["'none'"]);
  expect(csp['base-uri'], where).toEqual(["'self'"]);
  expect(csp['form-action'], where).toEqual(["'self'"]);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('same-origin');
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
  return csp;
}

describe.each(testDatabases())('security headers (%s)', (kind) => {
  let t: TestApp;
  let dist: string;
  let cookie: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>edrf</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("edrf")');
    t = await startTestApp(kind, { env: { WEB_DIST: dist } });
    cookie = await t.cookieFor(SIGNED_IN);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  // [what, method, url, options, status]
  const ANSWERS: [
    string,
    'GET' | 'POST' | 'DELETE',
    string,
    { signedIn?: boolean; body?: unknown; schema?: false; origin?: string },
    number,
  ][] = [
    ['a page', 'GET', '/', {}, 200],
    ['a deep page', 'GET', '/projects', {}, 200],
    ['a built file', 'GET', '/assets/app.js', {}, 200],
    ['the mesh catalogue', 'GET', '/generic_meshes.json', {}, 200],
    ['an API answer', 'GET', '/api/v1/list_orgs', { signedIn: true }, 200],
    ['a /front answer', 'GET', '/front/is_authed', { signedIn: true }, 200],
    ['401', 'GET', '/api/v1/list_orgs', {}, 401],
    ['404 of the admin area', 'GET', '/api/v1/admin/list_users', { signedIn: true }, 404],
    ['404 of an unknown call', 'GET', '/api/v1/no_such_call', {}, 404],
    ['400 of a bad body', 'POST', '/front/login_email', { body: {} }, 400],
    ['426 without the schema header', 'GET', '/api/v1/list_orgs', { schema: false }, 426],
    [
      '403 of the Origin check',
      'DELETE',
      '/api/v1/org/00000000-0000-4000-8000-000000000000',
      { signedIn: true, origin: 'https://evil.example' },
      403,
    ],
  ];

  it.each(ANSWERS)('%s (%s %s) carries the headers', async (what, method, url, opts, status) => {
    const res = await t.call(method, url, {
      cookie: opts.signedIn ? cookie : undefined,
      body: opts.body,
      schema: opts.schema,
      headers: { accept: 'text/html', ...(opts.origin ? { origin: opts.origin } : {}) },
    });
    expect(res.status).toBe(status);
    const csp = expectSecurityHeaders(res, what);
    // The upload socket is on the app's own host: ws: here, as the app is reached over http.
    expect(csp['connect-src']).toEqual(["'self'", 'ws://localhost']);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the request came over https through a proxy, and names wss: for the socket', async () => {
    const res = await t.call('GET', '/', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'edrf.example.com' } });
    const csp = expectSecurityHeaders(res, 'a page over https');
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    expect(csp['connect-src']).toEqual(["'self'", 'wss://edrf.example.com']);
  });

  describe('with an https PUBLIC_URL', () => {
    let pub: TestApp;
    beforeAll(async () => {
      pub = await startTestApp(kind, { database: t.database, env: { WEB_DIST: dist, PUBLIC_URL: 'https://edrf.example.com' } });
    });
    afterAll(() => pub?.close());

    it('sends HSTS on every answer, also when the proxy in front spoke http to the app', async () => {
      for (const url of ['/', '/api/v1/list_orgs', '/assets/app.js']) {
        const res = await pub.call('GET', url);
        const csp = expectSecurityHeaders(res, url);
        expect(res.headers['strict-transport-security']).toBe(HSTS);
        expect(csp['connect-src']).toEqual(["'self'", 'wss://edrf.example.com']);
      }
    });
  });

  describe('with an http PUBLIC_URL', () => {
    let pub: TestApp;
    beforeAll(async () => {
      pub = await startTestApp(kind, { database: t.database, env: { WEB_DIST: dist, PUBLIC_URL: 'http://127.0.0.1:8691' } });
    });
    afterAll(() => pub?.close());

    it('sends no HSTS', async () => {
      const res = await pub.call('GET', '/');
      expectSecurityHeaders(res, 'a page');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

// The policy has no 'unsafe-inline': the page the app is built from must load its scripts and styles from files.
describe('the web app runs without inline scripts or styles', () => {
  const sources = [new URL('../../../web/index.html', import.meta.url)];
  const built = new URL('../../../web/dist/index.html', import.meta.url);
  if (fs.existsSync(built)) sources.push(built);

  it.each(sources.map((url) => [url.pathname]))('%s', (file) => {
    const html = fs.readFileSync(file, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
