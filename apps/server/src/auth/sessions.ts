import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addMinutes, type Clock } from '../clock.js';
import { randomToken, sha256 } from './tokens.js';

export const SESSION_COOKIE = 'edrf_session';
const SESSION_DAYS = 30;

export type SessionKind = 'browser' | 'grant';

export interface SessionUser {
  user_id: string;
  email: string;
  is_admin: boolean;
  sessionHash: string;
}

/** Sessions live in the database so that any server process can serve any request and logout ends it everywhere. */
export class Sessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, kind: SessionKind): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        session_hash: sha256(token),
        user_id: userId,
        kind,
        created_at: now,
        expires_at: addMinutes(now, SESSION_DAYS * 24 * 60),
      })
      .execute();
    return token;
  }

  async lookup(token: string): Promise<SessionUser | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .select(['users.user_id', 'users.email', 'users.is_admin', 'sessions.session_hash'])
      .where('sessions.session_hash', '=', sha256(token))
      .where('sessions.expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return row ? { user_id: row.user_id, email: row.email, is_admin: row.is_admin, sessionHash: row.session_hash } : null;
  }

  async end(sessionHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('session_hash', '=', sessionHash).execute();
  }

  /** Starts a browser session: the cookie is HttpOnly, SameSite=Lax, and Secure when served over https. */
  async signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const token = await this.create(userId, 'browser');
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    });
  }
}

/** The session token of a request: the browser's cookie, or a bearer token from the grant flow. */
export function requestToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return request.cookies[SESSION_COOKIE];
}
