// What gen_fire_reports is asked to make (F§7), checked against the catalogue before anything is drawn: the refusals
// name the report (docs/reports.md, "Refusals").
import type { Fire, Regulation } from '@edrf/model';
import { findReport, unmetRequirement, type ReportFormat } from './catalogue.js';
import { REPORT_MESSAGES } from './messages.js';

export interface ReportSelection {
  regulation: Regulation;
  ifcModel: boolean;
  pdf: readonly string[];
  dxf: readonly string[];
  xlsx: readonly string[];
}

export interface ReportJob {
  key: string;
  format: ReportFormat;
}

/** The IFC model's key: F§7 asks for it by a flag, not in a list. */
export const IFC_MODEL_KEY = 'IfcModel';

/** The reports to make, in the order asked (duplicates dropped), or the first refusal's message. */
export function selectReports(selection: ReportSelection, fire: Fire | null): { jobs: ReportJob[] } | { refused: string } {
  const asked: ReportJob[] = [
    ...selection.pdf.map((key) => ({ key, format: 'pdf' as const })),
    ...selection.dxf.map((key) => ({ key, format: 'dxf' as const })),
    ...selection.xlsx.map((key) => ({ key, format: 'xlsx' as const })),
    ...(selection.ifcModel ? [{ key: IFC_MODEL_KEY, format: 'ifc' as const }] : []),
  ];
  const jobs: ReportJob[] = [];
  const seen = new Set<string>();
  for (const job of asked) {
    const report = findReport(job.key);
    if (!report) return { refused: REPORT_MESSAGES.unknownReport(job.key) };
    if (report.regulation !== null && report.regulation !== selection.regulation)
      return { refused: REPORT_MESSAGES.otherRegulation(job.key, selection.regulation) };
    if (!report.formats.includes(job.format)) return { refused: REPORT_MESSAGES.noFormat(job.key, job.format) };
    const unmet = unmetRequirement(report, fire);
    if (unmet) return { refused: unmet };
    const id = `${job.key}.${job.format}`;
    if (!seen.has(id)) jobs.push(job);
    seen.add(id);
  }
  if (jobs.length === 0) return { refused: REPORT_MESSAGES.noReports };
  return { jobs };
}
