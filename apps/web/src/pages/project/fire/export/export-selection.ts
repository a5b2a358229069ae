// The Export page's table as data (F§4, F§5): each report's row with its blocking status text, what select-all
// selects, and what gen_fire_reports is asked for. The requirement check is the reports package's own
// (unmetRequirement), so the page and gen_fire_reports' refusal cannot disagree.
import type { Fire } from '@edrf/model';
import { findReport, unmetRequirement, type ReportFormat } from '@edrf/reports/catalogue';
import type { ListedReport, ReportsRequest } from '../../../../api/payment';

export interface ReportRow {
  key: string;
  name: string;
  formats: ReportFormat[];
  /** F§5's 'Requires fire …' when the model lacks what the report needs; null when it can be made. */
  blocked: string | null;
}

export function reportRows(listed: readonly ListedReport[], fire: Fire | null): ReportRow[] {
  return listed.map((report) => {
    const entry = findReport(report.key);
    const blocked = entry ? unmetRequirement(entry, fire) : null;
    return { key: report.key, name: report.name, formats: report.formats, blocked };
  });
}

/** Which reports are ticked, and the formats of each left out (all of a report's formats by default). */
export interface Selection {
  reports: ReadonlySet<string>;
  /** Per report key, the formats unticked. */
  without: Readonly<Record<string, readonly ReportFormat[]>>;
}

export const EMPTY_SELECTION: Selection = { reports: new Set(), without: {} };

/** F§4: select-all selects only the reports without a blocking status text. */
export const selectableKeys = (rows: readonly ReportRow[]) => rows.filter((row) => row.blocked === null).map((row) => row.key);

/** Whether every selectable report is ticked (the select-all box's state). */
export function allSelected(rows: readonly ReportRow[], selection: Selection): boolean {
  const keys = selectableKeys(rows);
  return keys.length > 0 && keys.every((key) => selection.reports.has(key));
}

/** Ticks every selectable report, or none when they all are. */
export function toggleAll(rows: readonly ReportRow[], selection: Selection): Selection {
  return { ...selection, reports: new Set(allSelected(rows, selection) ? [] : selectableKeys(rows)) };
}

export function toggleReport(selection: Selection, key: string): Selection {
  const reports = new Set(selection.reports);
  if (!reports.delete(key)) reports.add(key);
  return { ...selection, reports };
}

export function toggleFormat(selection: Selection, key: string, format: ReportFormat): Selection {
  const without = selection.without[key] ?? [];
  const next = without.includes(format) ? without.filter((f) => f !== format) : [...without, format];
  return { ...selection, without: { ...selection.without, [key]: next } };
}

export const formatChosen = (selection: Selection, key: string, format: ReportFormat) => !(selection.without[key] ?? []).includes(format);

/**
 * What gen_fire_reports is asked to make (F§7): each ticked report that is not blocked, in each of its formats still
 * ticked, in the table's order; the IFC model by its flag.
 */
export function requestedReports(
  rows: readonly ReportRow[],
  selection: Selection,
): Pick<ReportsRequest, 'ifc_model' | 'pdf_reports' | 'dxf_reports' | 'xlsx_reports'> {
  const request = { ifc_model: false, pdf_reports: [] as string[], dxf_reports: [] as string[], xlsx_reports: [] as string[] };
  for (const row of rows) {
    if (row.blocked !== null || !selection.reports.has(row.key)) continue;
    for (const format of row.formats) {
      if (!formatChosen(selection, row.key, format)) continue;
      if (format === 'ifc') request.ifc_model = true;
      else request[`${format}_reports`].push(row.key);
    }
  }
  return request;
}

/** How many files the request makes (the Download button says it). */
export const fileCount = (request: ReturnType<typeof requestedReports>) =>
  request.pdf_reports.length + request.dxf_reports.length + request.xlsx_reports.length + (request.ifc_model ? 1 : 0);
