import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

// int8 (count(*), bigserial) arrives as a string from pg and as a number from PGlite: make them agree.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, for tests that dump a migrated template (PGlite only). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted means in memory. */
  pgliteDir?: string;
  /** A PGlite dump to start from (tests start every file from one migrated template). */
  pgliteDump?: Blob | File;
}

/** The embedded database behind a Kysely made here, for what needs PGlite itself (pg-boss's multi-statement SQL: jobs/). */
const embedded = new WeakMap<Kysely<Database>, PGlite>();
export const embeddedDatabase = (db: Kysely<Database>): PGlite | undefined => embedded.get(db);

/** The PostgreSQL URL behind a Kysely made here: a compute worker opens its own connection to the same database. */
const urls = new WeakMap<Kysely<Database>, string>();
export const postgresUrlOf = (db: Kysely<Database>): string | undefined => urls.get(db);

export async function connectDatabase(opts: ConnectOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A pooled connection the server ends while it is idle (a restart, an administrator, a database dropped under a
    // closing pool) makes the pool emit 'error', which unheard would end the process. The pool drops that connection,
    // and the next query opens a new one.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    urls.set(db, opts.databaseUrl);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (opts.pgliteDir) fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const pglite = await PGlite.create({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteDump });
  // The dialect is typed against its own copy of PGlite's declarations; the runtime object is the same.
  const dialect: Dialect = new PGliteDialect(pglite as unknown as ConstructorParameters<typeof PGliteDialect>[0]);
  const db = new Kysely<Database>({ dialect });
  embedded.set(db, pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      // Kysely's destroy ends the driver, but an open PGlite keeps the process alive.
      if (!pglite.closed) await pglite.close();
    },
  };
}
