// Builds the real Fastify app on a test database, with a clock the test moves and the mail
// it sends captured, and drives it through app.inject the way the web app calls it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import { EDRF_SCHEMA, type LoginProvider } from '@edrf/model';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/schema.js';
import type { MailMessage, Mailer } from '../../src/services/mail.js';
import { ensureAdmin } from '../../src/users/queries.js';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';

/** A cookie the app set, as light-my-request parses Set-Cookie. */
export type Cookie = LightMyRequestResponse['cookies'][number];

export const ADMIN_EMAIL = 'admin@example.com';

export interface TestClock extends Clock {
  /** Moves time forward (or back, with a negative number). */
  advance(minutes: number): void;
}

export interface TestAppOptions {
  /** Settings as the server reads them from its environment (PUBLIC_URL, SMTP_URL, GOOGLE_CLIENT_ID, ...). */
  env?: Record<string, string | undefined>;
  /** Send mail the way the configured server does (SMTP_URL, else .eml files) instead of capturing it. */
  realMail?: boolean;
  /** Run on a database opened elsewhere, which the caller closes; by default the app gets a fresh one. */
  database?: TestDatabase;
}

export interface CallOptions {
  /** An object is sent as JSON; a string is sent as it is, labelled application/json unless headers say otherwise. */
  body?: unknown;
  /** A Cookie header value, e.g. what signIn returns. */
  cookie?: string;
  headers?: Record<string, string>;
  /** false: leave out the Edrf-Schema header every call of the web app carries. */
  schema?: false;
}

export interface CallResult {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: Cookie[];
}

export type UserRow = Selectable<Database['users']>;

export interface TestApp {
  kind: DatabaseKind;
  /** The database, to start a second app with other settings on it ({ database }). */
  database: TestDatabase;
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  /** Every message the app sent, in order (empty with realMail). */
  mails: MailMessage[];
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts?: CallOptions): Promise<CallResult>;
  /** Signs in through login_email and login_passcode with the mailed code; answers the Cookie header value. */
  signIn(email: string): Promise<string>;
  /** Adds a user straight to the database. */
  createUser(email: string, opts?: { is_admin?: boolean; provider?: LoginProvider }): Promise<UserRow>;
  /** Every row of every table, to show that a refused call changed nothing. */
  snapshot(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

const TABLES = ['users', 'sessions', 'login_passcodes', 'login_email_attempts', 'auth_events', 'oidc_logins', 'grants'] as const;

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(minutes) {
      current += minutes * 60_000;
    },
  };
}

/** The 6-digit passcode of a passcode mail. */
export function passcodeIn(mail: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit passcode in the mail:\n${mail.text}`);
  return code;
}

export const cookieHeader = (cookie: Cookie) => `${cookie.name}=${cookie.value}`;

export async function startTestApp(kind: DatabaseKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-test-data-'));
  const database = opts.database ?? (await openTestDatabase(kind));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ...opts.env });
  const clock = createTestClock();
  const mails: MailMessage[] = [];
  const capturing: Mailer = {
    send(message) {
      mails.push(message);
      return Promise.resolve();
    },
  };
  const db = database.db;
  await ensureAdmin(db, config.adminEmail);
  const app = await buildApp({ config, db, clock, mailer: opts.realMail ? undefined : capturing });
  await app.ready();

  const call: TestApp['call'] = async (method, url, callOpts = {}) => {
    const headers: Record<string, string> = {};
    if (callOpts.schema !== false) headers['edrf-schema'] = String(EDRF_SCHEMA);
    if (callOpts.cookie) headers.cookie = callOpts.cookie;
    let payload: string | undefined;
    if (typeof callOpts.body === 'string') {
      payload = callOpts.body;
      headers['content-type'] = 'application/json';
    } else if (callOpts.body !== undefined) {
      payload = JSON.stringify(callOpts.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, callOpts.headers);
    const res = await app.inject({ method, url, headers, payload });
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      body: type.includes('json') ? res.json() : res.body,
      headers: res.headers,
      cookies: res.cookies,
    };
  };

  const signIn: TestApp['signIn'] = async (email) => {
    const sent = mails.length;
    const asked = await call('POST', '/front/login_email', { body: { email } });
    if (asked.status !== 200) throw new Error(`login_email for ${email}: ${asked.status} ${JSON.stringify(asked.body)}`);
    const mail = mails.slice(sent).find((m) => m.to === email);
    if (!mail) throw new Error(`No passcode mail to ${email}`);
    const answered = await call('POST', '/front/login_passcode', { body: { email, passcode: passcodeIn(mail) } });
    const session = answered.cookies.find((c) => c.name === 'edrf_session');
    if (answered.status !== 200 || !session) {
      throw new Error(`login_passcode for ${email}: ${answered.status} ${JSON.stringify(answered.body)}`);
    }
    return cookieHeader(session);
  };

  const createUser: TestApp['createUser'] = (email, userOpts = {}) =>
    db
      .insertInto('users')
      .values({ email, is_admin: userOpts.is_admin ?? false, provider: userOpts.provider ?? 'passcode' })
      .returningAll()
      .executeTakeFirstOrThrow();

  const snapshot: TestApp['snapshot'] = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db);
      tables[table] = rows;
    }
    return tables;
  };

  return {
    kind,
    database,
    app,
    db,
    config,
    clock,
    mails,
    call,
    signIn,
    createUser,
    snapshot,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
