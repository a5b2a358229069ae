// The payment provider behind a small interface (DESIGN.md, services/): Stripe Checkout for card payments, invoice
// items for organizations billed by invoice, and the verification of its signed webhooks (docs/payment.md). The real
// `stripe` SDK is used everywhere; STRIPE_API_URL points it at another API base (the tests' stand-in).
import Stripe from 'stripe';
import { PAYMENT_CURRENCY } from '@edrf/model';
import type { StripeConfig } from '../config.js';

/** What edrf writes on every Checkout session and invoice item, so that a webhook can tell its own from others'. */
export interface PaymentMetadata {
  org_id: string;
  project_id: string;
  project_name: string;
  module: string;
  num_rooms: number;
  area_sqm: number;
  user_email: string;
}

/** The metadata back from Stripe, where every value is a string; null when the object is not one of edrf's. */
export function readMetadata(metadata: Record<string, string> | null | undefined): PaymentMetadata | null {
  if (!metadata?.edrf_module || !metadata.org_id || !metadata.project_id) return null;
  const numRooms = Number(metadata.num_rooms);
  const areaSqm = Number(metadata.area_sqm);
  if (!Number.isInteger(numRooms) || !Number.isFinite(areaSqm)) return null;
  return {
    org_id: metadata.org_id,
    project_id: metadata.project_id,
    project_name: metadata.project_name ?? '',
    module: metadata.edrf_module,
    num_rooms: numRooms,
    area_sqm: areaSqm,
    user_email: metadata.user_email ?? '',
  };
}

const toStripeMetadata = (m: PaymentMetadata): Record<string, string> => ({
  edrf_module: m.module,
  org_id: m.org_id,
  project_id: m.project_id,
  // Stripe keeps metadata values up to 500 characters.
  project_name: m.project_name.slice(0, 500),
  num_rooms: String(m.num_rooms),
  area_sqm: String(m.area_sqm),
  user_email: m.user_email,
});

/** Whole euros as Stripe's smallest unit (cents). */
const cents = (euros: number) => Math.round(euros * 100);

/** What a payment is for, as the customer reads it on the Checkout page, the invoice and the receipt. */
export const paymentDescription = (m: PaymentMetadata) =>
  `${m.module === 'fire' ? 'Fire module' : m.module}: ${m.project_name} (${m.num_rooms} rooms, ${Math.round(m.area_sqm)} m²)`;

export interface CheckoutRequest {
  metadata: PaymentMetadata;
  /** Whole euros: what is outstanding. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
}

/** A Checkout session as the webhook records it: its figures and the receipt link of its charge. */
export interface PaidSession {
  id: string;
  paid: boolean;
  /** Whole currency units (euros). */
  amount: number;
  currency: string;
  metadata: PaymentMetadata | null;
  receiptUrl: string | null;
}

/** Stripe, as edrf uses it. */
export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      ...(config.api ?? {}),
      // A failed call answers the user (or Stripe's webhook retry) at once; Stripe itself retries webhooks.
      maxNetworkRetries: 1,
      telemetry: false,
      timeout: 20_000,
    });
  }

  /** Whether webhooks can be believed: only with the endpoint's signing secret. */
  get verifiesWebhooks(): boolean {
    return this.config.webhookSecret !== undefined;
  }

  /** A Checkout session for the amount in euros; answers the page to send the payer to. */
  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = toStripeMetadata(request.metadata);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: PAYMENT_CURRENCY,
            unit_amount: cents(request.amount),
            product_data: { name: paymentDescription(request.metadata) },
          },
        },
      ],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.metadata.project_id,
      customer_email: request.metadata.user_email || undefined,
      metadata,
      payment_intent_data: { metadata, description: paymentDescription(request.metadata) },
    });
    if (!session.url) throw new Error(`Stripe answered Checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  /** The session as Stripe has it now, with its charge's receipt link (the event's copy is not trusted for figures). */
  async retrieveSession(id: string): Promise<PaidSession> {
    const session = await this.stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] });
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return {
      id: session.id,
      paid: session.payment_status === 'paid',
      amount: (session.amount_total ?? 0) / 100,
      currency: session.currency ?? PAYMENT_CURRENCY,
      metadata: readMetadata(session.metadata),
      receiptUrl: charge?.receipt_url ?? null,
    };
  }

  /** The organization's Stripe customer: the stored one, or a new one (one per organization, whatever the retries). */
  async ensureCustomer(org: { org_id: string; name: string; email: string; stripe_customer_id: string | null }): Promise<string> {
    if (org.stripe_customer_id) return org.stripe_customer_id;
    const customer = await this.stripe.customers.create(
      { name: org.name, email: org.email || undefined, metadata: { org_id: org.org_id } },
      { idempotencyKey: `edrf-org-customer-${org.org_id}` },
    );
    return customer.id;
  }

  /** An invoice item on the customer's next invoice; `key` makes a retried call add it once. */
  async addInvoiceItem(customer: string, amount: number, metadata: PaymentMetadata, key: string): Promise<string> {
    const item = await this.stripe.invoiceItems.create(
      {
        customer,
        amount: cents(amount),
        currency: PAYMENT_CURRENCY,
        description: paymentDescription(metadata),
        metadata: toStripeMetadata(metadata),
      },
      { idempotencyKey: `edrf-invoice-item-${key}` },
    );
    return item.id;
  }

  /**
   * The event of a webhook delivery, its signature checked against the raw body with the endpoint's secret and
   * Stripe's tolerance: a signature more than 300 s older than `now` is stale. Throws StripeSignatureVerificationError.
   */
  constructEvent(rawBody: Buffer | string, signature: string, now: Date): Stripe.Event {
    if (!this.config.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    // receivedAt is in milliseconds (Webhooks.js divides it by 1000).
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, undefined, undefined, now.getTime());
  }
}

export const createStripeGateway = (config: StripeConfig | undefined): StripeGateway | null => (config ? new StripeGateway(config) : null);
