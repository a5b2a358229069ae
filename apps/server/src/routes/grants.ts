import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { addMinutes } from '../clock.js';

const GRANT_VALID_MINUTES = 10;
// RFC 7636: verifiers and S256 challenges are 43-128 characters of the unreserved set.
const pkceText = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'must be 43-128 characters of A-Z a-z 0-9 - . _ ~');

const issueBody = z.object({
  code_challenge: pkceText,
  code_method: z.enum(['S256', 'plain']),
  op_type: z.enum(['grant', 'deny']),
});
const exchangeBody = z.object({ code_verifier: pkceText });

const s256 = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

/**
 * The grant flow lets a program of the user's (a desktop plug-in, a script) act as the user:
 * it opens /grant with a PKCE challenge, the signed-in user answers Yes or No, and the program
 * trades its verifier for a bearer token at /front/grant_token. See docs/auth.md.
 */
export function grantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/issue_grant_token', async (request) => {
    const user = requireUser(request);
    const body = parseInput(issueBody, request.body);
    const now = ctx.clock.now();
    await ctx.db.deleteFrom('grants').where('expires_at', '<=', now).execute();
    const inserted = await ctx.db
      .insertInto('grants')
      .values({
        code_challenge: body.code_challenge,
        code_method: body.code_method,
        user_id: user.user_id,
        op_type: body.op_type,
        created_at: now,
        expires_at: addMinutes(now, GRANT_VALID_MINUTES),
      })
      .onConflict((oc) => oc.column('code_challenge').doNothing())
      .returning('code_challenge')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, 'This grant request was already answered');
    return {};
  });

  app.post('/front/grant_token', async (request) => {
    const { code_verifier: verifier } = parseInput(exchangeBody, request.body);
    const grant = await ctx.db
      .deleteFrom('grants')
      .where((eb) =>
        eb.or([
          eb.and([eb('code_method', '=', 'S256'), eb('code_challenge', '=', s256(verifier))]),
          eb.and([eb('code_method', '=', 'plain'), eb('code_challenge', '=', verifier)]),
        ]),
      )
      .where('expires_at', '>', ctx.clock.now())
      .returningAll()
      .executeTakeFirst();
    // Not yet answered, expired, or already traded: the program keeps polling or starts over.
    if (!grant) throw notFound('Grant not found');
    if (grant.op_type === 'deny') throw new HttpError(403, 'Access denied');
    const token = await ctx.sessions.create(grant.user_id, 'grant');
    const user = await ctx.db.selectFrom('users').select('email').where('user_id', '=', grant.user_id).executeTakeFirstOrThrow();
    return { token, email: user.email };
  });
}
