import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext } from './context.js';
import { registerErrorHandler } from './http/errors.js';
import { registerSchemaHeaderCheck } from './http/schema-header.js';
import { registerSecurity } from './http/security.js';
import { registerWebApp } from './http/web-app.js';
import { createMailer, type Mailer } from './services/mail.js';
import { OidcService } from './services/oidc.js';
import type { FileStore } from './services/file-store.js';
import { fileStoreFromConfig } from './services/file-store-config.js';
import { Versions } from './versions/repository.js';
import { ComputePool } from './compute/pool.js';
import { startComputeWorker } from './compute/start-worker.js';
import { computeWorkers } from './compute/worker-count.js';
import { createGlobalIdStore } from './ifc-upload/global-ids.js';
import { versionRoutes } from './routes/versions.js';
import { modelRoutes } from './routes/model.js';
import { fireRoutes } from './routes/fire.js';
import { fireSectionsRoutes } from './routes/fire-sections.js';
import { fireRevisionRoutes } from './routes/fire-revision.js';
import { fireCablingRoutes } from './routes/fire-cabling.js';
import { fireRackRoutesRoutes } from './routes/fire-rack-routes.js';
import { fireReportsRoutes } from './routes/fire-reports.js';
import { reportJobRoutes } from './routes/report-jobs.js';
import { cleanArchRoutes } from './routes/clean-arch.js';
import { Sessions, requestToken } from './auth/sessions.js';
import { Passcodes } from './auth/passcodes.js';
import { requirePlatformAdmin } from './auth/access.js';
import { frontAuthRoutes } from './routes/front-auth.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { grantRoutes } from './routes/grants.js';
import { orgRoutes } from './routes/orgs.js';
import { projectRoutes } from './routes/projects.js';
import { roleRoutes } from './routes/roles.js';
import { billingRoutes } from './routes/billing.js';
import { adminOrgRoutes } from './routes/admin-orgs.js';
import { ifcUploadRoutes } from './routes/ifc-upload.js';
import { meshCatalogueRoutes } from './routes/mesh-catalogue.js';
import { firePaymentRoutes } from './routes/fire-payment.js';
import { stripeWebhookRoutes } from './routes/stripe-webhook.js';
import { HEALTH_PATH, healthRoutes } from './routes/health.js';
import { createStripeGateway } from './services/stripe.js';

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  logRequests?: boolean;
  /**
   * Start the compute workers with the app rather than on first use (ComputePool.startWorkers): the server does; tests,
   * which build many apps, leave them to start on first use.
   */
  startCompute?: boolean;
  /** A file store of the caller's, which the caller closes; by default the configured one (fileStoreFromConfig). */
  files?: FileStore;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // A line per request drowns the log a local user reads; main.ts turns it on for LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: !opts.logRequests }),
  });
  const clock = opts.clock ?? systemClock;
  const ctx: AppContext = {
    config: opts.config,
    db: opts.db,
    clock,
    mailer:
      opts.mailer ?? createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, dataDir: opts.config.dataDir, log: app.log }),
    oidc: new OidcService(opts.config.oidc, opts.config.oidcAllowHttp),
    sessions: new Sessions(opts.db, clock),
    passcodes: new Passcodes(opts.db, clock),
    files: opts.files ?? fileStoreFromConfig(opts.config),
    ifcGlobalIds: createGlobalIdStore(opts.config.dataDir),
    versions: new Versions(opts.db),
    compute: new ComputePool(computeWorkers(), startComputeWorker, { express: 1 }),
    stripe: createStripeGateway(opts.config.stripe),
    log: app.log,
  };
  app.addHook('onClose', () => ctx.compute.close());
  app.addHook('onClose', () => ctx.ifcGlobalIds.settled());
  if (!opts.files)
    app.addHook('onClose', (_instance, done) => {
      ctx.files.close?.();
      done();
    });
  // A worker that fails to start is started again by the next task; the server need not wait for them.
  if (opts.startCompute) ctx.compute.startWorkers().catch((error: unknown) => app.log.warn(error, 'A compute worker did not start'));

  // First: the Origin check answers before the session or the body is read; every answer gets the security headers.
  registerSecurity(app, { publicUrl: opts.config.publicUrl });
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerSchemaHeaderCheck(app);

  app.decorateRequest('user', null);
  // Before the body is read, so that a guarded route answers 401/404 whatever the body holds.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/front/')) return;
    // The probe is public and must answer 503 while the database is down, not fail on the session lookup.
    if (request.url.split('?')[0] === HEALTH_PATH) return;
    const token = requestToken(request);
    request.user = token ? await ctx.sessions.lookup(token) : null;
  });

  healthRoutes(app, ctx);
  frontAuthRoutes(app, ctx);
  grantRoutes(app, ctx);
  orgRoutes(app, ctx);
  projectRoutes(app, ctx);
  roleRoutes(app, ctx);
  billingRoutes(app, ctx);
  versionRoutes(app, ctx);
  modelRoutes(app, ctx);
  cleanArchRoutes(app, ctx);
  fireRoutes(app, ctx);
  fireSectionsRoutes(app, ctx);
  fireRevisionRoutes(app, ctx);
  fireCablingRoutes(app, ctx);
  fireRackRoutesRoutes(app, ctx);
  fireReportsRoutes(app, ctx);
  await reportJobRoutes(app, ctx);
  firePaymentRoutes(app, ctx);
  stripeWebhookRoutes(app, ctx);
  await ifcUploadRoutes(app, ctx);
  meshCatalogueRoutes(app);
  // Admin routes share one guard: anyone but a platform admin is answered 404, before the body is read.
  await app.register((admin, _opts, done) => {
    admin.addHook('onRequest', (request, _reply, next) => {
      try {
        requirePlatformAdmin(request);
        next();
      } catch (error) {
        next(error as Error);
      }
    });
    adminUserRoutes(admin, ctx);
    adminOrgRoutes(admin, ctx);
    done();
  });
  await registerWebApp(app, opts.config.webDist);
  return app;
}
