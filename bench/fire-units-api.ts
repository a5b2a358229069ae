// calc_fire_units through the API at the scale of a real building: POST /api/v1/calc_fire_units with the real-geometry
// building (corpus storeys tiled and stacked) and the generated one, at a quarter, a half and all of 185,000 m².
// See bench/README.md.
//
//   npm run bench:fire-units-api                     # both buildings, 1/4, 1/2 and all
//   node --import tsx bench/fire-units-api.ts --full # all of each building only
//   COMPUTE_WORKERS=1 npm run bench:fire-units-api   # the server's pool with one worker (no rooms shared)
//
// The server runs in a child process (its compute workers started as a server starts them); this process is the
// client, and afterwards times the server's steps alone: parsing and validating the body, copying the input to a
// worker, and the engine in a compute pool of its own.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { archSchema, EDRF_SCHEMA, emptyFire, fireSchema, type Arch, type Fire } from '@edrf/model';
import { createFireConfig, type FireUnitsResult } from '@edrf/fire';
import { buildApp } from '../apps/server/src/app.js';
import { Sessions } from '../apps/server/src/auth/sessions.js';
import { systemClock } from '../apps/server/src/clock.js';
import { ComputePool, computeWorkers } from '../apps/server/src/compute/pool.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { generatedBuilding } from '../packages/fire/src/test-support/generated-building.js';
import { realBuilding, realModelsPresent, IFC_CORPUS, type Copy } from '../packages/fire/src/test-support/real-building.js';

const MB = 1024 * 1024;
const ADMIN_EMAIL = 'bench@example.com';
/** The target for the whole real-geometry building through the API, on this 2-core machine. */
const TARGET_S = 20;
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'fire-units-api-2026-11-25.md');

interface Listening {
  port: number;
  cookie: string;
}

/** The server process: the app on a fresh PGlite with its compute workers started, and a signed-in user. */
async function serve(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-bench-'));
  const database = await connectDatabase({});
  await migrateToLatest(database.db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL }),
    db: database.db,
    mailer: { send: () => Promise.resolve() },
    startCompute: true,
  });
  try {
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await database.db
      .insertInto('users')
      .values({ email: 'designer@example.com', is_admin: false, provider: 'passcode' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const cookie = `edrf_session=${await new Sessions(database.db, systemClock).create(user.user_id, 'browser')}`;
    process.send!({ port: (app.server.address() as AddressInfo).port, cookie } satisfies Listening);
    await new Promise<void>((resolve) => process.once('message', () => resolve()));
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.disconnect();
}

function startServer(): Promise<{ listening: Listening; close: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened`)));
    child.once('message', (listening) => {
      child.removeAllListeners('exit');
      resolve({ listening: listening as Listening, close: () => child.send('done') });
    });
  });
}

interface Case {
  building: string;
  share: string;
  arch: Arch;
  area: number;
  rooms: number;
  copies?: Copy[];
}

interface Row {
  c: Case;
  mb: number;
  wallS: number;
  parseValidateS: number;
  transferS: number;
  engineS: number;
  detectors: number;
  sirens: number;
  buttons: number;
  perCopy: string;
}

const s = (start: number) => (performance.now() - start) / 1000;
const calcBody = z.object({ arch: archSchema, fire: fireSchema, analyze_only: z.boolean().optional() });

async function post(listening: Listening, body: string): Promise<{ seconds: number; result: FireUnitsResult }> {
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${listening.port}/api/v1/calc_fire_units`, {
    method: 'POST',
    headers: { 'edrf-schema': String(EDRF_SCHEMA), cookie: listening.cookie, 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  const seconds = s(start);
  if (res.status !== 200) throw new Error(`calc_fire_units: ${res.status} ${text.slice(0, 300)}`);
  return { seconds, result: JSON.parse(text) as FireUnitsResult };
}

/** Detectors per copy of the real-geometry building: the fewest and the most (the top storey's copies hold the shafts' tops). */
function perCopy(result: FireUnitsResult, copies: readonly Copy[]): number[] {
  const counts = copies.map(() => 0);
  for (const d of Object.values(result.units.detectors)) {
    const i = copies.findIndex(
      (c) => c.storeyId === d.storey_id && d.coord[0] >= c.x0 && d.coord[0] <= c.x1 && d.coord[1] >= c.y0 && d.coord[1] <= c.y1,
    );
    if (i >= 0) counts[i]! += 1;
  }
  return counts;
}

async function measure(listening: Listening, pool: ComputePool, c: Case, fire: Fire, single?: number): Promise<Row> {
  const body = JSON.stringify({ arch: c.arch, fire });
  // Untimed first call, then the timed one: the server's code warm as in a running server.
  await post(listening, body);
  const { seconds: wallS, result } = await post(listening, body);
  let start = performance.now();
  const input = calcBody.parse(JSON.parse(body));
  const parseValidateS = s(start);
  start = performance.now();
  structuredClone(input);
  const transferS = s(start);
  // The bench's own pool, warmed as the server's is by the calls above.
  await pool.run('calc_fire_units', input);
  start = performance.now();
  await pool.run('calc_fire_units', input);
  const engineS = s(start) - transferS;
  const counts = c.copies ? perCopy(result, c.copies) : [];
  return {
    c,
    mb: Buffer.byteLength(body) / MB,
    wallS,
    parseValidateS,
    transferS,
    engineS,
    detectors: Object.keys(result.units.detectors).length,
    sirens: Object.keys(result.units.sirens).length,
    buttons: Object.keys(result.units.buttons).length,
    perCopy: counts.length
      ? `${Math.min(...counts)}–${Math.max(...counts)}${single !== undefined ? ` (one copy alone: ${single})` : ''}`
      : '',
  };
}

const line = (r: Row) =>
  `| ${r.c.building} | ${r.c.share} | ${r.c.rooms} | ${Math.round(r.c.area).toLocaleString('en')} | ${r.mb.toFixed(1)} | ${r.wallS.toFixed(1)} | ${r.parseValidateS.toFixed(1)} | ${r.transferS.toFixed(1)} | ${r.engineS.toFixed(1)} | ${r.detectors} | ${r.sirens} | ${r.buttons} | ${r.perCopy} |`;
const HEADER = [
  '| building | share | rooms | m² | MB | wall s | parse+validate s | transfer s | engine s | detectors | sirens | MCPs | detectors per copy |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

async function main(): Promise<void> {
  if (process.argv[2] === '--server') return serve();
  const full = process.argv.includes('--full');
  const shares: [string, number][] = full
    ? [['all', 1]]
    : [
        ['1/4', 0.25],
        ['1/2', 0.5],
        ['all', 1],
      ];
  const fire = emptyFire(createFireConfig('Sbf1108'));
  const cases: Case[] = [];
  const present = realModelsPresent();
  if (!present) console.warn(`The corpus models are not at ${IFC_CORPUS} (set IFC_CORPUS): only the generated building is measured.`);
  const roomCount = (arch: Arch) => Object.keys(arch.rooms).length;
  let copyArea = 0;
  let totalCopies = 0;
  if (present) {
    const whole = await realBuilding();
    copyArea = whole.copyArea;
    totalCopies = whole.copies.length;
    for (const [share, f] of shares) {
      const b = f === 1 ? whole : await realBuilding({ copies: Math.round(totalCopies * f) });
      cases.push({ building: 'real geometry', share, arch: b.arch, area: b.area, rooms: roomCount(b.arch), copies: b.copies });
    }
  }
  for (const [share, f] of shares) {
    const arch = generatedBuilding(Math.round(20 * f));
    cases.push({ building: 'generated', share, arch, area: 185_000 * f, rooms: roomCount(arch) });
  }

  const workers = computeWorkers();
  const server = await startServer();
  const pool = new ComputePool(workers);
  await pool.startWorkers();
  const rows: Row[] = [];
  try {
    const single = present
      ? Object.keys(
          (await post(server.listening, JSON.stringify({ arch: (await realBuilding({ copies: 1 })).arch, fire }))).result.units.detectors,
        ).length
      : undefined;
    console.log(`calc_fire_units through the API, SBF 110:8, ${workers} compute workers, ${os.availableParallelism()} cores.`);
    console.log(HEADER.join('\n'));
    for (const c of cases) {
      const row = await measure(server.listening, pool, c, fire, single);
      rows.push(row);
      console.log(line(row));
    }
  } finally {
    server.close();
    await pool.close();
  }
  const real = rows.find((r) => r.c.building === 'real geometry' && r.c.share === 'all');
  const verdict = real
    ? `Target: the whole real-geometry building under ${TARGET_S} s through the API: ${real.wallS.toFixed(1)} s, ${real.wallS < TARGET_S ? 'met' : 'MISS'}.`
    : 'Target not measured: the corpus is absent.';
  console.log(verdict);
  const text = [
    `# fire-units-api, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `\`npm run bench:fire-units-api\` on ${os.availableParallelism()} cores, ${workers} compute workers, SBF 110:8.`,
    present
      ? `Real geometry: one copy is ${Math.round(copyArea)} m² (every storey with rooms of ${path.basename(IFC_CORPUS)}'s AC11-Institute-Var-2-IFC, revit2012_janesville_restaurant and duplex), ${totalCopies} copies.`
      : '',
    '',
    ...HEADER,
    ...rows.map(line),
    '',
    verdict,
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.appendFileSync(RESULTS, `${text}\n`);
}

await main();
