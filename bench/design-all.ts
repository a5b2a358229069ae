// 'Design all' at the scale of a real building (issues 23 and 26): the web app's own designAll
// (apps/web/src/pages/project/fire/units/design/design-all.ts) driven through the real HTTP API, as the units page's
// button drives it — units, sections with their labels, the cables between racks when there is more than one rack,
// the loops (calc_fire_cabling), then the addresses in loop order — on both 185,000 m² buildings at a quarter, a half
// and all, racks given as bench:fire-cabling gives them (withPlacedCentrals: centrals per separate part of the
// building, per 20,000 m² and as its loop units need). See bench/README.md.
//
//   npm run bench:design-all                        # both buildings, 1/4, 1/2 and all
//   node --import tsx bench/design-all.ts --full    # all of each building only
//   node --import tsx bench/design-all.ts --generated-only
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { elecSchema, emptyFire, emptyModel, type Arch, type Fire } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { designAll, DESIGN_ALL_STEPS, type DesignAllCalls } from '../apps/web/src/pages/project/fire/units/design/design-all.js';
import { generatedBuilding } from '@edrf/fire/testing';
import { startApiServer, type ApiServer } from './support/api-server.js';
import { buildingCases, SHARES, WHOLE_ONLY, withPlacedCentrals, type BuildingCase } from './support/buildings.js';

const MB = 1024 * 1024;
/** Issue 26: the whole of 'Design all' on a 185,000 m² building, through the API on this 2-core machine. */
const TARGET_S = 120;
const today = new Date().toISOString().slice(0, 10);
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `design-all-${today}.md`);

type Step = (typeof DESIGN_ALL_STEPS)[number];

interface Row {
  building: string;
  share: string;
  rooms: number;
  area: number;
  /** The largest body sent (MB). */
  mb: number;
  /** Each step's POST, from sending the body to the answer read; undefined for a step left out. */
  steps: Partial<Record<Step, number>>;
  /** The whole of designAll, the client's JSON work between the calls included. */
  totalS: number;
  centrals: number;
  /** The 1-minute load average when the row was done. */
  load: string;
  detectors: number;
  sections: number;
  loops: number;
  addressed: number;
  warnings: number;
}

const s = (start: number) => (performance.now() - start) / 1000;

/** The calls designAll makes, each a POST of its body as the web app sends it, asking for progress as it does. */
function httpCalls(server: ApiServer, timed: Partial<Record<Step, number>>, sent: { mb: number }): DesignAllCalls {
  const post = async <T>(step: Step, url: string, body: unknown): Promise<T> => {
    const text = JSON.stringify(body);
    sent.mb = Math.max(sent.mb, Buffer.byteLength(text) / MB);
    const res = await server.post(url, text, { progress: true });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`);
    // Addresses is the second calc_fire_sections call: each step keeps its own time.
    timed[step] = (timed[step] ?? 0) + res.seconds;
    return JSON.parse(res.text) as T;
  };
  let sectionsCalls = 0;
  return {
    units: (arch, fire) => post('Units', '/api/v1/calc_fire_units', { arch, fire }),
    sections: (input) => post(sectionsCalls++ === 0 ? 'Sections' : 'Addresses', '/api/v1/calc_fire_sections', input),
    rackRoutes: (arch, elec, fire) => post('Cables between racks', '/api/v1/calc_fire_rack_to_rack_routes', { arch, elec, fire }),
    cabling: (input) => post('Loops', '/api/v1/calc_fire_cabling', input),
  };
}

/** The fire model 'Design all' starts from: SBF 110:8's config, the racks with their centrals (untimed), nothing designed. */
const startFire = (arch: Arch): Fire => withPlacedCentrals(arch, emptyFire(createFireConfig('Sbf1108')));

async function run(server: ApiServer, arch: Arch) {
  const steps: Partial<Record<Step, number>> = {};
  const sent = { mb: 0 };
  const fire = startFire(arch);
  const start = performance.now();
  const { summary } = await designAll({ ...emptyModel(), arch, elec: elecSchema.parse({}), fire }, httpCalls(server, steps, sent));
  return { steps, totalS: s(start), summary, mb: sent.mb, centrals: Object.keys(fire.connections.centrals).length };
}

async function measure(server: ApiServer, c: BuildingCase): Promise<Row> {
  const b = await c.make();
  const { steps, totalS, summary, mb, centrals } = await run(server, b.arch);
  if (summary.skipped) throw new Error(`Design all left the cabling out: ${summary.skipped}`);
  return {
    building: c.building,
    share: c.share,
    rooms: b.rooms,
    area: b.area,
    mb,
    steps,
    totalS,
    centrals,
    load: os.loadavg()[0]!.toFixed(1),
    detectors: summary.detectors,
    sections: summary.sections,
    loops: summary.loops,
    addressed: summary.addressed,
    warnings: summary.warnings,
  };
}

const cell = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
const line = (r: Row) =>
  `| ${r.building} | ${r.share} | ${r.rooms} | ${Math.round(r.area).toLocaleString('en')} | ${r.mb.toFixed(1)} | ${DESIGN_ALL_STEPS.map((step) => cell(r.steps[step])).join(' | ')} | ${r.totalS.toFixed(1)} | ${r.centrals} | ${r.detectors} | ${r.sections} | ${r.loops} | ${r.addressed} | ${r.warnings} | ${r.load} |`;
const HEADER = [
  `| building | share | rooms | m² | MB | ${DESIGN_ALL_STEPS.map((step) => `${step.toLowerCase()} s`).join(' | ')} | total s | centrals | detectors | sections | loops | addresses | warnings | load |`,
  `| ${Array.from({ length: 13 + DESIGN_ALL_STEPS.length }, () => '---').join(' | ')} |`,
];

/** Per building and step: how the time grows from the half to the whole (2.0 = as the building; above, faster). */
function growth(rows: readonly Row[]): string[] {
  const out: string[] = [];
  for (const building of new Set(rows.map((r) => r.building))) {
    const half = rows.find((r) => r.building === building && r.share === '1/2');
    const all = rows.find((r) => r.building === building && r.share === 'all');
    if (!half || !all) continue;
    const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? `×${(a / b).toFixed(2)}` : '–');
    const parts = DESIGN_ALL_STEPS.map((step) => `${step.toLowerCase()} ${ratio(all.steps[step], half.steps[step])}`);
    out.push(`${building}, all against 1/2 (×2.00 grows as the building): ${parts.join(', ')}, total ${ratio(all.totalS, half.totalS)}.`);
  }
  return out;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

async function main(): Promise<void> {
  const shares = process.argv.includes('--full') ? WHOLE_ONLY : SHARES;
  const { cases: all } = buildingCases(shares);
  const cases = process.argv.includes('--generated-only') ? all.filter((c) => c.building === 'generated') : all;
  const loadBefore = load();
  const server = await startApiServer();
  const rows: Row[] = [];
  try {
    // An untimed Design all of a small building first: every route's code warm, as in a running server.
    await run(server, generatedBuilding(2));
    console.log(
      `'Design all' through the API, SBF 110:8, racks by placeCentrals, ${os.availableParallelism()} cores; load average ${loadBefore}.`,
    );
    console.log(HEADER.join('\n'));
    for (const c of cases) {
      const row = await measure(server, c);
      rows.push(row);
      console.log(line(row));
    }
  } finally {
    server.close();
  }
  const verdicts = rows
    .filter((r) => r.share === 'all')
    .map(
      (r) =>
        `Target: 'Design all' on the whole ${r.building} building under ${TARGET_S} s: ${r.totalS.toFixed(1)} s, ${r.totalS < TARGET_S ? 'met' : 'MISS'}.`,
    );
  const grown = growth(rows);
  const loadAfter = load();
  console.log([...grown, ...verdicts, `Load average at the end: ${loadAfter}.`].join('\n'));
  const text = [
    `# design-all, ${today}`,
    '',
    `\`npm run bench:design-all${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${os.availableParallelism()} cores, SBF 110:8; load average (1, 5, 15 min) ${loadBefore} at the start, ${loadAfter} at the end.`,
    '',
    ...HEADER,
    ...rows.map(line),
    '',
    ...grown,
    ...verdicts,
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.appendFileSync(RESULTS, `${text}\n`);
}

await main();
