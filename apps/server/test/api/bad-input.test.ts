import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const MALFORMED = { detail: 'Malformed JSON: the request body is not valid JSON' };
const EMPTY = { detail: 'Malformed JSON: the request body is empty' };
const TOO_LARGE = { detail: 'The request body is too large' };
const NOT_FOUND = { detail: 'Not found' };
const LONG_EMAIL = `${'a'.repeat(288)}@example.com`; // 300 characters
/** Just over the 1 MB body limit, as valid JSON. */
const OVER_1MB = JSON.stringify({ email: 'x@example.com', pad: 'x'.repeat(1024 * 1024) });

describe.each(testDatabases())('bad input (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('user@example.com');
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  /** Sends a call and checks the answer, and that the database is as it was. */
  async function refused(
    method: 'POST' | 'GET' | 'DELETE',
    url: string,
    body: unknown,
    status: number,
    detail: unknown,
    headers?: Record<string, string>,
  ) {
    const before = await t.snapshot();
    const sent = t.mails.length;
    const res = await t.call(method, url, { body, cookie: admin, headers });
    expect(res.status, `${method} ${url} ${String(body).slice(0, 40)}`).toBe(status);
    expect(res.body).toEqual(detail);
    expect(await t.snapshot()).toEqual(before);
    expect(t.mails.length).toBe(sent);
  }

  const posts = [
    '/front/login_email',
    '/front/login_passcode',
    '/front/login_auth',
    '/front/grant_token',
    '/api/v1/issue_grant_token',
    '/api/v1/admin/create_user',
  ];

  describe.each(posts)('POST %s', (url) => {
    it('with malformed JSON answers 400', async () => {
      for (const body of ['{"email": ', '{email: "user@example.com"}', "{'a': 1}", '{"a":1}}', 'undefined']) {
        await refused('POST', url, body, 400, MALFORMED);
      }
    });

    it('with an empty JSON body answers 400', async () => {
      await refused('POST', url, '', 400, EMPTY);
    });

    it('with a JSON body trying to set __proto__ answers 400', async () => {
      await refused('POST', url, '{"email":"user@example.com","__proto__":{"is_admin":true}}', 400, MALFORMED);
    });

    it('with a body over 1 MB answers 413', async () => {
      await refused('POST', url, OVER_1MB, 413, TOO_LARGE);
    });

    it('with a form instead of JSON answers 415', async () => {
      await refused(
        'POST',
        url,
        'email=user%40example.com',
        415,
        { detail: 'Unsupported content type: send application/json' },
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
    });

    it('with JSON that is not an object answers 400', async () => {
      for (const body of ['[]', '"user@example.com"', '42', 'true']) {
        const res = await t.call('POST', url, { body, cookie: admin });
        expect(res.status, body).toBe(400);
        expect(res.body.detail).toEqual(expect.any(String));
      }
    });
  });

  it.each([
    [{ email: 5 }, 'email: Invalid input: expected string, received number'],
    [{ email: null }, 'email: Invalid input: expected string, received null'],
    [{}, 'email: Invalid input: expected string, received undefined'],
    [{ email: LONG_EMAIL }, 'email: Too big: expected string to have <=254 characters'],
    [{ email: 'user@example' }, 'email: Invalid e-mail address'],
    [{ email: 'user@example.com', target_url: 5 }, 'target_url: Invalid input: expected string, received number'],
    [{ email: 'user@example.com', target_url: `/${'x'.repeat(2000)}` }, 'target_url: Too big: expected string to have <=2000 characters'],
    [{ email: 'user@example.com', host: 'h'.repeat(301) }, 'host: Too big: expected string to have <=300 characters'],
    [{ email: 'user@example.com', host: ['a'] }, 'host: Invalid input: expected string, received array'],
  ])('login_email with %j answers 400 %j', async (body, detail) => {
    await refused('POST', '/front/login_email', body, 400, { detail });
  });

  it.each([
    [{ email: 'user@example.com', passcode: 123456 }, 'passcode: Invalid input: expected string, received number'],
    [{ email: 'user@example.com', passcode: '1'.repeat(300) }, 'passcode: The passcode is 6 digits'],
    [{ email: LONG_EMAIL, passcode: '123456' }, 'email: Too big: expected string to have <=254 characters'],
    [{ passcode: '123456' }, 'email: Invalid input: expected string, received undefined'],
  ])('login_passcode with %j answers 400 %j', async (body, detail) => {
    await refused('POST', '/front/login_passcode', body, 400, { detail });
  });

  it.each([
    [{ provider: 5 }, 'provider: Invalid option: expected one of "google"|"microsoft"'],
    [{ provider: 'passcode' }, 'provider: Invalid option: expected one of "google"|"microsoft"'],
    [{}, 'provider: Invalid option: expected one of "google"|"microsoft"'],
    [{ provider: 'google', target_url: { url: '/' } }, 'target_url: Invalid input: expected string, received object'],
  ])('login_auth with %j answers 400 %j', async (body, detail) => {
    await refused('POST', '/front/login_auth', body, 400, { detail });
  });

  it('create_user with a 300-character e-mail answers 400 with the form message', async () => {
    await refused('POST', '/api/v1/admin/create_user', { email: LONG_EMAIL, provider: 'passcode' }, 400, {
      detail: 'Email and login provider are required',
    });
  });

  it('update_user with bad JSON answers 400 and changes nothing', async () => {
    const user = await t.db.selectFrom('users').select('user_id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    await refused('POST', `/api/v1/admin/update_user/${user.user_id}`, '{"email"', 400, MALFORMED);
    await refused('POST', `/api/v1/admin/update_user/${user.user_id}`, OVER_1MB, 413, TOO_LARGE);
  });

  it.each([
    ['GET', '/api/v1/no_such_call'],
    ['POST', '/api/v1/no_such_call'],
    ['GET', '/api/v2/admin/list_users'],
    ['GET', '/api/v1/admin/list_users/extra'],
    ['POST', '/api/v1/admin/list_users'],
    ['GET', '/api/v1/delete_user/00000000-0000-4000-8000-000000000000'],
    ['GET', '/front/no_such_call'],
    ['POST', '/front/no_such_call'],
    ['GET', '/front/login_email'],
    ['DELETE', '/front/is_authed'],
    ['GET', '/front/auth_callback'],
    ['GET', '/ws/v1/no_such_socket'],
  ] as const)('%s %s answers 404 Not found', async (method, url) => {
    for (const cookie of [undefined, admin]) {
      const res = await t.call(method, url, { cookie, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });
});
