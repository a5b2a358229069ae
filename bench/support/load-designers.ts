// bench/load's 'Design all' runs, in a child process of their own: the web app's designAll on the 185,000 m²
// real-geometry building (the generated one without the corpus), several at once, each call to the next server process
// in turn, asking for progress streams as the units page does. A child, so that the client's JSON work on bodies of
// 80 MB (stringify, parse) does not hold up the simulated users' event loop and count in their times.
//
//   fork(load-designers.ts, [bases (comma-separated), runs]) — the cookies come over IPC; the results go back over it.
import { elecSchema, emptyFire, emptyModel, EDRF_SCHEMA, type Arch } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { designAll, type DesignAllCalls } from '../../apps/web/src/pages/project/fire/units/design/design-all.js';
import { generatedBuilding, realBuilding, realModelsPresent, IFC_CORPUS } from '@edrf/fire/testing';
import { withPlacedCentrals } from './buildings.js';
import { Balancer } from './load-client.js';

const PROGRESS_STREAM_TYPE = 'application/x-ndjson';
const RESULT_LINE = '{"result":';

export type ToDesigners = { type: 'go'; cookies: string[] };
export type FromDesigners = { type: 'ready'; building: string; area: number; rooms: number } | { type: 'done'; runs: DesignRun[] };

export interface DesignRun {
  seconds: number;
  /** The error that ended the run, if one did. */
  error?: string;
  detectors?: number;
  loops?: number;
}

/** The calls designAll makes, each a POST of its body to the next server, with a progress stream read to its end. */
function httpCalls(balancer: Balancer, cookie: string): DesignAllCalls {
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const headers = {
      'edrf-schema': String(EDRF_SCHEMA),
      cookie,
      'content-type': 'application/json',
      accept: `${PROGRESS_STREAM_TYPE}, application/json`,
    };
    const res = await fetch(`${balancer.next()}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    if (!(res.headers.get('content-type') ?? '').includes(PROGRESS_STREAM_TYPE)) return JSON.parse(text) as T;
    const trimmed = text.trimEnd();
    const last = trimmed.slice(trimmed.lastIndexOf('\n') + 1);
    if (!last.startsWith(RESULT_LINE)) throw new Error(`${url}: ${last.slice(0, 300)}`);
    return JSON.parse(last.slice(RESULT_LINE.length, -1)) as T;
  };
  return {
    units: (arch, fire) => post('/api/v1/calc_fire_units', { arch, fire }),
    sections: (input) => post('/api/v1/calc_fire_sections', input),
    rackRoutes: (arch, elec, fire) => post('/api/v1/calc_fire_rack_to_rack_routes', { arch, elec, fire }),
    cabling: (input) => post('/api/v1/calc_fire_cabling', input),
  };
}

async function main(): Promise<void> {
  const [bases, runs] = [process.argv[2]!.split(','), Number(process.argv[3])];
  // LOAD_BUILDING=generated: the generated 185,000 m² building (rectangles; 'Design all' about 5 times quicker).
  const real = process.env.LOAD_BUILDING !== 'generated' && realModelsPresent(IFC_CORPUS);
  let arch: Arch;
  let area: number;
  if (real) {
    const b = await realBuilding({ corpus: IFC_CORPUS, targetArea: 185_000 });
    [arch, area] = [b.arch, b.area];
  } else {
    [arch, area] = [generatedBuilding(20), 185_000];
  }
  // The racks and centrals a designer gives the building first, as bench:design-all starts from them (untimed).
  const fire = withPlacedCentrals(arch, emptyFire(createFireConfig('Sbf1108')));
  const model = { ...emptyModel(), arch, elec: elecSchema.parse({}), fire };
  const send = (message: FromDesigners) => process.send!(message);
  const go = await new Promise<ToDesigners>((resolve) => {
    process.once('message', (message: ToDesigners) => resolve(message));
    send({ type: 'ready', building: real ? 'real geometry' : 'generated', area, rooms: Object.keys(arch.rooms).length });
  });
  const balancer = new Balancer(bases);
  const results = await Promise.all(
    Array.from({ length: runs }, async (_, i): Promise<DesignRun> => {
      const start = performance.now();
      try {
        const { summary } = await designAll(model, httpCalls(balancer, go.cookies[i % go.cookies.length]!));
        if (summary.skipped) throw new Error(`Design all left the cabling out: ${summary.skipped}`);
        return { seconds: (performance.now() - start) / 1000, detectors: summary.detectors, loops: summary.loops };
      } catch (error) {
        return { seconds: (performance.now() - start) / 1000, error: (error as Error).message };
      }
    }),
  );
  send({ type: 'done', runs: results });
  process.disconnect();
}

await main();
