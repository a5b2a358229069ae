import type { FastifyInstance } from 'fastify';
import { billingInfoSchema, emptyBillingInfo, type Payment } from '@edrf/model';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { orgAccess } from '../auth/permissions.js';
import { idParam } from '../http/params.js';

/** Billing information and payment history of an organization: its admins only (P§6). */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/org/:id/billing_info', async (request) => {
    const { org } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    return org.billing_info ?? emptyBillingInfo();
  });

  app.post('/api/v1/org/:id/billing_info', async (request) => {
    const { org } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    const info = parseInput(billingInfoSchema, request.body);
    await ctx.db
      .updateTable('orgs')
      .set({ billing_info: JSON.stringify(info) })
      .where('org_id', '=', org.org_id)
      .execute();
    return info;
  });

  app.get('/api/v1/org/:id/payment_history', async (request) => {
    const { org } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    const rows = await ctx.db.selectFrom('payments').selectAll().where('org_id', '=', org.org_id).orderBy('created_at', 'desc').execute();
    const history: Payment[] = rows.map((row) => ({
      project_id: row.project_id,
      project_name: row.project_name,
      module: row.module,
      num_rooms: row.num_rooms,
      area_sqm: row.area_sqm,
      amount: row.amount,
      currency: row.currency,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      type: row.type,
      receipt_url: row.receipt_url,
    }));
    return { history };
  });
}
