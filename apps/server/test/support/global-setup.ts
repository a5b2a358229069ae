// Migrates one in-memory PGlite database (ours and pg-boss's schema) before any test file runs and dumps it to a temp
// file; every test file then starts from that dump (about 1 s) instead of migrating (about 5 s).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import PgBoss from 'pg-boss';
import { bossDatabase } from '../../src/jobs/boss-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data-dir dump (uncompressed tar) of a freshly migrated database. */
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edrf-pglite-dump-'));
  const database = await connectDatabase({});
  try {
    await migrateToLatest(database.db);
    // pg-boss's schema too: every app a test builds starts the report-job queue, which would otherwise make it anew.
    const boss = new PgBoss({ db: bossDatabase(database.db), schedule: false, supervise: false });
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
    if (!database.pglite) throw new Error('connectDatabase without a URL should give a PGlite database');
    const dump = await database.pglite.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDump', file);
  } finally {
    await database.close();
  }
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
