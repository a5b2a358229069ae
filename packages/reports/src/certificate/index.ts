import { findReport, type ReportFormat } from '../catalogue.js';
import type { ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { certificateForm } from './form.js';
import { certificateToPdf } from './pdf.js';

const KEY = 'SbfAnlaggarintyg';

/** SBF 110:8's Anläggarintyg (installer certificate) as one PDF, from the SBF settings and the model's counts. */
export async function* buildCertificate(input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
  if (format !== 'pdf') throw new Error(`Report ${KEY} has no ${format} format`);
  const form = certificateForm(input.model, {
    date: input.date,
    revision: input.revision,
    status: input.documentStatus,
    designer: input.designer,
  });
  progress(0.5);
  const name = findReport(KEY)?.name ?? KEY;
  yield { name: `${name}.pdf`, data: await certificateToPdf(form) };
  progress(1);
}
