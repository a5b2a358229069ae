// The payments table's rows for the fire module (docs/payment.md): an invoice item recorded when an admin of an
// organization billed by invoice confirms it, and a card payment recorded once per Checkout session when its webhook
// says it is paid. The billing page's payment history lists both (P§2).
import type { Kysely } from 'kysely';
import { PAYMENT_CURRENCY, PAYMENT_TYPES, type PricedRooms } from '@edrf/model';
import type { PricedSize } from '@edrf/fire';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { OrgRow, ProjectRow } from '../auth/permissions.js';
import { isUuid } from '../auth/tokens.js';
import { HttpError } from '../http/errors.js';
import { exportStatus, sizeOfRooms } from './module-owed.js';
import type { PaidSession, PaymentMetadata } from './stripe.js';

/** The amount the page asked to pay is not what is due (the model or the payments changed meanwhile). */
export const amountDiffers = (due: number) =>
  new HttpError(409, due === 0 ? 'Nothing is due for this project' : `The amount due is now €${due}: reload the page to pay it`);

/** What fire_payment checks before paying: the size of the rooms sent, and the amount due for it, which `amount` must equal. */
export async function dueForPayment(
  db: Kysely<Database>,
  project: ProjectRow,
  org: OrgRow,
  rooms: PricedRooms,
  amount: number,
): Promise<{ size: PricedSize; due: number }> {
  const size = sizeOfRooms(rooms);
  const { payment_outstanding: due } = await exportStatus(db, project, org.billing_type, size, 'fire');
  if (due === 0 || amount !== due) throw amountDiffers(due);
  return { size, due };
}

export const paymentMetadata = (project: ProjectRow, size: PricedSize, userEmail: string): PaymentMetadata => ({
  org_id: project.org_id,
  project_id: project.project_id,
  project_name: project.name,
  module: 'fire',
  num_rooms: size.num_rooms,
  area_sqm: size.area_sqm,
  user_email: userEmail,
});

/**
 * Invoice billing (F§6): the payment is recorded at once, so the export unlocks; with Stripe configured it is also an
 * invoice item on the organization's Stripe customer. The project's row is locked while what is due is checked and
 * recorded, so two confirmations at once record one payment. When Stripe refuses the item, the row goes again.
 */
export async function recordInvoicePayment(
  ctx: AppContext,
  project: ProjectRow,
  org: OrgRow,
  rooms: PricedRooms,
  amount: number,
  userEmail: string,
): Promise<void> {
  const { paymentId, size } = await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('projects').select('project_id').where('project_id', '=', project.project_id).forUpdate().execute();
    const { size: sized } = await dueForPayment(trx, project, org, rooms, amount);
    const row = await trx
      .insertInto('payments')
      .values({
        org_id: org.org_id,
        project_id: project.project_id,
        project_name: project.name,
        module: 'fire',
        num_rooms: sized.num_rooms,
        area_sqm: sized.area_sqm,
        amount,
        currency: PAYMENT_CURRENCY,
        type: PAYMENT_TYPES.invoice,
        receipt_url: null,
        user_email: userEmail,
        created_at: ctx.clock.now(),
      })
      .returning('payment_id')
      .executeTakeFirstOrThrow();
    return { paymentId: row.payment_id, size: sized };
  });
  if (!ctx.stripe) return;
  try {
    const customer = await ctx.stripe.ensureCustomer({
      org_id: org.org_id,
      name: org.billing_info?.name || org.name,
      email: org.billing_info?.email ?? '',
      stripe_customer_id: org.stripe_customer_id,
    });
    if (customer !== org.stripe_customer_id)
      await ctx.db.updateTable('orgs').set({ stripe_customer_id: customer }).where('org_id', '=', org.org_id).execute();
    const item = await ctx.stripe.addInvoiceItem(customer, amount, paymentMetadata(project, size, userEmail), paymentId);
    await ctx.db.updateTable('payments').set({ stripe_invoice_item_id: item }).where('payment_id', '=', paymentId).execute();
  } catch (error) {
    await ctx.db.deleteFrom('payments').where('payment_id', '=', paymentId).execute();
    ctx.log.error(error, 'Stripe refused the invoice item of a fire module payment');
    throw new HttpError(502, 'The invoice item could not be added: nothing was recorded. Please try again later.');
  }
}

/** What became of a paid Checkout session's webhook: a new payment, one recorded before, or not edrf's to record. */
export type SessionRecord = 'recorded' | 'duplicate' | 'ignored';

export async function isSessionRecorded(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  return (await db.selectFrom('payments').select('payment_id').where('stripe_session_id', '=', sessionId).executeTakeFirst()) !== undefined;
}

/**
 * A paid Checkout session as a card payment, once: the session id is unique in the table, so a webhook delivered
 * twice (or two at once) records one payment. A session that is not paid or not made by edrf is not recorded; the
 * project's row may be gone (the payment keeps its name), its organization's may not.
 */
export async function recordCheckoutSession(ctx: AppContext, session: PaidSession): Promise<SessionRecord> {
  const m = session.metadata;
  if (!session.paid || !m || !isUuid(m.org_id) || !isUuid(m.project_id)) return 'ignored';
  const org = await ctx.db.selectFrom('orgs').select('org_id').where('org_id', '=', m.org_id).executeTakeFirst();
  if (!org) {
    ctx.log.warn({ session: session.id, org: m.org_id }, 'A paid Checkout session names an organization that is gone');
    return 'ignored';
  }
  const project = await ctx.db
    .selectFrom('projects')
    .select(['project_id', 'name'])
    .where('project_id', '=', m.project_id)
    .executeTakeFirst();
  const inserted = await ctx.db
    .insertInto('payments')
    .values({
      org_id: org.org_id,
      project_id: project?.project_id ?? null,
      project_name: project?.name ?? m.project_name,
      module: m.module,
      num_rooms: m.num_rooms,
      area_sqm: m.area_sqm,
      amount: session.amount,
      currency: session.currency,
      type: PAYMENT_TYPES.card,
      receipt_url: session.receiptUrl,
      stripe_session_id: session.id,
      user_email: m.user_email || null,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.column('stripe_session_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  return inserted ? 'recorded' : 'duplicate';
}
