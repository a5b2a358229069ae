// Paying for a module and unlocking its exports (F§4, F§6, F§7; docs/payment.md): the wire shapes and the texts the
// server and the web app both use, so that a refusal and the page that shows it say the same words.
import { z } from 'zod';
import { ringSchema } from './model/primitives.js';

/** A room as the price reads it (cost_model, module_export_status, fire_payment): only its outline counts. */
export const pricedRoomSchema = z.object({ shape: z.object({ exterior: ringSchema, interiors: z.array(ringSchema).default(() => []) }) });
/** The rooms of a design: a list, or the model's collection keyed by id. */
export const pricedRoomsSchema = z.union([z.array(pricedRoomSchema), z.record(z.string(), pricedRoomSchema)]);
export type PricedRooms = z.infer<typeof pricedRoomsSchema>;

/** F§3 Export status, what module_export_status answers. */
export interface ExportStatus {
  /** 'exempt' and 'prepaid': the organization owes nothing; 'paid': nothing is due; 'unpaid': never paid; 'grown': paid for a smaller model. */
  status: ExportStatusCode;
  /** What is still due for the module, in whole euros (0: exports are unlocked). */
  payment_outstanding: number;
  size: { num_rooms: number; area_sqm: number };
}

export const EXPORT_STATUS_CODES = ['exempt', 'prepaid', 'paid', 'unpaid', 'grown'] as const;
export type ExportStatusCode = (typeof EXPORT_STATUS_CODES)[number];

/** fire_payment's answer (F§7): the provider's page to go to, or nothing when the payment is done (invoice billing). */
export interface FirePaymentAnswer {
  redirect_url?: string;
}

/** The currency of every price and payment (F§9: euro); Stripe's lower-case code. */
export const PAYMENT_CURRENCY = 'eur';

/** The types of the payments table (P§3 Payment.type): a card payment through the provider, or an invoice item. */
export const PAYMENT_TYPES = { card: 'card', invoice: 'invoice' } as const;

/** The payment messages, word for word (F§4, F§6, F§8). */
export const PAYMENT_MESSAGES = {
  /** F§6: anyone but an admin of the project's organization. */
  notAuthorized: (orgName: string) =>
    `You are not authorized to pay for this project. Please contact an administrator for the project organization ${orgName}.`,
  /** F§4, F§8: an amount is due; also gen_fire_reports' 402. */
  paymentNeeded: 'Payment needed to unlock exports',
  /** F§4: back from the provider with stripe=ok while the amount is not yet 0. */
  confirming: 'Confirming payment...',
  /** F§4, F§8: back from the provider with any other stripe value. */
  cancelled: 'Payment cancelled',
} as const;
