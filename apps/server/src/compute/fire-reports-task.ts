// gen_fire_reports in a compute worker (docs/reports.md): the body parsed and checked here, the documents drawn and
// zipped here, so the request thread only names and sends the file.
import { z } from 'zod';
import { modelSchema, REGULATIONS } from '@edrf/model';
import { generateReports, selectReports, type GeneratedReports } from '@edrf/reports';
import { TaskRefused, type Progress } from './protocol.js';
import { bodyValue, checkBody, type RequestBody } from './request-body.js';
import { INPUT_ACCEPTED } from './fire-calls.js';

const keys = z
  .array(z.string().min(1).max(100))
  .max(100)
  .default(() => []);

/** F§7 gen_fire_reports: the model, the title block's date and status, the regulation, and the reports by format. */
export const genFireReportsBody = z.object({
  model: modelSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD'),
  document_status: z.string().max(100).default(''),
  /** Not in F§7: the title block's revision, '' when not sent. */
  revision: z.string().max(20).default(''),
  regulation: z.enum(REGULATIONS, { error: () => `Unknown regulation: expected one of ${REGULATIONS.join(', ')}` }),
  ifc_model: z.boolean().default(false),
  pdf_reports: keys,
  dxf_reports: keys,
  xlsx_reports: keys,
});

/** An IFC file of the project for the IFC model: its SHA-256 and bytes (an ArrayBuffer of their own, moved here). */
export interface ReportIfcFile {
  sha256: string;
  bytes: Uint8Array;
}

export interface GenFireReportsInput {
  body: RequestBody;
  /** The title block's responsible designer: the user who asks. */
  designer: string;
  /** The project's IFC file the IFC model adds the design to (routes/fire-reports-ifc.ts); used when the model names it. */
  ifc?: ReportIfcFile;
}

/** The body checked and its reports selected, or refused (TaskRefused: a 400) as gen_fire_reports refuses it. */
function acceptedBody(requestBody: RequestBody) {
  const body = checkBody(genFireReportsBody, bodyValue(requestBody));
  const selected = selectReports(
    { regulation: body.regulation, ifcModel: body.ifc_model, pdf: body.pdf_reports, dxf: body.dxf_reports, xlsx: body.xlsx_reports },
    body.model.fire,
  );
  if ('refused' in selected) throw new TaskRefused(selected.refused);
  return { body, selected };
}

/** What a report job asks for (routes/report-jobs.ts), once its body is checked as gen_fire_reports checks it. */
export interface CheckedReportsRequest {
  regulation: (typeof REGULATIONS)[number];
  ifc_model: boolean;
  pdf_reports: string[];
  dxf_reports: string[];
  xlsx_reports: string[];
}

/** A report job's body checked before it is queued, so that a refusal is the POST's 400 and no job is made. */
export async function checkFireReportsTask(input: { body: RequestBody }): Promise<CheckedReportsRequest> {
  const { body } = acceptedBody(input.body);
  return Promise.resolve({
    regulation: body.regulation,
    ifc_model: body.ifc_model,
    pdf_reports: body.pdf_reports,
    dxf_reports: body.dxf_reports,
    xlsx_reports: body.xlsx_reports,
  });
}

export async function genFireReportsTask(input: GenFireReportsInput, progress: Progress): Promise<GeneratedReports> {
  const { body, selected } = acceptedBody(input.body);
  progress(INPUT_ACCEPTED, 0);
  const reportInput = {
    model: body.model,
    regulation: body.regulation,
    date: body.date,
    documentStatus: body.document_status,
    designer: input.designer,
    revision: body.revision,
    ifc: input.ifc && input.ifc.sha256 in body.model.config.ifc_files ? input.ifc.bytes : undefined,
  };
  return generateReports(reportInput, selected.jobs, (fraction) => progress('reports', fraction));
}
