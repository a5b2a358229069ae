// @vitest-environment node
// The Stripe stand-in answers the real SDK as Stripe does (fire-next.md §6): the calls edrf makes, Stripe's errors,
// and webhooks whose signatures the SDK's own verification accepts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeForm, startStripeStandIn, stripeSignature, type StripeStandIn } from './stripe.js';

describe('Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: http.Server;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    standIn = await startStripeStandIn({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe` });
    const url = new URL(standIn.url);
    stripe = new Stripe(standIn.secretKey, {
      host: url.hostname,
      port: url.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
  });
  afterAll(async () => {
    await standIn?.close();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  const newSession = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 19000, product_data: { name: 'Fire module: Hus' } } }],
      success_url: 'http://127.0.0.1:9/project/p/fire/export?stripe=ok',
      cancel_url: 'http://127.0.0.1:9/project/p/fire/export?stripe=cancel',
      metadata: { project_id: 'p1', num_rooms: '12' },
    });

  it('decodes Stripe form bodies: nested keys, list indexes and appended lists', () => {
    expect(decodeForm('a=1&b[c]=2&d[0][e]=3&d[1][e]=4&f[]=x&f[]=y')).toEqual({
      a: '1',
      b: { c: '2' },
      d: [{ e: '3' }, { e: '4' }],
      f: ['x', 'y'],
    });
  });

  it('creates a Checkout session the SDK reads back, with its hosted page and the figures sent', async () => {
    const session = await newSession();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.amount_total).toBe(19000);
    expect(session.currency).toBe('eur');
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(session.metadata).toEqual({ project_id: 'p1', num_rooms: '12' });
    const request = standIn.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(request.stripeVersion).toBe('2026-10-28.endive');
    expect(request.idempotencyKey).toBeTruthy();
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('EUR 190.00');
    expect(html).toContain('Fire module: Hus');
  });

  it('Pay sends checkout.session.completed signed so that the SDK verifies it, then redirects to success_url', async () => {
    const session = await newSession();
    const before = received.length;
    const res = await fetch(`${standIn.url}/pay/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(session.success_url);
    expect(received).toHaveLength(before + 1);
    const delivery = received.at(-1)!;
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature'] as string, standIn.webhookSecret);
    expect(event.type).toBe('checkout.session.completed');
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed.id).toBe(session.id);
    expect(completed.payment_status).toBe('paid');
    // The signature is Stripe's: HMAC-SHA256 of `${t}.${body}`, computed here independently of the stand-in.
    const t = Number(/t=(\d+)/.exec(delivery.headers['stripe-signature'] as string)![1]);
    expect(delivery.headers['stripe-signature']).toBe(stripeSignature(delivery.body, standIn.webhookSecret, t));
    // Tampered, or signed with another secret: the SDK refuses it.
    expect(() =>
      stripe.webhooks.constructEvent(
        delivery.body.replace('19000', '1'),
        delivery.headers['stripe-signature'] as string,
        standIn.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      stripe.webhooks.constructEvent(delivery.body, stripeSignature(delivery.body, 'whsec_other', t), standIn.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('retrieves a paid session with its payment intent and charge expanded: the receipt link', async () => {
    const session = await newSession();
    await standIn.pay(session.id);
    const plain = await stripe.checkout.sessions.retrieve(session.id);
    expect(typeof plain.payment_intent).toBe('string');
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    const intent = expanded.payment_intent as Stripe.PaymentIntent;
    const charge = intent.latest_charge as Stripe.Charge;
    expect(intent.status).toBe('succeeded');
    expect(charge.amount).toBe(19000);
    expect(charge.receipt_url).toMatch(new RegExp(`^${standIn.url}/receipts/`));
    expect((await fetch(charge.receipt_url!)).status).toBe(200);
  });

  it('Cancel redirects to cancel_url and leaves the session open and unpaid', async () => {
    const session = await newSession();
    const res = await fetch(`${standIn.url}/pay/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(session.cancel_url);
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again.status).toBe('open');
    expect(again.payment_status).toBe('unpaid');
  });

  it('adds invoice items to a customer; an unknown customer, session or key is refused as Stripe refuses it', async () => {
    const customer = await stripe.customers.create({ name: 'Acme AB', metadata: { org_id: 'o1' } });
    const item = await stripe.invoiceItems.create({ customer: customer.id, amount: 19000, currency: 'eur', description: 'Fire module' });
    expect(item.customer).toBe(customer.id);
    expect(item.amount).toBe(19000);
    expect(standIn.invoiceItems.at(-1)).toMatchObject({ id: item.id, amount: 19000, currency: 'eur' });
    await expect(stripe.invoiceItems.create({ customer: 'cus_nobody', amount: 100, currency: 'eur' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const url = new URL(standIn.url);
    const wrongKey = new Stripe('sk_test_wrong', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrongKey.customers.create({ name: 'x' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('answers a repeated Idempotency-Key with the first answer: one customer', async () => {
    const count = standIn.customers.length;
    const first = await stripe.customers.create({ name: 'Once AB' }, { idempotencyKey: 'same-key' });
    const second = await stripe.customers.create({ name: 'Once AB' }, { idempotencyKey: 'same-key' });
    expect(second.id).toBe(first.id);
    expect(standIn.customers).toHaveLength(count + 1);
  });
});
