import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REGULATION_LABELS, VERSION_STATUSES, WORKING_VERSION, UNSYNCED, PAYMENT_MESSAGES, type ExportStatus } from '@edrf/model';
import { fireReportsKey, generateFireReports, listFireReports } from '../../../../api/payment';
import { saveBlob } from '../../../../api/admin';
import { useProjectState } from '../../../../state/use-project';
import { RunProgress, useRunProgress } from '../../../../ui/RunProgress';
import { formatArea } from '../../../../lib/format';
import { formatEuros } from '../AddFireModuleDialog';
import { ReportsTable } from './ReportsTable';
import { PaymentDialog } from './PaymentDialog';
import { EMPTY_SELECTION, fileCount, reportRows, requestedReports, type Selection } from './export-selection';
import { STILL_CONFIRMING, useExportStatus } from './use-export-status';
import { useReportJob } from './use-report-job';
import { ReportJobStatus } from './ReportJobStatus';
import './export.css';
import { currentRevision } from '../revision/revision-texts';

/** What the status says under the price **[our reading]**: why the table is locked or open. */
export const STATUS_TEXTS: Record<ExportStatus['status'], string> = {
  exempt: 'Exports are included: the organization is exempt from payment.',
  prepaid: 'Exports are included: the organization has prepaid.',
  paid: 'Paid: exports are unlocked.',
  unpaid: PAYMENT_MESSAGES.paymentNeeded,
  grown: 'The model has grown since it was paid for: the difference is due.',
};
export const WAITING_TEXT = 'Waiting for the payment provider to confirm the payment…';

/** Today in the user's calendar, as the title block's date (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function fileOf(base64: string, type: string): Blob {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * /fire/export (F§2, F§4): the price and size of the fire module for the model, buy or download, the title block's
 * date, status and revision, and the regulation's reports in a table that unlocks once nothing is outstanding.
 */
export function ExportPage() {
  const { model, projectId, identity } = useProjectState();
  const fire = model.fire!;
  const regulation = fire.config.regulation;
  const pvid = identity === WORKING_VERSION || identity === UNSYNCED ? null : identity;
  const { status, confirming, gaveUp, refresh, query } = useExportStatus(projectId, model.arch.rooms, pvid);
  const listed = useQuery({ queryKey: fireReportsKey(regulation), queryFn: () => listFireReports(regulation) });
  const rows = useMemo(() => reportRows(listed.data ?? [], fire), [listed.data, fire]);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [date, setDate] = useState(today);
  const [documentStatus, setDocumentStatus] = useState('');
  // The design's current revision (issue 40) is what the documents' title blocks carry, unless the user writes another.
  const [revision, setRevision] = useState(() => currentRevision(fire));
  const [paying, setPaying] = useState(false);
  const run = useRunProgress();
  const reportJob = useReportJob(projectId);

  const unlocked = status?.payment_outstanding === 0;
  const requested = requestedReports(rows, selection);
  const files = fileCount(requested);

  const busy = run.running || reportJob.active;

  // One file is made in the request (quick); several, a zip, as a job on the server that survives a reload and a
  // restart (docs/reports.md, "Long jobs").
  const download = async () => {
    const request = { date, document_status: documentStatus, revision, regulation, ...requested };
    if (files > 1) return reportJob.start(model, request, pvid);
    run.start();
    try {
      const file = await generateFireReports(projectId, model, request, run.progress);
      saveBlob(fileOf(file.data_base64, file.content_type), file.filename);
    } catch {
      // apiCall has shown 'Failed to download reports: …'.
    } finally {
      run.stop();
    }
  };

  return (
    <div className="page export-page">
      <header className="page-header">
        <h1>Export</h1>
        <span className="badge">{REGULATION_LABELS[regulation]}</span>
      </header>

      <section className="card export-price" aria-label="Price">
        {status === null ? (
          <p className="muted">{query.isError ? 'The price could not be loaded.' : 'Loading the price…'}</p>
        ) : (
          <>
            <dl className="price-figures">
              <div>
                <dt>Price</dt>
                <dd className="price">{formatEuros(status.payment_outstanding)}</dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>
                  {status.size.num_rooms} rooms, {formatArea(status.size.area_sqm)} m²
                </dd>
              </div>
            </dl>
            <p className={`price-status ${unlocked ? 'open' : 'locked'}`} role="status">
              {gaveUp ? STILL_CONFIRMING : confirming ? WAITING_TEXT : STATUS_TEXTS[status.status]}
            </p>
            {!unlocked && !confirming && (
              <button type="button" className="btn btn-primary" onClick={() => setPaying(true)}>
                Buy exports
              </button>
            )}
          </>
        )}
      </section>

      <fieldset className="card title-fields" disabled={!unlocked} aria-label="Title block">
        <label className="field">
          <span>Date</span>
          <input type="date" value={date} required onChange={(event) => setDate(event.target.value)} />
        </label>
        <label className="field">
          <span>Document status</span>
          <select value={documentStatus} onChange={(event) => setDocumentStatus(event.target.value)}>
            <option value="">—</option>
            {VERSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Revision</span>
          <input type="text" value={revision} maxLength={20} onChange={(event) => setRevision(event.target.value)} />
        </label>
      </fieldset>

      {listed.isPending ? (
        <div className="empty-state">Loading the reports…</div>
      ) : (
        <ReportsTable rows={rows} selection={selection} onChange={setSelection} disabled={!unlocked || busy} />
      )}

      <div className="export-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!unlocked || files === 0 || busy || !/^\d{4}-\d{2}-\d{2}$/.test(date)}
          onClick={() => void download()}
        >
          {busy ? 'Making the reports…' : files > 0 ? `Download ${files} ${files === 1 ? 'file' : 'files'}` : 'Download'}
        </button>
        <RunProgress label="Making the reports" state={run} />
      </div>
      {reportJob.jobId && (
        <ReportJobStatus projectId={projectId} jobId={reportJob.jobId} job={reportJob.job} onDismiss={reportJob.dismiss} />
      )}

      {paying && status && (
        <PaymentDialog
          projectId={projectId}
          rooms={model.arch.rooms}
          status={status}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
