// The whole app as the browser tests meet it: a real SMTP peer that captures mail as .eml files,
// a real OpenID provider standing in for Google and Microsoft, and the server itself on an
// in-memory PGlite database with a few seeded users.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase, type DatabaseHandle } from '../../apps/server/src/db/connect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { ensureAdmin } from '../../apps/server/src/users/queries.js';
import { startOidcPeer, type OidcPeer } from '../../apps/server/test/peers/oidc.js';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/peers/smtp.js';
import { stateFile, type E2eState } from '../support/state.js';

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

    const app: FastifyInstance = await buildApp({
      config,
      db: database.db,
      // Warnings and errors only, on stderr, which Playwright shows.
      logger: { level: 'warn', stream: process.stderr },
    });
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
