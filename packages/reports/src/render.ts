// The dispatcher: a report key and a format to the files it makes. Each report module registers its builder here in
// one line; gen_fire_reports (apps/server) calls renderReport for every key and format asked for.
import type { ReportFormat } from './catalogue.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from './report-builder.js';
import { buildBoq } from './boq/index.js';
import { buildCertificate } from './certificate/index.js';
import { buildIfcModel } from './ifc-model/index.js';
import { buildFordelningslista, buildKabellista, buildStycklista } from './lists/index.js';
import { buildDevicePlacement, buildInstallation, buildLayout, buildOrientation, buildService } from './plans/reports.js';
import { buildPointToPoint } from './point-to-point/index.js';
import { buildForbindningsschema, buildMonteringsritning, buildPlintkort } from './racks/reports.js';
import { buildNfpaRiser, buildSbfOversikt, buildUkbsRiser } from './schematics/reports.js';

/** Every report's builder by key (catalogue.test.ts: one for each report of the catalogue). */
export const BUILDERS: Readonly<Record<string, ReportBuilder>> = {
  SbfBillOfQuantities: buildBoq,
  SbfAnlaggarintyg: buildCertificate,
  SbfMonteringsritning: buildMonteringsritning,
  SbfFordelningslista: buildFordelningslista,
  SbfKabellista: buildKabellista,
  SbfStycklista: buildStycklista,
  SbfForbindningsschema: buildForbindningsschema,
  SbfOversiktsschema: buildSbfOversikt,
  SbfServiceritning: buildService,
  SbfOrienteringsritning: buildOrientation,
  SbfInstallationsritning: buildInstallation,
  SbfPlintkort: buildPlintkort,
  UkbsBillOfQuantities: buildBoq,
  UkbsRiserDiagram: buildUkbsRiser,
  UkbsPointToPoint: buildPointToPoint,
  UkbsDevicePlacement: buildDevicePlacement,
  NfpaBillOfQuantities: buildBoq,
  NfpaRiserDiagram: buildNfpaRiser,
  NfpaLayoutDrawings: buildLayout,
  IfcModel: buildIfcModel,
};

/** The files of one report in one format; the caller has checked the key, the format and the requirement. */
export function renderReport(
  key: string,
  format: ReportFormat,
  input: ReportInput,
  progress: ReportProgress = () => {},
): AsyncIterable<ReportFile> {
  const builder = BUILDERS[key];
  if (!builder) throw new Error(`No builder for report ${key}`);
  return builder(input, format, progress);
}
