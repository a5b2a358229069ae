// A stand-in of the Stripe API on 127.0.0.1 that the real `stripe` SDK talks to (STRIPE_API_URL), for API tests and
// e2e (fire-next.md §6: the official stripe-mock is a Go binary, the Stripe CLI needs the internet). It speaks the
// REST calls edrf makes — POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} with
// expand[]=payment_intent.latest_charge, POST /v1/customers, POST /v1/invoiceitems — with Stripe's form-encoded
// bodies, Bearer key, Idempotency-Key and error shape, and serves a hosted checkout page: Pay completes the session,
// sends checkout.session.completed to the webhook URL signed as Stripe signs (Stripe-Signature t=…,v1=HMAC-SHA256 of
// `${t}.${body}` with the endpoint's secret), then redirects to success_url; Cancel redirects to cancel_url.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  success_url: string;
  cancel_url: string;
  url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  /** The line items as sent (their product names show on the hosted page). */
  line_items: { name: string; unit_amount: number; quantity: number }[];
  payment_intent: string | null;
  created: number;
  livemode: false;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  paid: boolean;
  status: 'succeeded';
  receipt_url: string;
  payment_intent: string;
  created: number;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  latest_charge: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StandInInvoiceItem {
  id: string;
  object: 'invoiceitem';
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  date: number;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StandInSession };
}

/** One POST of an event to the webhook URL, with the app's answer. */
export interface Delivery {
  event: StripeEvent;
  payload: string;
  signature: string;
  status: number;
  answer: string;
}

/** An API request the SDK made: method, path and the decoded form body, for tests to read. */
export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

export interface StripeStandIn {
  /** The API base for STRIPE_API_URL: http://127.0.0.1:PORT. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events go ({PUBLIC_URL}/webhooks/stripe); set it once the app listens. Unset: events are kept, not sent. */
  webhookUrl: string | undefined;
  /**
   * 0 (the default): the hosted page's Pay sends the webhook, then redirects. Above 0: it redirects at once and sends
   * the webhook this many ms later, as Stripe's may reach the app after the payer does.
   */
  webhookDelayMs: number;
  sessions: Map<string, StandInSession>;
  customers: StandInCustomer[];
  invoiceItems: StandInInvoiceItem[];
  deliveries: Delivery[];
  requests: StandInRequest[];
  /** Pays a session as the hosted page's Pay does (the webhook is sent first); answers the URL the browser goes to. */
  pay(sessionId: string): Promise<string>;
  /** A delayed method (SEPA debit): completed unpaid now, settle() later. */
  payLater(sessionId: string): Promise<string>;
  /** The delayed payment succeeds (async_payment_succeeded) or fails (async_payment_failed). */
  settle(sessionId: string, succeeded: boolean): Promise<Delivery>;
  /** The session expires unpaid (checkout.session.expired). */
  expire(sessionId: string): Promise<Delivery>;
  /** Sends an event again, newly signed, as Stripe retries a delivery. */
  redeliver(event: StripeEvent): Promise<Delivery>;
  /** Stripe's signature header for a payload at a time (seconds). */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** Makes the next `count` API calls answer 500 (an outage), to see what the app does. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  webhookDelayMs?: number;
}

/** The API version the SDK pins (stripe 23.1.0); events carry it as Stripe's do. */
const API_VERSION = '2026-10-28.endive';

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's signature: t=…,v1=hex(HMAC-SHA256(secret, `${t}.${payload}`)). */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * A form body or query as Stripe reads it: `a[b][0][c]=x` is {a: {b: [{c: 'x'}]}}; `a[]=x` appends to a list.
 * Values stay strings, as Stripe receives them.
 */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = [key.replace(/\[.*$/, ''), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (what: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', 'id');
const invalid = (param: string, message: string) => new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);

/** A form value as Stripe reads a string parameter: anything else (a nested object) is no value. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(value)).map(([k, v]) => [k, String(v)]));
function integer(value: unknown, param: string): number {
  const n = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw invalid(param, `Invalid integer: ${String(value)}`);
  return n;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, StandInCharge>();
  const customers: StandInCustomer[] = [];
  const invoiceItems: StandInInvoiceItem[] = [];
  const deliveries: Delivery[] = [];
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let base = '';

  function createSession(body: Record<string, unknown>): StandInSession {
    if (body.mode !== 'payment') throw invalid('mode', 'Only mode=payment is supported by this stand-in');
    const successUrl = text(body.success_url);
    const cancelUrl = text(body.cancel_url);
    for (const [param, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const)
      if (!URL.canParse(url)) throw invalid(param, `Not a valid URL: ${url}`);
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) throw invalid('line_items', 'line_items is required in payment mode');
    let currency = '';
    const lineItems = items.map((raw, i) => {
      const item = asRecord(raw);
      const price = asRecord(item.price_data);
      const itemCurrency = text(price.currency);
      if (!/^[a-z]{3}$/.test(itemCurrency)) throw invalid(`line_items[${i}][price_data][currency]`, 'Invalid currency');
      if (currency && currency !== itemCurrency) throw invalid('line_items', 'All line items must have the same currency');
      currency = itemCurrency;
      const unitAmount = integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      const name = text(asRecord(price.product_data).name);
      if (!name) throw invalid(`line_items[${i}][price_data][product_data][name]`, 'Missing required param: name');
      return { name, unit_amount: unitAmount, quantity: integer(item.quantity ?? '1', `line_items[${i}][quantity]`) };
    });
    const total = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    // Stripe's minimum charge in euros is €0.50.
    if (total < 50) throw invalid('line_items', 'The Checkout Session total amount due must add up to at least €0.50');
    const id = randomId('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      amount_total: total,
      amount_subtotal: total,
      currency,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${base}/pay/${id}`,
      client_reference_id: optionalText(body.client_reference_id),
      customer_email: optionalText(body.customer_email),
      metadata: asStrings(body.metadata),
      line_items: lineItems,
      payment_intent: null,
      created: now(),
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  /** The session as the API answers it, its payment intent (and that intent's charge) expanded when asked. */
  function sessionView(session: StandInSession, expand: string[]): Record<string, unknown> {
    const view: Partial<StandInSession> = { ...session };
    delete view.line_items;
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (intent && expand.some((path) => path === 'payment_intent' || path.startsWith('payment_intent.'))) {
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      const latest = charge && expand.includes('payment_intent.latest_charge') ? charge : intent.latest_charge;
      return { ...view, payment_intent: { ...intent, latest_charge: latest } };
    }
    return view;
  }

  function api(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: sessionView(createSession(body), []) };
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session) throw missing('checkout.session', match[1]!);
      const expand = Array.isArray(body.expand) ? body.expand.map(String) : [];
      return { status: 200, body: sessionView(session, expand) };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StandInCustomer = {
        id: randomId('cus'),
        object: 'customer',
        name: optionalText(body.name),
        email: optionalText(body.email),
        metadata: asStrings(body.metadata),
        created: now(),
      };
      customers.push(customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const customer = text(body.customer);
      if (!customer) throw invalid('customer', 'Missing required param: customer');
      if (!customers.some((c) => c.id === customer)) throw missing('customer', customer);
      const currency = text(body.currency);
      if (!/^[a-z]{3}$/.test(currency)) throw invalid('currency', 'Invalid currency');
      const item: StandInInvoiceItem = {
        id: randomId('ii'),
        object: 'invoiceitem',
        customer,
        amount: integer(body.amount, 'amount'),
        currency,
        description: optionalText(body.description),
        metadata: asStrings(body.metadata),
        date: now(),
      };
      invoiceItems.push(item);
      return { status: 200, body: item };
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const sign = (payload: string, timestamp?: number, secret = webhookSecret) => stripeSignature(payload, secret, timestamp);

  async function deliver(event: StripeEvent): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = sign(payload);
    const delivery: Delivery = { event, payload, signature, status: 0, answer: '' };
    deliveries.push(delivery);
    if (!stripeStandIn.webhookUrl) return delivery;
    try {
      const res = await fetch(stripeStandIn.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      delivery.status = res.status;
      delivery.answer = await res.text();
    } catch (error) {
      delivery.answer = String(error);
    }
    return delivery;
  }

  const event = (type: string, session: StandInSession): StripeEvent => ({
    id: randomId('evt'),
    object: 'event',
    type,
    api_version: API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(session) },
  });

  function openSession(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`No checkout session ${id}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}`);
    return session;
  }

  /** The payment intent of a session, and its charge once the money is in. */
  function charge(session: StandInSession, settled: boolean): void {
    const intent: StandInPaymentIntent = {
      id: session.payment_intent ?? randomId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: settled ? 'succeeded' : 'processing',
      latest_charge: null,
      metadata: session.metadata,
      created: now(),
    };
    if (settled) {
      const ch: StandInCharge = {
        id: randomId('ch'),
        object: 'charge',
        amount: session.amount_total,
        currency: session.currency,
        paid: true,
        status: 'succeeded',
        receipt_url: `${base}/receipts/${randomId('rcpt')}`,
        payment_intent: intent.id,
        created: now(),
      };
      charges.set(ch.id, ch);
      intent.latest_charge = ch.id;
    }
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
  }

  async function complete(id: string, settled: boolean): Promise<string> {
    const session = openSession(id);
    charge(session, settled);
    session.status = 'complete';
    session.payment_status = settled ? 'paid' : 'unpaid';
    session.url = null;
    // As Stripe does: the event goes out as the payer is sent back (the page may get there first; it polls).
    const completed = event('checkout.session.completed', session);
    if (stripeStandIn.webhookDelayMs > 0) setTimeout(() => void deliver(completed), stripeStandIn.webhookDelayMs);
    else await deliver(completed);
    return session.success_url;
  }

  function checkoutPage(session: StandInSession): string {
    const amount = (session.amount_total / 100).toFixed(2);
    const items = session.line_items.map((item) => `<li>${escapeHtml(item.name)}</li>`).join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title>
<style>body{font:16px system-ui,sans-serif;background:#f6f9fc;margin:0}main{max-width:26rem;margin:4rem auto;background:#fff;
border-radius:8px;padding:2rem;box-shadow:0 2px 8px #0002}h1{font-size:1.2rem}.amount{font-size:2rem;margin:.5rem 0}
button{font:inherit;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #635bff;cursor:pointer}
.pay{background:#635bff;color:#fff}.cancel{background:#fff;color:#635bff}</style></head>
<body><main><h1>Stripe test checkout</h1><p class="amount">${session.currency.toUpperCase()} ${amount}</p><ul>${items}</ul>
<form method="post" action="/pay/${session.id}/pay" style="display:inline"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel" style="display:inline"><button class="cancel" type="submit">Cancel</button></form>
</main></body></html>`;
  }

  async function hosted(method: string, path: string): Promise<{ status: number; type?: string; body?: string; location?: string }> {
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/pay\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session) return { status: 404, type: 'text/plain', body: 'No such checkout session' };
      if (session.status !== 'open') return { status: 410, type: 'text/plain', body: `This checkout session is ${session.status}` };
      return { status: 200, type: 'text/html; charset=utf-8', body: checkoutPage(session) };
    }
    if (method === 'POST' && (match = /^\/pay\/([^/]+)\/(pay|cancel)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session || session.status !== 'open') return { status: 410, type: 'text/plain', body: 'This checkout session is not open' };
      return { status: 303, location: match[2] === 'pay' ? await complete(session.id, true) : session.cancel_url };
    }
    if (method === 'GET' && /^\/receipts\/[^/]+$/.test(path))
      return { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Receipt</title><p>Test receipt</p>' };
    return { status: 404, type: 'text/plain', body: 'Not found' };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const method = req.method ?? 'GET';
        if (!url.pathname.startsWith('/v1/')) {
          const page = await hosted(method, url.pathname);
          res.writeHead(page.status, {
            ...(page.type ? { 'content-type': page.type } : {}),
            ...(page.location ? { location: page.location } : {}),
          });
          res.end(page.body ?? '');
          return;
        }
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
          res.end(JSON.stringify(body));
        };
        const text = Buffer.concat(chunks).toString('utf8');
        const body = decodeForm(method === 'GET' ? url.search.slice(1) : text);
        const key = req.headers['idempotency-key'] as string | undefined;
        requests.push({
          method,
          path: url.pathname,
          body,
          idempotencyKey: key,
          stripeVersion: req.headers['stripe-version'] as string | undefined,
        });
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
          return;
        }
        if (failures > 0) {
          failures--;
          send(500, { error: { type: 'api_error', message: 'The stand-in is down (failNext)' } });
          return;
        }
        const cacheKey = key && method === 'POST' ? `${url.pathname} ${key}` : undefined;
        const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
        if (cached) {
          send(cached.status, cached.body);
          return;
        }
        let answer: { status: number; body: unknown };
        try {
          answer = api(method, url.pathname, body);
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          answer = {
            status: error.status,
            body: { error: { type: error.type, message: error.message, code: error.code, param: error.param } },
          };
        }
        if (cacheKey) idempotent.set(cacheKey, answer);
        send(answer.status, answer.body);
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stripeStandIn: StripeStandIn = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: opts.webhookUrl,
    webhookDelayMs: opts.webhookDelayMs ?? 0,
    sessions,
    customers,
    invoiceItems,
    deliveries,
    requests,
    pay: (id) => complete(id, true),
    payLater: (id) => complete(id, false),
    async settle(id, succeeded) {
      const session = sessions.get(id);
      if (!session || session.status !== 'complete' || session.payment_status !== 'unpaid') throw new Error(`${id} awaits no payment`);
      if (succeeded) {
        charge(session, true);
        session.payment_status = 'paid';
      }
      return deliver(event(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session));
    },
    async expire(id) {
      const session = openSession(id);
      session.status = 'expired';
      session.url = null;
      return deliver(event('checkout.session.expired', session));
    },
    redeliver: (e) => deliver(e),
    sign,
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return stripeStandIn;
}
