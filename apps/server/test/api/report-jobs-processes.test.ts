// Report jobs across processes (issue 38, docs/reports.md "Long jobs"): real child processes of apps/server/src/main.ts
// on one PostgreSQL database and one S3 bucket (s3rver). A job asked for through one process is followed and
// downloaded through the other; a process killed with SIGKILL while it runs a job leaves it to be run again after the
// restart. PostgreSQL only: two processes cannot share PGlite.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA } from '@edrf/model';
import { connectDatabase } from '../../src/db/connect.js';
import { reportRequest } from '../support/report-fixtures.js';
import { seeder } from '../support/seed.js';
import { killServer, startServer, stopServer, type ServerProcess as Server } from '../support/server-process.js';
import { startSharedBacking, type SharedBacking } from '../support/shared-backing.js';

const SERVER_URL = process.env.DATABASE_URL;
if (!SERVER_URL) console.log('report-jobs-processes.test.ts: skipped, it needs PostgreSQL (DATABASE_URL).');

const BUCKET = 'edrf-jobs';
const PROJECT = 'Kv Ugglan';
const DESIGNER = 'designer@example.com';
/** Short, so that a killed process's job is run again within the test (docs/reports.md: after this long). */
const MAX_SECONDS = 90;

/** Eight documents: long enough to be caught running. */
const BODY = reportRequest({
  pdf_reports: ['SbfBillOfQuantities', 'SbfKabellista', 'SbfStycklista', 'SbfMonteringsritning', 'SbfForbindningsschema', 'SbfPlintkort'],
  xlsx_reports: ['SbfBillOfQuantities', 'SbfStycklista'],
});
const DOCUMENTS = 8;
/** Three documents: the job a process is killed in, run again in full after MAX_SECONDS. */
const KILL_BODY = { ...BODY, pdf_reports: ['SbfBillOfQuantities', 'SbfStycklista'], xlsx_reports: ['SbfBillOfQuantities'] };

describe.skipIf(!SERVER_URL)('report jobs on two server processes (PostgreSQL, one bucket)', () => {
  let backing: SharedBacking | undefined;
  let closeDb: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  let a: Server | undefined;
  let b: Server | undefined;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    backing = await startSharedBacking(SERVER_URL!, { bucket: BUCKET });
    env = {
      ...backing.env,
      ADMIN_EMAIL: 'admin@example.com',
      REPORT_JOB_MAX_SECONDS: String(MAX_SECONDS),
      COMPUTE_WORKERS: '1',
    };
    // Both at once, as a deployment's processes start: each makes pg-boss's schema if it is not there.
    [a, b] = await Promise.all([startServer('a', env), startServer('b', env)]);
    const handle = await connectDatabase({ databaseUrl: backing.databaseUrl });
    closeDb = () => handle.close();
    const seed = seeder(handle.db);
    const org = await seed.createOrg('Jobs AB', {}, { billing_type: 'exempt' });
    projectId = (await seed.createProject(org.org_id, PROJECT, { [DESIGNER]: 'editor' })).project_id;
    cookie = await seed.cookieFor(DESIGNER);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await closeDb?.();
    await backing?.close();
  }, 60_000);

  const headers = () => ({ cookie, 'edrf-schema': String(EDRF_SCHEMA) });
  const ask = async (server: Server, body: unknown = BODY) => {
    const res = await fetch(`${server.base}/api/v1/project/${projectId}/report_jobs`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `POST through ${server.name}`).toBe(202);
    return ((await res.json()) as { job_id: string }).job_id;
  };
  const read = async (server: Server, jobId: string) => {
    const res = await fetch(`${server.base}/api/v1/project/${projectId}/report_jobs/${jobId}`, { headers: headers() });
    expect(res.status, `GET through ${server.name}`).toBe(200);
    return (await res.json()) as { state: string; progress: number; step: string; detail: string | null };
  };
  const documentsOf = async (server: Server, jobId: string) => {
    const res = await fetch(`${server.base}/api/v1/project/${projectId}/report_jobs/${jobId}/file`, { headers: headers() });
    expect(res.status, `file through ${server.name}`).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="${PROJECT}-reports.zip"`);
    return Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))).sort();
  };
  /** Polls through `server` until the job has finished; answers the progress seen on the way and the last answer. */
  const follow = async (server: Server, jobId: string, within: number) => {
    const until = Date.now() + within;
    const progress: number[] = [];
    while (Date.now() < until) {
      const job = await read(server, jobId);
      progress.push(job.progress);
      if (job.state === 'done' || job.state === 'failed') return { job, progress };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`job ${jobId} did not finish through ${server.name} in ${within} ms`);
  };

  it('a job asked for through one process is followed and downloaded through the other, its progress rising to 1', async () => {
    const jobId = await ask(a!);
    const { job, progress } = await follow(b!, jobId, 150_000);
    expect(job).toMatchObject({ state: 'done', progress: 1, step: 'Done' });
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const fromB = await documentsOf(b!, jobId);
    expect(fromB).toHaveLength(DOCUMENTS);
    expect(await documentsOf(a!, jobId)).toEqual(fromB);

    // And the other way round.
    const other = await ask(b!);
    expect((await follow(a!, other, 150_000)).job.state).toBe('done');
    expect(await documentsOf(a!, other)).toEqual(fromB);
  }, 360_000);

  it('a process killed (SIGKILL) while it runs a job: after the restart the job completes', async () => {
    // One process, so that it is the one running the job.
    await stopServer(b);
    b = undefined;
    const jobId = await ask(a!, KILL_BODY);
    const until = Date.now() + 120_000;
    let state = '';
    while (Date.now() < until && state !== 'running') {
      state = (await read(a!, jobId)).state;
      if (state !== 'running') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toBe('running');
    await killServer(a!);
    await stopServer(a);
    a = await startServer('a-again', env);
    // Still 'running' in the table: pg-boss gives it back to the queue once it is past MAX_SECONDS.
    const { job } = await follow(a, jobId, (MAX_SECONDS + 150) * 1000);
    expect({ state: job.state, detail: job.detail, progress: job.progress }).toEqual({ state: 'done', detail: null, progress: 1 });
    expect(await documentsOf(a, jobId)).toEqual(['Mängdförteckning.pdf', 'Mängdförteckning.xlsx', 'Stycklista.pdf']);
  }, 600_000);
});
