// The builders of the three SBF 110:8 lists: each is a table document (src/tables), one file as xlsx or as PDF.
import type { Model } from '@edrf/model';
import { findReport, type ReportFormat } from '../catalogue.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { tablesToPdf } from '../tables/pdf.js';
import type { Table, TableDocument } from '../tables/table.js';
import { tablesToXlsx } from '../tables/xlsx.js';
import { cableListTable } from './cable-list.js';
import { distributionTables } from './distribution-list.js';
import { LIST_LABELS } from './labels.js';
import { partsTables } from './parts-list.js';

function listBuilder(key: string, title: string, tables: (model: Model) => Table[]): ReportBuilder {
  return async function* (input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
    const config = input.model.config;
    const document: TableDocument = {
      locale: LIST_LABELS.locale,
      labels: LIST_LABELS.titleBlock,
      titleBlock: {
        project: config.name,
        address: config.address,
        owner: config.owner,
        title,
        number: key,
        revision: input.revision,
        date: input.date,
        status: input.documentStatus,
        designer: input.designer,
      },
      tables: tables(input.model),
    };
    progress(0.5);
    const name = findReport(key)?.name ?? key;
    if (format === 'xlsx') yield { name: `${name}.xlsx`, data: await tablesToXlsx(document) };
    else if (format === 'pdf') yield { name: `${name}.pdf`, data: await tablesToPdf(document) };
    else throw new Error(`Report ${key} has no ${format} format`);
    progress(1);
  };
}

export const buildFordelningslista = listBuilder('SbfFordelningslista', LIST_LABELS.distribution.title, distributionTables);
export const buildKabellista = listBuilder('SbfKabellista', LIST_LABELS.cables.title, (model) => [cableListTable(model)]);
export const buildStycklista = listBuilder('SbfStycklista', LIST_LABELS.parts.title, partsTables);
