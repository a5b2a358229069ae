import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pricedRoomsSchema, type FirePaymentAnswer } from '@edrf/model';
import { PRICED_MODULES } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { ownOrigin } from '../http/security.js';
import { requireUser } from '../auth/access.js';
import { projectAccess, projectPayAccess } from '../auth/permissions.js';
import { exportStatus, sizeOfRooms } from '../services/module-owed.js';
import { dueForPayment, paymentMetadata, recordInvoicePayment } from '../services/payment-records.js';

const statusBody = z.object({
  rooms: pricedRoomsSchema,
  module: z.enum(PRICED_MODULES, { error: () => `Unknown module: expected one of ${PRICED_MODULES.join(', ')}` }),
  /** The version the page shows (F§7); the price is for the rooms sent, whatever the version (docs/payment.md). */
  pvid: z.string().max(100).nullable().default(null),
});

const paymentBody = z.object({
  rooms: pricedRoomsSchema,
  /** Whole euros: what module_export_status said is outstanding. */
  amount: z.number().int('The amount is whole euros').positive(),
  /** The page to come back to from the provider, without its query (F§7). */
  url: z.string().max(2000),
});

/** Card payment without STRIPE_SECRET_KEY: the one thing that cannot work (docs/payment.md). */
export const CARD_PAYMENT_OFF = 'Card payment is not available on this server: Stripe is not configured';

/** The page the provider sends the payer back to: the app's own origin and a page of this project, its query dropped. */
function returnUrl(request: FastifyRequest, publicUrl: string | undefined, projectId: string, url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || parsed.origin !== ownOrigin(request, publicUrl) || !parsed.pathname.startsWith(`/project/${projectId}/`))
    throw new HttpError(400, "url: expected this project's page on this site");
  return `${parsed.origin}${parsed.pathname}`;
}

/** F§7 module_export_status and fire_payment (docs/payment.md). */
export function firePaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/project/:id/module_export_status', async (request) => {
    const { project } = await projectAccess(ctx.db, requireUser(request), idParam(request), 'member');
    const { rooms, module } = parseInput(statusBody, request.body);
    const org = await ctx.db.selectFrom('orgs').select('billing_type').where('org_id', '=', project.org_id).executeTakeFirstOrThrow();
    return exportStatus(ctx.db, project, org.billing_type, sizeOfRooms(rooms), module);
  });

  app.post('/api/v1/project/:id/fire_payment', async (request): Promise<FirePaymentAnswer> => {
    const user = requireUser(request);
    const { project, org } = await projectPayAccess(ctx.db, user, idParam(request));
    const { rooms, amount, url } = parseInput(paymentBody, request.body);
    const back = returnUrl(request, ctx.config.publicUrl, project.project_id, url);
    if (org.billing_type === 'invoice') {
      await recordInvoicePayment(ctx, project, org, rooms, amount, user.email);
      return {};
    }
    // Direct billing (and exempt or prepaid, which owe nothing: dueForPayment answers 'Nothing is due').
    const { size, due } = await dueForPayment(ctx.db, project, org, rooms, amount);
    if (!ctx.stripe) throw new HttpError(503, CARD_PAYMENT_OFF);
    const session = await ctx.stripe
      .createCheckout({
        metadata: paymentMetadata(project, size, user.email),
        amount: due,
        successUrl: `${back}?stripe=ok`,
        cancelUrl: `${back}?stripe=cancel`,
      })
      .catch((error: unknown) => {
        ctx.log.error(error, 'Stripe refused a Checkout session');
        throw new HttpError(502, 'The payment provider could not be reached. Please try again later.');
      });
    return { redirect_url: session.url };
  });
}
