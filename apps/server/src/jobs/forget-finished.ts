// Finished document jobs are kept for REPORT_JOB_KEEP_DAYS (docs/reports.md, "Long jobs"): the Export page offers a
// finished file until then; after it the row and its file go, so the table and the store do not grow for ever.
import type { AppContext } from '../context.js';

/**
 * Deletes the jobs done or failed more than keepDays ago and their files, unless another job or an uploaded IFC file
 * holds the same bytes (the store keeps one copy per content). Answers how many jobs went. Several processes may run
 * it at once: a row is deleted once, and a file is removed only when nothing holds it.
 */
export async function forgetFinishedJobs(ctx: Pick<AppContext, 'db' | 'files' | 'clock'>, keepDays: number): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - keepDays * 24 * 3600_000);
  const gone = await ctx.db
    .deleteFrom('report_jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .returning('result_sha256')
    .execute();
  const files = new Set(gone.flatMap((row) => (row.result_sha256 ? [row.result_sha256] : [])));
  for (const sha256 of files) {
    const held =
      (await ctx.db.selectFrom('report_jobs').select('job_id').where('result_sha256', '=', sha256).executeTakeFirst()) ??
      (await ctx.db.selectFrom('report_jobs').select('job_id').where('input_sha256', '=', sha256).executeTakeFirst()) ??
      (await ctx.db.selectFrom('ifc_files').select('sha256').where('sha256', '=', sha256).executeTakeFirst());
    if (!held) await ctx.files.remove(sha256);
  }
  return gone.length;
}
