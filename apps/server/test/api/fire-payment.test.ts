// Paying for the fire module (issue 37; F§4, F§6, F§7; docs/payment.md): module_export_status, fire_payment by
// invoice and by card through the Stripe stand-in (the real SDK talks to it), the signed webhook that records a card
// payment once, and gen_fire_reports' 402 for every billing type. Prices are computed here by hand from the table of
// docs/pricing.md, not read from the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { EDRF_SCHEMA, PAYMENT_MESSAGES, type BillingType, type Model } from '@edrf/model';
import { boqModel } from '@edrf/reports/testing';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { startStripeStandIn, type StripeStandIn } from '../peers/stripe.js';
import { CARD_PAYMENT_OFF } from '../../src/routes/fire-payment.js';
import { WEBHOOK_MESSAGES } from '../../src/routes/stripe-webhook.js';

const PUBLIC_URL = 'https://edrf.example.com';
const ADMIN = 'payment-admin@example.com';
const EDITOR = 'payment-editor@example.com';

/** `count` square rooms of `side` metres, as the model lists them (keyed by id). */
function rooms(count: number, side: number) {
  const all: Record<string, { id: string; shape: { exterior: [number, number][]; interiors: [] } }> = {};
  for (let i = 0; i < count; i++) {
    const x = i * (side + 1);
    all[`r${i}`] = {
      id: `r${i}`,
      shape: {
        exterior: [
          [x, 0],
          [x + side, 0],
          [x + side, side],
          [x, side],
        ],
        interiors: [],
      },
    };
  }
  return all;
}

// By hand (docs/pricing.md): 10 rooms of 10 × 10 m = 1,000 m² → 1,000 × 0.30 + 10 × 0.50 = 305.
const SMALL = rooms(10, 10);
const SMALL_PRICE = 305;
// 20 rooms of 10 × 10 m = 2,000 m² → 300 + 1,000 × 0.12 + 20 × 0.50 = 430: 125 more than SMALL.
const GROWN = rooms(20, 10);
const GROWN_PRICE = 430;
// boqModel's three rooms (50 + 50 + 100 m², 1.5 €) are under the minimum: 190.
const BOQ_PRICE = 190;

describe.each(testDatabases())('paying for the fire module (%s)', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: string;
  let editor: string;
  let n = 0;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await startTestApp(kind, {
      env: {
        PUBLIC_URL,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/stripe`;
    admin = await t.cookieFor(ADMIN);
    editor = await t.cookieFor(EDITOR);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** A project of a new organization billed `billing`: ADMIN is its org admin and project admin, EDITOR a standard member and editor. */
  async function project(billing: BillingType) {
    const org = await t.createOrg(`Payer ${++n} AB`, { [ADMIN]: 'admin', [EDITOR]: 'standard' }, { billing_type: billing });
    const p = await t.createProject(org.org_id, `Hus ${n}`, { [ADMIN]: 'admin', [EDITOR]: 'editor' });
    return { org, project: p, exportUrl: `${PUBLIC_URL}/project/${p.project_id}/fire/export` };
  }
  const status = (projectId: string, body: unknown, cookie = admin) =>
    t.call('POST', `/api/v1/project/${projectId}/module_export_status`, { cookie, body });
  const pay = (projectId: string, body: unknown, cookie = admin) =>
    t.call('POST', `/api/v1/project/${projectId}/fire_payment`, { cookie, body });
  const payments = (projectId: string) =>
    t.db.selectFrom('payments').selectAll().where('project_id', '=', projectId).orderBy('created_at').execute();
  /** Follows the hosted page's Pay: the stand-in sends the webhook to the app, then redirects. */
  const payAtStripe = async (redirectUrl: string) => {
    const res = await fetch(new URL('pay', `${redirectUrl}/`).href, { method: 'POST', redirect: 'manual' });
    return res.headers.get('location');
  };
  const sessionOf = (redirectUrl: string) => stripe.sessions.get(redirectUrl.split('/').at(-1)!)!;
  const webhook = (payload: string, headers: Record<string, string>) =>
    t.call('POST', '/webhooks/stripe', { body: payload, headers, schema: false });

  describe('module_export_status', () => {
    it('is the price for the rooms sent while nothing is paid, with their number and area (direct and invoice)', async () => {
      for (const billing of ['direct', 'invoice'] as const) {
        const { project: p } = await project(billing);
        const res = await status(p.project_id, { rooms: SMALL, module: 'fire', pvid: null });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'unpaid', payment_outstanding: SMALL_PRICE, size: { num_rooms: 10, area_sqm: 1000 } });
        // The rooms as a list price the same.
        expect((await status(p.project_id, { rooms: Object.values(SMALL), module: 'fire' })).body.payment_outstanding).toBe(SMALL_PRICE);
      }
    });

    it('owes nothing for an organization billed exempt or prepaid', async () => {
      for (const billing of ['exempt', 'prepaid'] as const) {
        const { project: p } = await project(billing);
        const res = await status(p.project_id, { rooms: GROWN, module: 'fire', pvid: null }, editor);
        expect(res.body).toEqual({ status: billing, payment_outstanding: 0, size: { num_rooms: 20, area_sqm: 2000 } });
      }
    });

    it('refuses another module and rooms without outlines, naming the field', async () => {
      const { project: p } = await project('direct');
      expect((await status(p.project_id, { rooms: SMALL, module: 'elec' })).body.detail).toMatch(/^module: Unknown module/);
      const bad = await status(p.project_id, { rooms: [{ shape: { exterior: [[0, 0]] } }], module: 'fire' });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/^rooms/);
    });
  });

  describe('invoice billing', () => {
    it('records an invoice item on the organization at once: the export unlocks, the history shows it', async () => {
      const { org, project: p, exportUrl } = await project('invoice');
      await t.call('POST', `/api/v1/org/${org.org_id}/billing_info`, {
        cookie: admin,
        body: {
          name: 'Fakturera AB',
          email: 'faktura@example.com',
          address: { line1: '', line2: '', zip: '', city: '', state: '' },
          country: 'SE',
        },
      });
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      const [row] = await payments(p.project_id);
      expect(row).toMatchObject({
        type: 'invoice',
        amount: SMALL_PRICE,
        currency: 'eur',
        module: 'fire',
        num_rooms: 10,
        area_sqm: 1000,
        user_email: ADMIN,
      });
      // At Stripe: the organization's customer, named from its billing information, and the item in cents.
      const customer = stripe.customers.find((c) => c.metadata.org_id === org.org_id)!;
      expect(customer).toMatchObject({ name: 'Fakturera AB', email: 'faktura@example.com' });
      const item = stripe.invoiceItems.find((i) => i.id === row!.stripe_invoice_item_id)!;
      expect(item).toMatchObject({ customer: customer.id, amount: SMALL_PRICE * 100, currency: 'eur' });
      expect(item.metadata).toMatchObject({ project_id: p.project_id, num_rooms: '10', area_sqm: '1000' });
      expect((await status(p.project_id, { rooms: SMALL, module: 'fire' })).body).toMatchObject({ status: 'paid', payment_outstanding: 0 });
      const history = await t.call('GET', `/api/v1/org/${org.org_id}/payment_history`, { cookie: admin });
      expect(history.body.history).toEqual([
        expect.objectContaining({
          project_id: p.project_id,
          module: 'fire',
          amount: SMALL_PRICE,
          currency: 'eur',
          type: 'invoice',
          receipt_url: null,
        }),
      ]);

      // The model grows: the difference is due, and goes on the same customer.
      const grown = await status(p.project_id, { rooms: GROWN, module: 'fire' });
      expect(grown.body).toEqual({
        status: 'grown',
        payment_outstanding: GROWN_PRICE - SMALL_PRICE,
        size: { num_rooms: 20, area_sqm: 2000 },
      });
      expect((await pay(p.project_id, { rooms: GROWN, amount: GROWN_PRICE - SMALL_PRICE, url: exportUrl })).status).toBe(200);
      expect(stripe.customers.filter((c) => c.metadata.org_id === org.org_id)).toHaveLength(1);
      expect(stripe.invoiceItems.filter((i) => i.customer === customer.id).map((i) => i.amount)).toEqual([30500, 12500]);
      expect((await status(p.project_id, { rooms: GROWN, module: 'fire' })).body.payment_outstanding).toBe(0);
    });

    it('refuses an amount that is not what is due, and a second payment of what is paid: nothing changes', async () => {
      const { project: p, exportUrl } = await project('invoice');
      const before = await t.snapshot();
      const wrong = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE - 1, url: exportUrl });
      expect(wrong.status).toBe(409);
      expect(wrong.body.detail).toBe(`The amount due is now €${SMALL_PRICE}: reload the page to pay it`);
      expect(await t.snapshot()).toEqual(before);
      expect((await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })).status).toBe(200);
      const again = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('Nothing is due for this project');
      expect(await payments(p.project_id)).toHaveLength(1);
    });

    it('two confirmations at once record one payment', async () => {
      const { project: p, exportUrl } = await project('invoice');
      const answers = await Promise.all([1, 2, 3].map(() => pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await payments(p.project_id)).toHaveLength(1);
    });

    it('when Stripe refuses the invoice item, nothing is recorded and the user is told', async () => {
      const { project: p, exportUrl } = await project('invoice');
      const before = await t.snapshot();
      stripe.failNext(10);
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      stripe.failNext(0);
      expect(res.status).toBe(502);
      expect(res.body.detail).toBe('The invoice item could not be added: nothing was recorded. Please try again later.');
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('card payment (direct billing) through Stripe Checkout', () => {
    it('creates a session in euros for what is due and answers its page; the webhook of Pay records the payment with its receipt', async () => {
      const { org, project: p, exportUrl } = await project('direct');
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: `${exportUrl}` });
      expect(res.status).toBe(200);
      const redirect = res.body.redirect_url as string;
      expect(redirect).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
      const session = sessionOf(redirect);
      expect(session).toMatchObject({
        amount_total: SMALL_PRICE * 100,
        currency: 'eur',
        success_url: `${exportUrl}?stripe=ok`,
        cancel_url: `${exportUrl}?stripe=cancel`,
        client_reference_id: p.project_id,
        customer_email: ADMIN,
      });
      expect(session.line_items[0]!.name).toBe(`Fire module: ${p.name} (10 rooms, 1000 m²)`);
      // Nothing is paid until Stripe says so.
      expect(await payments(p.project_id)).toEqual([]);
      expect((await status(p.project_id, { rooms: SMALL, module: 'fire' })).body.payment_outstanding).toBe(SMALL_PRICE);

      expect(await payAtStripe(redirect)).toBe(`${exportUrl}?stripe=ok`);
      const delivery = stripe.deliveries.at(-1)!;
      expect(delivery.event.type).toBe('checkout.session.completed');
      expect(delivery.status).toBe(200);
      expect(JSON.parse(delivery.answer)).toEqual({ received: true, outcome: 'recorded' });
      const [row] = await payments(p.project_id);
      expect(row).toMatchObject({
        org_id: org.org_id,
        type: 'card',
        amount: SMALL_PRICE,
        currency: 'eur',
        module: 'fire',
        num_rooms: 10,
        area_sqm: 1000,
        stripe_session_id: session.id,
        user_email: ADMIN,
      });
      expect(row!.receipt_url).toMatch(new RegExp(`^${stripe.url}/receipts/`));
      expect((await status(p.project_id, { rooms: SMALL, module: 'fire' })).body).toMatchObject({ status: 'paid', payment_outstanding: 0 });
      const history = await t.call('GET', `/api/v1/org/${org.org_id}/payment_history`, { cookie: admin });
      expect(history.body.history).toEqual([
        expect.objectContaining({ project_name: p.name, type: 'card', amount: SMALL_PRICE, receipt_url: row!.receipt_url }),
      ]);
    });

    it('a webhook delivered twice, or twice at once, records one payment', async () => {
      const { project: p, exportUrl } = await project('direct');
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      await payAtStripe(res.body.redirect_url);
      const first = stripe.deliveries.at(-1)!;
      const again = await stripe.redeliver(first.event);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.answer).outcome).toBe('duplicate');
      const both = await Promise.all([stripe.redeliver(first.event), stripe.redeliver(first.event)]);
      expect(both.map((d) => d.status)).toEqual([200, 200]);
      expect(await payments(p.project_id)).toHaveLength(1);
    });

    it('a model grown since the payment owes the difference, paid by a second session', async () => {
      const { project: p, exportUrl } = await project('direct');
      await payAtStripe((await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })).body.redirect_url);
      const grown = await status(p.project_id, { rooms: GROWN, module: 'fire', pvid: null });
      expect(grown.body).toEqual({
        status: 'grown',
        payment_outstanding: GROWN_PRICE - SMALL_PRICE,
        size: { num_rooms: 20, area_sqm: 2000 },
      });
      // Paying the whole price again is refused: only the difference is due.
      expect((await pay(p.project_id, { rooms: GROWN, amount: GROWN_PRICE, url: exportUrl })).status).toBe(409);
      const second = await pay(p.project_id, { rooms: GROWN, amount: GROWN_PRICE - SMALL_PRICE, url: exportUrl });
      expect(sessionOf(second.body.redirect_url).amount_total).toBe((GROWN_PRICE - SMALL_PRICE) * 100);
      await payAtStripe(second.body.redirect_url);
      expect((await payments(p.project_id)).map((row) => [row.amount, row.num_rooms])).toEqual([
        [SMALL_PRICE, 10],
        [GROWN_PRICE - SMALL_PRICE, 20],
      ]);
      expect((await status(p.project_id, { rooms: GROWN, module: 'fire' })).body.payment_outstanding).toBe(0);
      // Back to the smaller model: nothing is due, nothing is given back.
      expect((await status(p.project_id, { rooms: SMALL, module: 'fire' })).body).toMatchObject({ status: 'paid', payment_outstanding: 0 });
    });

    it('a cancelled checkout goes back with stripe=cancel and records nothing', async () => {
      const { project: p, exportUrl } = await project('direct');
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      const sent = stripe.deliveries.length;
      const back = await fetch(new URL('cancel', `${res.body.redirect_url}/`).href, { method: 'POST', redirect: 'manual' });
      expect(back.headers.get('location')).toBe(`${exportUrl}?stripe=cancel`);
      expect(stripe.deliveries).toHaveLength(sent);
      expect(await payments(p.project_id)).toEqual([]);
    });

    it('a delayed method is recorded when async_payment_succeeded comes; a failed or expired session records nothing', async () => {
      const { project: p, exportUrl } = await project('direct');
      const later = sessionOf((await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })).body.redirect_url);
      await stripe.payLater(later.id);
      expect(JSON.parse(stripe.deliveries.at(-1)!.answer).outcome).toBe('not paid yet');
      expect(await payments(p.project_id)).toEqual([]);
      const failed = await stripe.settle(later.id, false);
      expect(JSON.parse(failed.answer).outcome).toBe('not recorded');
      const expired = sessionOf((await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })).body.redirect_url);
      expect(JSON.parse((await stripe.expire(expired.id)).answer).outcome).toBe('not recorded');
      expect(await payments(p.project_id)).toEqual([]);

      const paidLater = sessionOf((await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl })).body.redirect_url);
      await stripe.payLater(paidLater.id);
      const succeeded = await stripe.settle(paidLater.id, true);
      expect(succeeded.event.type).toBe('checkout.session.async_payment_succeeded');
      expect(JSON.parse(succeeded.answer).outcome).toBe('recorded');
      expect((await payments(p.project_id)).map((row) => row.stripe_session_id)).toEqual([paidLater.id]);
    });

    it('the return page must be a page of this project on this site', async () => {
      const { project: p, exportUrl } = await project('direct');
      const other = await project('direct');
      for (const url of ['https://evil.example.com/project/x/fire/export', other.exportUrl, 'not a url', '/project/x/fire/export']) {
        const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url });
        expect(res.status, url).toBe(400);
        expect(res.body.detail).toBe("url: expected this project's page on this site");
      }
      // The query the page had is dropped: the provider appends stripe=….
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: `${exportUrl}?stripe=cancel#x` });
      expect(sessionOf(res.body.redirect_url).success_url).toBe(`${exportUrl}?stripe=ok`);
    });

    it('exempt and prepaid organizations have nothing to pay', async () => {
      for (const billing of ['exempt', 'prepaid'] as const) {
        const { project: p, exportUrl } = await project(billing);
        const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
        expect(res.status).toBe(409);
        expect(res.body.detail).toBe('Nothing is due for this project');
      }
    });

    it('only an admin of the organization may pay: F§6 text for the others, nothing created at Stripe', async () => {
      const { org, project: p, exportUrl } = await project('direct');
      const sessions = stripe.sessions.size;
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl }, editor);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(PAYMENT_MESSAGES.notAuthorized(org.name));
      expect(res.body.detail).toBe(
        `You are not authorized to pay for this project. Please contact an administrator for the project organization ${org.name}.`,
      );
      expect(stripe.sessions.size).toBe(sessions);
    });
  });

  describe('the webhook refuses what Stripe did not sign', () => {
    /** A paid session's completed event, as the stand-in would send it, and the payload's fresh signature. */
    async function paidEvent() {
      const { project: p, exportUrl } = await project('direct');
      const res = await pay(p.project_id, { rooms: SMALL, amount: SMALL_PRICE, url: exportUrl });
      const id = sessionOf(res.body.redirect_url).id;
      const url = stripe.webhookUrl;
      stripe.webhookUrl = undefined;
      await stripe.pay(id);
      stripe.webhookUrl = url;
      const { payload } = stripe.deliveries.at(-1)!;
      return { projectId: p.project_id, payload };
    }

    beforeEach(() => {
      // Each test may move the app's clock; it starts at the real time.
      t.clock.advance((Date.now() - t.clock.now().getTime()) / 60_000);
    });

    it('a missing, tampered, stale or foreign signature: 400 and nothing recorded; the genuine one then records', async () => {
      const { projectId, payload } = await paidEvent();
      const before = await t.snapshot();
      const tampered = payload.replace(/"amount_total": \d+/, '"amount_total": 100');
      expect(tampered).not.toBe(payload);
      const cases: [string, string, Record<string, string>, string][] = [
        ['missing', payload, {}, WEBHOOK_MESSAGES.noSignature],
        ['tampered', tampered, { 'stripe-signature': stripe.sign(payload) }, WEBHOOK_MESSAGES.badSignature],
        [
          'stale (10 minutes old)',
          payload,
          { 'stripe-signature': stripe.sign(payload, Math.floor(Date.now() / 1000) - 600) },
          WEBHOOK_MESSAGES.badSignature,
        ],
        [
          'another secret',
          payload,
          { 'stripe-signature': stripe.sign(payload, undefined, 'whsec_not_ours') },
          WEBHOOK_MESSAGES.badSignature,
        ],
        ['no v1 signature', payload, { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)}` }, WEBHOOK_MESSAGES.badSignature],
      ];
      for (const [what, body, headers, detail] of cases) {
        const res = await webhook(body, headers);
        expect(res.status, what).toBe(400);
        expect(res.body.detail, what).toBe(detail);
      }
      expect(await t.snapshot()).toEqual(before);
      const genuine = await webhook(payload, { 'stripe-signature': stripe.sign(payload) });
      expect(genuine.status).toBe(200);
      expect(await payments(projectId)).toHaveLength(1);
    });

    it("a signature older than Stripe's 300 s tolerance by the server's clock is stale", async () => {
      const { projectId, payload } = await paidEvent();
      const signature = stripe.sign(payload);
      t.clock.advance(6);
      expect((await webhook(payload, { 'stripe-signature': signature })).status).toBe(400);
      t.clock.advance(-6);
      expect((await webhook(payload, { 'stripe-signature': signature })).status).toBe(200);
      expect(await payments(projectId)).toHaveLength(1);
    });

    it('a paid session edrf did not make (no metadata) is answered and not recorded', async () => {
      const before = await t.snapshot();
      const session = await fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'mode=payment&success_url=https://shop.example.com/ok&cancel_url=https://shop.example.com/no&line_items[0][quantity]=1&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=990&line_items[0][price_data][product_data][name]=Mug',
      }).then((r) => r.json() as Promise<{ id: string }>);
      await stripe.pay(session.id);
      expect(JSON.parse(stripe.deliveries.at(-1)!.answer)).toEqual({ received: true, outcome: 'ignored' });
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('gen_fire_reports refuses a project that owes for the fire module (402)', () => {
    const MODEL = boqModel('Sbf1108');
    /** boqModel with a hall of 40 × 20 m more on its second storey: 1,000 m² → 300 + 2 = 302 (4 rooms). */
    function biggerModel(): Model {
      const model = structuredClone(MODEL);
      const hall = structuredClone(model.arch.rooms.C!);
      hall.id = 'D';
      hall.shape.exterior = [
        [0, 10],
        [40, 10],
        [40, 30],
        [0, 30],
      ];
      model.arch.rooms.D = hall;
      model.arch.storeys.P2!.rooms.push('D');
      return model;
    }
    const BIGGER_PRICE = 302;
    const generate = (projectId: string, model: Model = MODEL, cookie = editor) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/project/${projectId}/gen_fire_reports`,
        headers: { cookie, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA) },
        payload: JSON.stringify({
          model,
          date: '2026-03-14',
          document_status: 'Bygghandling',
          regulation: 'Sbf1108',
          xlsx_reports: ['SbfBillOfQuantities'],
        }),
      });
    const refused = (res: Awaited<ReturnType<typeof generate>>) => ({ status: res.statusCode, body: res.json<unknown>() });

    it('direct: 402 until the card payment is in, then the file; a grown model is refused again', async () => {
      const { project: p, exportUrl } = await project('direct');
      expect((await status(p.project_id, { rooms: MODEL.arch.rooms, module: 'fire' })).body.payment_outstanding).toBe(BOQ_PRICE);
      const before = await t.snapshot();
      expect(refused(await generate(p.project_id))).toEqual({ status: 402, body: { detail: PAYMENT_MESSAGES.paymentNeeded } });
      expect(PAYMENT_MESSAGES.paymentNeeded).toBe('Payment needed to unlock exports');
      expect(await t.snapshot()).toEqual(before);
      await payAtStripe((await pay(p.project_id, { rooms: MODEL.arch.rooms, amount: BOQ_PRICE, url: exportUrl })).body.redirect_url);
      const ok = await generate(p.project_id);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-disposition']).toContain(
        `${p.name}-Mängdförteckning.xlsx`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      );
      expect(refused(await generate(p.project_id, biggerModel()))).toEqual({
        status: 402,
        body: { detail: PAYMENT_MESSAGES.paymentNeeded },
      });
      expect((await status(p.project_id, { rooms: biggerModel().arch.rooms, module: 'fire' })).body.payment_outstanding).toBe(
        BIGGER_PRICE - BOQ_PRICE,
      );
    });

    it('invoice: 402 until the invoice item is recorded', async () => {
      const { project: p, exportUrl } = await project('invoice');
      expect(refused(await generate(p.project_id))).toEqual({ status: 402, body: { detail: PAYMENT_MESSAGES.paymentNeeded } });
      expect((await pay(p.project_id, { rooms: MODEL.arch.rooms, amount: BOQ_PRICE, url: exportUrl })).status).toBe(200);
      expect((await generate(p.project_id)).statusCode).toBe(200);
    });

    it('exempt and prepaid: the file, with nothing paid', async () => {
      for (const billing of ['exempt', 'prepaid'] as const) {
        const { project: p } = await project(billing);
        expect((await generate(p.project_id, biggerModel())).statusCode, billing).toBe(200);
        expect(await payments(p.project_id)).toEqual([]);
      }
    });

    it('a body that is not a model is still refused for what it is (400), not for payment', async () => {
      const { project: p } = await project('direct');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/project/${p.project_id}/gen_fire_reports`,
        headers: { cookie: editor, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA) },
        payload: '{"model": 1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Malformed JSON/);
    });
  });

  describe('without Stripe configured', () => {
    let plain: TestApp;
    beforeAll(async () => {
      plain = await startTestApp(kind, { env: { PUBLIC_URL } });
    });
    afterAll(() => plain?.close());

    it('card payment answers a clear error; invoice works as usual, with no Stripe call; the webhook is off', async () => {
      const cookie = await plain.cookieFor(ADMIN);
      const calls = stripe.requests.length;
      const direct = await plain.createOrg('Plain Direct AB', { [ADMIN]: 'admin' }, { billing_type: 'direct' });
      const dp = await plain.createProject(direct.org_id, 'Direkt', { [ADMIN]: 'admin' });
      const card = await plain.call('POST', `/api/v1/project/${dp.project_id}/fire_payment`, {
        cookie,
        body: { rooms: SMALL, amount: SMALL_PRICE, url: `${PUBLIC_URL}/project/${dp.project_id}/fire/export` },
      });
      expect(card.status).toBe(503);
      expect(card.body.detail).toBe(CARD_PAYMENT_OFF);

      const invoice = await plain.createOrg('Plain Invoice AB', { [ADMIN]: 'admin' }, { billing_type: 'invoice' });
      const ip = await plain.createProject(invoice.org_id, 'Faktura', { [ADMIN]: 'admin' });
      const paid = await plain.call('POST', `/api/v1/project/${ip.project_id}/fire_payment`, {
        cookie,
        body: { rooms: SMALL, amount: SMALL_PRICE, url: `${PUBLIC_URL}/project/${ip.project_id}/fire/export` },
      });
      expect(paid.status).toBe(200);
      const rows = await plain.db.selectFrom('payments').selectAll().where('project_id', '=', ip.project_id).execute();
      expect(rows).toEqual([expect.objectContaining({ type: 'invoice', amount: SMALL_PRICE, stripe_invoice_item_id: null })]);
      expect(stripe.requests).toHaveLength(calls);

      const hook = await plain.call('POST', '/webhooks/stripe', {
        body: '{}',
        headers: { 'stripe-signature': 't=1,v1=00' },
        schema: false,
      });
      expect(hook.status).toBe(503);
      expect(hook.body.detail).toBe(WEBHOOK_MESSAGES.off);
    });
  });
});
