import type { ReportJob } from './request.js';
import { renderReport } from './render.js';
import type { ReportFile, ReportInput } from './report-builder.js';
import { ZipWriter } from './zip.js';

/** The answer of gen_fire_reports: one file when one was made, else a zip of them all. */
export interface GeneratedReports {
  /** The single file's own name, or '' for a zip (the server names it '{project}-reports.zip', F§7). */
  name: string;
  zip: boolean;
  data: Uint8Array;
}

/** Makes every job's files in order; progress(share of jobs done). A job that makes several files means a zip. */
export async function generateReports(
  input: ReportInput,
  jobs: readonly ReportJob[],
  progress: (fraction: number) => void = () => {},
): Promise<GeneratedReports> {
  let single: ReportFile | null = null;
  let zip: ZipWriter | null = null;
  for (const [i, job] of jobs.entries()) {
    for await (const file of renderReport(job.key, job.format, input, (f) => progress((i + Math.min(1, Math.max(0, f))) / jobs.length))) {
      if (!zip && !single && jobs.length === 1) {
        single = file;
        continue;
      }
      zip ??= new ZipWriter();
      if (single) zip.add(single);
      single = null;
      zip.add(file);
    }
    progress((i + 1) / jobs.length);
  }
  if (zip) return { name: '', zip: true, data: zip.finish() };
  if (single) return { name: single.name, zip: false, data: single.data };
  return { name: '', zip: true, data: new ZipWriter().finish() };
}
