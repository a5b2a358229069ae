// The dispatcher: a report key and a format to the files it makes. Each report module registers its builder here in
// one line; gen_fire_reports (apps/server) calls renderReport for every key and format asked for.
import type { Model, Regulation } from '@edrf/model';
import type { ReportFormat } from './catalogue.js';
import { buildBoq } from './boq/index.js';
import { buildCertificate } from './certificate/index.js';
import { buildIfcModel } from './ifc-model/index.js';
import { buildFordelningslista, buildKabellista, buildStycklista } from './lists/index.js';
import { buildDevicePlacement, buildInstallation, buildLayout, buildOrientation, buildService } from './plans/reports.js';
import { buildPointToPoint } from './point-to-point/index.js';
import { buildForbindningsschema, buildMonteringsritning, buildPlintkort } from './racks/reports.js';
import { buildNfpaRiser, buildSbfOversikt, buildUkbsRiser } from './schematics/reports.js';

/** What every report is made from: the model and the title block's fields the request gives. */
export interface ReportInput {
  model: Model;
  regulation: Regulation;
  /** YYYY-MM-DD, printed in the title block. */
  date: string;
  /** The document status printed in the title block (P§3's version statuses, or free text). */
  documentStatus: string;
  /** The responsible designer printed in the title block (the user who asked for the documents). */
  designer: string;
  /** The revision printed in the title block; '' when none. */
  revision: string;
  /** The project's IFC file (the newest its model was read from), which the IFC model adds the design to; absent: none. */
  ifc?: Uint8Array;
}

/** One file a report makes: its name inside the zip (or the download) and its bytes. */
export interface ReportFile {
  name: string;
  data: Uint8Array;
}

/** progress(fraction of this report done, 0..1). */
export type ReportProgress = (fraction: number) => void;

/**
 * A report's builder: yields its files one by one (a drawing, one per sheet set), so a caller can write each out and
 * let it go before the next is made.
 */
export type ReportBuilder = (input: ReportInput, format: ReportFormat, progress: ReportProgress) => AsyncIterable<ReportFile>;

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
