// Every role on every call of the payment (issue 37; F§6, docs/payment.md): module_export_status and gen_fire_reports
// are the project's members', fire_payment is theirs only with the organization's admin role, the webhook is nobody's
// session but Stripe's signature. A refused call changes nothing; the project does not exist for anyone without a
// role in it.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA, PAYMENT_MESSAGES } from '@edrf/model';
import { boqModel } from '@edrf/reports/testing';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';
import { startStripeStandIn, type StripeStandIn } from '../peers/stripe.js';

const PUBLIC_URL = 'https://edrf.example.com';
const PAYER = 'roles-payer@example.com';
const ORG_STANDARD_EDITOR = 'roles-editor@example.com';
const ORG_STANDARD_PROJECT_ADMIN = 'roles-project-admin@example.com';
const ORG_ADMIN_NOT_IN_PROJECT = 'roles-org-admin@example.com';
const NO_ROLE = 'roles-nobody@example.com';
const ELSEWHERE = 'roles-elsewhere@example.com';

const CALLERS = [
  'anonymous',
  NO_ROLE,
  ORG_STANDARD_EDITOR,
  ORG_STANDARD_PROJECT_ADMIN,
  ORG_ADMIN_NOT_IN_PROJECT,
  PAYER,
  ADMIN_EMAIL,
  ELSEWHERE,
] as const;
type Caller = (typeof CALLERS)[number];
const MEMBERS: Caller[] = [ORG_STANDARD_EDITOR, ORG_STANDARD_PROJECT_ADMIN, PAYER, ADMIN_EMAIL];

const MODEL = boqModel('Sbf1108');
// boqModel's rooms are under the minimum price (docs/pricing.md): 190.
const PRICE = 190;

describe.each(testDatabases())('payment calls by every role (%s)', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  const cookies = new Map<Caller, string | undefined>();
  let projectId = '';
  let orgName = '';

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await startTestApp(kind, {
      env: { PUBLIC_URL, STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/stripe`;
    const org = await t.createOrg('Roller AB', {
      [PAYER]: 'admin',
      [ORG_ADMIN_NOT_IN_PROJECT]: 'admin',
      [ORG_STANDARD_EDITOR]: 'standard',
      [ORG_STANDARD_PROJECT_ADMIN]: 'standard',
    });
    orgName = org.name;
    projectId = (
      await t.createProject(org.org_id, 'Rollhuset', {
        [PAYER]: 'admin',
        [ORG_STANDARD_PROJECT_ADMIN]: 'admin',
        [ORG_STANDARD_EDITOR]: 'editor',
      })
    ).project_id;
    const other = await t.createOrg('Annan AB', { [ELSEWHERE]: 'admin' });
    await t.createProject(other.org_id, 'Annat hus', { [ELSEWHERE]: 'admin' });
    await t.ensureUser(NO_ROLE);
    for (const caller of CALLERS) cookies.set(caller, caller === 'anonymous' ? undefined : await t.cookieFor(caller));
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const exportUrl = () => `${PUBLIC_URL}/project/${projectId}/fire/export`;
  const send = async (caller: Caller, url: string, body: unknown) => {
    const cookie = cookies.get(caller);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA), ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      detail: String(res.headers['content-type'] ?? '').includes('json') ? res.json<{ detail?: string }>().detail : undefined,
    };
  };
  const calls = {
    status: (caller: Caller) =>
      send(caller, `/api/v1/project/${projectId}/module_export_status`, { rooms: MODEL.arch.rooms, module: 'fire', pvid: null }),
    pay: (caller: Caller) =>
      send(caller, `/api/v1/project/${projectId}/fire_payment`, { rooms: MODEL.arch.rooms, amount: PRICE, url: exportUrl() }),
    generate: (caller: Caller) =>
      send(caller, `/api/v1/project/${projectId}/gen_fire_reports`, {
        model: MODEL,
        date: '2026-03-14',
        regulation: 'Sbf1108',
        xlsx_reports: ['SbfBillOfQuantities'],
      }),
  };

  /** Who gets what before the payment: [status, detail] per call; undefined detail: not checked (a 200). */
  function expected(caller: Caller, call: keyof typeof calls): [number, string | undefined] {
    if (caller === 'anonymous') return [401, 'Unauthenticated'];
    if (!MEMBERS.includes(caller)) return [404, 'Project not found'];
    if (call === 'status') return [200, undefined];
    if (call === 'generate') return [402, PAYMENT_MESSAGES.paymentNeeded];
    return caller === PAYER ? [200, undefined] : [403, PAYMENT_MESSAGES.notAuthorized(orgName)];
  }

  it('before the payment: status for members, payment for the organization admin among them, 402 for every member who exports', async () => {
    const problems: string[] = [];
    for (const call of ['status', 'generate', 'pay'] as const)
      for (const caller of CALLERS) {
        const [status, detail] = expected(caller, call);
        const before = status === 200 ? undefined : await t.snapshot();
        const sessions = stripe.sessions.size;
        const res = await calls[call](caller);
        if (res.status !== status || (detail !== undefined && res.detail !== detail))
          problems.push(`${call} by ${caller}: ${res.status} ${res.detail ?? ''}, expected ${status} ${detail ?? ''}`);
        if (before && JSON.stringify(await t.snapshot()) !== JSON.stringify(before))
          problems.push(`${call} by ${caller}: the refusal changed the database`);
        if (status !== 200 && stripe.sessions.size !== sessions) problems.push(`${call} by ${caller}: a Checkout session was made`);
      }
    expect(problems).toEqual([]);
  });

  it('the webhook reads no session: anyone unsigned is refused, Stripe signed is heard, whoever the cookie', async () => {
    const res = await send(PAYER, `/api/v1/project/${projectId}/fire_payment`, {
      rooms: MODEL.arch.rooms,
      amount: PRICE,
      url: exportUrl(),
    });
    expect(res.status).toBe(200);
    const session = [...stripe.sessions.values()].at(-1)!;
    const url = stripe.webhookUrl;
    stripe.webhookUrl = undefined;
    await stripe.pay(session.id);
    stripe.webhookUrl = url;
    const { payload } = stripe.deliveries.at(-1)!;
    for (const caller of CALLERS) {
      const cookie = cookies.get(caller);
      const unsigned = await t.call('POST', '/webhooks/stripe', { body: payload, cookie, schema: false });
      expect(unsigned.status, caller).toBe(400);
    }
    const signed = await t.call('POST', '/webhooks/stripe', {
      body: payload,
      headers: { 'stripe-signature': stripe.sign(payload) },
      schema: false,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.outcome).toBe('recorded');
  });

  it('after the payment: every member exports; nobody else does; nothing more is due, so nobody pays', async () => {
    const problems: string[] = [];
    for (const caller of CALLERS) {
      // Members may export now; the others get what they got for the status (401 or 404).
      const [wantGenerate] = expected(caller, 'status');
      const generated = await calls.generate(caller);
      if (generated.status !== wantGenerate) problems.push(`generate by ${caller}: ${generated.status} ${generated.detail ?? ''}`);
      const paid = await calls.pay(caller);
      const wantPay = expected(caller, 'pay');
      // The payer (the one who may pay) is told that nothing is due.
      const want: [number, string | undefined] = caller === PAYER ? [409, 'Nothing is due for this project'] : wantPay;
      if (paid.status !== want[0] || (want[1] !== undefined && paid.detail !== want[1]))
        problems.push(`pay by ${caller}: ${paid.status} ${paid.detail ?? ''}, expected ${want.join(' ')}`);
    }
    expect(problems).toEqual([]);
  });
});
