import type { ExportStatus, FirePaymentAnswer, Model, Regulation } from '@edrf/model';
import { apiCall } from './client';

/** The Export page's calls (F§7, docs/payment.md, docs/reports.md) and their query keys. */

const projectPath = (projectId: string, rest: string) => `/api/v1/project/${encodeURIComponent(projectId)}${rest}`;

/** A report as GET /api/v1/fire_reports lists it. */
export interface ListedReport {
  key: string;
  name: string;
  formats: ('pdf' | 'dxf' | 'xlsx' | 'ifc')[];
  requirement: string;
}

export const fireReportsKey = (regulation: Regulation) => ['fire-reports', regulation] as const;

export const listFireReports = (regulation: Regulation) =>
  apiCall<{ reports: ListedReport[] }>('load the reports', `/api/v1/fire_reports?regulation=${regulation}`).then((r) => r.reports);

export const exportStatusKey = (projectId: string) => ['project', projectId, 'export-status'] as const;

/** POST module_export_status: what the fire module costs for the model's rooms, less what was paid (F§7). */
export const getExportStatus = (projectId: string, rooms: Model['arch']['rooms'], pvid: string | null) =>
  apiCall<ExportStatus>('load the payment status', projectPath(projectId, '/module_export_status'), {
    body: { rooms, module: 'fire', pvid },
  });

/** POST fire_payment: an invoice item (nothing to go to), or the provider's page to pay on (F§7). */
export const payForFire = (projectId: string, rooms: Model['arch']['rooms'], amount: number, url: string) =>
  apiCall<FirePaymentAnswer>('pay', projectPath(projectId, '/fire_payment'), { body: { rooms, amount, url } });

/** What gen_fire_reports is asked for (F§7) beyond the model. */
export interface ReportsRequest {
  date: string;
  document_status: string;
  revision: string;
  regulation: Regulation;
  ifc_model: boolean;
  pdf_reports: string[];
  dxf_reports: string[];
  xlsx_reports: string[];
}

/** The file gen_fire_reports made, as its progress stream's result carries it (docs/reports.md). */
export interface GeneratedFile {
  filename: string;
  content_type: string;
  data_base64: string;
}

/** POST gen_fire_reports with progress: the file, named by the server (F§7 naming). */
export const generateFireReports = (projectId: string, model: Model, request: ReportsRequest, onProgress: (fraction: number) => void) =>
  apiCall<GeneratedFile>('download reports', projectPath(projectId, '/gen_fire_reports'), { body: { model, ...request }, onProgress });
