// A set of documents as a job (docs/reports.md, "Long jobs"): asked for here, queued in pg-boss, run by any process,
// its progress and file read back here from whichever process answers.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { projectAccess } from '../auth/permissions.js';
import { isUuid } from '../auth/tokens.js';
import { MAX_MODEL_BYTES } from './versions.js';
import { contentDisposition, mayExport } from './fire-reports.js';
import { ReportJobs, reportJobSettings } from '../jobs/report-jobs.js';

const jobNotFound = () => new HttpError(404, 'Job not found');

const createQuery = z.object({
  /** The saved version the page shows; absent for the working version. */
  pvid: z.string().refine(isUuid, 'Expected a version id').optional(),
});

/** The job of the caller in the project, or 404 for anyone else's (or none). */
async function ownJob(ctx: AppContext, request: FastifyRequest) {
  const user = requireUser(request);
  const { project } = await projectAccess(ctx.db, user, idParam(request), 'member');
  const jobId = (request.params as { job: string }).job;
  if (!isUuid(jobId)) throw jobNotFound();
  const job = await ctx.db
    .selectFrom('report_jobs')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('project_id', '=', project.project_id)
    .where('user_id', '=', user.user_id)
    .executeTakeFirst();
  if (!job) throw jobNotFound();
  return job;
}

/**
 * POST /api/v1/project/{id}/report_jobs (body as gen_fire_reports') → 202 {job_id}; GET …/report_jobs/{job} → its
 * state, progress and step; GET …/report_jobs/{job}/file → the finished file. Starts this process's worker on the
 * queue and stops it when the app closes.
 */
export async function reportJobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const jobs = new ReportJobs(ctx, reportJobSettings());
  await jobs.start();
  // Before the compute pool closes (onClose): the running job goes back to the queue rather than failing.
  app.addHook('preClose', () => jobs.stop());

  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/project/:id/report_jobs', { bodyLimit: MAX_MODEL_BYTES }, async (request, reply) => {
      // The same checks as the download itself: a member, and nothing owed for the model sent (routes/fire-reports.ts).
      const { project, designer } = await mayExport(ctx, request);
      const user = requireUser(request);
      const { pvid } = parseInput(createQuery, request.query);
      if (pvid) {
        const version = await ctx.db
          .selectFrom('project_versions')
          .select('project_version_id')
          .where('project_version_id', '=', pvid)
          .where('project_id', '=', project.project_id)
          .executeTakeFirst();
        if (!version) throw new HttpError(404, 'Version not found');
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.from(JSON.stringify(request.body ?? null));
      // Refused now (400, no job made) as gen_fire_reports would refuse it; checked in a worker, on a copy.
      const copy = new Uint8Array(bytes).slice().buffer;
      const checked = await ctx.compute.run('gen_fire_reports_check', { body: { bytes: copy } }, undefined, { transfer: [copy] });
      const input_sha256 = await ctx.files.put(bytes);
      const job_id = crypto.randomUUID();
      const { regulation, ...reports } = checked;
      await jobs.submit({
        job_id,
        project_id: project.project_id,
        pvid: pvid ?? null,
        regulation,
        reports,
        user_id: user.user_id,
        designer,
        input_sha256,
      });
      return reply.code(202).send({ job_id });
    }),
  );

  app.get('/api/v1/project/:id/report_jobs/:job', async (request) => {
    let job = await ownJob(ctx, request);
    if ((job.state === 'queued' || job.state === 'running') && (await jobs.settleLost(job.job_id))) job = await ownJob(ctx, request);
    return {
      job_id: job.job_id,
      state: job.state,
      progress: job.progress,
      step: job.step,
      detail: job.detail,
      regulation: job.regulation,
      filename: job.filename,
      created_at: job.created_at.toISOString(),
    };
  });

  app.get('/api/v1/project/:id/report_jobs/:job/file', async (request, reply) => {
    const job = await ownJob(ctx, request);
    if (job.state !== 'done' || !job.result_sha256 || !job.filename) throw new HttpError(409, 'The documents are not ready yet');
    const stream = await ctx.files.open(job.result_sha256);
    if (!stream) throw new HttpError(404, 'The file of this job is no longer stored');
    return reply
      .header('content-type', job.content_type ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(job.filename))
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
