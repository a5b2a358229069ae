// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcPeer, signInAtPeer, startOidcPeer } from './oidc.js';
import { parseMail, startSmtpPeer } from './smtp.js';

describe('OIDC peer', () => {
  // Nothing listens here: signInAtPeer returns the callback URL without following it.
  const redirectUri = 'http://127.0.0.1:9/auth/callback';
  const clientId = 'edrf-test';
  const clientSecret = 'edrf-test-secret';
  let peer: OidcPeer;
  let config: client.Configuration;

  beforeAll(async () => {
    peer = await startOidcPeer({
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
    });
    config = await client.discovery(new URL(peer.issuer), clientId, clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
  });
  afterAll(async () => {
    await peer?.close();
  });

  async function authorizationRequest(): Promise<{
    url: URL;
    codeVerifier: string;
    state: string;
  }> {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      // What apps/server/src/services/oidc.ts asks for.
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    return { url, codeVerifier, state };
  }

  it('serves discovery with the issuer on 127.0.0.1', () => {
    expect(peer.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.serverMetadata().issuer).toBe(peer.issuer);
    expect(config.serverMetadata().code_challenge_methods_supported).toContain('S256');
  });

  it('signs in with an e-mail and issues tokens carrying it', async () => {
    const { url, codeVerifier, state } = await authorizationRequest();
    const callback = new URL(await signInAtPeer(url.href, 'Ada@Example.org'));
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(state);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims?.email).toBe('Ada@Example.org');
    expect(claims?.email_verified).toBe(true);
    expect(claims?.sub).toBe('Ada@Example.org');
  });

  it('accepts client_secret_basic as well as client_secret_post', async () => {
    const basic = await client.discovery(new URL(peer.issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
      execute: [client.allowInsecureRequests],
    });
    const { url, codeVerifier, state } = await authorizationRequest();
    const callback = new URL(await signInAtPeer(url.href, 'bob@example.org'));
    const tokens = await client.authorizationCodeGrant(basic, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.claims()?.email).toBe('bob@example.org');
  });

  it('reports Cancel as access_denied', async () => {
    const { url, state } = await authorizationRequest();
    const callback = new URL(await signInAtPeer(url.href, null));
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toBe('The user cancelled the sign-in');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('requires PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
    });
    const callback = new URL(await signInAtPeer(url.href, 'ada@example.org'));
    expect(callback.searchParams.get('error')).toBe('invalid_request');
  });

  it('renders the sign-in page a browser user sees', async () => {
    const { url } = await authorizationRequest();
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', peer.issuer);
    expect(location.origin).toBe(peer.issuer);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(location, { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<h1>Test OpenID provider</h1>');
    expect(html).toMatch(/<label for="email">E-mail<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
  });
});

describe('SMTP peer', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'edrf-smtp-peer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('captures mail sent by nodemailer over a plain smtp:// URL and writes .eml files', async () => {
    const peer = await startSmtpPeer({ dir });
    const transport = nodemailer.createTransport(peer.url);
    try {
      expect(peer.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      const text = 'Hello Ada,\n\nYour sign-in link: https://example.org/x?token=abc\n';
      await transport.sendMail({
        from: 'EDRF <noreply@edrf.test>',
        to: 'Ada@Example.org',
        subject: 'Sign in to EDRF – ünïcödé',
        text,
      });

      const mail = await peer.waitFor('ada@example.org');
      expect(mail.subject).toBe('Sign in to EDRF – ünïcödé');
      expect(mail.text).toBe(text);
      expect(mail.from).toBe('noreply@edrf.test');
      // nodemailer lower-cases the domain part, hence the case-insensitive match in waitFor.
      expect(mail.to.map((a) => a.toLowerCase())).toEqual(['ada@example.org']);
      expect(peer.messages).toHaveLength(1);

      const files = await readdir(dir);
      expect(files).toEqual(['001.eml']);
      const fromFile = await parseMail(await readFile(path.join(dir, '001.eml')));
      expect(fromFile.subject).toBe(mail.subject);
      expect(fromFile.text).toBe(text);
      expect(fromFile.to.map((a) => a.toLowerCase())).toEqual(['ada@example.org']);
      expect(fromFile.raw).toBe(mail.raw);
    } finally {
      transport.close();
      await peer.close();
    }
  });

  it('waitFor waits for later mail, honours `after`, and times out clearly', async () => {
    const peer = await startSmtpPeer();
    const transport = nodemailer.createTransport(peer.url);
    try {
      await transport.sendMail({
        from: 'a@edrf.test',
        to: 'bob@edrf.test',
        subject: 'first',
        text: '1',
      });
      const pending = peer.waitFor('bob@edrf.test', { after: 1 });
      await transport.sendMail({
        from: 'a@edrf.test',
        to: 'carol@edrf.test',
        subject: 'other',
        text: 'x',
      });
      await transport.sendMail({
        from: 'a@edrf.test',
        to: 'BOB@edrf.test',
        subject: 'second',
        text: '2',
      });
      expect((await pending).subject).toBe('second');
      expect((await peer.waitFor('bob@edrf.test')).subject).toBe('first');

      await expect(peer.waitFor('nobody@edrf.test', { timeoutMs: 100 })).rejects.toThrow(
        /No mail to nobody@edrf\.test .*within 100 ms.*Received 3/,
      );
    } finally {
      transport.close();
      await peer.close();
    }
  });
});
