import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

/** What a program asking for a grant makes: a PKCE verifier and its S256 challenge (RFC 7636). */
function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

describe.each(testDatabases())('grant tokens (%s)', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  const USER = 'grant-user@example.com';

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser(USER);
    adminCookie = await t.signIn(ADMIN_EMAIL);
    userCookie = await t.signIn(USER);
  });
  afterAll(() => t?.close());

  const issue = (cookie: string | undefined, body: unknown) => t.call('POST', '/api/v1/issue_grant_token', { cookie, body });
  const exchange = (code_verifier: string) => t.call('POST', '/front/grant_token', { body: { code_verifier } });

  it('issue_grant_token needs a signed-in user', async () => {
    const { challenge } = pkce();
    const before = await t.snapshot();
    for (const cookie of [undefined, 'edrf_session=made-up']) {
      const res = await issue(cookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Unauthenticated' });
    }
    const bearer = await t.call('POST', '/api/v1/issue_grant_token', {
      headers: { authorization: 'Bearer made-up' },
      body: { code_challenge: challenge, code_method: 'S256', op_type: 'grant' },
    });
    expect(bearer.status).toBe(401);
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    [{}, 'code_challenge: '],
    [{ code_method: 'S256', op_type: 'grant' }, 'code_challenge: '],
    [
      { code_challenge: 'short', code_method: 'S256', op_type: 'grant' },
      'code_challenge: must be 43-128 characters of A-Z a-z 0-9 - . _ ~',
    ],
    [{ code_challenge: `${'a'.repeat(42)}!`, code_method: 'S256', op_type: 'grant' }, 'code_challenge: must be 43-128 characters'],
    [{ code_challenge: 'a'.repeat(129), code_method: 'S256', op_type: 'grant' }, 'code_challenge: must be 43-128 characters'],
    [{ code_challenge: 'a'.repeat(43), code_method: 'S512', op_type: 'grant' }, 'code_method: '],
    [{ code_challenge: 'a'.repeat(43), code_method: 'S256', op_type: 'maybe' }, 'op_type: '],
    [{ code_challenge: 43, code_method: 'S256', op_type: 'grant' }, 'code_challenge: '],
    [{ code_challenge: 'a'.repeat(43), code_method: ['S256'], op_type: true }, 'code_method: '],
  ])('issue_grant_token with %j answers 400', async (body, detail) => {
    const before = await t.snapshot();
    const res = await issue(userCookie, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
    expect(await t.snapshot()).toEqual(before);
  });

  it('a granted request is traded once for a bearer token that acts as the user', async () => {
    const { verifier, challenge } = pkce();
    const issued = await issue(adminCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({});

    const traded = await exchange(verifier);
    expect(traded.status).toBe(200);
    expect(traded.body).toEqual({ token: expect.any(String), email: ADMIN_EMAIL });
    expect(traded.body.token.length).toBeGreaterThanOrEqual(40);
    expect(traded.cookies).toEqual([]);

    const again = await exchange(verifier);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'Grant not found' });

    const authorization = `Bearer ${traded.body.token}`;
    const users = await t.call('GET', '/api/v1/admin/list_users', { headers: { authorization } });
    expect(users.status).toBe(200);
    expect(users.body.users.map((u: { email: string }) => u.email)).toContain(ADMIN_EMAIL);
    const authed = await t.call('GET', '/front/is_authed', { headers: { authorization } });
    expect(authed.body).toEqual({ email: ADMIN_EMAIL, is_admin: true });
  });

  it("a non-admin's token acts as that user and no more", async () => {
    const { verifier, challenge } = pkce();
    expect((await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' })).status).toBe(200);
    const traded = await exchange(verifier);
    expect(traded.body.email).toBe(USER);
    const authorization = `Bearer ${traded.body.token}`;
    expect((await t.call('GET', '/front/is_authed', { headers: { authorization } })).body).toEqual({ email: USER, is_admin: false });
    const admin = await t.call('GET', '/api/v1/admin/list_users', { headers: { authorization } });
    expect(admin.status).toBe(404);
    expect(admin.body).toEqual({ detail: 'Not found' });
  });

  it("the challenge itself, seen in the grant page's address, does not trade an S256 grant", async () => {
    const { verifier, challenge } = pkce();
    await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
    const res = await exchange(challenge);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Grant not found' });
    expect((await exchange(verifier)).status).toBe(200);
  });

  it('a plain challenge is traded with the same text', async () => {
    const { verifier } = pkce();
    expect((await issue(userCookie, { code_challenge: verifier, code_method: 'plain', op_type: 'grant' })).status).toBe(200);
    const res = await exchange(verifier);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(USER);
  });

  it('before the user has answered, grant_token answers 404 and the program keeps asking', async () => {
    const { verifier, challenge } = pkce();
    expect((await exchange(verifier)).status).toBe(404);
    await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
    expect((await exchange(verifier)).status).toBe(200);
  });

  it('a denied request answers 403 Access denied, once', async () => {
    const { verifier, challenge } = pkce();
    expect((await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'deny' })).status).toBe(200);
    const sessions = await t.db.selectFrom('sessions').selectAll().execute();
    const res = await exchange(verifier);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Access denied' });
    expect(res.body.token).toBeUndefined();
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual(sessions);
    expect((await exchange(verifier)).status).toBe(404);
  });

  it('answering the same challenge twice answers 409', async () => {
    const { verifier, challenge } = pkce();
    expect((await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' })).status).toBe(200);
    for (const op_type of ['grant', 'deny']) {
      const res = await issue(adminCookie, { code_challenge: challenge, code_method: 'S256', op_type });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: 'This grant request was already answered' });
    }
    // The first answer stands.
    expect((await exchange(verifier)).body.email).toBe(USER);
  });

  it('an answer not traded within 10 minutes is gone', async () => {
    const { verifier, challenge } = pkce();
    await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
    t.clock.advance(10);
    const res = await exchange(verifier);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Grant not found' });
  });

  it('grant_token checks its body', async () => {
    for (const body of [{}, { code_verifier: 'short' }, { code_verifier: 12 }]) {
      const res = await t.call('POST', '/front/grant_token', { body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^code_verifier: /);
    }
  });

  it('logging out with the bearer token ends it', async () => {
    const { verifier, challenge } = pkce();
    await issue(userCookie, { code_challenge: challenge, code_method: 'S256', op_type: 'grant' });
    const authorization = `Bearer ${(await exchange(verifier)).body.token}`;
    expect((await t.call('POST', '/front/logout', { headers: { authorization } })).status).toBe(200);
    const res = await t.call('GET', '/front/is_authed', { headers: { authorization } });
    expect(res.status).toBe(401);
    // The browser session that granted it is untouched.
    expect((await t.call('GET', '/front/is_authed', { cookie: userCookie })).status).toBe(200);
  });
});
