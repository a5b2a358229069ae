// A PostgreSQL server that ends the app's idle connections (a restart, an administrator) does not end the app: the
// pool drops them and the next query connects anew. PostgreSQL only (DATABASE_URL); PGlite runs in the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  it('goes on after the server ends its idle connections', async () => {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db)).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool hears of it from the socket; then the next query needs a new connection.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(answer.rows[0]!.one).toBe(1);
  });
});
