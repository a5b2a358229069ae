// What a report builder is given and gives back, apart from the dispatcher (render.ts) that lists the builders: each
// builder imports these, and render.ts imports each builder, so the two live in separate files (no import circle).
import type { Model, Regulation } from '@edrf/model';
import type { ReportFormat } from './catalogue.js';

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
