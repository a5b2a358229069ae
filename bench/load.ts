// Load (issue 38, "Load"): 100 simulated users on loopback against real server processes on one PostgreSQL database
// and one S3 bucket — one process, then two taken in turn — then 4 'Design all' runs on the 185,000 m² real-geometry
// building against two processes while the users go on, then how long a 50 MB model's sync holds a server's request
// thread. Printed figures, not a timed test; see bench/README.md "load".
//
//   npm run bench:load                                   # everything, 60 s a phase, 100 users
//   LOAD_SECONDS=10 LOAD_USERS=20 npm run bench:load     # shorter
//   node --import tsx bench/load.ts --only users|design|sync50   # one part (design includes its users)
//   LOAD_BUILDING=generated …   # 'Design all' on the generated building; --pglite: the 50 MB sync on PGlite too
//
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the bench makes a
// fresh database on it and drops it at the end.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { EDRF_SCHEMA } from '@edrf/model';
import { Sessions } from '../apps/server/src/auth/sessions.js';
import { systemClock } from '../apps/server/src/clock.js';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { makeArch, rect } from '@edrf/fire/testing';
import { buildLargeArch, MB } from './large-model.js';
import { LOAD_ADMIN_EMAIL, startBacking, startServerProcess, type Backing, type ServerProcess } from './support/server-processes.js';
import {
  Balancer,
  EDITS_PER_OPEN,
  percentile,
  Recorder,
  signIn,
  simulatedUser,
  unitsBody,
  type CallSummary,
} from './support/load-client.js';
import type { FromDesigners, ToDesigners } from './support/load-designers.js';
import { startPinger } from './support/event-loop-pinger.js';

const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const USERS = Number(process.env.LOAD_USERS || 100);
const THINK_MS = Number(process.env.LOAD_THINK_MS || 2000);
const DESIGNS = Number(process.env.LOAD_DESIGNS || 4);
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Issue 38: the other users' p95 while the 'Design all' runs go on, and the longest block of a 50 MB sync. */
const DESIGN_P95_TARGET_MS = 500;
const STALL_TARGET_MS = 100;
const SYNC50_RUNS = 2;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const today = new Date().toISOString().slice(0, 10);
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `load-${today}.md`);

/** Prints and appends to the results file as it goes: on a busy machine a long run's first phases are kept. */
const say = (...lines: string[]) => {
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  for (const line of lines) {
    console.log(line);
    fs.appendFileSync(RESULTS, `${line}\n`);
  }
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/** The small model calc_fire_units runs on: two storeys of a small office, 6 rooms each and a corridor. */
const smallArch = makeArch(
  [0, 1].map((s) => ({
    id: `storey-${s}`,
    rooms: [
      { id: `s${s}-corridor`, exterior: rect(0, 6, 30, 2), name: 'Corridor' },
      ...[0, 1, 2].flatMap((i) => [
        { id: `s${s}-north-${i}`, exterior: rect(i * 10, 8, 10, 6), name: `Office N${i}` },
        { id: `s${s}-south-${i}`, exterior: rect(i * 10, 0, 10, 6), name: `Office S${i}` },
      ]),
    ],
  })),
);

interface Seeded {
  users: { email: string; projectId: string }[];
  /** Sessions of the 'Design all' designers, made in the database. */
  designerCookies: string[];
  /** A session of the first user's, for the warm-up before each phase. */
  warmUpCookie: string;
}

/**
 * The users, their organization and a project each holding the same 5 MB architecture model: the model synced once
 * through the API, then the other projects' working versions pointed at its stored part (parts are stored once per
 * content, as the server stores a model synced twice).
 */
async function seed(backing: Backing): Promise<Seeded> {
  const server = await startServerProcess('seed', backing.env);
  const handle = await connectDatabase({ databaseUrl: backing.databaseUrl });
  try {
    const db = handle.db;
    const sessions = new Sessions(db, systemClock);
    const org = await db
      .insertInto('orgs')
      .values({ name: 'Load AB', billing_type: 'direct' })
      .returning('org_id')
      .executeTakeFirstOrThrow();
    const emails = Array.from({ length: USERS }, (_, i) => `user${i + 1}@load.example.com`);
    const designers = Array.from({ length: DESIGNS }, (_, i) => `designer${i + 1}@load.example.com`);
    const rows = await db
      .insertInto('users')
      .values([...emails, ...designers].map((email) => ({ email, is_admin: false, provider: 'passcode' as const })))
      .returning(['user_id', 'email'])
      .execute();
    await db
      .insertInto('org_roles')
      .values(rows.map((row) => ({ org_id: org.org_id, user_id: row.user_id, role: 'admin' as const })))
      .execute();
    const cookieOf = async (userId: string) => `edrf_session=${await sessions.create(userId, 'browser')}`;
    const headers = (cookie: string) => ({ 'edrf-schema': String(EDRF_SCHEMA), cookie, 'content-type': 'application/json' });
    const users: Seeded['users'] = [];
    for (const row of rows.slice(0, USERS)) {
      const res = await fetch(`${server.base}/api/v1/create_project`, {
        method: 'POST',
        headers: headers(await cookieOf(row.user_id)),
        body: JSON.stringify({ name: `Office block of ${row.email}`, org_id: org.org_id }),
      });
      if (res.status !== 200) throw new Error(`create_project: ${res.status} ${await res.text()}`);
      users.push({ email: row.email, projectId: ((await res.json()) as { project_id: string }).project_id });
    }
    const { json: archJson } = buildLargeArch(5 * MB);
    const first = users[0]!;
    const firstCookie = await cookieOf(rows[0]!.user_id);
    const synced = await fetch(`${server.base}/api/v1/project/${first.projectId}/sync_working_version`, {
      method: 'POST',
      headers: headers(firstCookie),
      body: `{"parent":"working-version","arch":${archJson}}`,
    });
    if (synced.status !== 200) throw new Error(`sync of the 5 MB model: ${synced.status} ${await synced.text()}`);
    const { arch_hash } = await db
      .selectFrom('working_versions')
      .select('arch_hash')
      .where('project_id', '=', first.projectId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('working_versions')
      .set({ arch_hash, working_revision: sql`gen_random_uuid()` })
      .where(
        'project_id',
        'in',
        users.map((u) => u.projectId),
      )
      .execute();
    const designerCookies = await Promise.all(rows.slice(USERS).map((row) => cookieOf(row.user_id)));
    return { users, designerCookies, warmUpCookie: firstCookie };
  } finally {
    await handle.close();
    await server.stop();
  }
}

const f0 = (v: number) => (Number.isFinite(v) ? Math.round(v).toString() : '–');
const CALL_HEADER = [
  '| call | calls | per s | p50 ms | p95 ms | p99 ms | max ms | errors |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
const callLine = (c: CallSummary) =>
  `| ${c.name} | ${c.count} | ${c.perSecond.toFixed(1)} | ${f0(c.p50)} | ${f0(c.p95)} | ${f0(c.p99)} | ${f0(c.max)} | ${c.errors} |`;

/** Runs the users against the servers until `until.at`, then prints their calls; answers every call's p95. */
async function runUsers(
  title: string,
  servers: ServerProcess[],
  backing: Backing,
  seeded: Seeded,
  during: (until: { at: number }) => Promise<void>,
): Promise<{ p95: number; errors: number }> {
  const recorder = new Recorder();
  const balancer = new Balancer(servers.map((s) => s.base));
  const body = unitsBody(smallArch);
  const until = { at: Infinity };
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  recorder.start();
  const loadBefore = loadAverage();
  const users = seeded.users.map(async (user) => {
    // Users arrive over the first two think times, not all in the same millisecond.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));
    await simulatedUser(recorder, balancer, backing.smtp, { ...user, unitsBody: body, thinkMs: THINK_MS, until });
  });
  const failures: string[] = [];
  const watched = users.map((u) => u.catch((error: Error) => void failures.push(error.message)));
  await during(until);
  await Promise.all(watched);
  clientDelay.disable();
  const summary = recorder.summary();
  const all = recorder.all();
  const errors = summary.reduce((n, c) => n + c.errors, 0);
  say(
    '',
    `### ${title}`,
    '',
    `${seeded.users.length} users, think time ${THINK_MS} ms (0.5–1.5 ×), ${EDITS_PER_OPEN} edits synced for each open, ${recorder.seconds().toFixed(0)} s; load average ${loadBefore} at the start, ${loadAverage()} at the end.`,
    '',
    ...CALL_HEADER,
    ...summary.map(callLine),
    `| every call | ${all.length + errors} | ${((all.length + errors) / recorder.seconds()).toFixed(1)} | ${f0(percentile(all, 0.5))} | ${f0(percentile(all, 0.95))} | ${f0(percentile(all, 0.99))} | ${f0(all.at(-1) ?? NaN)} | ${errors} |`,
    '',
    `Peak RSS: ${servers.map((s) => `${s.name} ${s.peakRssMb()} MB`).join(', ')}. The client's longest event-loop block: ${(clientDelay.max / 1e6).toFixed(0)} ms.`,
  );
  for (const c of summary) for (const sample of c.samples) say(`- error: ${sample}`);
  for (const failure of failures.slice(0, 5)) say(`- a user stopped: ${failure}`);
  return { p95: percentile(all, 0.95), errors: errors + failures.length };
}

const forSeconds = (until: { at: number }) => {
  until.at = performance.now() + SECONDS * 1000;
  return new Promise<void>((resolve) => setTimeout(resolve, SECONDS * 1000));
};

async function withServers<T>(count: number, backing: Backing, seeded: Seeded, run: (servers: ServerProcess[]) => Promise<T>): Promise<T> {
  const servers = await Promise.all(Array.from({ length: count }, (_, i) => startServerProcess(String.fromCharCode(97 + i), backing.env)));
  try {
    await Promise.all(servers.map((server) => warmUp(server, seeded)));
    return await run(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * Untimed, before a phase: a running server's state — its compute workers started and warm (two calc_fire_units at
 * once, one a worker, each waiting for its worker's start), the routes' code compiled, the 5 MB model read once.
 */
async function warmUp(server: ServerProcess, seeded: Seeded): Promise<void> {
  const headers = { 'edrf-schema': String(EDRF_SCHEMA), cookie: seeded.warmUpCookie, 'content-type': 'application/json' };
  const body = unitsBody(smallArch);
  const answers = await Promise.all([
    ...[0, 1].map(() => fetch(`${server.base}/api/v1/calc_fire_units`, { method: 'POST', headers, body })),
    fetch(`${server.base}/api/v1/project/${seeded.users[0]!.projectId}/latest_version`, { headers }),
    fetch(`${server.base}/api/v1/list_projects`, { headers }),
  ]);
  for (const answer of answers) {
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`warming ${server.name} up: ${answer.url} ${answer.status}`);
  }
}

/** The users against 2 processes while DESIGNS 'Design all' runs go on (in a child: load-designers.ts). */
async function designPhase(backing: Backing, seeded: Seeded): Promise<void> {
  await withServers(2, backing, seeded, async (servers) => {
    const child = fork(
      fileURLToPath(new URL('./support/load-designers.ts', import.meta.url)),
      [servers.map((s) => s.base).join(','), String(DESIGNS)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const messages: FromDesigners[] = [];
    const next = (type: FromDesigners['type']) =>
      new Promise<FromDesigners>((resolve, reject) => {
        const found = messages.find((m) => m.type === type);
        if (found) return resolve(found);
        const on = (message: FromDesigners) => {
          if (message.type !== type) return;
          child.off('message', on);
          resolve(message);
        };
        child.on('message', on);
        child.once('exit', (code) => reject(new Error(`the designers' child ended (${code})`)));
      });
    child.on('message', (message: FromDesigners) => messages.push(message));
    // The building is made (untimed) before the users start.
    const ready = (await next('ready')) as Extract<FromDesigners, { type: 'ready' }>;
    let done: Extract<FromDesigners, { type: 'done' }> | undefined;
    const designStart = performance.now();
    const { p95, errors } = await runUsers(
      `${DESIGNS} 'Design all' runs on two processes while the users go on`,
      servers,
      backing,
      seeded,
      async (until) => {
        until.at = Infinity;
        child.send({ type: 'go', cookies: seeded.designerCookies } satisfies ToDesigners);
        // The users go on for the whole of the runs, and at least SECONDS.
        const atLeast = new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
        done = (await next('done')) as Extract<FromDesigners, { type: 'done' }>;
        await atLeast;
        until.at = performance.now();
      },
    );
    const runs = done!.runs;
    say(
      '',
      `'Design all' on the ${ready.building} building (${Math.round(ready.area).toLocaleString('en')} m², ${ready.rooms} rooms), ${DESIGNS} at once, calls taken in turn by the two processes:`,
      '',
      '| run | seconds | detectors | loops | error |',
      '| --- | --- | --- | --- | --- |',
      ...runs.map((r, i) => `| ${i + 1} | ${r.seconds.toFixed(1)} | ${r.detectors ?? '–'} | ${r.loops ?? '–'} | ${r.error ?? 'none'} |`),
      '',
      `All ${runs.length} finished in ${((performance.now() - designStart) / 1000).toFixed(0)} s of users; failed: ${runs.filter((r) => r.error).length}. ` +
        `Target: the other users' p95 under ${DESIGN_P95_TARGET_MS} ms: ${f0(p95)} ms, ${p95 < DESIGN_P95_TARGET_MS ? 'met' : 'MISS'}; errors ${errors}.`,
    );
  });
}

/**
 * A 50 MB model synced (3 times, each a new revision), saved and opened on one server process while a pinger measures
 * the longest time the server's request thread was held (event-loop-pinger.ts). On PostgreSQL and on PGlite.
 */
async function sync50Phase(backing: Backing): Promise<void> {
  const { json: archJson, rooms, walls } = buildLargeArch(50 * MB);
  say(
    '',
    `### A 50 MB model's sync: the longest the request thread is held`,
    '',
    `The arch part is ${(archJson.length / MB).toFixed(1)} MB (${rooms} rooms, ${walls} walls; bench/large-model.ts). A worker thread of the bench pings GET /front/is_authed every 10 ms; the longest ping round trip is the longest block it saw. Load average ${loadAverage()}.`,
    '',
    '| database | step | wall ms | longest ping ms | pings |',
    '| --- | --- | --- | --- | --- |',
  );
  const variants: [string, Record<string, string>][] = [['PostgreSQL', backing.env]];
  // PGlite runs in the server's process: its INSERT of the 50 MB part holds the request thread whatever the route does.
  if (process.argv.includes('--pglite'))
    variants.push(['PGlite', Object.fromEntries(Object.entries(backing.env).filter(([key]) => key !== 'DATABASE_URL'))]);
  let worst = 0;
  for (const [label, env] of variants) {
    const server = await startServerProcess(`sync50-${label}`, env);
    const pinger = startPinger(server.base);
    try {
      const recorder = new Recorder();
      const balancer = new Balancer([server.base]);
      // The platform admin each server makes at its start (ADMIN_EMAIL) signs in.
      const email = LOAD_ADMIN_EMAIL;
      const cookie = await signIn(recorder, balancer, backing.smtp, email);
      const headers = { 'edrf-schema': String(EDRF_SCHEMA), cookie, 'content-type': 'application/json' };
      const ask = async (method: string, url: string, body?: string) => {
        // A connection the server closed while idle (its keep-alive timeout) fails the write at once: asked again.
        const res = await fetch(`${server.base}${url}`, { method, headers, body }).catch(() =>
          fetch(`${server.base}${url}`, { method, headers, body }),
        );
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${bytes.subarray(0, 300).toString('utf8')}`);
        return bytes;
      };
      const created = await ask('POST', '/api/v1/create_org', JSON.stringify({ name: `Tower ${label}` }));
      const orgId =
        (JSON.parse(created.toString('utf8')) as { org_id?: string }).org_id ??
        (JSON.parse((await ask('GET', '/api/v1/list_orgs')).toString('utf8')) as { orgs: { org_id: string }[] }).orgs[0]!.org_id;
      const project = JSON.parse(
        (await ask('POST', '/api/v1/create_project', JSON.stringify({ name: 'Tower', org_id: orgId }))).toString('utf8'),
      ) as {
        project_id: string;
      };
      const url = (p: string) => `/api/v1/project/${project.project_id}/${p}`;
      const revision = async () =>
        /"working_revision":"([0-9a-f-]{36})"/.exec((await ask('GET', url('latest_version'))).subarray(0, 1000).toString('utf8'))![1]!;
      const measure = async (step: string, work: () => Promise<unknown>) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        pinger.mark();
        await new Promise((resolve) => setTimeout(resolve, 50));
        const start = performance.now();
        await work();
        const wall = performance.now() - start;
        await new Promise((resolve) => setTimeout(resolve, 50));
        const window = await pinger.read();
        if (step.startsWith('sync')) worst = Math.max(worst, window.longestMs);
        say(`| ${label} | ${step} | ${f0(wall)} | ${f0(window.longestMs)} | ${window.count} |`);
      };
      await measure('idle, 2 s', () => new Promise((resolve) => setTimeout(resolve, 2000)));
      for (let i = 0; i < SYNC50_RUNS; i++) {
        // Each sync a new model (another seed), so that each parses, checks and stores 50 MB anew.
        const body =
          i === 0
            ? `{"parent":"working-version","working_revision":"${await revision()}","arch":${archJson}}`
            : `{"parent":"working-version","working_revision":"${await revision()}","arch":${buildLargeArch(50 * MB, i + 1).json}}`;
        await measure(`sync_working_version ${i + 1}`, () => ask('POST', url('sync_working_version'), body));
      }
      await measure('save_working_version', async () =>
        ask('POST', url('save_working_version'), JSON.stringify({ comment: 'Tower, 50 MB' })),
      );
      await measure('latest_version (open)', () => ask('GET', url('latest_version')));
    } finally {
      await pinger.stop();
      await server.stop();
    }
  }
  say(
    '',
    `Target: no block over ${STALL_TARGET_MS} ms during a 50 MB sync: the longest ping ${f0(worst)} ms, ${worst <= STALL_TARGET_MS ? 'met' : 'MISS'}.`,
  );
}

async function main(): Promise<void> {
  say(
    `# load, ${today}`,
    '',
    `\`npm run bench:load\`${process.argv.slice(2).length ? ` (${process.argv.slice(2).join(' ')})` : ''}, LOAD_SECONDS=${SECONDS}, LOAD_USERS=${USERS}, LOAD_THINK_MS=${THINK_MS}, LOAD_DESIGNS=${DESIGNS}; node ${process.version}, ${os.availableParallelism()} cores, ${(os.totalmem() / MB / 1024).toFixed(0)} GB; load average (1, 5, 15 min) ${loadAverage()} at the start. Server processes: apps/server/src/main.ts on one fresh PostgreSQL database, files in an S3 bucket (s3rver), mail through an SMTP peer.`,
  );
  const backing = await startBacking(SERVER_URL);
  try {
    if (!only || only === 'users' || only === 'design') {
      const seeded = await seed(backing);
      if (!only || only === 'users') {
        await withServers(1, backing, seeded, (servers) => runUsers('One process', servers, backing, seeded, forSeconds));
        await withServers(2, backing, seeded, (servers) =>
          runUsers('Two processes, calls taken in turn', servers, backing, seeded, forSeconds),
        );
      }
      if (!only || only === 'design') await designPhase(backing, seeded);
    }
    if (!only || only === 'sync50') await sync50Phase(backing);
  } finally {
    await backing.close();
  }
  say('', `Load average at the end: ${loadAverage()}.`, '');
}

await main();
