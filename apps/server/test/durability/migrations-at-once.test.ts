// Processes started together on one empty PostgreSQL database each run the migrations at start-up (main.ts); they must
// migrate once, none failing (docs/operations.md, "Upgrades and migrations"). PostgreSQL only: PGlite is one process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

const SERVER_URL = process.env.DATABASE_URL;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

describe.skipIf(!SERVER_URL)('migrations run by several processes at once', () => {
  const name = `edrf_test_${crypto.randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('three at once on an empty database: each succeeds, and each migration is applied once', async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(SERVER_URL!);
    url.pathname = `/${name}`;
    // A pool each, as each process has its own.
    for (let i = 0; i < 3; i++) handles.push(await connectDatabase({ databaseUrl: url.href }));
    const results = await Promise.allSettled(handles.map((handle) => migrateToLatest(handle.db)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const db = handles[0]!.db;
    const { rows } = await sql<{ name: string; times: number }>`
      select name, count(*)::int as times from kysely_migration group by name order by name`.execute(db);
    // The oracle is the template the test setup migrated alone (global-setup.ts): the same migrations, one row each.
    const fresh = await connectDatabase({ pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
    try {
      const { rows: expected } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(fresh.db);
      expect(rows).toEqual(expected.map((row) => ({ name: row.name, times: 1 })));
    } finally {
      await fresh.close();
    }
    // The schema is usable: the first table of the first migration answers.
    expect((await db.selectFrom('users').select('user_id').execute()).length).toBe(0);
  }, 60_000);
});
