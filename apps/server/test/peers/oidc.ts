// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests, with our own tiny
// sign-in page instead of oidc-provider's dev interactions, so browser tests have stable
// labels to click and API tests can drive it with plain fetch (see signInAtPeer).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Configuration, InteractionResults, JWK } from 'oidc-provider';

export interface OidcClientConfig {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcPeer {
  /** e.g. `http://127.0.0.1:PORT`, also the discovery base URL */
  issuer: string;
  close(): Promise<void>;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/;

export async function startOidcPeer(opts: { clients: OidcClientConfig[] }): Promise<OidcPeer> {
  // The issuer URL must contain the port, which we only know once listening, so the
  // request handler is installed after the provider exists.
  let handle: http.RequestListener = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, providerConfig(opts.clients));
  // oidc-provider renders errors as generic pages; surface the cause in test output.
  provider.on('server_error', (_ctx, err) => {
    console.error('[oidc peer] server_error', err);
  });

  const providerCallback = provider.callback();
  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const match = INTERACTION_PATH.exec(path);
    if (!match) {
      void providerCallback(req, res);
      return;
    }
    handleInteraction(provider, req, res, match[1] ?? '').catch((err: unknown) => {
      console.error('[oidc peer] interaction failed', err);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      }
      res.end(`Interaction failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets from fetch/openid-client would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

function providerConfig(clients: OidcClientConfig[]): Configuration {
  return {
    clients: clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      redirect_uris: [...c.redirect_uris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // oidc-provider accepts client_secret_post too for a client registered as basic.
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    // Without this, scope claims (email) only come from userinfo in the code flow; our
    // app reads them from the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: {
      // Browsers share cookies across ports of 127.0.0.1, so the app under test sees these;
      // distinct names keep them from clobbering (or being clobbered by) the app's own.
      names: {
        session: 'oidc_peer_session',
        interaction: 'oidc_peer_interaction',
        resume: 'oidc_peer_resume',
      },
      keys: ['test-oidc-peer-cookie-key-1', 'test-oidc-peer-cookie-key-2'],
    },
    // Our own key avoids oidc-provider's published dev keys (and its warning); no network needed.
    jwks: { keys: [signingKey()] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 120,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

async function handleInteraction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<void> {
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(req, res);
  } catch (err) {
    // Missing/expired interaction cookie: a user error, not a peer bug.
    sendHtml(res, 400, page(`<p role="alert">${escapeHtml(errorMessage(err))}</p>`));
    return;
  }
  if (interaction.uid !== uid) {
    sendHtml(res, 400, page('<p role="alert">Interaction mismatch.</p>'));
    return;
  }

  if (interaction.prompt.name === 'consent') {
    // Consent is never shown to the user: this peer stands in for an IdP that trusts every client.
    const grantId = await grantRequested(provider, interaction, interaction.session?.accountId ?? '');
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }

  if (req.method === 'GET') {
    sendHtml(res, 200, signInPage(uid));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }

  const form = new URLSearchParams(await readBody(req));
  if (form.get('action') === 'cancel') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
    return;
  }

  const email = (form.get('email') ?? '').trim();
  if (!email) {
    sendHtml(res, 400, signInPage(uid, 'Enter an e-mail address.'));
    return;
  }
  const grantId = await grantRequested(provider, interaction, email);
  const result: InteractionResults = { login: { accountId: email }, consent: { grantId } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

/** Grants everything the client asked for, so the flow never stops at a consent prompt. */
async function grantRequested(provider: Provider, interaction: Interaction, accountId: string): Promise<string> {
  // interaction.params are the validated authorization request parameters, so client_id is a string.
  const clientId = interaction.params['client_id'];
  if (typeof clientId !== 'string') throw new Error('Interaction has no client_id');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });

  const requestedScope = interaction.params['scope'];
  if (typeof requestedScope === 'string' && requestedScope) grant.addOIDCScope(requestedScope);
  const details = interaction.prompt.details;
  if (Array.isArray(details['missingOIDCScope'])) {
    grant.addOIDCScope(details['missingOIDCScope'].map(String));
  }
  if (Array.isArray(details['missingOIDCClaims'])) {
    grant.addOIDCClaims(details['missingOIDCClaims'].map(String));
  }
  return grant.save();
}

function signInPage(uid: string, error?: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return page(`
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="${escapeHtml(action)}">
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus>
      <button type="submit" name="action" value="sign-in">Sign in</button>
      <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </form>`);
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test OpenID provider</title></head>
<body>
  <h1>Test OpenID provider</h1>
  ${body}
</body>
</html>`;
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Drives the provider's sign-in without a browser: follows redirects from `authorizationUrl`,
 * submits our sign-in form (or Cancel when `email` is null) and returns the first redirect
 * that leaves the provider's origin, i.e. the client's callback URL with `code`+`state` or `error`.
 */
export async function signInAtPeer(authorizationUrl: string, email: string | null): Promise<string> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let request: { method: 'GET' } | { method: 'POST'; body: string } = { method: 'GET' };
  let submitted = false;

  for (let hop = 0; hop < 20; hop++) {
    const headers: Record<string, string> = {};
    if (jar.size) headers['cookie'] = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (request.method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? request.body : undefined,
      redirect: 'manual',
    });
    storeCookies(jar, res.headers.getSetCookie());

    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== providerOrigin) return next.href;
      url = next;
      request = { method: 'GET' };
      continue;
    }

    const text = await res.text();
    if (res.status === 200 && INTERACTION_PATH.test(url.pathname)) {
      if (submitted) {
        throw new Error(`signInAtPeer: sign-in page shown again after submitting at ${url.href}`);
      }
      const action = /<form[^>]*\saction="([^"]+)"/.exec(text)?.[1];
      if (!action || !/name="email"/.test(text)) {
        throw new Error(`signInAtPeer: no sign-in form at ${url.href}: ${text.slice(0, 300)}`);
      }
      const body = new URLSearchParams(email === null ? { action: 'cancel' } : { email, action: 'sign-in' });
      url = new URL(action, url);
      request = { method: 'POST', body: body.toString() };
      submitted = true;
      continue;
    }
    throw new Error(`signInAtPeer: unexpected ${res.status} from ${request.method} ${url.href}: ${text.slice(0, 500)}`);
  }
  throw new Error(`signInAtPeer: too many redirects starting at ${authorizationUrl}`);
}

/** A by-name cookie jar is enough: every cookie oidc-provider sets has a distinct name. */
function storeCookies(jar: Map<string, string>, setCookies: string[]): void {
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attr) => {
      const [key = '', val = ''] = attr.split('=', 2).map((s) => s.trim());
      if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}
