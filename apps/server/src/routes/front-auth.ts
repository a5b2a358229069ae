import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, postLoginTarget, PROVIDER_LABELS } from '@edrf/model';
import type { AppContext } from '../context.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { isUuid } from '../auth/tokens.js';
import { OIDC_PROVIDERS, type OidcProviderName } from '../services/oidc.js';
import { findUserByEmail } from '../users/queries.js';

const hostSchema = z.string().max(300).optional();
const targetSchema = z.string().max(2000).optional();

const loginEmailBody = z.object({ email: emailSchema, host: hostSchema, target_url: targetSchema });
const loginPasscodeBody = z.object({ email: emailSchema, passcode: z.string().regex(/^\d{6}$/, 'The passcode is 6 digits') });
const loginAuthBody = z.object({ provider: z.enum(OIDC_PROVIDERS), host: hostSchema, target_url: targetSchema });

export function frontAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The origin users reach us at: PUBLIC_URL when set, else the one the browser reports, else the request's. */
  function siteOrigin(request: FastifyRequest, host: string | undefined): string {
    if (ctx.config.publicUrl) return ctx.config.publicUrl;
    if (host) {
      try {
        const url = new URL(/^https?:\/\//.test(host) ? host : `${request.protocol}://${host}`);
        return url.origin;
      } catch {
        throw new HttpError(400, 'host: not a valid host');
      }
    }
    return `${request.protocol}://${request.host}`;
  }

  async function startOidcLogin(provider: OidcProviderName, origin: string, targetUrl: string, loginHint?: string) {
    if (!ctx.oidc.isConfigured(provider)) {
      throw new HttpError(400, `${PROVIDER_LABELS[provider]} sign-in is not configured on this server`);
    }
    const redirectUri = `${origin}/front/auth_callback/${provider}`;
    let started;
    try {
      started = await ctx.oidc.start(provider, redirectUri, loginHint);
    } catch (error) {
      throw new HttpError(502, `${PROVIDER_LABELS[provider]} could not be reached: ${(error as Error).message}`);
    }
    await ctx.db
      .insertInto('oidc_logins')
      .values({
        state: started.state,
        provider,
        code_verifier: started.codeVerifier,
        redirect_uri: redirectUri,
        target_url: targetUrl,
        created_at: ctx.clock.now(),
      })
      .execute();
    return started.url;
  }

  app.get('/front/is_authed', (request) => {
    const user = requireUser(request);
    return { email: user.email, is_admin: user.is_admin };
  });

  app.post('/front/login_email', async (request) => {
    const body = parseInput(loginEmailBody, request.body);
    await ctx.passcodes.recordAttempt(body.email);
    const user = await findUserByEmail(ctx.db, body.email);
    if (!user) throw notFound('User not found');
    // A user whose account signs in elsewhere is sent there instead of getting a passcode.
    if (user.provider === 'google' || user.provider === 'microsoft') {
      const origin = siteOrigin(request, body.host);
      return { redirect_url: await startOidcLogin(user.provider, origin, postLoginTarget(body.target_url), body.email) };
    }
    const code = await ctx.passcodes.issue(body.email);
    try {
      await ctx.mailer.send({
        to: body.email,
        subject: `Your edrf passcode: ${code}`,
        text: [
          `Your edrf sign-in passcode is ${code}.`,
          '',
          'It is valid for 10 minutes and can be used once.',
          'If you did not try to sign in, you can ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      request.log.error(error, 'sending the passcode failed');
      throw new HttpError(502, 'The passcode could not be sent');
    }
    return {};
  });

  app.post('/front/login_passcode', async (request, reply) => {
    const body = parseInput(loginPasscodeBody, request.body);
    const user = await findUserByEmail(ctx.db, body.email);
    if (!user) throw notFound('User not found');
    await ctx.passcodes.verify(body.email, body.passcode);
    await ctx.sessions.signIn(request, reply, user.user_id);
    return { email: user.email, is_admin: user.is_admin };
  });

  app.post('/front/login_auth', async (request) => {
    const body = parseInput(loginAuthBody, request.body);
    const origin = siteOrigin(request, body.host);
    return { redirect_url: await startOidcLogin(body.provider, origin, postLoginTarget(body.target_url)) };
  });

  /** Where the provider sends the browser back. Every failure becomes an auth event that the login page shows. */
  app.get('/front/auth_callback/:provider', async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const query = request.query as Record<string, string | undefined>;
    const login = query.state
      ? await ctx.db.deleteFrom('oidc_logins').where('state', '=', query.state).returningAll().executeTakeFirst()
      : undefined;
    const target = login?.target_url ?? '/projects';

    const fail = async (error: string, email: string | null = null) => {
      const event = await ctx.db
        .insertInto('auth_events')
        .values({ provider, email, error, created_at: ctx.clock.now() })
        .returning('aeid')
        .executeTakeFirstOrThrow();
      return reply.redirect(`/?aeid=${event.aeid}&url=${encodeURIComponent(target)}`);
    };

    if (!login || login.provider !== provider) return fail('The sign-in expired or was already used, please try again');
    if (query.error) return fail(query.error_description || query.error);
    let email: string;
    try {
      const callbackUrl = new URL(login.redirect_uri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      email = await ctx.oidc.finish(login.provider as OidcProviderName, callbackUrl, {
        state: login.state,
        codeVerifier: login.code_verifier,
      });
    } catch (error) {
      request.log.warn(error, 'OpenID sign-in failed');
      return fail(`${PROVIDER_LABELS[login.provider as OidcProviderName]} sign-in failed: ${(error as Error).message}`);
    }
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return fail(`User not found: ${email}`, email);
    if (user.provider !== provider) {
      return fail(
        `${email} signs in with ${PROVIDER_LABELS[user.provider]}, not ${PROVIDER_LABELS[login.provider as OidcProviderName]}`,
        email,
      );
    }
    await ctx.db.insertInto('auth_events').values({ provider, email, error: null, created_at: ctx.clock.now() }).execute();
    await ctx.sessions.signIn(request, reply, user.user_id);
    return reply.redirect(target);
  });

  app.get('/front/auth_event', async (request) => {
    const { aeid } = request.query as { aeid?: string };
    if (!aeid || !isUuid(aeid)) throw notFound();
    const event = await ctx.db.selectFrom('auth_events').select(['provider', 'error']).where('aeid', '=', aeid).executeTakeFirst();
    if (!event) throw notFound();
    return { provider: event.provider, error: event.error };
  });

  app.post('/front/logout', async (request, reply) => {
    if (request.user) await ctx.sessions.end(request.user.sessionHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return {};
  });
}
