// The Export page's job (report-job.ts): started, polled every second while it runs, found again after a reload, and
// let go once the user has its file or has read why it failed.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Model } from '@edrf/model';
import type { ReportsRequest } from '../../../../api/payment';
import { ApiError } from '../../../../api/client';
import { readReportJob, startReportJob, storedJobId, storeJobId, type ReportJob } from './report-job';

/** How often a running job is asked about. */
export const JOB_POLL_MS = 1000;

export function useReportJob(projectId: string) {
  const [jobId, setJobId] = useState<string | null>(() => storedJobId(projectId));
  const [starting, setStarting] = useState(false);
  const follow = (id: string | null) => {
    storeJobId(projectId, id);
    setJobId(id);
  };
  const query = useQuery({
    queryKey: ['project', projectId, 'report-job', jobId],
    enabled: jobId !== null,
    retry: false,
    queryFn: async (): Promise<ReportJob | null> => {
      try {
        return await readReportJob(projectId, jobId!);
      } catch (error) {
        // Not this user's job, or gone: forget it.
        if (error instanceof ApiError && error.status === 404) {
          follow(null);
          return null;
        }
        throw error;
      }
    },
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : JOB_POLL_MS),
  });

  const start = async (model: Model, request: ReportsRequest, pvid: string | null) => {
    setStarting(true);
    try {
      follow(await startReportJob(projectId, model, request, pvid));
    } catch {
      // apiCall has shown 'Failed to make the reports: …'.
    } finally {
      setStarting(false);
    }
  };

  const job = jobId === null ? null : (query.data ?? null);
  const active = starting || (jobId !== null && (!job || job.state === 'queued' || job.state === 'running'));
  return { jobId, job, active, start, dismiss: () => follow(null) };
}
