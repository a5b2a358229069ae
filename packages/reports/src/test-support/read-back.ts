// Test support: a report as its user gets it (renderReport's files) and an xlsx as its user opens it — each worksheet
// through exceljs, a table's rows as records by column title.
import ExcelJS from 'exceljs';
import type { Model, Regulation } from '@edrf/model';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';

/** The title block's request fields the tests print and look for. */
export const INPUT = { date: '2026-03-14', documentStatus: 'Bygghandling', designer: 'Anna Ängström', revision: 'B' };

/** Every file a report makes in a format. */
export async function renderFiles(
  key: string,
  format: 'xlsx' | 'pdf' | 'dxf',
  model: Model,
  regulation: Regulation = 'Sbf1108',
  input: typeof INPUT = INPUT,
): Promise<ReportFile[]> {
  const files: ReportFile[] = [];
  for await (const file of renderReport(key, format, { model, regulation, ...input })) files.push(file);
  return files;
}

/** The one file a report makes in a format (a table document: the lists, the bill, the Plintkort). */
export async function renderOne(
  key: string,
  format: 'xlsx' | 'pdf',
  model: Model,
  regulation: Regulation = 'Sbf1108',
): Promise<ReportFile> {
  const files = await renderFiles(key, format, model, regulation);
  if (files.length !== 1) throw new Error(`${key} made ${files.length} files`);
  return files[0]!;
}

/** Each worksheet as rows of plain values, 0-based, an empty cell as ''. */
export async function xlsxSheets(data: Uint8Array): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  const out = new Map<string, unknown[][]>();
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => (rows[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')));
    out.set(
      sheet.name,
      Array.from(rows, (r) => r ?? []),
    );
  });
  return out;
}

/** The rows under the header row whose first cell is `first`, up to the first empty row, as records by column title. */
export function tableRecords(rows: unknown[][], first: string): Record<string, unknown>[] {
  const h = rows.findIndex((r) => r[0] === first);
  if (h < 0) throw new Error(`No header row starting with ${first}`);
  const header = rows[h]!.map(String);
  const out: Record<string, unknown>[] = [];
  for (const row of rows.slice(h + 1)) {
    if (row.length === 0) break;
    out.push(Object.fromEntries(header.map((title, i) => [title, row[i] ?? ''])));
  }
  return out;
}
