import path from 'node:path';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureAdmin } from './users/queries.js';
import { buildApp } from './app.js';
import { fileStoreDescription } from './services/file-store-config.js';

const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await migrateToLatest(database.db);
const admin = await ensureAdmin(database.db, config.adminEmail);

const logLevel = process.env.LOG_LEVEL || 'info';
const app = await buildApp({
  config,
  db: database.db,
  logger: { level: logLevel },
  logRequests: logLevel === 'debug' || logLevel === 'trace',
  startCompute: true,
});
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const where = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)';
const mail = config.smtpUrl ? 'by mail through SMTP_URL' : `to ${path.join(config.dataDir, 'mail')} (and printed in this log)`;
console.log(
  [
    '',
    `edrf is running at ${url} on the ${where}.`,
    `Files are stored ${fileStoreDescription(config)}.`,
    `${admin === 'created' ? 'Created the platform admin' : 'Platform admin'}: ${config.adminEmail}.`,
    `Sign in: open ${url}, enter ${config.adminEmail}; the 6-digit passcode is sent ${mail}.`,
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
