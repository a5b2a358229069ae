// Two server processes as one app (issue 38, "Several processes as one"; docs/operations.md "Several processes"): two
// real child processes of apps/server/src/main.ts on one PostgreSQL database, one S3 bucket (s3rver), one SMTP peer and
// one Stripe stand-in; the test alternates its requests between them, as a load balancer without sticky sessions does.
// PostgreSQL only: two processes cannot share one PGlite directory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA } from '@edrf/model';
import { connectDatabase } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import type { SmtpPeer } from '../peers/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../peers/stripe.js';
import { ADMIN_EMAIL, passcodeIn } from '../support/harness.js';
import { seeder } from '../support/seed.js';
import { paidRooms } from '../support/shapes.js';
import { startSharedBacking, type SharedBacking } from '../support/shared-backing.js';
import { miniIfc } from '../support/mini-ifc.js';
import { uploadOverSocket } from '../support/upload-socket.js';
import { callServer, startServer, stopServer, type Answer, type ServerProcess } from '../support/server-process.js';

const SERVER_URL = process.env.DATABASE_URL;
if (!SERVER_URL) console.log('two-processes.test.ts: skipped, it needs PostgreSQL (DATABASE_URL); two processes cannot share PGlite.');

const BUCKET = 'edrf-shared';
const DESIGNER = 'designer@example.com';
const INVALID = { detail: 'Invalid passcode, please try again' };
const TOO_MANY_WRONG = { detail: 'Too many wrong passcodes, please request a new one' };
const EXPIRED = { detail: 'Passcode expired, please request a new one' };
/** The one address users reach both processes at, through the load balancer. */
const PUBLIC_URL = 'https://edrf.example.com';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Json = any;

type Server = ServerProcess;
const call = callServer;

const upload = (server: Server, projectId: string, cookie: string, filename: string, bytes: Buffer): Promise<Json> =>
  uploadOverSocket(server.base.replace('http', 'ws'), projectId, cookie, filename, bytes);

describe.skipIf(!SERVER_URL)('two server processes on one PostgreSQL and one bucket', () => {
  let backing: SharedBacking | undefined;
  let db: Kysely<Database>;
  let closeDb: (() => Promise<void>) | undefined;
  let smtp: SmtpPeer;
  let stripe: StripeStandIn;
  let a: Server;
  let b: Server;
  let admin: string;
  let orgId: string;
  let n = 0;

  beforeAll(async () => {
    [backing, stripe] = await Promise.all([startSharedBacking(SERVER_URL!, { bucket: BUCKET }), startStripeStandIn()]);
    smtp = backing.smtp;
    const env = {
      ...backing.env,
      ADMIN_EMAIL,
      PUBLIC_URL,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    };
    // Both start at once, as a deployment's processes do: each runs the migrations on the empty database.
    [a, b] = await Promise.all([startServer('a', env), startServer('b', env)]);
    const handle = await connectDatabase({ databaseUrl: backing.databaseUrl });
    db = handle.db;
    closeDb = () => handle.close();
    // The admin the servers made at start-up (ADMIN_EMAIL), signed in; the designer administers a directly billed organization.
    const seed = seeder(db);
    expect((await db.selectFrom('users').select('is_admin').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).is_admin).toBe(
      true,
    );
    admin = await seed.cookieFor(ADMIN_EMAIL);
    orgId = (await seed.createOrg('Designers AB', { [DESIGNER]: 'admin' }, { billing_type: 'direct' })).org_id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await closeDb?.();
    await Promise.all([backing?.close(), stripe?.close()]);
  }, 60_000);

  /** Asks `via` for a passcode for the address; answers the code mailed through the SMTP peer. */
  const requestCode = async (via: Server, email: string) => {
    const after = smtp.messages.length;
    const asked = await call(via, 'POST', '/front/login_email', { body: { email } });
    expect(asked.status, `login_email through ${via.name}`).toBe(200);
    return passcodeIn(await smtp.waitFor(email, { after }));
  };
  const answer = (via: Server, email: string, passcode: string) =>
    call(via, 'POST', '/front/login_passcode', { body: { email, passcode } });
  const sessionCookie = (res: Answer) => /edrf_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  const newUser = async () => {
    const email = `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    await db.insertInto('users').values({ email, is_admin: false, provider: 'passcode' }).execute();
    return email;
  };

  it('a session made on one process works on the other, and signing out on the other ends it on both', async () => {
    const code = await requestCode(a, DESIGNER);
    const signedIn = await answer(b, DESIGNER, code);
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect(cookie).toBeDefined();
    for (const server of [a, b, a]) {
      const authed = await call(server, 'GET', '/front/is_authed', { cookie });
      expect(authed.status, server.name).toBe(200);
      expect(authed.body).toEqual({ email: DESIGNER, is_admin: false });
    }
    expect((await call(a, 'POST', '/front/logout', { cookie })).status).toBeLessThan(300);
    for (const server of [b, a]) expect((await call(server, 'GET', '/front/is_authed', { cookie })).status, server.name).toBe(401);
  });

  it('wrong passcodes on A and B count together: the fifth ends the passcode', async () => {
    const email = await newUser();
    const code = await requestCode(b, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const servers = [a, b, a, b];
    for (const [i, server] of servers.entries())
      expect((await answer(server, email, wrong)).body, `wrong try ${i + 1} on ${server.name}`).toEqual(INVALID);
    expect((await answer(a, email, wrong)).body).toEqual(TOO_MANY_WRONG);
    expect((await answer(b, email, code)).body).toEqual(EXPIRED);
  });

  it('wrong passcodes sent to both at once still end the passcode at the fifth', async () => {
    const email = await newUser();
    const code = await requestCode(a, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => answer(i % 2 ? b : a, email, wrong)));
    // However the eight interleave, no more than four are merely "invalid": each is counted.
    expect(answers.filter((res) => res.body.detail === INVALID.detail).length).toBeLessThanOrEqual(4);
    expect(answers.every((res) => res.status === 400)).toBe(true);
    expect((await answer(b, email, code)).body).toEqual(EXPIRED);
  });

  it('login_email through A and B counts toward one limit: the sixth within 2 minutes is refused', async () => {
    const email = await newUser();
    for (let i = 1; i <= 5; i++) {
      const server = i % 2 ? a : b;
      expect((await call(server, 'POST', '/front/login_email', { body: { email } })).status, `attempt ${i} on ${server.name}`).toBe(200);
    }
    for (const server of [a, b]) {
      const sixth = await call(server, 'POST', '/front/login_email', { body: { email } });
      expect(sixth.status, server.name).toBe(429);
      expect(sixth.body).toEqual({ detail: 'Too many attempts, please wait 2 minutes' });
    }
  });

  it('login_email sent to both at once sends 5 passcodes and refuses the rest', async () => {
    const email = await newUser();
    const after = smtp.messages.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i % 2 ? b : a, 'POST', '/front/login_email', { body: { email } })),
    );
    const sent = answers.filter((res) => res.status === 200).length;
    // Counted one after the other whatever process each reached: exactly the limit gets through.
    expect(sent).toBe(5);
    expect(answers.filter((res) => res.status === 429).length).toBe(5);
    // Each 200 is one mail; give the last a moment to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.slice(after).filter((mail) => mail.to.includes(email)).length).toBe(sent);
  });

  // Two servers import the file while both run: over 20 s on a loaded 2-core machine.
  it('an IFC uploaded through A downloads from B; a sync on A and a stale sync on B give 409', { timeout: 60_000 }, async () => {
    const cookie = sessionCookie(await answer(a, DESIGNER, await requestCode(b, DESIGNER)))!;
    const created = await call(a, 'POST', '/api/v1/create_project', { cookie, body: { name: 'Two processes', org_id: orgId } });
    expect(created.status).toBe(200);
    const projectId = created.body.project_id as string;

    const bytes = miniIfc('0Dd4NmZmz0eP4hyQq7Sx4D', 4);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const done = await upload(a, projectId, cookie, 'house.ifc', bytes);
    expect(done.type).toBe('done');
    expect(done.ifc_files[sha256]).toMatchObject({ name: 'house.ifc', size: bytes.length });
    expect(fs.readdirSync(a.dataDir)).not.toContain('files');

    const row = await db
      .selectFrom('ifc_files')
      .select('ifc_object_id')
      .where('project_id', '=', projectId)
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    const downloaded = await fetch(`${b.base}/api/v1/admin/projects/${projectId}/ifc/${row.ifc_object_id}/download`, {
      headers: { cookie: admin, 'edrf-schema': String(EDRF_SCHEMA) },
    });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);

    // Both processes read the same latest version; A's sync makes B's copy stale.
    const latest = await call(b, 'GET', `/api/v1/project/${projectId}/latest_version`, { cookie });
    expect(latest.status).toBe(200);
    const edit = (revision: unknown) => ({
      parent: 'working-version',
      working_revision: revision,
      config: { ...latest.body.model.config, ifc_files: done.ifc_files },
      arch: done.arch,
      elec: done.elec,
      fire: null,
    });
    const synced = await call(a, 'POST', `/api/v1/project/${projectId}/sync_working_version`, {
      cookie,
      body: edit(latest.body.working_revision),
    });
    expect(synced.status).toBe(200);
    const stale = await call(b, 'POST', `/api/v1/project/${projectId}/sync_working_version`, {
      cookie,
      body: edit(latest.body.working_revision),
    });
    expect(stale.status).toBe(409);
    // B sees A's sync.
    const after = await call(b, 'GET', `/api/v1/project/${projectId}/latest_version`, { cookie });
    expect(after.body.working_revision).not.toEqual(latest.body.working_revision);
    expect(Object.keys(after.body.model.config.ifc_files)).toEqual([sha256]);
  });

  it('a payment webhook delivered to A and to B records one payment', async () => {
    const cookie = sessionCookie(await answer(b, DESIGNER, await requestCode(a, DESIGNER)))!;
    const created = await call(b, 'POST', '/api/v1/create_project', { cookie, body: { name: 'Paid once', org_id: orgId } });
    const projectId = created.body.project_id as string;
    const rooms = paidRooms(10);
    const due = await call(a, 'POST', `/api/v1/project/${projectId}/module_export_status`, {
      cookie,
      body: { rooms, module: 'fire', pvid: null },
    });
    expect(due.status).toBe(200);
    const paid = await call(b, 'POST', `/api/v1/project/${projectId}/fire_payment`, {
      cookie,
      body: { rooms, amount: due.body.payment_outstanding, url: `${PUBLIC_URL}/project/${projectId}/fire/export` },
    });
    expect(paid.status).toBe(200);
    const sessionId = (paid.body.redirect_url as string).split('/').at(-1)!;

    // Stripe's Pay delivers to A; the same event is then delivered again to B, and to both at once.
    stripe.webhookUrl = `${a.base}/webhooks/stripe`;
    await stripe.pay(sessionId);
    const first = stripe.deliveries.at(-1)!;
    expect(first.status).toBe(200);
    expect(JSON.parse(first.answer).outcome).toBe('recorded');
    stripe.webhookUrl = `${b.base}/webhooks/stripe`;
    const again = await stripe.redeliver(first.event);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.answer).outcome).toBe('duplicate');
    const deliver = (server: Server) =>
      call(server, 'POST', '/webhooks/stripe', { body: first.payload, headers: { 'stripe-signature': stripe.sign(first.payload) } });
    const both = await Promise.all([deliver(a), deliver(b)]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);

    const payments = await db.selectFrom('payments').select(['stripe_session_id', 'amount']).where('project_id', '=', projectId).execute();
    expect(payments).toEqual([{ stripe_session_id: sessionId, amount: due.body.payment_outstanding }]);
    const status = await call(b, 'POST', `/api/v1/project/${projectId}/module_export_status`, { cookie, body: { rooms, module: 'fire' } });
    expect(status.body).toMatchObject({ status: 'paid', payment_outstanding: 0 });
  });
});
