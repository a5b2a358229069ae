import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtPeer, startOidcPeer, type OidcPeer } from '../peers/oidc.js';
import { testDatabases } from '../support/databases.js';
import { cookieHeader, startTestApp, type CallResult, type TestApp } from '../support/harness.js';

const ORIGIN = 'http://edrf.test';
const GOOGLE = { client_id: 'edrf-google', client_secret: 'google-secret', redirect_uris: [`${ORIGIN}/front/auth_callback/google`] };
const MICROSOFT = {
  client_id: 'edrf-microsoft',
  client_secret: 'microsoft-secret',
  redirect_uris: [`${ORIGIN}/front/auth_callback/microsoft`],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('OpenID sign-in (%s)', (kind) => {
  let peer: OidcPeer;
  let t: TestApp;
  let n = 0;
  async function newUser(provider: 'google' | 'microsoft' | 'passcode' = 'google'): Promise<string> {
    const email = `oidc${++n}@example.com`;
    await t.createUser(email, { provider });
    return email;
  }

  beforeAll(async () => {
    peer = await startOidcPeer({
      clients: [
        GOOGLE,
        MICROSOFT,
        { ...GOOGLE, client_id: 'edrf-local', redirect_uris: ['http://localhost:5173/front/auth_callback/google'] },
      ],
    });
    t = await startTestApp(kind, {
      env: {
        PUBLIC_URL: ORIGIN,
        OIDC_ALLOW_HTTP: '1',
        GOOGLE_CLIENT_ID: GOOGLE.client_id,
        GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
        GOOGLE_ISSUER: peer.issuer,
        MICROSOFT_CLIENT_ID: MICROSOFT.client_id,
        MICROSOFT_CLIENT_SECRET: MICROSOFT.client_secret,
        MICROSOFT_ISSUER: peer.issuer,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  async function start(provider: string, target_url?: string): Promise<string> {
    const res = await t.call('POST', '/front/login_auth', { body: { provider, host: 'ignored.example', target_url } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.redirect_url as string;
  }
  /** The browser coming back from the provider to our callback. */
  async function callback(callbackUrl: string): Promise<CallResult> {
    const url = new URL(callbackUrl);
    expect(url.origin).toBe(ORIGIN);
    return t.call('GET', url.pathname + url.search, { schema: false });
  }
  /** A failed sign-in lands on the login page with an auth event id; answers what that event says. */
  async function failure(res: CallResult, target = '/projects') {
    expect(res.status).toBe(302);
    expect(res.cookies.find((c) => c.name === 'edrf_session')).toBeUndefined();
    const location = new URL(String(res.headers.location), ORIGIN);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('url')).toBe(target);
    const aeid = location.searchParams.get('aeid') ?? '';
    expect(aeid).toMatch(UUID);
    const event = await t.call('GET', `/front/auth_event?aeid=${aeid}`);
    expect(event.status).toBe(200);
    return event.body as { provider: string; error: string };
  }

  it('login_auth answers a redirect_url at the provider, with PKCE and our callback', async () => {
    const redirect = new URL(await start('google', '/orgs'));
    expect(redirect.origin).toBe(peer.issuer);
    expect(redirect.searchParams.get('client_id')).toBe(GOOGLE.client_id);
    expect(redirect.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/front/auth_callback/google`);
    expect(redirect.searchParams.get('response_type')).toBe('code');
    expect(redirect.searchParams.get('code_challenge_method')).toBe('S256');
    expect(redirect.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(redirect.searchParams.get('state')).toBeTruthy();
    expect(redirect.searchParams.get('scope')?.split(' ')).toContain('openid');
  });

  it('signing in at the provider comes back signed in, at the target_url', async () => {
    const email = await newUser('google');
    const res = await callback(await signInAtPeer(await start('google', '/orgs?tab=2'), email));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/orgs?tab=2');
    const session = res.cookies.find((c) => c.name === 'edrf_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const authed = await t.call('GET', '/front/is_authed', { cookie: cookieHeader(session!) });
    expect(authed.status).toBe(200);
    expect(authed.body).toEqual({ email, is_admin: false });
  });

  it('Microsoft works the same way, and the address the provider gives is matched in any case', async () => {
    const email = await newUser('microsoft');
    const res = await callback(await signInAtPeer(await start('microsoft'), email.toUpperCase()));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/projects');
    const session = res.cookies.find((c) => c.name === 'edrf_session');
    expect((await t.call('GET', '/front/is_authed', { cookie: cookieHeader(session!) })).body).toEqual({ email, is_admin: false });
  });

  it('a callback URL works once: replayed, it is an expired sign-in', async () => {
    const email = await newUser('google');
    const url = await signInAtPeer(await start('google'), email);
    expect((await callback(url)).status).toBe(302);
    const again = await failure(await callback(url));
    expect(again).toEqual({ provider: 'google', error: 'The sign-in expired or was already used, please try again' });
  });

  it('the user cancelling at the provider is shown on the login page', async () => {
    const res = await callback(await signInAtPeer(await start('google', '/orgs'), null));
    expect(await failure(res, '/orgs')).toEqual({ provider: 'google', error: 'The user cancelled the sign-in' });
  });

  it('an address with no user is refused with User not found', async () => {
    const res = await callback(await signInAtPeer(await start('google'), 'stranger@example.com'));
    expect(await failure(res)).toEqual({ provider: 'google', error: 'User not found: stranger@example.com' });
    expect(await t.db.selectFrom('users').where('email', '=', 'stranger@example.com').selectAll().execute()).toEqual([]);
  });

  it('a passcode user signing in with Google is refused', async () => {
    const email = await newUser('passcode');
    const res = await callback(await signInAtPeer(await start('google'), email));
    expect(await failure(res)).toEqual({ provider: 'google', error: `${email} signs in with Passcode, not Google` });
  });

  it('a Microsoft user signing in with Google is refused', async () => {
    const email = await newUser('microsoft');
    const res = await callback(await signInAtPeer(await start('google'), email));
    expect(await failure(res)).toEqual({ provider: 'google', error: `${email} signs in with Microsoft, not Google` });
  });

  it('a callback with an unknown state, or none, is refused', async () => {
    for (const query of ['?code=abc&state=made-up', '?code=abc', '']) {
      const res = await t.call('GET', `/front/auth_callback/google${query}`);
      expect(await failure(res)).toEqual({ provider: 'google', error: 'The sign-in expired or was already used, please try again' });
    }
  });

  it("a callback at the other provider's path is refused", async () => {
    const email = await newUser('google');
    const url = new URL(await signInAtPeer(await start('google'), email));
    url.pathname = '/front/auth_callback/microsoft';
    const res = await callback(url.href);
    expect(await failure(res)).toEqual({ provider: 'microsoft', error: 'The sign-in expired or was already used, please try again' });
  });

  it('a tampered code is refused with the reason', async () => {
    const email = await newUser('google');
    const url = new URL(await signInAtPeer(await start('google'), email));
    url.searchParams.set('code', 'tampered');
    expect(await failure(await callback(url.href))).toEqual({
      provider: 'google',
      error: 'Google sign-in failed: grant request is invalid',
    });
  });

  it('an unknown, malformed or missing aeid answers 404', async () => {
    for (const query of ['?aeid=00000000-0000-4000-8000-000000000000', '?aeid=not-an-id', "?aeid=1'--", '']) {
      const res = await t.call('GET', `/front/auth_event${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found' });
    }
  });

  it('an unknown provider is refused with 400', async () => {
    const res = await t.call('POST', '/front/login_auth', { body: { provider: 'facebook', target_url: '/projects' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^provider: /);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'projects', ''])(
    'target_url %j is replaced by /projects',
    async (target) => {
      const email = await newUser('google');
      const res = await callback(await signInAtPeer(await start('google', target), email));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/projects');
      expect(res.cookies.find((c) => c.name === 'edrf_session')).toBeDefined();
    },
  );

  it('login_email for a Google user answers a redirect_url at the provider instead of sending a passcode', async () => {
    const email = await newUser('google');
    const sent = t.mails.length;
    const res = await t.call('POST', '/front/login_email', { body: { email, target_url: '/orgs' } });
    expect(res.status).toBe(200);
    const redirect = new URL(res.body.redirect_url);
    expect(redirect.origin).toBe(peer.issuer);
    expect(redirect.searchParams.get('client_id')).toBe(GOOGLE.client_id);
    expect(redirect.searchParams.get('login_hint')).toBe(email);
    expect(t.mails.length).toBe(sent);
    expect(await t.db.selectFrom('login_passcodes').where('email', '=', email).selectAll().execute()).toEqual([]);

    const back = await callback(await signInAtPeer(redirect.href, email));
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/orgs');
  });

  it('login_email for a Microsoft user answers a redirect_url for Microsoft', async () => {
    const email = await newUser('microsoft');
    const res = await t.call('POST', '/front/login_email', { body: { email } });
    expect(res.status).toBe(200);
    expect(new URL(res.body.redirect_url).searchParams.get('client_id')).toBe(MICROSOFT.client_id);
  });

  describe('with other settings', () => {
    let googleOnly: TestApp;
    let unreachable: TestApp;
    beforeAll(async () => {
      // No PUBLIC_URL: the callback is on the host the browser reports.
      googleOnly = await startTestApp(kind, {
        database: t.database,
        env: {
          OIDC_ALLOW_HTTP: '1',
          GOOGLE_CLIENT_ID: 'edrf-local',
          GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
          GOOGLE_ISSUER: peer.issuer,
        },
      });
      unreachable = await startTestApp(kind, {
        database: t.database,
        env: { OIDC_ALLOW_HTTP: '1', GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
      });
    });
    afterAll(async () => {
      await googleOnly?.close();
      await unreachable?.close();
    });

    it('a provider that is not configured: login_auth answers 400 naming it', async () => {
      const before = await googleOnly.snapshot();
      const res = await googleOnly.call('POST', '/front/login_auth', { body: { provider: 'microsoft', target_url: '/projects' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Microsoft sign-in is not configured on this server' });
      expect(await googleOnly.snapshot()).toEqual(before);
    });

    it('a Microsoft user on a server without Microsoft sign-in gets the same 400 from login_email', async () => {
      const email = await newUser('microsoft');
      const res = await googleOnly.call('POST', '/front/login_email', { body: { email } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Microsoft sign-in is not configured on this server' });
    });

    it('without PUBLIC_URL the callback is on the host the browser reports', async () => {
      const res = await googleOnly.call('POST', '/front/login_auth', { body: { provider: 'google', host: 'localhost:5173' } });
      expect(res.status).toBe(200);
      const redirect = new URL(res.body.redirect_url);
      expect(redirect.searchParams.get('redirect_uri')).toBe('http://localhost:5173/front/auth_callback/google');

      const email = await newUser('google');
      const back = new URL(await signInAtPeer(redirect.href, email));
      const done = await googleOnly.call('GET', back.pathname + back.search);
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/projects');
      expect(done.cookies.find((c) => c.name === 'edrf_session')).toBeDefined();
    });

    it('a host that is not a host is refused', async () => {
      const res = await googleOnly.call('POST', '/front/login_auth', { body: { provider: 'google', host: 'http://[bad' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'host: not a valid host' });
    });

    it('a provider that cannot be reached answers 502 naming it', async () => {
      const res = await unreachable.call('POST', '/front/login_auth', { body: { provider: 'google' } });
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(/^Google could not be reached: /);
    });
  });
});
