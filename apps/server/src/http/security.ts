import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The browser-facing defences every answer and every state-changing request goes through (docs/security.md):
 *
 * - Origin check: a POST, PUT, PATCH or DELETE, or a WebSocket upgrade, whose Origin header names another origin than
 *   the app's own is answered 403 before anything else runs. A request without Origin (curl, a script with a grant
 *   token, server-to-server calls) passes: browsers send Origin on every cross-origin POST, DELETE and WebSocket, so
 *   its absence means no browser page of another site made the request.
 * - Security headers on every answer (pages, files, API, errors): a Content-Security-Policy without inline scripts,
 *   no framing, nosniff, a same-origin referrer, cross-origin isolation of the window, and HSTS behind https.
 */

export const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused';

const CHECKED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** HSTS for a year; subdomains are left alone, since edrf may share a parent domain with other services. */
export const HSTS = 'max-age=31536000';

export interface SecurityOptions {
  /** PUBLIC_URL: the origin users reach the app at; when unset, the request's own scheme and host (X-Forwarded-* honoured). */
  publicUrl: string | undefined;
}

/** The app's own origin for this request: PUBLIC_URL's, else `${protocol}://${host}` as the request (or its proxy) says. */
export function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return normalizedOrigin(`${request.protocol}://${request.host}`) ?? '';
}

/** An origin in its canonical form (lower-case scheme and host, default port dropped); null when it is not one. */
function normalizedOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether this request is one the Origin check applies to: a state-changing method, or a WebSocket upgrade. */
function isChecked(request: FastifyRequest): boolean {
  return CHECKED_METHODS.has(request.method) || isUpgrade(request);
}

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/** The Content-Security-Policy of every answer; `origin` is the app's own, whose WebSocket scheme connect-src names. */
export function contentSecurityPolicy(origin: string): string {
  const url = normalizedOrigin(origin) ? new URL(origin) : null;
  // 'self' covers same-host ws:/wss: in CSP 3, but older engines need the WebSocket origin spelled out.
  const socket = url ? `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}` : '';
  return [
    "default-src 'self'",
    // Scripts from the app's own files only, never inline. clipper2-wasm (the plan's geometry, in the page and in its
    // worker) is built with embind, which makes its C++ bindings with Function(): hence 'unsafe-eval', which also
    // covers compiling its WebAssembly (docs/security.md says what it would take to drop it).
    "script-src 'self' 'unsafe-eval' 'report-sample'",
    "style-src 'self'",
    // The favicon is a data: URL; downloads and canvas snapshots are blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${socket ? ` ${socket}` : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function registerSecurity(app: FastifyInstance, opts: SecurityOptions): void {
  // First of the onRequest hooks: a refused request reads no session and no body.
  app.addHook('onRequest', async (request, reply) => {
    if (!isChecked(request)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (normalizedOrigin(origin) === ownOrigin(request, opts.publicUrl)) return;
    // A refused upgrade gets its 403 and the socket is closed: the server would otherwise keep it open (no HTTP
    // connection handling applies to an upgrade, and the WebSocket plugin's own hooks do not run after this answer).
    if (isUpgrade(request)) reply.raw.once('finish', () => request.raw.socket?.destroy());
    await reply.status(403).header('connection', 'close').send({ detail: CROSS_ORIGIN_REFUSED });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', contentSecurityPolicy(ownOrigin(request, opts.publicUrl)));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.protocol === 'https' || opts.publicUrl?.startsWith('https:')) reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
