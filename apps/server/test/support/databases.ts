// The databases every API test runs on: PGlite always, PostgreSQL too when DATABASE_URL is set.
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { createPostgresDatabase } from './postgres-database.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
}

export function testDatabases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database of its own; close() ends it (and drops it on PostgreSQL). */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    const handle = await connectDatabase({ pgliteDump: dump });
    return { kind, db: handle.db, close: () => handle.close() };
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('openTestDatabase("postgres") needs DATABASE_URL');
  const database = await createPostgresDatabase(serverUrl);
  let handle;
  try {
    handle = await connectDatabase({ databaseUrl: database.url });
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle?.close();
    await database.drop();
    throw error;
  }
  const opened = handle;
  return {
    kind,
    db: opened.db,
    close: async () => {
      await opened.close();
      await database.drop();
    },
  };
}
