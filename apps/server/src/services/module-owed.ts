// What a project owes for a module (F§7 module_export_status, docs/payment.md): the module's price for the model's
// size (cost_model, packages/fire/src/cost.ts) less what the project has paid for it; a model that has grown since
// the payment owes the difference. Organizations billed exempt or prepaid owe nothing.
import type { Kysely } from 'kysely';
import { PAYMENT_CURRENCY, type BillingType, type ExportStatus, type ExportStatusCode, type PricedRooms } from '@edrf/model';
import { costModel, roomsSize, type PricedModule, type PricedSize } from '@edrf/fire';
import type { Database } from '../db/schema.js';

/** The status and the amount due, from the billing type, the module's price for the size and what was paid. */
export function owedFor(billingType: BillingType, price: number, paid: number): { status: ExportStatusCode; outstanding: number } {
  if (billingType === 'exempt' || billingType === 'prepaid') return { status: billingType, outstanding: 0 };
  const outstanding = Math.max(0, price - paid);
  if (outstanding === 0) return { status: 'paid', outstanding };
  return { status: paid > 0 ? 'grown' : 'unpaid', outstanding };
}

/** The size the price is for, as cost_model reads the rooms (a list or the model's collection). */
export const sizeOfRooms = (rooms: PricedRooms): PricedSize => roomsSize(Array.isArray(rooms) ? rooms : Object.values(rooms));

/** What the project has paid for the module, in euros, by card and by invoice. */
export async function paidFor(db: Kysely<Database>, projectId: string, module: PricedModule): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('paid'))
    .where('project_id', '=', projectId)
    .where('module', '=', module)
    .where('currency', '=', PAYMENT_CURRENCY)
    .executeTakeFirst();
  // sum() is a string from pg and a number from PGlite.
  return Number(row?.paid ?? 0);
}

/** module_export_status's answer for a project of an organization with this billing type. */
export async function exportStatus(
  db: Kysely<Database>,
  project: { project_id: string },
  billingType: BillingType,
  size: PricedSize,
  module: PricedModule,
): Promise<ExportStatus> {
  const paid = billingType === 'exempt' || billingType === 'prepaid' ? 0 : await paidFor(db, project.project_id, module);
  const { status, outstanding } = owedFor(billingType, costModel(size, module), paid);
  return { status, payment_outstanding: outstanding, size: { num_rooms: size.num_rooms, area_sqm: size.area_sqm } };
}
