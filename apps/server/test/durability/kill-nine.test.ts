// kill -9 in the middle of a sync, a save, an IFC upload and a payment webhook (issue 38, "Durability"): a real server
// process (apps/server/src/main.ts) is ended with SIGKILL while it has the requests, then started again on the same
// DATA_DIR and database. Each project must then be as before its request or as after it, never a mix; no version and no
// IFC row may name a file the store does not hold; the user's next sync works; a redelivered webhook records one payment.
//
// Two rounds, each with the four requests at once. First, half of each body is sent (the bytes decide the moment, no
// hook in the server): nothing may have changed. Then each is sent whole and the server is killed as the IFC file
// lands in the store, the others being read, written or answered by then: each is before or after, and one that was
// answered before the kill must be after (what the server confirmed is on disk, PGlite's too).
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EDRF_SCHEMA } from '@edrf/model';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { startStripeStandIn, type StripeEvent, type StripeStandIn } from '../peers/stripe.js';
import { testDatabases, type DatabaseKind } from '../support/databases.js';
import { ADMIN_EMAIL } from '../support/harness.js';
import { miniIfc } from '../support/mini-ifc.js';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.js';
import { seeder } from '../support/seed.js';
import { paidRooms, roomIn } from '../support/shapes.js';
import { uploadOverSocket } from '../support/upload-socket.js';
import { callServer, killServer, startServer, stopServer, type ServerProcess } from '../support/server-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Json = any;

const DESIGNER = 'designer@example.com';
const PUBLIC_URL = 'http://edrf.test';
/** A real IFC file of about 1 MB, so that its import takes long enough to be killed in the middle. */
const CORPUS = process.env.IFC_CORPUS ?? path.resolve(fileURLToPath(import.meta.url), '../../../../../../shared/ifc');
const HOUSE_PATH = path.join(CORPUS, 'IfcOpenHouse.ifc');
const HOUSE_PRESENT = fs.existsSync(HOUSE_PATH);
if (!HOUSE_PRESENT) console.warn(`${HOUSE_PATH} is absent: the kill -9 tests are skipped (set IFC_CORPUS to the folder holding it)`);
const HOUSE = HOUSE_PRESENT ? fs.readFileSync(HOUSE_PATH) : Buffer.alloc(0);

/** The model parts of a sync: `rooms` rooms, enough of them for the body to take a while to read, check and store. */
const syncBody = (name: string, rooms: number, revision?: string, ifcFiles: Json = {}) => ({
  parent: 'working-version',
  ...(revision ? { working_revision: revision } : {}),
  config: { name, ifc_files: ifcFiles },
  arch: { rooms: Object.fromEntries(Array.from({ length: rooms }, (_, i) => [`r${i}`, roomIn(`r${i}`, i * 6)])) },
  elec: null,
  fire: null,
});

/** Ten rooms the fire module is paid for. */
const PAID_ROOMS = paidRooms(10, 'p');

/** Sends a request's head and only `bytes` of its body, and leaves the connection open: the server waits for the rest. */
async function sendPart(
  server: ServerProcess,
  url: string,
  headers: Record<string, string>,
  body: string,
  bytes: number,
): Promise<net.Socket> {
  const { hostname, port } = new URL(server.base);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {}); // the server's end resets it
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const content = Buffer.from(body);
  const head = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${content.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  await new Promise<void>((resolve) => socket.write(Buffer.concat([Buffer.from(head), content.subarray(0, bytes)]), () => resolve()));
  return socket;
}

/** Opens the upload socket and sends the start and the first half of the file, as one gzip piece; the rest never comes. */
async function uploadHalf(server: ServerProcess, projectId: string, cookie: string, bytes: Buffer): Promise<WebSocket> {
  const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws/v1/${projectId}/working-version/upload_ifc`, { headers: { cookie } });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'file_start', file_id: 'f', filename: 'half.ifc', size: bytes.length }));
  await new Promise<void>((resolve) => ws.send(zlib.gzipSync(bytes.subarray(0, bytes.length >> 1)), { binary: true }, () => resolve()));
  return ws;
}

/** A promise's outcome, kept as a value: the requests the kill cuts reject, which is expected. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!HOUSE_PRESENT).each(testDatabases())('kill -9 of the server in the middle of requests (%s)', (kind: DatabaseKind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-kill-nine-'));
  let postgres: PostgresDatabase | undefined;
  /** PostgreSQL: the test's own connection, open throughout. PGlite: opened only while the server is down. */
  let pgDb: { db: Kysely<Database>; close(): Promise<void> } | undefined;
  let stripe: StripeStandIn;
  let env: Record<string, string>;
  let server: ServerProcess;
  let cookie = '';
  let orgId = '';
  const projects = { sync: '', twin: '', save: '', upload: '', pay: '', pay2: '' };
  /** A paid Checkout session per round, whose webhook the round delivers. */
  const paid: { projectId: string; sessionId: string; event: StripeEvent }[] = [];
  let storedIfc: Json;

  const call = (method: string, url: string, body?: unknown) => callServer(server, method, url, { cookie, body });
  const latest = async (projectId: string): Promise<Json> => {
    const res = await call('GET', `/api/v1/project/${projectId}/latest_version`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const versions = async (projectId: string) => {
    const res = await call('GET', `/api/v1/project/${projectId}/list_versions`);
    expect(res.status).toBe(200);
    return res.body.versions as { project_version_id: string }[];
  };
  const webhook = (payload: string) => ({ 'stripe-signature': stripe.sign(payload) });

  /** The database as the server left it: for PGlite, its DATA_DIR opened here, once the server is down. */
  async function withDatabase<T>(read: (db: Kysely<Database>) => Promise<T>, first = false): Promise<T> {
    if (pgDb) return read(pgDb.db);
    // The first open makes the database from the migrated template (global-setup.ts).
    const template = first ? { pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) } : {};
    const handle = await connectDatabase({ pgliteDir: path.join(dataDir, 'pglite'), ...template });
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  }

  const inStore = (hash: string) => fs.existsSync(path.join(dataDir, 'files', hash.slice(0, 2), hash));

  /**
   * What must hold whatever the moment of the kill: every IFC row's file and every file a version's config names is
   * in the store; the session is recorded at most once. Answers the upload's rows and the payments, read while down.
   */
  async function checkReferences(uploadSha: string, sessionId: string) {
    return withDatabase(async (db) => {
      const rows = await db.selectFrom('ifc_files').select(['project_id', 'sha256', 'file_name']).execute();
      for (const row of rows) expect(inStore(row.sha256), `ifc_files row ${row.file_name} names a file not stored`).toBe(true);
      const configs = await db
        .selectFrom('model_parts')
        .select('content')
        .where((eb) =>
          eb.or([
            eb('part_hash', 'in', eb.selectFrom('working_versions').select('config_hash')),
            eb('part_hash', 'in', eb.selectFrom('project_versions').select('config_hash')),
          ]),
        )
        .execute();
      expect(configs.length).toBeGreaterThan(0);
      for (const { content } of configs)
        for (const hash of Object.keys((JSON.parse(content) as { ifc_files: object }).ifc_files))
          expect(inStore(hash), `a version names the file ${hash}, not stored`).toBe(true);
      const payments = await db.selectFrom('payments').select('payment_id').where('stripe_session_id', '=', sessionId).execute();
      expect(payments.length).toBeLessThanOrEqual(1);
      return {
        uploadRows: rows.filter((row) => row.project_id === projects.upload && row.sha256 === uploadSha).length,
        payments: payments.length,
      };
    });
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // The designer, an organization billed directly, and a session, written before the first start.
    if (kind === 'postgres') {
      postgres = await createPostgresDatabase(process.env.DATABASE_URL!);
      const handle = await connectDatabase({ databaseUrl: postgres.url });
      await migrateToLatest(handle.db);
      pgDb = handle;
    }
    await withDatabase(async (db) => {
      const seed = seeder(db);
      orgId = (await seed.createOrg('Kill nine AB', { [DESIGNER]: 'admin' }, { billing_type: 'direct' })).org_id;
      cookie = await seed.cookieFor(DESIGNER);
    }, true);
    env = {
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ADMIN_EMAIL,
      PUBLIC_URL,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    };
    server = await startServer(`kill-nine-${kind}`, env, { dataDir });

    for (const name of Object.keys(projects) as (keyof typeof projects)[]) {
      const res = await call('POST', '/api/v1/create_project', { name, org_id: orgId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      projects[name] = res.body.project_id as string;
    }
    // A file uploaded before, which the models name: a version must never name a file the store lost.
    storedIfc = await uploadOverSocket(server.base.replace('http', 'ws'), projects.upload, cookie, 'before.ifc', miniIfc());
    expect(storedIfc.type).toBe('done');
    for (const name of ['sync', 'twin', 'save'] as const)
      expect(
        (
          await call(
            'POST',
            `/api/v1/project/${projects[name]}/sync_working_version`,
            syncBody('Before', 3, undefined, storedIfc.ifc_files),
          )
        ).status,
      ).toBe(200);
    // The twin gets the sync the kill interrupts, whole: its model is the oracle of 'after'.
    expect(
      (await call('POST', `/api/v1/project/${projects.twin}/sync_working_version`, syncBody('After', 3000, undefined, storedIfc.ifc_files)))
        .status,
    ).toBe(200);

    // Paid Checkout sessions whose webhooks have not reached the server yet.
    stripe.webhookUrl = undefined;
    for (const projectId of [projects.pay, projects.pay2]) {
      const due = await call('POST', `/api/v1/project/${projectId}/module_export_status`, {
        rooms: PAID_ROOMS,
        module: 'fire',
        pvid: null,
      });
      expect(due.status, JSON.stringify(due.body)).toBe(200);
      const payment = await call('POST', `/api/v1/project/${projectId}/fire_payment`, {
        rooms: PAID_ROOMS,
        amount: due.body.payment_outstanding,
        url: `${PUBLIC_URL}/project/${projectId}/fire/export`,
      });
      expect(payment.status, JSON.stringify(payment.body)).toBe(200);
      const sessionId = (payment.body.redirect_url as string).split('/').at(-1)!;
      await stripe.pay(sessionId);
      paid.push({ projectId, sessionId, event: stripe.deliveries.at(-1)!.event });
    }
  }, 400_000);

  afterAll(async () => {
    await stopServer(server);
    await pgDb?.close();
    await stripe?.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** What each project is before a round, read through the API. */
  async function before() {
    return {
      sync: await latest(projects.sync),
      twin: (await latest(projects.twin)).model,
      save: { working: await latest(projects.save), versions: await versions(projects.save) },
    };
  }

  /** After the restart: each project before or after its request, never a mix. Answers which, for the round's checks. */
  async function outcomes(was: Awaited<ReturnType<typeof before>>) {
    const sync = await latest(projects.sync);
    const syncOutcome =
      sync.working_revision === was.sync.working_revision
        ? 'before'
        : JSON.stringify(sync.model) === JSON.stringify(was.twin)
          ? 'after'
          : 'mix';
    if (syncOutcome === 'before') expect(sync.model).toEqual(was.sync.model);
    expect(syncOutcome, 'the synced model is neither the one before nor the one sent').not.toBe('mix');

    const saveWorking = await latest(projects.save);
    const saveVersions = await versions(projects.save);
    expect(saveWorking.model).toEqual(was.save.working.model);
    let saveOutcome: 'before' | 'after';
    if (saveVersions.length === was.save.versions.length) {
      expect(saveWorking.parent_version_id).toBe(was.save.working.parent_version_id);
      saveOutcome = 'before';
    } else {
      expect(saveVersions.length).toBe(was.save.versions.length + 1);
      const saved = saveVersions.find((v) => !was.save.versions.some((old) => old.project_version_id === v.project_version_id))!;
      // The new version is the working version's parent, and holds what the working version held.
      expect(saveWorking.parent_version_id).toBe(saved.project_version_id);
      const frozen = await call('GET', `/api/v1/project/${projects.save}/get_version/${saved.project_version_id}`);
      expect(frozen.status).toBe(200);
      expect(frozen.body.model).toEqual(was.save.working.model);
      saveOutcome = 'after';
    }
    return { sync: syncOutcome, save: saveOutcome };
  }

  /** The user carries on: a sync on top of what the server has now, and the working version shows it. */
  async function nextSyncWorks() {
    const now = await latest(projects.sync);
    const next = await call('POST', `/api/v1/project/${projects.sync}/sync_working_version`, {
      ...syncBody('Next', 2, now.working_revision, storedIfc.ifc_files),
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await latest(projects.sync)).model.config.name).toBe('Next');
  }

  /** Stripe delivers the event again (the kill cut its delivery): one payment, whatever the first delivery did. */
  async function redeliveredOnce({ projectId, event }: (typeof paid)[number]) {
    stripe.webhookUrl = `${server.base}/webhooks/stripe`;
    const again = await stripe.redeliver(event);
    stripe.webhookUrl = undefined;
    expect(again.status, again.answer).toBe(200);
    expect(['recorded', 'duplicate']).toContain(JSON.parse(again.answer).outcome);
    const status = await call('POST', `/api/v1/project/${projectId}/module_export_status`, { rooms: PAID_ROOMS, module: 'fire' });
    expect(status.body).toMatchObject({ status: 'paid', payment_outstanding: 0 });
  }

  async function restart() {
    server = await startServer(`kill-nine-${kind}`, env, { dataDir });
    const health = await callServer(server, 'GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', database: 'ok', fileStore: 'ok' });
  }

  it('with half of each body received, nothing has changed after the restart', async () => {
    const was = await before();
    const sync = JSON.stringify(syncBody('After', 3000, was.sync.working_revision, storedIfc.ifc_files));
    const save = JSON.stringify({ comment: 'Killed', working_revision: was.save.working.working_revision });
    const event = JSON.stringify(paid[0]!.event, null, 2);
    const open = [
      await sendPart(
        server,
        `/api/v1/project/${projects.sync}/sync_working_version`,
        { cookie, 'edrf-schema': String(EDRF_SCHEMA) },
        sync,
        sync.length >> 1,
      ),
      await sendPart(
        server,
        `/api/v1/project/${projects.save}/save_working_version`,
        { cookie, 'edrf-schema': String(EDRF_SCHEMA) },
        save,
        save.length >> 1,
      ),
      await sendPart(server, '/webhooks/stripe', webhook(event), event, event.length >> 1),
    ];
    const ws = await uploadHalf(server, projects.upload, cookie, HOUSE);
    // The server reads what has arrived while it waits for the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killServer(server);
    for (const socket of open) socket.destroy();
    ws.terminate();

    const down = await checkReferences(sha256(HOUSE), paid[0]!.sessionId);
    expect(down).toEqual({ uploadRows: 0, payments: 0 });
    expect(inStore(sha256(HOUSE))).toBe(false);
    await restart();
    expect(await outcomes(was)).toEqual({ sync: 'before', save: 'before' });
    await nextSyncWorks();
    await redeliveredOnce(paid[0]!);
  }, 400_000);

  it('killed as the IFC file lands in the store, each request is before or after, and an answered one is after', async () => {
    const was = await before();
    const sha = sha256(HOUSE);
    const event = JSON.stringify(paid[1]!.event, null, 2);
    const answers = {
      sync: settle(
        call(
          'POST',
          `/api/v1/project/${projects.sync}/sync_working_version`,
          syncBody('After', 3000, was.sync.working_revision, storedIfc.ifc_files),
        ),
      ),
      save: settle(
        call('POST', `/api/v1/project/${projects.save}/save_working_version`, {
          comment: 'Killed',
          working_revision: was.save.working.working_revision,
        }),
      ),
      upload: settle(uploadOverSocket(server.base.replace('http', 'ws'), projects.upload, cookie, 'house.ifc', HOUSE)),
      webhook: settle(callServer(server, 'POST', '/webhooks/stripe', { body: event, headers: webhook(event) })),
    };
    const answered = { sync: false, save: false, upload: false, webhook: false };
    for (const name of Object.keys(answers) as (keyof typeof answers)[]) void answers[name].then((result) => (answered[name] = result.ok));
    // Until the file is in the store (or the upload has answered): then at once.
    const deadline = Date.now() + 60_000;
    while (!inStore(sha) && !answered.upload && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    const seen = { ...answered };
    await killServer(server);
    await Promise.all(Object.values(answers));

    const down = await checkReferences(sha, paid[1]!.sessionId);
    await restart();
    const result = await outcomes(was);
    // What the server answered before it died is kept.
    if (seen.sync) expect(result.sync).toBe('after');
    if (seen.save) expect(result.save).toBe('after');
    if (seen.upload) expect(down.uploadRows).toBe(1);
    if (seen.webhook) expect(down.payments).toBe(1);
    console.log(
      `kill-nine (${kind}): answered before the kill ${JSON.stringify(seen)}; after the restart ${JSON.stringify({ ...result, ...down })}`,
    );

    // The upload again, whole: it is recorded once, and its file downloads.
    const again = await uploadOverSocket(server.base.replace('http', 'ws'), projects.upload, cookie, 'house.ifc', HOUSE);
    expect(again.type, JSON.stringify(again)).toBe('done');
    const listed = await call('GET', '/api/v1/list_projects');
    const files = (listed.body.projects as Json[]).find((p) => p.project_id === projects.upload).ifc_files as Json[];
    expect(files.filter((file) => file.file_name === 'house.ifc')).toHaveLength(1);
    await nextSyncWorks();
    await redeliveredOnce(paid[1]!);
  }, 400_000);
});
