// How long syncing and loading a large model takes (issue 4: a 50 MB model must sync), on a fresh
// PGlite and, with DATABASE_URL set, on a fresh PostgreSQL database. See bench/README.md.
//
//   node --import tsx bench/model-sync.ts [sizes in MB, default 5 20 50]
//
// Each (database, size) runs in a child process of its own, so that its peak RSS is its own.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { EDRF_SCHEMA, validateModelPart, type FireInput } from '@edrf/model';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import type { MailMessage } from '../apps/server/src/services/mail.js';
import { ensureAdmin } from '../apps/server/src/users/queries.js';
import { SERVER_PROCESS_ENV } from '../apps/server/src/process-env.js';
import { buildLargeArch, MB, sha256 } from './large-model.js';

type Kind = 'pglite' | 'postgres';

interface Result {
  kind: Kind;
  target: number;
  rooms: number;
  walls: number;
  /** Bytes of the arch part's JSON and of the whole sync request. */
  archBytes: number;
  requestBytes: number;
  syncMs: number;
  /** CPU time of this process during the sync (the app, and PGlite, which runs in it; not a PostgreSQL server). */
  syncCpuMs: number;
  loadMs: number;
  responseBytes: number;
  fireSyncMs: number;
  /** RSS with the app and database up before the model is built, and the process's peak. */
  idleRssMb: number;
  peakRssMb: number;
  /** The same steps the server takes in a sync, timed alone in this process. */
  parts: { parseMs: number; validateMs: number; stringifyHashMs: number; insertMs: number };
}

const ADMIN_EMAIL = 'bench@example.com';
const ms = (start: number) => Math.round(performance.now() - start);

const detector = {
  min_wall_distance: 0.5,
  min_air_inlet_distance: 1,
  max_detector_distance: 7.5,
  area_per_detector: 60,
  max_shaft_distance: 1,
};
const FIRE: FireInput = {
  config: {
    regulation: 'Sbf1108',
    unit: { detector: { Smoke: detector, Heat: detector }, siren: { max_range: 20 }, button: { max_range_from_door: 1.5 } },
    cabling: { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 },
  },
};

/** A fresh, migrated database; close() ends it (and drops it on PostgreSQL). */
async function freshDatabase(kind: Kind): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await connectDatabase({});
    await migrateToLatest(handle.db);
    return handle;
  }
  const serverUrl = process.env.DATABASE_URL!;
  const name = `edrf_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ databaseUrl: url.href });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One size on one database, in this (child) process. */
async function runOne(kind: Kind, targetMb: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-bench-'));
  const database = await freshDatabase(kind);
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL }),
    db: database.db,
    mailer: { send: (message) => Promise.resolve(void mails.push(message)) },
  });
  try {
    await ensureAdmin(database.db, ADMIN_EMAIL);
    await app.ready();
    // The process with the app and its database up, before any model exists.
    const idleRssMb = Math.round(process.memoryUsage().rss / MB);
    const { json: archJson, rooms, walls } = buildLargeArch(targetMb * MB);
    let cookie = '';
    const call = async (method: 'GET' | 'POST', url: string, payload?: string | object) => {
      const res = await app.inject({
        method,
        url,
        headers: { 'edrf-schema': String(EDRF_SCHEMA), cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        payload: typeof payload === 'string' ? payload : payload && JSON.stringify(payload),
      });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res;
    };

    // Sign in the way the web app does: a passcode by mail.
    await call('POST', '/front/login_email', { email: ADMIN_EMAIL });
    const passcode = /\b(\d{6})\b/.exec(mails.at(-1)!.text)![1]!;
    const session = (await call('POST', '/front/login_passcode', { email: ADMIN_EMAIL, passcode })).cookies.find(
      (c) => c.name === 'edrf_session',
    )!;
    cookie = `${session.name}=${session.value}`;
    await call('POST', '/api/v1/create_org', { name: 'Bench org' });
    const org = (await call('GET', '/api/v1/list_orgs')).json<{ orgs: { org_id: string }[] }>().orgs[0]!.org_id;
    const { project_id: projectId } = (await call('POST', '/api/v1/create_project', { name: 'Bench tower', org_id: org })).json<{
      project_id: string;
    }>();
    const url = (p: string) => `/api/v1/project/${projectId}/${p}`;
    const revision = async () => (await call('GET', url('latest_version'))).json<{ working_revision: string }>().working_revision;

    // Sync the arch alone, as the editor does after an IFC import.
    const body = `{"parent":"working-version","working_revision":"${await revision()}","arch":${archJson}}`;
    let start = performance.now();
    const cpu = process.cpuUsage();
    await call('POST', url('sync_working_version'), body);
    const syncMs = ms(start);
    const { user, system } = process.cpuUsage(cpu);
    const syncCpuMs = Math.round((user + system) / 1000);

    start = performance.now();
    const loaded = await call('GET', url('latest_version'));
    const loadMs = ms(start);
    // The arch comes back byte for byte as it was sent (the builder makes it in the stored form).
    const text = loaded.body;
    const from = text.indexOf(',"arch":') + ',"arch":'.length;
    const to = text.lastIndexOf(',"elec":');
    if (sha256(text.slice(from, to)) !== sha256(archJson)) throw new Error('latest_version did not answer the arch that was synced');

    // A fire-only sync on the large model: one new part row, the arch row untouched.
    const working = () =>
      database.db.selectFrom('working_versions').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    const partCount = async () =>
      (
        await database.db
          .selectFrom('model_parts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const [before, partsBefore] = [await working(), await partCount()];
    const fireBody = JSON.stringify({ parent: 'working-version', working_revision: await revision(), fire: FIRE });
    start = performance.now();
    await call('POST', url('sync_working_version'), fireBody);
    const fireSyncMs = ms(start);
    const [after, partsAfter] = [await working(), await partCount()];
    if (after.arch_hash !== before.arch_hash || partsAfter !== Number(partsBefore) + 1)
      throw new Error(`the fire-only sync rewrote more than the fire part (${partsBefore} -> ${partsAfter} part rows)`);

    // The steps of the sync, alone: parse the request, validate the arch, stringify and hash it, store it.
    start = performance.now();
    const parsed = JSON.parse(body) as { arch: unknown };
    const parseMs = ms(start);
    start = performance.now();
    const valid = validateModelPart('arch', parsed.arch);
    const validateMs = ms(start);
    if (!valid.ok) throw new Error(`${valid.path}: ${valid.message}`);
    start = performance.now();
    const content = `${JSON.stringify(valid.value)} `;
    const partHash = sha256(content);
    const stringifyHashMs = ms(start);
    start = performance.now();
    await database.db.insertInto('model_parts').values({ part_hash: partHash, content }).execute();
    const insertMs = ms(start);

    return {
      kind,
      target: targetMb,
      rooms,
      walls,
      archBytes: archJson.length,
      requestBytes: Buffer.byteLength(body),
      syncMs,
      syncCpuMs,
      loadMs,
      responseBytes: Buffer.byteLength(text),
      fireSyncMs,
      idleRssMb,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      parts: { parseMs, validateMs, stringifyHashMs, insertMs },
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function runChild(kind: Kind, size: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', kind, String(size)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...SERVER_PROCESS_ENV, ...process.env },
    });
    let result: Result | undefined;
    child.on('message', (message) => (result = message as Result));
    child.on('error', reject);
    child.on('exit', (code) =>
      result && code === 0 ? resolve(result) : reject(new Error(`${kind} ${size} MB: the child exited with ${code}`)),
    );
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const pad = (cells: (string | number)[], widths: number[]) => cells.map((c, i) => String(c).padStart(widths[i]!)).join('  ');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const result = await runOne(args[1] as Kind, Number(args[2]));
    process.send!(result);
    return;
  }
  const sizes = args.length ? args.map(Number) : [5, 20, 50];
  const kinds: Kind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  console.log(
    `model sync benchmark: node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} MB RAM`,
  );
  const results: Result[] = [];
  for (const kind of kinds) for (const size of sizes) results.push(await runChild(kind, size));

  const widths = [9, 8, 6, 6, 8, 8, 8, 8, 10, 9, 9];
  console.log();
  console.log(
    pad(['database', 'arch MB', 'rooms', 'walls', 'sync ms', 'cpu ms', 'load ms', 'fire ms', 'MB/s sync', 'idle RSS', 'peak RSS'], widths),
  );
  for (const r of results) {
    const rate = (r.requestBytes / MB / (r.syncMs / 1000)).toFixed(1);
    console.log(
      pad(
        [
          r.kind,
          mb(r.archBytes),
          r.rooms,
          r.walls,
          r.syncMs,
          r.syncCpuMs,
          r.loadMs,
          r.fireSyncMs,
          rate,
          `${r.idleRssMb} MB`,
          `${r.peakRssMb} MB`,
        ],
        widths,
      ),
    );
  }
  console.log();
  console.log('where a sync goes (the same steps timed alone):');
  const partWidths = [9, 8, 9, 12, 17, 10];
  console.log(pad(['database', 'arch MB', 'parse ms', 'validate ms', 'stringify+hash ms', 'insert ms'], partWidths));
  for (const r of results) {
    const p = r.parts;
    console.log(pad([r.kind, mb(r.archBytes), p.parseMs, p.validateMs, p.stringifyHashMs, p.insertMs], partWidths));
  }
}

await main();
