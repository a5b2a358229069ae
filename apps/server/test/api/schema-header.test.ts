import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const UPGRADE = { detail: 'Edrf schema upgrade required' };

describe.each(testDatabases())('Edrf-Schema header (%s)', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminCookie = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  // Every /api call there is, plus one that does not exist: the check comes before routing and sign-in.
  const apiCalls = [
    ['GET', '/api/v1/admin/list_users'],
    ['POST', '/api/v1/admin/create_user'],
    ['POST', '/api/v1/admin/update_user/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/v1/delete_user/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/v1/issue_grant_token'],
    ['GET', '/api/v1/no_such_call'],
  ] as const;

  describe.each(apiCalls)('%s %s', (method, url) => {
    const body = method === 'POST' ? { email: 'new@example.com', provider: 'passcode' } : undefined;

    it('without the header answers 426, even for a signed-in platform admin', async () => {
      const before = await t.snapshot();
      const res = await t.call(method, url, { body, cookie: adminCookie, schema: false });
      expect(res.status).toBe(426);
      expect(res.body).toEqual(UPGRADE);
      expect(await t.snapshot()).toEqual(before);
    });

    it('with an older schema (4) answers 426', async () => {
      const res = await t.call(method, url, { body, cookie: adminCookie, headers: { 'edrf-schema': '4' } });
      expect(res.status).toBe(426);
      expect(res.body).toEqual(UPGRADE);
    });

    it('with a newer or garbled schema answers 426', async () => {
      for (const value of ['6', '5.0', ' 5x', '']) {
        const res = await t.call(method, url, { body, cookie: adminCookie, headers: { 'edrf-schema': value } });
        expect(res.status, `Edrf-Schema: '${value}'`).toBe(426);
        expect(res.body).toEqual(UPGRADE);
      }
    });
  });

  it('with Edrf-Schema: 5 the call goes through', async () => {
    const res = await t.call('GET', '/api/v1/admin/list_users', { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual([ADMIN_EMAIL]);
  });

  it('anonymous calls without the header also get 426 first, not 404 or 401', async () => {
    for (const [method, url] of apiCalls) {
      const res = await t.call(method, url, { schema: false });
      expect(res.status, `${method} ${url}`).toBe(426);
      expect(res.body).toEqual(UPGRADE);
    }
  });

  it('/front calls do not need the header', async () => {
    const authed = await t.call('GET', '/front/is_authed', { cookie: adminCookie, schema: false });
    expect(authed.status).toBe(200);
    expect(authed.body).toEqual({ email: ADMIN_EMAIL, is_admin: true });

    const sent = t.mails.length;
    const login = await t.call('POST', '/front/login_email', { body: { email: ADMIN_EMAIL }, schema: false });
    expect(login.status).toBe(200);
    expect(t.mails.length).toBe(sent + 1);

    const anonymous = await t.call('GET', '/front/is_authed', { schema: false });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Unauthenticated' });
  });

  it('/front calls with an old schema header are not refused either', async () => {
    const res = await t.call('GET', '/front/is_authed', { cookie: adminCookie, headers: { 'edrf-schema': '4' } });
    expect(res.status).toBe(200);
  });
});
