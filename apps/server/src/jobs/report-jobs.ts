// Long document jobs through pg-boss (docs/reports.md, "Long jobs"): any process queues a job, any process's worker
// runs it in its compute pool, and the progress and the finished file are kept where every process reads them (the
// report_jobs table, the file store), so the user follows and downloads the job whichever process answers.
import type { Readable } from 'node:stream';
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { ReportJobReports } from '../db/schema.js';
import { embeddedDatabase } from '../db/connect.js';
import { TaskRefused } from '../compute/protocol.js';
import { INPUT_ACCEPTED } from '../compute/fire-calls.js';
import { reportIfcFile } from '../routes/fire-reports-ifc.js';
import { contentType, downloadName } from '../routes/fire-reports.js';
import { bossDatabase } from './boss-database.js';
import { forgetFinishedJobs } from './forget-finished.js';

export const REPORT_JOBS_QUEUE = 'report-jobs';

/** The advisory lock under which processes start pg-boss one at a time (any fixed number of ours). */
const BOSS_START_LOCK = 4_207_310_011;

/** The step words the Export page shows under its bar. */
export const JOB_STEPS = {
  queued: 'Waiting to start',
  reading: 'Reading the model',
  making: 'Making the documents',
  storing: 'Storing the file',
  done: 'Done',
  retrying: 'Interrupted: waiting to start again',
} as const;

/** What the user reads when a job failed for the server's reasons rather than the model's. */
export const JOB_FAULT = 'The documents could not be made because of a fault on the server. Please try again.';
export const JOB_LOST = 'The job stopped before it finished and was not restarted. Please try again.';

/** What a job is: pg-boss's payload, the same as its report_jobs row. */
export interface ReportJobPayload {
  job_id: string;
  project_id: string;
  /** The saved version the page showed, null for the working version. */
  pvid: string | null;
  regulation: string;
  reports: ReportJobReports;
  /** Who asked: the title block's designer is their e-mail. */
  user_id: string;
  designer: string;
  /** The request's body in the file store. */
  input_sha256: string;
}

export interface ReportJobSettings {
  /** REPORT_JOB_MAX_SECONDS: the longest a job may run; a job whose process died is run again after this long. */
  maxSeconds: number;
  /** How often a job is tried in all, a process's death or a fault counting as a try. */
  tries: number;
  /** REPORT_JOB_KEEP_DAYS: how long a finished job and its file are kept. */
  keepDays: number;
}

/** REPORT_JOB_MAX_SECONDS from the environment (default 1800: the documents of the largest buildings take minutes). */
export function reportJobSettings(env: Record<string, string | undefined> = process.env): ReportJobSettings {
  const seconds = Number(env.REPORT_JOB_MAX_SECONDS || 1800);
  if (!Number.isInteger(seconds) || seconds < 5)
    throw new Error(`REPORT_JOB_MAX_SECONDS must be a whole number of seconds, at least 5, not '${env.REPORT_JOB_MAX_SECONDS}'`);
  const keepDays = Number(env.REPORT_JOB_KEEP_DAYS || 7);
  if (!Number.isInteger(keepDays) || keepDays < 1)
    throw new Error(`REPORT_JOB_KEEP_DAYS must be a whole number of days, at least 1, not '${env.REPORT_JOB_KEEP_DAYS}'`);
  return { maxSeconds: seconds, tries: 3, keepDays };
}

/** Old finished jobs are looked for at start-up and this often. */
const SWEEP_EVERY_MS = 3600_000;

/** Progress is written at most this often: a poll every second needs no more. */
const PROGRESS_EVERY_MS = 400;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The queue and this process's worker on it. start() makes pg-boss's schema if needed (it migrates itself, under an
 * advisory lock, so processes started together do it once) and starts working; stop() stops taking jobs and hands a
 * running one back to the queue (pg-boss tries it again, here or on another process).
 */
export class ReportJobs {
  private readonly boss: PgBoss;
  private workerId: string | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    readonly settings: ReportJobSettings = reportJobSettings(),
  ) {
    this.boss = new PgBoss({
      db: bossDatabase(ctx.db),
      schedule: false,
      // Maintenance is what finds a job whose process died (active past its expiry) and queues it again.
      maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.floor(settings.maxSeconds / 10))),
    });
    this.boss.on('error', (error) => ctx.log.warn(error, 'The report job queue had a fault'));
  }

  async start(): Promise<void> {
    await this.startBoss();
    await this.ensureQueue();
    // One process on PGlite: a job active in it now was running when the process ended; it is queued again at once
    // rather than after its expiry. On PostgreSQL another process may be running it, so expiry decides.
    if (embeddedDatabase(this.ctx.db)) {
      const active = await this.ctx.db.selectFrom('report_jobs').select('job_id').where('state', '=', 'running').execute();
      for (const row of active) await this.boss.fail(REPORT_JOBS_QUEUE, row.job_id, { message: 'the server restarted' });
    }
    this.workerId = await this.boss.work<ReportJobPayload>(
      REPORT_JOBS_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await this.run(job);
      },
    );
    const sweep = () =>
      forgetFinishedJobs(this.ctx, this.settings.keepDays).catch((error: unknown) =>
        this.ctx.log.warn(error, 'Finished report jobs could not be forgotten'),
      );
    await sweep();
    this.sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  }

  /**
   * pg-boss makes its schema when it finds none, but two processes starting together on one PostgreSQL both find none
   * and the second's CREATE fails: the starts take turns under an advisory lock of ours, held on a connection of its
   * own. PGlite is one process with one connection: nothing to take turns with.
   */
  private async startBoss(): Promise<void> {
    if (embeddedDatabase(this.ctx.db)) return void (await this.boss.start());
    await this.ctx.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${BOSS_START_LOCK})`.execute(connection);
      try {
        await this.boss.start();
      } finally {
        await sql`select pg_advisory_unlock(${BOSS_START_LOCK})`.execute(connection);
      }
    });
  }

  /** Stops taking jobs; a running one fails back to the queue, to be tried again. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
  }

  private async ensureQueue(): Promise<void> {
    const options = {
      name: REPORT_JOBS_QUEUE,
      retryLimit: this.settings.tries - 1,
      retryDelay: 1,
      expireInSeconds: this.settings.maxSeconds,
      // Finished jobs are ours to keep (report_jobs); pg-boss's copy goes after a day.
      retentionMinutes: 24 * 60,
    };
    if (await this.boss.getQueue(REPORT_JOBS_QUEUE)) return;
    try {
      await this.boss.createQueue(REPORT_JOBS_QUEUE, options);
    } catch (error) {
      // Another process made it at the same moment.
      if (!(await this.boss.getQueue(REPORT_JOBS_QUEUE))) throw error;
    }
  }

  /** Records the job and queues it; the row first, so that a job never runs without one. */
  async submit(payload: ReportJobPayload): Promise<void> {
    await this.ctx.db
      .insertInto('report_jobs')
      .values({
        job_id: payload.job_id,
        project_id: payload.project_id,
        user_id: payload.user_id,
        pvid: payload.pvid,
        regulation: payload.regulation,
        reports: JSON.stringify(payload.reports),
        input_sha256: payload.input_sha256,
        step: JOB_STEPS.queued,
      })
      .execute();
    try {
      // The settings of this process, not those the queue was made with (another version's, perhaps).
      await this.boss.send(REPORT_JOBS_QUEUE, payload, {
        id: payload.job_id,
        retryLimit: this.settings.tries - 1,
        retryDelay: 1,
        expireInSeconds: this.settings.maxSeconds,
      });
    } catch (error) {
      await this.ctx.db.deleteFrom('report_jobs').where('job_id', '=', payload.job_id).execute();
      throw error;
    }
    // This process's worker looks now rather than at its next poll (another process's may be quicker).
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /**
   * A job the table says is still to finish, but that pg-boss has given up on (its last try's process died) or lost:
   * marked failed, so the page says so instead of waiting for ever. Answers whether it was.
   */
  async settleLost(jobId: string): Promise<boolean> {
    const job = await this.boss.getJobById(REPORT_JOBS_QUEUE, jobId, { includeArchive: true });
    if (job && job.state !== 'failed' && job.state !== 'cancelled' && job.state !== 'completed') return false;
    const updated = await this.ctx.db
      .updateTable('report_jobs')
      .set({ state: 'failed', detail: JOB_LOST, updated_at: new Date() })
      .where('job_id', '=', jobId)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** One try of a job. A refusal of the input fails it for good; a fault is thrown, for pg-boss to try again. */
  private async run(job: PgBoss.JobWithMetadata<ReportJobPayload>): Promise<void> {
    const { db } = this.ctx;
    const data = job.data;
    const row = await db.selectFrom('report_jobs').select('state').where('job_id', '=', data.job_id).executeTakeFirst();
    // Its project was deleted, or an earlier try finished it (and its process died before telling pg-boss).
    if (!row || row.state === 'done' || row.state === 'failed') return;
    const record = (set: { state?: 'queued' | 'running' | 'done' | 'failed'; progress?: number; step?: string; detail?: string | null }) =>
      db
        .updateTable('report_jobs')
        .set({ ...set, updated_at: new Date() })
        .where('job_id', '=', data.job_id)
        .where('state', 'in', ['queued', 'running'])
        .execute();
    await record({ state: 'running', progress: 0, step: JOB_STEPS.reading, detail: null });
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const stream = await this.ctx.files.open(data.input_sha256);
      if (!stream) throw new TaskRefused('The request of this job is no longer stored. Please ask for the documents again.');
      const bytes = await readAll(stream);
      const project = await db.selectFrom('projects').select('name').where('project_id', '=', data.project_id).executeTakeFirstOrThrow();
      const ifc = await reportIfcFile(this.ctx, data.project_id, bytes);
      const body = new Uint8Array(bytes).buffer;
      let last = 0;
      const onProgress = (step: string, fraction: number) => {
        const now = Date.now();
        if (step !== INPUT_ACCEPTED && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        const progress = step === INPUT_ACCEPTED ? 0 : Math.min(0.99, Math.max(0, fraction));
        writing = writing.then(() => record({ progress, step: JOB_STEPS.making })).catch(() => {});
      };
      const generated = await this.ctx.compute.run(
        'gen_fire_reports',
        { body: { bytes: body }, designer: data.designer, ifc },
        onProgress,
        {
          transfer: ifc ? [body, ifc.bytes.buffer as ArrayBuffer] : [body],
          deadlineSeconds: this.settings.maxSeconds,
        },
      );
      await writing;
      await record({ progress: 0.99, step: JOB_STEPS.storing });
      const data_ = Buffer.from(generated.data.buffer, generated.data.byteOffset, generated.data.byteLength);
      const sha256 = await this.ctx.files.put(data_);
      const filename = downloadName(project.name, generated);
      await db
        .updateTable('report_jobs')
        .set({
          state: 'done',
          progress: 1,
          step: JOB_STEPS.done,
          result_sha256: sha256,
          filename,
          content_type: contentType(filename),
          updated_at: new Date(),
        })
        .where('job_id', '=', data.job_id)
        .where('state', 'in', ['queued', 'running'])
        .execute();
      await this.forgetInput(data.input_sha256);
    } catch (error) {
      await writing;
      if (error instanceof TaskRefused) {
        await record({ state: 'failed', detail: error.message, step: '' });
        await this.forgetInput(data.input_sha256);
        return;
      }
      const last = job.retryCount >= job.retryLimit;
      this.ctx.log.error(error, `Report job ${data.job_id} failed (try ${job.retryCount + 1} of ${job.retryLimit + 1})`);
      await record(
        last ? { state: 'failed', detail: JOB_FAULT, step: '' } : { state: 'queued', progress: 0, step: JOB_STEPS.retrying },
      ).catch(() => {});
      if (last) await this.forgetInput(data.input_sha256).catch(() => {});
      throw error;
    }
  }

  /** The request's body leaves the store once no job waits for it, unless the same bytes are a stored IFC file. */
  private async forgetInput(sha256: string): Promise<void> {
    const { db } = this.ctx;
    const waiting = await db
      .selectFrom('report_jobs')
      .select('job_id')
      .where('input_sha256', '=', sha256)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    const ifc = await db.selectFrom('ifc_files').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
    if (!waiting && !ifc) await this.ctx.files.remove(sha256);
  }
}
