// gen_fire_reports refuses a project that owes for the fire module (F§7, issue 37): 402 'Payment needed to unlock
// exports'. Called from mayExport (routes/fire-reports.ts), the one place that decides who may export.
import { PAYMENT_MESSAGES } from '@edrf/model';
import type { AppContext } from '../context.js';
import type { ProjectRow } from '../auth/permissions.js';
import { HttpError } from '../http/errors.js';
import type { RequestBody } from '../compute/request-body.js';
import { exportStatus } from './module-owed.js';

/**
 * Refuses (402) when the project owes for the fire module at the size of the model it asks reports of. The size is
 * read from a copy of the raw body in a compute worker (the body itself moves to gen_fire_reports' worker after);
 * a body whose rooms cannot be read is left to gen_fire_reports, which refuses it.
 */
export async function requireExportPaid(ctx: AppContext, project: ProjectRow, rawBody: unknown): Promise<void> {
  const org = await ctx.db.selectFrom('orgs').select('billing_type').where('org_id', '=', project.org_id).executeTakeFirstOrThrow();
  if (org.billing_type === 'exempt' || org.billing_type === 'prepaid') return;
  const copy = Buffer.isBuffer(rawBody) ? new Uint8Array(rawBody).slice().buffer : null;
  const body: RequestBody = copy ? { bytes: copy } : { value: rawBody };
  const size = await ctx.compute.run('priced_size', { body }, undefined, { transfer: copy ? [copy] : [] });
  if (!size) return;
  const status = await exportStatus(ctx.db, project, org.billing_type, size, 'fire');
  if (status.payment_outstanding > 0) throw new HttpError(402, PAYMENT_MESSAGES.paymentNeeded);
}
