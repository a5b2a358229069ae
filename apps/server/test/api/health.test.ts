// GET /api/health (docs/operations.md, "The health endpoint"): 200 when the database answers and the file store is
// reachable, 503 naming the failing part otherwise; public, without the Edrf-Schema header, and telling nothing more.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { startS3Peer } from '../peers/s3.js';
import { openTestDatabase, testDatabases, type TestDatabase } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';

/** The oracle for `version`: the server package's own version, read here from its package.json. */
const VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const HEALTHY = { status: 'ok', database: 'ok', fileStore: 'ok', version: VERSION };

/** An app on a database and an environment of the test's, as main.ts builds it; close() ends both. */
async function appOn(database: Pick<TestDatabase, 'db' | 'close'>, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-health-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, ...env }), db: database.db });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await database.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const probe = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/api/health', headers });
  return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
};

describe.each(testDatabases())('GET /api/health (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers 200 with each part ok and the version, to a probe without session or Edrf-Schema header', async () => {
    const res = await probe(t.app);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(HEALTHY);
    // The security headers of every answer, and no cached answer between probes.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    // The web app's own header changes nothing.
    expect((await t.call('GET', '/api/health')).body).toEqual(HEALTHY);
  });

  it('answers the same to a signed-in user: nothing more is told to anyone', async () => {
    const cookie = await t.cookieFor('health-user@example.com');
    expect((await probe(t.app, { cookie })).body).toEqual(HEALTHY);
  });

  it('answers 503 naming the file store while DATA_DIR/files cannot be a folder, and 200 again once it can', async () => {
    const folder = path.join(t.config.dataDir, 'files');
    // A file where the folder of files should be: no file can be stored.
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, 'not a folder');
    const res = await probe(t.app);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', database: 'ok', fileStore: 'failing', version: VERSION });
    fs.rmSync(folder);
    expect((await probe(t.app)).body).toEqual(HEALTHY);
  });
});

describe.each(testDatabases())('GET /api/health when a part is gone (%s)', (kind) => {
  it('checks the bucket: ok while the S3 store answers, 503 naming the file store once it does not', async () => {
    const s3 = await startS3Peer({ buckets: ['edrf-health'] });
    const app = await appOn(await openTestDatabase(kind), { ...s3.env, FILE_STORE_URL: 's3://edrf-health/files' });
    try {
      expect((await probe(app.app)).body).toEqual(HEALTHY);
      await s3.close();
      const res = await probe(app.app);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable', database: 'ok', fileStore: expect.stringMatching(/^(failing|timeout)$/) });
    } finally {
      await app.close();
    }
  });

  // PostgreSQL: the database is dropped under the running app. PGlite: the embedded database has ended under it.
  it('answers 503 naming the database once the database is gone', async () => {
    // PGlite's own handle, to end it; on PostgreSQL the shared way of making a test database.
    const database =
      kind === 'pglite'
        ? await connectDatabase({ pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) })
        : await openTestDatabase(kind);
    const app = await appOn(database);
    try {
      expect((await probe(app.app)).body).toEqual(HEALTHY);
      if (kind === 'postgres') {
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
        await adminQuery(`DROP DATABASE ${rows[0]!.name} WITH (FORCE)`);
      } else {
        await (database as DatabaseHandle).pglite!.close();
      }
      const res = await probe(app.app);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', database: 'failing', fileStore: 'ok', version: VERSION });
      // A probe from a browser that holds a session cookie (a user's tab, a proxy passing cookies on) gets the same
      // answer: the session is not looked up in the database that is gone.
      const withCookie = await probe(app.app, { cookie: `${SESSION_COOKIE}=a-session-token`, authorization: 'Bearer a-grant-token' });
      expect(withCookie.status).toBe(503);
      expect(withCookie.body).toEqual(res.body);
    } finally {
      await app.close();
    }
  });
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}
