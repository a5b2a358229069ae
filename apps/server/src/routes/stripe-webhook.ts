// POST /webhooks/stripe (docs/payment.md): Stripe's signed events about Checkout sessions. Outside /api, so it needs
// neither a session nor the Edrf-Schema header; the raw body's signature is what makes it believed.
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { withRawJsonBody } from '../http/raw-body.js';
import { isSessionRecorded, recordCheckoutSession, type SessionRecord } from '../services/payment-records.js';

export const WEBHOOK_PATH = '/webhooks/stripe';

export const WEBHOOK_MESSAGES = {
  off: 'Stripe webhooks are not configured on this server',
  noSignature: 'Missing Stripe-Signature header',
  badSignature: 'Invalid Stripe signature',
} as const;

/** What a delivery did, in its answer (Stripe shows it on the endpoint's page) and the log. */
type Outcome = SessionRecord | 'not paid yet' | 'not recorded' | 'not handled';

/**
 * The four checkout.session events (fire-next.md §6): a completed session is a payment when it is paid (a card);
 * a delayed method (SEPA debit) is paid when async_payment_succeeded comes. A failed or expired session records nothing.
 */
async function handleEvent(ctx: AppContext, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      if (event.data.object.payment_status !== 'paid') return 'not paid yet';
      return recordSession(ctx, event.data.object.id);
    case 'checkout.session.async_payment_succeeded':
      return recordSession(ctx, event.data.object.id);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      ctx.log.info({ event: event.id, session: event.data.object.id }, `Stripe ${event.type}: no payment recorded`);
      return 'not recorded';
    default:
      return 'not handled';
  }
}

/** The session as Stripe has it (its amount, its charge's receipt), recorded once; a repeated delivery asks Stripe nothing. */
async function recordSession(ctx: AppContext, sessionId: string): Promise<SessionRecord> {
  if (await isSessionRecorded(ctx.db, sessionId)) return 'duplicate';
  const session = await ctx.stripe!.retrieveSession(sessionId);
  return recordCheckoutSession(ctx, session);
}

export function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  withRawJsonBody(app, (scope) =>
    scope.post(WEBHOOK_PATH, async (request) => {
      if (!ctx.stripe?.verifiesWebhooks) throw new HttpError(503, WEBHOOK_MESSAGES.off);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new HttpError(400, WEBHOOK_MESSAGES.noSignature);
      const body = request.body;
      if (!Buffer.isBuffer(body) && typeof body !== 'string') throw new HttpError(400, WEBHOOK_MESSAGES.badSignature);
      let event: Stripe.Event;
      try {
        event = ctx.stripe.constructEvent(body, signature, ctx.clock.now());
      } catch (error) {
        request.log.warn({ error: (error as Error).message }, 'A Stripe webhook with a bad signature was refused');
        throw new HttpError(400, WEBHOOK_MESSAGES.badSignature);
      }
      // A failure here (Stripe or the database unreachable) is a 500: Stripe delivers the event again later.
      const outcome = await handleEvent(ctx, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook');
      return { received: true, outcome };
    }),
  );
}
