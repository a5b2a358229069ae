// A compute worker's own connection to the server's PostgreSQL database (docs/versions.md, "A large sync"): a task that
// writes what it made there (a large sync's parts) spares the request thread a copy of tens of megabytes.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';

/** One connection per database URL, per worker thread, opened on first use. */
const opened = new Map<string, Kysely<Database>>();

/**
 * The database at `url` as this worker reaches it. One connection is enough: a worker runs one task at a time. An idle
 * one is closed after a while, so that a worker does not hold a connection of each database it once wrote to.
 */
export function workerDatabase(url: string): Kysely<Database> {
  let db = opened.get(url);
  if (!db) {
    const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 10_000 });
    // A connection ended while idle (a restart, a test's database dropped) is dropped by the pool, not fatal.
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    opened.set(url, db);
  }
  return db;
}
