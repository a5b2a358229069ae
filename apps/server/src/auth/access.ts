import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http/errors.js';
import type { SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook on /api and /front requests; null when not signed in. */
    user: SessionUser | null;
  }
}

/** Who may call what: every route asks here, so a rule lives in one place. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Unauthenticated');
  return request.user;
}

/** The admin area does not exist for anyone else, signed in or not (P§6). */
export function requirePlatformAdmin(request: FastifyRequest): SessionUser {
  if (!request.user?.is_admin) throw notFound();
  return request.user;
}
