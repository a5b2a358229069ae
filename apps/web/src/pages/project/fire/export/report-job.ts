// A set of documents made as a job on the server (docs/reports.md, "Long jobs"): asked for, followed by polling, and
// downloaded once done, from whichever server process answers. The job's id is kept in the browser per project, so a
// reload (or coming back to the page) finds the job again.
import type { Model } from '@edrf/model';
import { apiCall, apiDownload } from '../../../../api/client';
import type { ReportsRequest } from '../../../../api/payment';

export type ReportJobState = 'queued' | 'running' | 'done' | 'failed';

/** GET …/report_jobs/{job}: where the job is. */
export interface ReportJob {
  job_id: string;
  state: ReportJobState;
  /** 0..1 */
  progress: number;
  /** The step's words, shown under the bar. */
  step: string;
  /** Why it failed. */
  detail: string | null;
  filename: string | null;
}

const jobsPath = (projectId: string, rest = '') => `/api/v1/project/${encodeURIComponent(projectId)}/report_jobs${rest}`;

/** POST report_jobs: the same body as gen_fire_reports; answers the job's id (202). */
export const startReportJob = (projectId: string, model: Model, request: ReportsRequest, pvid: string | null) =>
  apiCall<{ job_id: string }>('make the reports', jobsPath(projectId, pvid ? `?pvid=${encodeURIComponent(pvid)}` : ''), {
    body: { model, ...request },
  }).then((answer) => answer.job_id);

/** 404 (a job of another user of this browser, or one long gone) is the caller's to handle: no toast. */
export const readReportJob = (projectId: string, jobId: string) =>
  apiCall<ReportJob>('follow the reports', jobsPath(projectId, `/${encodeURIComponent(jobId)}`), { quietStatuses: [404] });

export const downloadReportJob = (projectId: string, jobId: string) =>
  apiDownload(jobsPath(projectId, `/${encodeURIComponent(jobId)}/file`));

const storageKey = (projectId: string) => `edrf.report-job.${projectId}`;

/** The job this browser follows for the project, if any. */
export function storedJobId(projectId: string): string | null {
  try {
    return localStorage.getItem(storageKey(projectId));
  } catch {
    return null;
  }
}

export function storeJobId(projectId: string, jobId: string | null): void {
  try {
    if (jobId) localStorage.setItem(storageKey(projectId), jobId);
    else localStorage.removeItem(storageKey(projectId));
  } catch {
    // Storage refused (private mode): the job is followed until the page is left.
  }
}
