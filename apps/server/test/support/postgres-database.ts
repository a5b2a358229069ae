// A PostgreSQL database of a test's (or a benchmark's) own on the server DATABASE_URL names: made empty, dropped when
// it is done, so that runs side by side, and processes started on it, see nothing of each other.
import crypto from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  /** The server's URL with this database's name. */
  url: string;
  /** Drops it, even while connections are open (WITH FORCE): a killed process's may linger. */
  drop(): Promise<void>;
}

/** A new empty database on `serverUrl`'s server, named `prefix` and random hex. */
export async function createPostgresDatabase(serverUrl: string, prefix = 'edrf_test'): Promise<PostgresDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** CREATE/DROP DATABASE cannot run in a transaction or on the database itself: one plain connection to the URL's database. */
async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
