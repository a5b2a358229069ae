// Builds the real Fastify app on a test database, with a clock the test moves and the mail
// it sends captured, and drives it through app.inject the way the web app calls it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { EDRF_SCHEMA, type ProjectRole } from '@edrf/model';
import { buildApp } from '../../src/app.js';
import type { FileStore } from '../../src/services/file-store.js';
import { fileStoreFromConfig } from '../../src/services/file-store-config.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/schema.js';
import type { MailMessage, Mailer } from '../../src/services/mail.js';
import { ensureAdmin } from '../../src/users/queries.js';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { seeder, type ProjectRow, type Roles, type Seeder } from './seed.js';

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
  /** A file store of the caller's, which the caller closes; by default the configured one (DATA_DIR/files or FILE_STORE_URL). */
  files?: FileStore;
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

export type IfcFileRow = Selectable<Database['ifc_files']>;
export type PaymentRow = Selectable<Database['payments']>;

/** The app, and the rows a test writes straight into its database before calling it (seed.ts). */
export interface TestApp extends Seeder {
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
  /**
   * A project made through the real create_project call, so that it has its working version (createProject
   * makes none). The caller of the cookie must be a member of the organization and becomes the project's
   * admin; further roles go straight in the database.
   */
  createProjectViaApi(cookie: string, orgId: string, name: string, roles?: Roles<ProjectRole>): Promise<ProjectRow>;
  /** Stores the content in the app's file store and adds an ifc_files row for it. */
  addIfcFile(projectId: string, fileName: string, content: Buffer | string, opts?: { uploaded_at?: Date }): Promise<IfcFileRow>;
  /** A payments row; fields not given get plain values. */
  addPayment(orgId: string, fields?: Partial<Insertable<Database['payments']>>): Promise<PaymentRow>;
  /** The app's file store: the same folder or bucket the app uses. */
  files: FileStore;
  /** The hashes of the files in DATA_DIR/files, sorted (none with FILE_STORE_URL: read the bucket). */
  storedFiles(): string[];
  /** Every row of every table (and the stored files), to show that a refused call changed nothing. */
  snapshot(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

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
  const app = await buildApp({ config, db, clock, mailer: opts.realMail ? undefined : capturing, files: opts.files });
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
      // A progress stream (application/x-ndjson) is lines of JSON: the test reads the text.
      body: type.includes('json') && !type.includes('ndjson') ? res.json() : res.body,
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

  const seed = seeder(db, clock);

  const createProjectViaApi: TestApp['createProjectViaApi'] = async (cookie, orgId, name, roles = {}) => {
    const res = await call('POST', '/api/v1/create_project', { cookie, body: { name, org_id: orgId } });
    if (res.status !== 200) throw new Error(`create_project ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    const projectId = res.body.project_id as string;
    await seed.addProjectRoles(projectId, roles);
    return db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
  };

  const filesDir = path.join(config.dataDir, 'files');
  const files = opts.files ?? fileStoreFromConfig(config);
  const addIfcFile: TestApp['addIfcFile'] = async (projectId, fileName, content, fileOpts = {}) => {
    const bytes = Buffer.from(content);
    const sha256 = await files.put(bytes);
    return db
      .insertInto('ifc_files')
      .values({ project_id: projectId, file_name: fileName, file_size: bytes.length, sha256, uploaded_at: fileOpts.uploaded_at })
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  const addPayment: TestApp['addPayment'] = (orgId, fields = {}) =>
    db
      .insertInto('payments')
      .values({
        org_id: orgId,
        project_id: null,
        project_name: 'A project',
        module: 'fire',
        num_rooms: 10,
        area_sqm: 250.5,
        amount: 99.5,
        currency: 'EUR',
        type: 'card',
        receipt_url: null,
        ...fields,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const storedFiles = () =>
    fs.existsSync(filesDir)
      ? fs
          .readdirSync(filesDir, { recursive: true, encoding: 'utf8' })
          .map((file) => path.basename(file))
          .filter((name) => /^[0-9a-f]{64}$/.test(name))
          .sort()
      : [];

  // Every table the migrations made, found once; then one query for all of them (a refused call is
  // checked with two), each table's rows sorted whole, so that tables whose first column repeats
  // (roles) come back in the same order every time.
  let snapshotQuery: RawBuilder<unknown> | undefined;
  const snapshot: TestApp['snapshot'] = async () => {
    if (!snapshotQuery) {
      const { rows: tables } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
        order by table_name`.execute(db);
      snapshotQuery = sql.join(
        tables.map(
          ({ table_name }) =>
            sql`(select coalesce(json_agg(r order by r::text), '[]'::json) from ${sql.table(table_name)} r) as ${sql.ref(table_name)}`,
        ),
      );
    }
    const { rows } = await sql<Record<string, unknown[]>>`select ${snapshotQuery}`.execute(db);
    return { ...rows[0], files: storedFiles() };
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
    ...seed,
    createProjectViaApi,
    addIfcFile,
    addPayment,
    files,
    storedFiles,
    snapshot,
    async close() {
      await app.close();
      if (!opts.files) files.close?.();
      if (!opts.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
