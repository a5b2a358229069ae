// The whole app as the browser tests meet it: a real SMTP peer that captures mail as .eml files,
// a real OpenID provider standing in for Google and Microsoft, and the server itself on an
// in-memory PGlite database with a few seeded users, and the organizations, projects, payments
// and IFC files of support/seed.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { collectCspReports } from './csp-reports.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase, type DatabaseHandle } from '../../apps/server/src/db/connect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { ensureAdmin } from '../../apps/server/src/users/queries.js';
import { startOidcPeer, type OidcPeer } from '../../apps/server/test/peers/oidc.js';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/peers/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/peers/stripe.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.js';
import { createFileStore, type FileStore } from '../../apps/server/src/services/file-store.js';
import { Versions } from '../../apps/server/src/versions/repository.js';
import { stateFile, type E2eState } from '../support/state.js';
import { SEED_ORGS, SEED_USERS } from '../support/seed.js';

export const ADMIN_EMAIL = 'admin@example.com';

/** Users every spec may rely on, besides the admin. */
export const SEEDED_USERS = [
  { email: 'user@example.com', provider: 'passcode', is_admin: false },
  { email: 'gina@example.com', provider: 'google', is_admin: false },
] as const;

export interface Stack {
  baseUrl: string;
  mailDir: string;
  close(): Promise<void>;
}

export class WebAppNotBuilt extends Error {}

/** Starts everything; the state file (see support/state.ts) is written just before the app listens. */
export async function startStack(opts: { port: number }): Promise<Stack> {
  const { port } = opts;
  // The server serves apps/web/dist (or WEB_DIST); without it every page would be a 503.
  const { webDist } = loadConfig({ WEB_DIST: process.env.WEB_DIST });
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new WebAppNotBuilt(`The web app is not built (no ${path.join(webDist, 'index.html')}): run npm run build first.`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-e2e-'));
  const mailDir = path.join(tmp, 'mail');
  const closers: (() => Promise<void>)[] = [() => fs.promises.rm(tmp, { recursive: true, force: true })];
  const close = async () => {
    for (const closer of closers.reverse()) {
      try {
        await closer();
      } catch (error) {
        console.error('[e2e] while shutting down:', error);
      }
    }
  };

  try {
    const smtp: SmtpPeer = await startSmtpPeer({ dir: mailDir });
    closers.push(() => smtp.close());

    const clients = (['google', 'microsoft'] as const).map((provider) => ({
      client_id: `e2e-${provider}`,
      client_secret: `e2e-${provider}-secret`,
      redirect_uris: [`${baseUrl}/front/auth_callback/${provider}`],
    }));
    const oidc: OidcPeer = await startOidcPeer({ clients });
    closers.push(() => oidc.close());

    // Card payments go to the Stripe stand-in, whose hosted page sends its signed webhook here (docs/payment.md), 4 s
    // after the payer is sent back: the Export page meets the amount still due and polls, as with a slow webhook.
    const stripe: StripeStandIn = await startStripeStandIn({ webhookUrl: `${baseUrl}/webhooks/stripe`, webhookDelayMs: 4_000 });
    closers.push(() => stripe.close());

    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      ADMIN_EMAIL,
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_ISSUER: oidc.issuer,
      MICROSOFT_CLIENT_ID: 'e2e-microsoft',
      MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
      MICROSOFT_ISSUER: oidc.issuer,
      OIDC_ALLOW_HTTP: '1',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      WEB_DIST: process.env.WEB_DIST,
    });
    const database: DatabaseHandle = await connectDatabase({});
    closers.push(() => database.close());
    await migrateToLatest(database.db);
    await ensureAdmin(database.db, config.adminEmail);
    await database.db
      .insertInto('users')
      .values(SEEDED_USERS.map((user) => ({ ...user })))
      .execute();
    // The same folder the app's file store uses (app.ts).
    await seedOrgsAndProjects(database.db, createFileStore(path.join(config.dataDir, 'files')));

    const app: FastifyInstance = await buildApp({
      config,
      db: database.db,
      // Warnings and errors only, on stderr, which Playwright shows.
      logger: { level: 'warn', stream: process.stderr },
    });
    // The browser reports Content-Security-Policy violations to the server; e2e/csp.teardown.ts fails on any.
    collectCspReports(app);
    closers.push(() => app.close());

    const state: E2eState = { mailDir, baseUrl };
    fs.mkdirSync(path.dirname(stateFile()), { recursive: true });
    fs.writeFileSync(stateFile(), JSON.stringify(state, null, 2));
    await app.listen({ port, host: config.host });
    return { baseUrl, mailDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The users, organizations, roles, projects (each with its working version), payments and IFC files
 * of support/seed.ts. IFC files go through the app's own file store; those marked not stored get their row only.
 */
async function seedOrgsAndProjects(db: Kysely<Database>, files: FileStore): Promise<void> {
  const users = await db
    .insertInto('users')
    .values(SEED_USERS.map((user) => ({ ...user })))
    .returning(['user_id', 'email'])
    .execute();
  const userId = (email: string) => {
    const user = users.find((one) => one.email === email);
    if (!user) throw new Error(`seed: ${email} is not among SEED_USERS`);
    return user.user_id;
  };
  for (const org of SEED_ORGS) {
    const { org_id } = await db
      .insertInto('orgs')
      .values({ name: org.name, billing_type: org.billing_type })
      .returning('org_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('org_roles')
      .values(org.members.map((member) => ({ org_id, user_id: userId(member.email), role: member.role })))
      .execute();
    const projectIds = new Map<string, string>();
    for (const project of org.projects) {
      const { project_id } = await db
        .insertInto('projects')
        .values({ org_id, name: project.name })
        .returning('project_id')
        .executeTakeFirstOrThrow();
      projectIds.set(project.name, project_id);
      if (project.members?.length)
        await db
          .insertInto('project_roles')
          .values(project.members.map((member) => ({ project_id, user_id: userId(member.email), role: member.role })))
          .execute();
      // As create_project does: the project opens on a working version of the empty model.
      await new Versions(db).createWorking(db, project_id, project.members?.[0]?.email ?? org.members[0]?.email ?? ADMIN_EMAIL);
      // Upload order is the list order: a minute apart, the first the oldest.
      const firstUpload = Date.now() - project.ifcFiles.length * 60_000;
      for (const [index, file] of project.ifcFiles.entries()) {
        const sha256 = file.stored ? await files.put(file.content) : crypto.createHash('sha256').update(file.content).digest('hex');
        await db
          .insertInto('ifc_files')
          .values({
            project_id,
            file_name: file.name,
            file_size: file.content.length,
            sha256,
            uploaded_at: new Date(firstUpload + index * 60_000),
          })
          .execute();
      }
    }
    if (org.payments.length > 0)
      await db
        .insertInto('payments')
        .values(
          org.payments.map(({ project, created, ...payment }) => ({
            ...payment,
            org_id,
            project_id: projectIds.get(project) ?? null,
            project_name: project,
            created_at: created,
          })),
        )
        .execute();
  }
}
