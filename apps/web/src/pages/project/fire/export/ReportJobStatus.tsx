import { useState } from 'react';
import { saveBlob } from '../../../../api/admin';
import { downloadReportJob, type ReportJob } from './report-job';

/** 'Failed' in the words of the page, with the server's reason. */
export const JOB_FAILED = 'The documents could not be made';

/**
 * The Export page's job (F§4 'Download', made as a job when it is several files): its bar and step while it runs, the
 * file once it is done, and why it failed.
 */
export function ReportJobStatus({
  projectId,
  jobId,
  job,
  onDismiss,
}: {
  projectId: string;
  jobId: string;
  job: ReportJob | null;
  onDismiss: () => void;
}) {
  const [fetching, setFetching] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async () => {
    setFetching(true);
    setDownloadError(null);
    try {
      saveBlob(await downloadReportJob(projectId, jobId), job?.filename ?? 'reports.zip');
    } catch (error) {
      setDownloadError(`The file could not be downloaded${error instanceof Error && error.message ? `: ${error.message}` : ''}`);
    } finally {
      setFetching(false);
    }
  };

  if (job?.state === 'failed')
    return (
      <section className="card report-job failed" aria-label="Documents">
        <p role="alert">
          {JOB_FAILED}: {job.detail ?? 'the server gave no reason'}
        </p>
        <button type="button" className="btn" onClick={onDismiss}>
          Dismiss
        </button>
      </section>
    );
  if (job?.state === 'done')
    return (
      <section className="card report-job done" aria-label="Documents">
        <p role="status">The documents are ready.</p>
        <button type="button" className="btn btn-primary" disabled={fetching} onClick={() => void download()}>
          Download {job.filename}
        </button>
        <button type="button" className="btn" onClick={onDismiss}>
          Close
        </button>
        {downloadError && <p role="alert">{downloadError}</p>}
      </section>
    );
  const percent = Math.round((job?.progress ?? 0) * 100);
  return (
    <section className="card report-job running" aria-label="Documents">
      <progress aria-label="Making the documents" value={job?.progress ?? 0} max={1} />
      <p role="status">
        {percent} % · {job?.step || 'Waiting to start'}
      </p>
      <p className="muted">You may leave this page: the documents are made on the server, and this page finds them again.</p>
    </section>
  );
}
