import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REGULATIONS } from '@edrf/model';
import { reportsOf, type GeneratedReports } from '@edrf/reports';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { withRawJsonBody } from '../http/raw-body.js';
import { streamProgressOnceAccepted, wantsProgress } from '../http/progress-stream.js';
import { toRequestBody } from '../compute/request-body.js';
import { INPUT_ACCEPTED } from '../compute/fire-calls.js';
import { requireUser } from '../auth/access.js';
import { projectAccess, type ProjectRow } from '../auth/permissions.js';
import { MAX_MODEL_BYTES } from './versions.js';
import { reportIfcFile } from './fire-reports-ifc.js';
import { requireExportPaid } from '../services/export-paid.js';

const listQuery = z.object({
  regulation: z.enum(REGULATIONS, { error: () => `Unknown regulation: expected one of ${REGULATIONS.join(', ')}` }),
});

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ifc: 'application/x-step',
  zip: 'application/zip',
};

/**
 * The download's name (F§7): a zip is '{project}-reports.zip', a PDF keeps its own name, anything else is
 * '{project}-{filename}'.
 */
export function downloadName(project: string, generated: Pick<GeneratedReports, 'name' | 'zip'>): string {
  if (generated.zip) return `${project}-reports.zip`;
  if (generated.name.toLowerCase().endsWith('.pdf')) return generated.name;
  return `${project}-${generated.name}`;
}

/** Content-Disposition with an ASCII fallback and the exact name in UTF-8 (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The one place that decides whether a project may export: project members only (the payment issue adds its check
 * here, F§6).
 */
export async function mayExport(ctx: AppContext, request: FastifyRequest): Promise<{ project: ProjectRow; designer: string }> {
  const user = requireUser(request);
  const { project } = await projectAccess(ctx.db, user, idParam(request), 'member');
  // F§7: a project that owes for the fire module gets 402 'Payment needed to unlock exports' (docs/payment.md).
  await requireExportPaid(ctx, project, request.body);
  return { project, designer: user.email };
}

/** The reports (F§9) and gen_fire_reports (F§7): docs/reports.md. */
export function fireReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/fire_reports', (request) => {
    requireUser(request);
    const { regulation } = parseInput(listQuery, request.query);
    return {
      reports: reportsOf(regulation).map((r) => ({
        key: r.key,
        name: r.name,
        formats: r.formats,
        requirement: r.requirement,
      })),
    };
  });

  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/project/:id/gen_fire_reports', { bodyLimit: MAX_MODEL_BYTES }, async (request, reply) => {
      const { project, designer } = await mayExport(ctx, request);
      const ifc = await reportIfcFile(ctx, project.project_id, request.body);
      const { body, transfer } = toRequestBody(request.body);
      const run = (onProgress?: (step: string, fraction: number) => void) =>
        ctx.compute.run('gen_fire_reports', { body, designer, ifc }, onProgress, {
          transfer: ifc ? [...transfer, ifc.bytes.buffer as ArrayBuffer] : transfer,
        });
      if (!wantsProgress(request)) return sendFile(reply, project.name, await run());
      // Asked for progress: progress lines, then the file in the result line, base64 (docs/reports.md).
      return streamProgressOnceAccepted(request, reply, async (progress, accept) => {
        const generated = await run((step, fraction) => (step === INPUT_ACCEPTED ? accept() : progress(fraction)));
        const name = downloadName(project.name, generated);
        return { filename: name, content_type: contentType(name), data_base64: Buffer.from(generated.data).toString('base64') };
      });
    }),
  );
}

export const contentType = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

function sendFile(reply: FastifyReply, project: string, generated: GeneratedReports): FastifyReply {
  const name = downloadName(project, generated);
  return reply
    .header('content-type', contentType(name))
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'no-store')
    .send(Buffer.from(generated.data.buffer, generated.data.byteOffset, generated.data.byteLength));
}
