// calc_fire_units through the API at the scale of a real building: POST /api/v1/calc_fire_units with the real-geometry
// building (corpus storeys tiled and stacked) and the generated one, at a quarter, a half and all of 185,000 m².
// See bench/README.md.
//
//   npm run bench:fire-units-api                     # both buildings, 1/4, 1/2 and all
//   node --import tsx bench/fire-units-api.ts --full # all of each building only
//   COMPUTE_WORKERS=1 npm run bench:fire-units-api   # the server's pool with one worker (no rooms shared)
//
// The server runs in a child process (its compute workers started as a server starts them, bench/support/api-server.ts),
// which measures its request thread and its CPU during the call; this process is the client, and afterwards times the
// worker's steps alone in a compute pool of its own: reading the body's bytes (parsed and checked), then the engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyFire, type Fire } from '@edrf/model';
import { createFireConfig, type FireUnitsResult } from '@edrf/fire';
import { ComputePool } from '../apps/server/src/compute/pool.js';
import { computeWorkers } from '../apps/server/src/compute/worker-count.js';
import { INPUT_ACCEPTED } from '../apps/server/src/compute/fire-calls.js';
import { realBuilding, type Copy } from '@edrf/fire/testing';
import { startApiServer, type ApiServer } from './support/api-server.js';
import { buildingCases, SHARES, WHOLE_ONLY, type Building, type BuildingCase } from './support/buildings.js';

const MB = 1024 * 1024;
/** The target for the whole real-geometry building through the API, on this 2-core machine. */
const TARGET_S = 20;
const today = new Date().toISOString().slice(0, 10);
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `fire-units-api-${today}.md`);

/** A building case made (support/buildings.ts). */
type Case = Pick<BuildingCase, 'building' | 'share'> & Building;

interface Row {
  c: Case;
  mb: number;
  wallS: number;
  threadS: number;
  blockS: number;
  cpuS: number;
  readS: number;
  engineS: number;
  detectors: number;
  sirens: number;
  buttons: number;
  perCopy: string;
}

const s = (start: number) => (performance.now() - start) / 1000;
const bytesOf = (body: string) => new Uint8Array(Buffer.from(body)).buffer;

async function post(server: ApiServer, body: string): Promise<{ seconds: number; result: FireUnitsResult }> {
  const res = await server.post('/api/v1/calc_fire_units', body);
  if (res.status !== 200) throw new Error(`calc_fire_units: ${res.status} ${res.text.slice(0, 300)}`);
  return { seconds: res.seconds, result: JSON.parse(res.text) as FireUnitsResult };
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

async function measure(server: ApiServer, pool: ComputePool, c: Case, fire: Fire, single?: number): Promise<Row> {
  const body = JSON.stringify({ arch: c.arch, fire });
  // Untimed first call, then the timed one: the server's code warm as in a running server.
  await post(server, body);
  await server.mark();
  const { seconds: wallS, result } = await post(server, body);
  const thread = await server.read();
  // The worker's call alone, in the bench's own pool (warmed as the server's is by the calls above): reading the body
  // (parsed and checked; the helpers reading the rooms meanwhile), then the engine, from the input accepted to the answer.
  const run = async () => {
    const bytes = bytesOf(body);
    const start = performance.now();
    let accepted = start;
    await pool.run(
      'fire_call',
      { call: 'calc_fire_units', body: { bytes } },
      (step) => {
        if (step === INPUT_ACCEPTED) accepted = performance.now();
      },
      { transfer: [bytes] },
    );
    return { readS: (accepted - start) / 1000, engineS: s(accepted) };
  };
  await run();
  const { readS, engineS } = await run();
  const counts = c.copies ? perCopy(result, c.copies) : [];
  return {
    c,
    mb: Buffer.byteLength(body) / MB,
    wallS,
    threadS: thread.busyS,
    blockS: thread.longestBlockS,
    cpuS: thread.cpuS,
    readS,
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
  `| ${r.c.building} | ${r.c.share} | ${r.c.rooms} | ${Math.round(r.c.area).toLocaleString('en')} | ${r.mb.toFixed(1)} | ${r.wallS.toFixed(1)} | ${r.threadS.toFixed(2)} | ${r.blockS.toFixed(2)} | ${r.cpuS.toFixed(1)} | ${r.readS.toFixed(1)} | ${r.engineS.toFixed(1)} | ${r.detectors} | ${r.sirens} | ${r.buttons} | ${r.perCopy} |`;
const HEADER = [
  '| building | share | rooms | m² | MB | wall s | request thread s | longest block s | server CPU s | worker read s | engine s | detectors | sirens | MCPs | detectors per copy |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

async function main(): Promise<void> {
  const fire = emptyFire(createFireConfig('Sbf1108'));
  const { cases, real: present, corpus } = buildingCases(process.argv.includes('--full') ? WHOLE_ONLY : SHARES);
  let copyArea = 0;
  let totalCopies = 0;

  const workers = computeWorkers();
  const server = await startApiServer();
  const pool = new ComputePool(workers);
  await pool.startWorkers();
  const rows: Row[] = [];
  try {
    const single = present
      ? Object.keys(
          (await post(server, JSON.stringify({ arch: (await realBuilding({ corpus, copies: 1 })).arch, fire }))).result.units.detectors,
        ).length
      : undefined;
    console.log(`calc_fire_units through the API, SBF 110:8, ${workers} compute workers, ${os.availableParallelism()} cores.`);
    console.log(HEADER.join('\n'));
    for (const made of cases) {
      const c: Case = { building: made.building, share: made.share, ...(await made.make()) };
      if (c.copies) [copyArea, totalCopies] = [c.copyArea ?? 0, Math.max(totalCopies, c.copies.length)];
      const row = await measure(server, pool, c, fire, single);
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
    `# fire-units-api, ${today}`,
    '',
    `\`npm run bench:fire-units-api\` on ${os.availableParallelism()} cores, ${workers} compute workers, SBF 110:8; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} at the end.`,
    present
      ? `Real geometry: one copy is ${Math.round(copyArea)} m² (every storey with rooms of ${path.basename(corpus)}'s AC11-Institute-Var-2-IFC, revit2012_janesville_restaurant and duplex), ${totalCopies} copies.`
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
