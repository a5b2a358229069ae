// The report tests' shared fixtures (fire-reports, report-jobs, report-jobs-processes): a request for documents of the
// bill's test building (boqModel, its figures known by hand), and what a test reads back of the bill.
import ExcelJS from 'exceljs';
import type { Model } from '@edrf/model';
import { boqModel } from '@edrf/reports/testing';

/** A gen_fire_reports (or report job) body for the bill's test building under SBF 110:8; `fields` adds the documents. */
export const reportRequest = (fields: Record<string, unknown> = {}) => ({
  model: boqModel('Sbf1108'),
  date: '2026-03-14',
  document_status: 'Bygghandling',
  regulation: 'Sbf1108',
  ...fields,
});

/** Everything the bill counts on the model: field units, physical racks, rack equipment and central extensions. */
export function countedItems(model: Model): number {
  const fire = model.fire!;
  const units = (['detectors', 'sirens', 'buttons', 'ios', 'others'] as const).reduce((n, g) => n + Object.keys(fire.units[g]).length, 0);
  const racks = Object.values(fire.units.racks).filter((r) => r.physical).length;
  const equipment = (['centrals', 'plinths', 'power_supplies', 'others'] as const).reduce(
    (n, g) => n + Object.keys(fire.connections[g]).length,
    0,
  );
  const extensions = Object.values(fire.connections.centrals).reduce((n, c) => n + c.extensions.filter((e) => e !== '').length, 0);
  return units + racks + equipment + extensions;
}

/** The 'Summa' line's last cell of a bill workbook's first sheet: what the products add up to. */
export async function productSum(data: Uint8Array): Promise<unknown> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  let total: unknown;
  workbook.worksheets[0]!.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values[0] === 'Summa') total = values.at(-1);
  });
  return total;
}
