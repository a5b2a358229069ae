// POST/GET /api/v1/project/{id}/report_jobs (issue 38, docs/reports.md "Long jobs"): a set of documents as a pg-boss
// job, on PGlite (pg-boss through the executeSql adapter) and PostgreSQL. Two real processes and kill -9:
// report-jobs-processes.test.ts.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA, PAYMENT_MESSAGES } from '@edrf/model';
import { boqModel } from '@edrf/reports/testing';
import { forgetFinishedJobs } from '../../src/jobs/forget-finished.js';
import { reportJobSettings } from '../../src/jobs/report-jobs.js';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { countedItems, productSum, reportRequest } from '../support/report-fixtures.js';

const PROJECT = 'Kv Ugglan Ö';
/** A job waits for a compute worker to start and for its turn: generous, on a busy machine. */
const SLOW = 180_000;
const OWNER = 'jobs-owner@example.com';
const MEMBER = 'jobs-member@example.com';
const STRANGER = 'jobs-stranger@example.com';

const body = (fields: Record<string, unknown> = {}) =>
  reportRequest({
    pdf_reports: ['SbfBillOfQuantities', 'SbfStycklista'],
    xlsx_reports: ['SbfBillOfQuantities', 'SbfStycklista'],
    ...fields,
  });

interface JobAnswer {
  state: string;
  progress: number;
  step: string;
  detail: string | null;
  filename: string | null;
}

describe.each(testDatabases())('report jobs (%s)', (kind) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let stranger: string;
  let projectId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [owner, member, stranger] = await Promise.all([t.cookieFor(OWNER), t.cookieFor(MEMBER), t.cookieFor(STRANGER)]);
    // Exempt: the documents, not the payment, unless a test says otherwise.
    const org = await t.createOrg('Jobs AB', { [OWNER]: 'admin', [MEMBER]: 'standard' }, { billing_type: 'exempt' });
    projectId = (await t.createProject(org.org_id, PROJECT, { [OWNER]: 'admin', [MEMBER]: 'editor' })).project_id;
  }, SLOW);
  afterAll(() => t?.close());

  const post = (payload: unknown, cookie: string, project = projectId, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/project/${project}/report_jobs${query}`,
      headers: { cookie, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA) },
      payload: JSON.stringify(payload),
    });
  const read = (jobId: string, cookie: string) => t.call('GET', `/api/v1/project/${projectId}/report_jobs/${jobId}`, { cookie });

  /** Polls the job until it has finished; answers every answer seen, the last one finished. */
  async function follow(jobId: string, cookie: string, within = 150_000): Promise<JobAnswer[]> {
    const seen: JobAnswer[] = [];
    const until = Date.now() + within;
    while (Date.now() < until) {
      const res = await read(jobId, cookie);
      expect(res.status).toBe(200);
      seen.push(res.body as JobAnswer);
      if (res.body.state === 'done' || res.body.state === 'failed') return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not finish in ${within} ms: ${JSON.stringify(seen.at(-1))}`);
  }

  it(
    'answers 202 with a job whose progress rises to 1, and the zip it made holds the documents',
    async () => {
      const res = await post(body(), member);
      expect(res.statusCode).toBe(202);
      const { job_id } = res.json<{ job_id: string }>();
      const seen = await follow(job_id, member);
      const done = seen.at(-1)!;
      expect(done).toMatchObject({ state: 'done', progress: 1, step: 'Done', detail: null, filename: `${PROJECT}-reports.zip` });
      const fractions = seen.map((answer) => answer.progress);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(seen.every((answer) => answer.step.length > 0)).toBe(true);

      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/project/${projectId}/report_jobs/${job_id}/file`,
        headers: { cookie: member, 'edrf-schema': String(EDRF_SCHEMA) },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${PROJECT}-reports.zip`)}`);
      const files = unzipSync(new Uint8Array(file.rawPayload));
      // The same documents as the download made in the request (a second way to the same set) …
      const direct = await t.app.inject({
        method: 'POST',
        url: `/api/v1/project/${projectId}/gen_fire_reports`,
        headers: { cookie: member, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA) },
        payload: JSON.stringify(body()),
      });
      expect(Object.keys(files).sort()).toEqual(Object.keys(unzipSync(new Uint8Array(direct.rawPayload))).sort());
      expect(Object.keys(files)).toHaveLength(4);
      // … and the bill counts what the model holds.
      expect(await productSum(files['Mängdförteckning.xlsx']!)).toBe(countedItems(boqModel('Sbf1108')));
      expect(Buffer.from(files['Stycklista.pdf']!.subarray(0, 5)).toString()).toBe('%PDF-');
    },
    SLOW,
  );

  it(
    "lets the project's owner and members make jobs; a non-member gets 404 and makes none",
    async () => {
      const asOwner = await post(body({ pdf_reports: [] }), owner);
      expect(asOwner.statusCode).toBe(202);
      expect((await follow(asOwner.json<{ job_id: string }>().job_id, owner)).at(-1)!.state).toBe('done');

      const before = await t.db.selectFrom('report_jobs').select('job_id').execute();
      const asStranger = await post(body(), stranger);
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json()).toEqual({ detail: 'Project not found' });
      expect(await t.db.selectFrom('report_jobs').select('job_id').execute()).toEqual(before);
    },
    SLOW,
  );

  it(
    "answers 404 for someone else's job, the member's of the same project included",
    async () => {
      const res = await post(body({ pdf_reports: [] }), member);
      const { job_id } = res.json<{ job_id: string }>();
      await follow(job_id, member);
      for (const cookie of [owner, stranger]) {
        expect(await read(job_id, cookie)).toMatchObject({ status: 404 });
        const file = await t.call('GET', `/api/v1/project/${projectId}/report_jobs/${job_id}/file`, { cookie });
        expect(file.status).toBe(404);
      }
      expect((await read('not-a-job', member)).status).toBe(404);
      expect((await read('00000000-0000-4000-8000-000000000000', member)).body).toEqual({ detail: 'Job not found' });
    },
    SLOW,
  );

  it(
    'refuses a request gen_fire_reports refuses (400) and a project that owes (402), making no job',
    async () => {
      const before = await t.db.selectFrom('report_jobs').select('job_id').execute();
      const nothing = await post(body({ pdf_reports: [], xlsx_reports: [] }), member);
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ detail: 'No report selected' });
      const unknown = await post(body({ pdf_reports: ['NoSuchReport'] }), member);
      expect(unknown.json()).toEqual({ detail: 'Unknown report NoSuchReport' });
      expect((await post(body(), member, projectId, '?pvid=nope')).statusCode).toBe(400);

      const direct = await t.createOrg('Owes AB', { [MEMBER]: 'standard' }, { billing_type: 'direct' });
      const owing = (await t.createProject(direct.org_id, 'Owes', { [MEMBER]: 'editor' })).project_id;
      const unpaid = await post(body(), member, owing);
      expect(unpaid.statusCode).toBe(402);
      expect(unpaid.json()).toEqual({ detail: PAYMENT_MESSAGES.paymentNeeded });
      expect(await t.db.selectFrom('report_jobs').select('job_id').execute()).toEqual(before);
    },
    SLOW,
  );

  it(
    'keeps the finished file in the store and lets the request body go once no job waits for it',
    async () => {
      const res = await post(body({ pdf_reports: [] }), member);
      const { job_id } = res.json<{ job_id: string }>();
      const seen = await follow(job_id, member);
      expect(seen.at(-1)!.state).toBe('done');
      const row = await t.db.selectFrom('report_jobs').selectAll().where('job_id', '=', job_id).executeTakeFirstOrThrow();
      // Let go just after the job is marked done.
      await expect.poll(() => t.files.has(row.input_sha256), { timeout: 20_000 }).toBe(false);
      expect(await t.files.has(row.result_sha256!)).toBe(true);
    },
    SLOW,
  );

  it(
    'forgets a finished job and its file after REPORT_JOB_KEEP_DAYS, keeping a file another job or an IFC upload holds',
    async () => {
      const jobIds: string[] = [];
      for (let i = 0; i < 2; i++) {
        const { job_id } = (await post(body({ pdf_reports: [] }), member)).json<{ job_id: string }>();
        expect((await follow(job_id, member)).at(-1)!.state).toBe('done');
        jobIds.push(job_id);
      }
      const rows = await t.db.selectFrom('report_jobs').selectAll().where('job_id', 'in', jobIds).execute();
      const [gone, kept] = jobIds.map((id) => rows.find((row) => row.job_id === id)!);
      // The kept job holds the same bytes as an uploaded IFC file would: made here by an ifc_files row on its file.
      const upload = await t.addIfcFile(projectId, 'revision.ifc', 'ISO-10303-21; a revision');
      await t.db.updateTable('report_jobs').set({ result_sha256: upload.sha256 }).where('job_id', '=', kept!.job_id).execute();

      // Within the days kept nothing goes; after them, the finished jobs and the files nothing else holds.
      t.clock.advance(6 * 24 * 60);
      expect(await forgetFinishedJobs({ db: t.db, files: t.files, clock: t.clock }, reportJobSettings({}).keepDays)).toBe(0);
      t.clock.advance(2 * 24 * 60);
      expect(await forgetFinishedJobs({ db: t.db, files: t.files, clock: t.clock }, reportJobSettings({}).keepDays)).toBeGreaterThanOrEqual(
        2,
      );
      expect(await t.db.selectFrom('report_jobs').select('job_id').where('job_id', 'in', jobIds).execute()).toEqual([]);
      expect(await t.files.has(gone!.result_sha256!)).toBe(false);
      expect(await t.files.has(upload.sha256)).toBe(true);
      expect((await read(gone!.job_id, member)).body).toEqual({ detail: 'Job not found' });
    },
    SLOW,
  );

  it(
    'survives a restart: a job running when its app stops is run again by the next app on the database',
    async () => {
      // A larger set, so that it is still running when the app stops.
      const all = body({
        pdf_reports: [
          'SbfBillOfQuantities',
          'SbfKabellista',
          'SbfStycklista',
          'SbfMonteringsritning',
          'SbfForbindningsschema',
          'SbfPlintkort',
        ],
      });
      const res = await post(all, member);
      const { job_id } = res.json<{ job_id: string }>();
      const until = Date.now() + 120_000;
      let state = '';
      while (Date.now() < until && state !== 'running') {
        state = (await read(job_id, member)).body.state as string;
        if (state !== 'running') await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(state).toBe('running');
      await t.app.close();
      // The same database and store, as a restarted server has them.
      const next = await startTestApp(kind, { database: t.database, files: t.files });
      try {
        const cookie = await next.cookieFor(MEMBER);
        const until2 = Date.now() + 150_000;
        let answer: JobAnswer | undefined;
        while (Date.now() < until2) {
          answer = (await next.call('GET', `/api/v1/project/${projectId}/report_jobs/${job_id}`, { cookie })).body as JobAnswer;
          if (answer.state === 'done' || answer.state === 'failed') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(answer).toMatchObject({ state: 'done', progress: 1 });
        const file = await next.app.inject({
          method: 'GET',
          url: `/api/v1/project/${projectId}/report_jobs/${job_id}/file`,
          headers: { cookie, 'edrf-schema': String(EDRF_SCHEMA) },
        });
        expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toHaveLength(8);
      } finally {
        await next.close();
      }
    },
    SLOW,
  );
});
