// What the API benches' server children share: the real app on a fresh PGlite, its compute workers started, listening
// on 127.0.0.1, and a user signed in through a session made in the database.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { Sessions } from '../../apps/server/src/auth/sessions.js';
import { systemClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase } from '../../apps/server/src/db/connect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** The app listening on a free port of 127.0.0.1; `close` stops it, its database and its data folder. */
export async function startBenchApp(adminEmail: string, userEmail: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-bench-'));
  const database = await connectDatabase({});
  await migrateToLatest(database.db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail }),
    db: database.db,
    mailer: { send: () => Promise.resolve() },
    startCompute: true,
  });
  const close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await database.db
      .insertInto('users')
      .values({ email: userEmail, is_admin: false, provider: 'passcode' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const cookie = `edrf_session=${await new Sessions(database.db, systemClock).create(user.user_id, 'browser')}`;
    return { db: database.db, user, cookie, port: (app.server.address() as AddressInfo).port, close };
  } catch (error) {
    await close();
    throw error;
  }
}
