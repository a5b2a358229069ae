import type { ReportFormat } from '../catalogue.js';
import { findReport } from '../catalogue.js';
import type { ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { tablesToPdf } from '../tables/pdf.js';
import { tablesToXlsx } from '../tables/xlsx.js';
import { BOQ_LABELS } from './labels.js';
import { quantities, type Quantities } from './quantities.js';
import { boqDocument } from './tables.js';

const KEYS = { Sbf1108: 'SbfBillOfQuantities', Bs5839: 'UkbsBillOfQuantities', Nfpa72: 'NfpaBillOfQuantities' } as const;

// One request asks for the bill as xlsx and as pdf: counted once (the wall crossings take seconds on a large building).
const counted = new WeakMap<ReportInput['model'], Map<string, Quantities>>();
function quantitiesOnce(input: ReportInput): Quantities {
  const labels = BOQ_LABELS[input.regulation];
  let byRegulation = counted.get(input.model);
  if (!byRegulation) counted.set(input.model, (byRegulation = new Map<string, Quantities>()));
  let q = byRegulation.get(input.regulation);
  if (!q) byRegulation.set(input.regulation, (q = quantities(input.model, { noProduct: labels.noProduct, rack: labels.rack })));
  return q;
}

/** The bill of quantities of the input's regulation, as xlsx or pdf: one file. */
export async function* buildBoq(input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
  const labels = BOQ_LABELS[input.regulation];
  const key = KEYS[input.regulation];
  const config = input.model.config;
  const q = quantitiesOnce(input);
  progress(0.5);
  const document = boqDocument(q, labels, {
    project: config.name,
    address: config.address,
    owner: config.owner,
    title: labels.title,
    number: key,
    revision: input.revision,
    date: input.date,
    status: input.documentStatus,
    designer: input.designer,
  });
  const name = findReport(key)?.name ?? key;
  if (format === 'xlsx') yield { name: `${name}.xlsx`, data: await tablesToXlsx(document) };
  else if (format === 'pdf') yield { name: `${name}.pdf`, data: await tablesToPdf(document) };
  else throw new Error(`Report ${key} has no ${format} format`);
  progress(1);
}
