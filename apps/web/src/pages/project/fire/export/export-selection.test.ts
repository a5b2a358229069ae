import { describe, expect, it } from 'vitest';
import { emptyModel } from '@edrf/model';
import {
  EMPTY_SELECTION,
  allSelected,
  fileCount,
  reportRows,
  requestedReports,
  toggleAll,
  toggleFormat,
  toggleReport,
} from './export-selection';
import { listedReports, modelWithDetector } from './test-export';

describe('the reports table as data', () => {
  const fire = modelWithDetector().fire;
  const rows = reportRows(listedReports('Sbf1108'), fire);

  it("gives each report F§5's blocking text for what the model lacks: a detector meets 'units' only", () => {
    expect(rows).toHaveLength(13);
    const blocked = Object.fromEntries(rows.map((row) => [row.key, row.blocked]));
    expect(blocked.SbfBillOfQuantities).toBeNull();
    expect(blocked.IfcModel).toBeNull();
    expect(blocked.SbfAnlaggarintyg).toBe('Requires fire sections');
    expect(blocked.SbfKabellista).toBe('Requires fire routes');
    expect(blocked.SbfPlintkort).toBe('Requires fire connections');
    // Without a fire module every report waits for fire units.
    expect(reportRows(listedReports('Sbf1108'), emptyModel().fire).every((row) => row.blocked !== null)).toBe(true);
  });

  it('select-all ticks only the reports without a blocking text, and unticks them all again', () => {
    const all = toggleAll(rows, EMPTY_SELECTION);
    expect([...all.reports].sort()).toEqual(
      rows
        .filter((row) => row.blocked === null)
        .map((row) => row.key)
        .sort(),
    );
    // By hand: a detector meets 'units', which of SBF's reports only the bill of quantities needs; and the IFC model.
    expect([...all.reports].sort()).toEqual(['IfcModel', 'SbfBillOfQuantities']);
    expect(allSelected(rows, all)).toBe(true);
    expect(toggleAll(rows, all).reports.size).toBe(0);
  });

  it('asks gen_fire_reports for each ticked report in each format still ticked, the IFC model by its flag', () => {
    let selection = toggleAll(rows, EMPTY_SELECTION);
    expect(requestedReports(rows, selection)).toEqual({
      ifc_model: true,
      pdf_reports: ['SbfBillOfQuantities'],
      dxf_reports: [],
      xlsx_reports: ['SbfBillOfQuantities'],
    });
    selection = toggleFormat(selection, 'SbfBillOfQuantities', 'pdf');
    selection = toggleReport(selection, 'IfcModel');
    const request = requestedReports(rows, selection);
    expect(request).toEqual({ ifc_model: false, pdf_reports: [], dxf_reports: [], xlsx_reports: ['SbfBillOfQuantities'] });
    expect(fileCount(request)).toBe(1);
    // A blocked report ticked by hand is still not asked for.
    expect(requestedReports(rows, toggleReport(EMPTY_SELECTION, 'SbfKabellista'))).toEqual({
      ifc_model: false,
      pdf_reports: [],
      dxf_reports: [],
      xlsx_reports: [],
    });
  });
});
