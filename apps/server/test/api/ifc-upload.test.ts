// The IFC upload socket of docs/ifc-upload.md (P§4 upload protocol, P§7, P§9), over a real WebSocket
// on 127.0.0.1: who may open it, every refused input (each answered with an error, after which the
// same socket takes a good file), and a real IFC file through to 'done', stored once by its hash.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EDRF_SCHEMA } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';
import { miniIfc } from '../support/mini-ifc.js';

const MAX_MB = 20;
const MB = 1024 * 1024;
/** The IFC corpus: IFC_CORPUS, else ../shared/ifc beside the repository. */
const corpus = process.env.IFC_CORPUS ?? path.resolve(fileURLToPath(import.meta.url), '../../../../../../shared/ifc');
const REAL_IFC = path.join(corpus, 'revit_quantities.ifc');
/** A model whose true north is turned: its done carries a compass_degrees that is not 0. */
const NORTH_IFC = path.join(corpus, 'AC20-FZK-Haus.ifc');

const mini = miniIfc();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Message = any;

/** A client of the upload socket that keeps every message and waits for the ones a test expects. */
class UploadClient {
  readonly messages: Message[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      this.messages.push(isBinary ? { binary: true } : JSON.parse((data as Buffer).toString('utf8')));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Opens the socket; resolves once open, or once closed (see `closed`). */
  static open(url: string, cookie?: string): Promise<UploadClient> {
    const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
    const client = new UploadClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('close', () => resolve(client));
      ws.once('error', (error) => (client.closed ? resolve(client) : reject(error)));
    });
  }

  /** Waits until the socket closes. */
  async closedWith(): Promise<{ code: number; reason: string }> {
    while (!this.closed) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.closed;
  }

  /** Waits for the first message from index `from` that matches; answers its index and itself. */
  async next(match: (m: Message) => boolean, from = 0): Promise<Message> {
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting; got ${this.seen()}`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  seen = () => JSON.stringify(this.messages.map((m): unknown => (m.type === 'done' ? { type: 'done' } : m)));

  json(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  piece(bytes: Buffer, gzip = true) {
    this.ws.send(gzip ? zlib.gzipSync(bytes) : bytes, { binary: true });
  }

  /** Sends a file the way the web app does and answers the messages about it, up to its done or error. */
  async upload(fileId: string, filename: string, bytes: Buffer, pieceSize = 8 * MB): Promise<Message[]> {
    const from = this.messages.length;
    this.json({ type: 'file_start', file_id: fileId, filename, size: bytes.length });
    for (let at = 0; at < bytes.length; at += pieceSize) this.piece(bytes.subarray(at, at + pieceSize));
    this.json({ type: 'upload_complete', file_id: fileId });
    await this.next((m) => m.file_id === fileId && (m.type === 'done' || m.type === 'error'), from);
    return this.messages.slice(from).filter((m) => m.file_id === fileId);
  }

  /** The error answered from index `from` on. */
  errorAfter(from: number): Promise<Message> {
    return this.next((m) => m.type === 'error', from);
  }

  close() {
    this.ws.close();
  }
}

describe.each(testDatabases())('IFC upload socket (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let projectId: string;
  let orgId: string;
  const previousMax = process.env.MAX_IFC_MB;

  beforeAll(async () => {
    process.env.MAX_IFC_MB = String(MAX_MB);
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookie = await t.cookieFor('designer@example.com');
    const org = await t.createOrg('Designers', { 'designer@example.com': 'standard' });
    orgId = org.org_id;
    projectId = (await t.createProjectViaApi(cookie, org.org_id, 'Tower')).project_id;
  });
  afterAll(async () => {
    if (previousMax === undefined) delete process.env.MAX_IFC_MB;
    else process.env.MAX_IFC_MB = previousMax;
    await t?.close();
  });

  const url = (project = projectId, version = 'working-version') => `${base}/ws/v1/${project}/${version}/upload_ifc`;

  describe('who may open it', () => {
    it('closes with 4401 Unauthenticated without a session, or with an ended one', async () => {
      for (const who of [undefined, 'edrf_session=not-a-session']) {
        const client = await UploadClient.open(url(), who);
        expect(await client.closedWith()).toEqual({ code: 4401, reason: 'Unauthenticated' });
      }
    });

    it('closes with 4404 Project not found for a stranger, an unknown project or a malformed id', async () => {
      const stranger = await t.cookieFor('stranger@example.com');
      for (const [who, project] of [
        [stranger, projectId],
        [cookie, '00000000-0000-4000-8000-000000000000'],
        [cookie, 'not-a-uuid'],
      ] as const) {
        const client = await UploadClient.open(url(project), who);
        expect(await client.closedWith()).toEqual({ code: 4404, reason: 'Project not found' });
      }
    });

    it('closes with 4404 Unable to find version for a version the project does not have', async () => {
      for (const version of ['00000000-0000-4000-8000-000000000000', 'unsynced', 'v1']) {
        const client = await UploadClient.open(url(projectId, version), cookie);
        expect(await client.closedWith()).toEqual({ code: 4404, reason: 'Unable to find version' });
      }
    });

    it('opens for a member on the working version and on a saved version', async () => {
      const saved = await t.call('POST', `/api/v1/project/${projectId}/save_working_version`, { cookie, body: { comment: 'First' } });
      expect(saved.status).toBe(200);
      for (const version of ['working-version', saved.body.project_version_id as string]) {
        const client = await UploadClient.open(url(projectId, version), cookie);
        const answers = await client.upload(`open-${version}`, 'mini.ifc', mini);
        expect(answers.at(-1)).toMatchObject({ type: 'done' });
        client.close();
      }
    });
  });

  describe('refused input: an error, nothing stored, and the socket takes the next file', () => {
    const zeros = (n: number) => Buffer.alloc(n, 0x20);
    const cases: [name: string, send: (c: UploadClient) => void, detail: string | RegExp][] = [
      [
        'not an IFC (no ISO-10303-21 header)',
        (c) => {
          const text = Buffer.from('hello, this is not a model');
          c.json({ type: 'file_start', file_id: 'bad', filename: 'hello.ifc', size: text.length });
          c.piece(text);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        'Not an IFC file: the ISO-10303-21 header is missing',
      ],
      [
        'a truncated file (fewer bytes than its size)',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'cut.ifc', size: mini.length + 10 });
          c.piece(mini);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        `The file is truncated: ${mini.length} of ${mini.length + 10} bytes arrived`,
      ],
      [
        'more bytes than its size',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'long.ifc', size: 10 });
          c.piece(mini);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        'More data arrived than the 10 bytes announced',
      ],
      [
        'an empty file',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'empty.ifc', size: 0 });
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        'The file is empty',
      ],
      [
        'a piece that is not gzip',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'plain.ifc', size: mini.length });
          c.piece(mini, false);
          c.piece(mini);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        'A piece of the file is not valid gzip data',
      ],
      [
        'a binary frame before file_start',
        (c) => {
          c.piece(mini);
        },
        'File data arrived before file_start',
      ],
      [
        'a piece over 8 MB once inflated',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'big-piece.ifc', size: 9 * MB });
          c.piece(zeros(8 * MB + 1));
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        'A piece of the file is larger than 8.00 MB once inflated',
      ],
      [
        `a declared size over MAX_IFC_MB (${MAX_MB})`,
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'huge.ifc', size: MAX_MB * MB + 1 });
          c.piece(mini);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        `The file is larger than the limit of ${MAX_MB}.00 MB`,
      ],
      [
        `an actual size over MAX_IFC_MB (${MAX_MB})`,
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'huge.ifc', size: MAX_MB * MB });
          for (let i = 0; i < 3; i++) c.piece(zeros(8 * MB));
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        `The file is larger than the limit of ${MAX_MB}.00 MB`,
      ],
      [
        'a file with the IFC header that cannot be read',
        (c) => {
          const text = Buffer.from('ISO-10303-21;\nHEADER;\nthis is not STEP at all (((\n');
          c.json({ type: 'file_start', file_id: 'bad', filename: 'broken.ifc', size: text.length });
          c.piece(text);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        /^The IFC file could not be read: /,
      ],
      ['a message that is not JSON', (c) => c.json('{"type": "file_start", '), 'Malformed message: not valid JSON'],
      ['a JSON message without a type', (c) => c.json({ file_id: 'x' }), 'Malformed message: expected a JSON object with a type'],
      ['an unknown message type', (c) => c.json({ type: 'file_delete', file_id: 'bad' }), "Unknown message type 'file_delete'"],
      [
        'a file_start without a size',
        (c) => c.json({ type: 'file_start', file_id: 'bad', filename: 'a.ifc' }),
        /^Malformed file_start: size: /,
      ],
      [
        'a file name not ending in .ifc',
        (c) => {
          c.json({ type: 'file_start', file_id: 'bad', filename: 'model.pdf', size: mini.length });
          c.piece(mini);
          c.json({ type: 'upload_complete', file_id: 'bad' });
        },
        "'model.pdf' is not an IFC file: only .ifc files can be uploaded",
      ],
    ];

    it.each(cases)('%s', async (_name, send, detail) => {
      const before = await t.snapshot();
      const client = await UploadClient.open(url(), cookie);
      send(client);
      const error = await client.errorAfter(0);
      if (typeof detail === 'string') expect(error.detail).toBe(detail);
      else expect(error.detail).toMatch(detail);
      expect(await t.snapshot()).toEqual(before);

      const answers = await client.upload('good', 'mini.ifc', mini);
      expect(answers.at(-1).detail).toBeUndefined();
      expect(answers.at(-1)).toMatchObject({ type: 'done', file_id: 'good' });
      // One error for the refused input, however many of its frames followed.
      expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(1);
      client.close();
    });
  });

  it('takes a file of several pieces and megabytes, and stores it by its SHA-256 byte for byte', async () => {
    // The mini model with 2.5 MB of comment in its DATA section: the pieces land at their offsets in one file, and
    // the file is hashed in steps (import.ts).
    const comment = `/* ${'padding '.repeat((2.5 * MB) / 8)} */\n`;
    const bytes = Buffer.from(miniIfc().toString('latin1').replace('#1=IFCPERSON', `${comment}#1=IFCPERSON`), 'latin1');
    const client = await UploadClient.open(url(), cookie);
    const done = (await client.upload('large', 'large.ifc', bytes, MB)).at(-1);
    client.close();
    expect(done.type).toBe('done');
    expect(Object.keys(done.arch.storeys)).toHaveLength(1);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(done.ifc_files[sha256]).toMatchObject({ name: 'large.ifc', size: bytes.length });
    const row = await t.db.selectFrom('ifc_files').select('ifc_object_id').where('sha256', '=', sha256).executeTakeFirstOrThrow();
    const admin = await t.cookieFor(ADMIN_EMAIL);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/projects/${projectId}/ifc/${row.ifc_object_id}/download`,
      headers: { cookie: admin, 'edrf-schema': String(EDRF_SCHEMA) },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(bytes)).toBe(true);
  });

  it('completes the file being uploaded on an upload_complete without file_id, as P§4 lists it', async () => {
    const bytes = miniIfc();
    const client = await UploadClient.open(url(), cookie);
    const from = client.messages.length;
    client.json({ type: 'file_start', file_id: 'bare', filename: 'bare.ifc', size: bytes.length });
    client.piece(bytes);
    client.json({ type: 'upload_complete' });
    const answer = await client.next((m) => m.file_id === 'bare' && (m.type === 'done' || m.type === 'error'), from);
    client.close();
    expect(answer.type).toBe('done');
  });

  describe('imports into the version the user has open', () => {
    /** What the web app does with a 'done': applies it as one edit and syncs the working version. */
    const applyAndSync = async (project: string, done: Message) => {
      const latest = await t.call('GET', `/api/v1/project/${project}/latest_version`, { cookie });
      const { config } = latest.body.model;
      const synced = await t.call('POST', `/api/v1/project/${project}/sync_working_version`, {
        cookie,
        body: {
          parent: 'working-version',
          working_revision: latest.body.working_revision,
          config: { ...config, ifc_files: done.ifc_files },
          arch: done.arch,
          elec: done.elec,
          fire: null,
        },
      });
      expect(synced.status).toBe(200);
    };
    const storeyNames = (done: Message) =>
      Object.values(done.arch.storeys)
        .map((s: Message) => s.name as string)
        .sort();

    it('replaces the previous import of the same file name, and merges storeys of other files by elevation', async () => {
      const project = (await t.createProjectViaApi(cookie, orgId, 'Re-import')).project_id;
      const client = await UploadClient.open(url(project), cookie);

      const first = (await client.upload('v1', 'house.ifc', mini)).at(-1);
      expect(first.type).toBe('done');
      expect(storeyNames(first)).toEqual(['Level 0']);
      // The server does not write the working version: the web app does, with the answer.
      const untouched = await t.call('GET', `/api/v1/project/${project}/latest_version`, { cookie });
      expect(untouched.body.model.arch.storeys).toEqual({});
      await applyAndSync(project, first);

      // A new version of house.ifc without the old storey and with a new one: the old one goes.
      const v2 = miniIfc('2Lr3NmZmz0eP4hyQq7Sx3Y', 10);
      const second = (await client.upload('v2', 'house.ifc', v2)).at(-1);
      expect(second.type).toBe('done');
      expect(storeyNames(second)).toEqual(['Level 10']);
      expect(second.changes.storeys).toEqual({ added: 1, changed: 0, removed: 1 });
      expect(Object.values(second.ifc_files).map((f: Message) => f.name as string)).toEqual(['house.ifc']);
      await applyAndSync(project, second);

      // Another file whose storey is 5 cm higher: one storey, and both files listed.
      const other = miniIfc('3Ms4NmZmz0eP4hyQq7Sx4Z', 10.05);
      const third = (await client.upload('other', 'mep.ifc', other)).at(-1);
      expect(third.type).toBe('done');
      expect(storeyNames(third)).toEqual(['Level 10']);
      expect(third.changes.storeys.added).toBe(0);
      expect(
        Object.values(third.ifc_files)
          .map((f: Message) => f.name as string)
          .sort(),
      ).toEqual(['house.ifc', 'mep.ifc']);
      const rows = await t.db.selectFrom('ifc_files').select('file_name').where('project_id', '=', project).execute();
      expect(rows.map((r) => r.file_name).sort()).toEqual(['house.ifc', 'house.ifc', 'mep.ifc']);
      client.close();
    });
  });

  describe('a real IFC file', () => {
    const present = fs.existsSync(REAL_IFC);
    if (!present) console.warn(`${REAL_IFC} is absent: the real-file upload test is skipped (set IFC_CORPUS to the folder holding it)`);

    it.skipIf(!present)('reports upload progress and the three steps, answers the merged model, and stores the file once', async () => {
      const bytes = fs.readFileSync(REAL_IFC);
      const client = await UploadClient.open(url(), cookie);
      const answers = await client.upload('real', 'revit_quantities.ifc', bytes, 20_000);

      const uploads = answers.filter((m) => m.type === 'file_upload').map((m) => m.progress as number);
      expect(uploads.length).toBeGreaterThan(2);
      expect(uploads[0]).toBe(0);
      expect(uploads.at(-1)).toBe(1);
      expect([...uploads].sort((a, b) => a - b)).toEqual(uploads);
      const steps = answers.filter((m) => m.type === 'progress').map((m) => m.step as string);
      expect([...new Set(steps)]).toEqual(['ifc_parse', 'ifc_diff', 'ifc_process']);
      for (const m of answers.filter((a) => a.type === 'progress')) expect(m.progress).toBeGreaterThanOrEqual(0);

      const done = answers.at(-1);
      expect(done.type).toBe('done');
      expect(Object.keys(done.arch.storeys).length).toBeGreaterThan(0);
      expect(Object.keys(done.arch.walls).length).toBeGreaterThan(0);
      expect(done.elec).toMatchObject({ trays: expect.any(Object) });
      expect(done.changes.walls.added).toBe(Object.keys(done.arch.walls).length);
      const hashes = Object.keys(done.ifc_files);
      const sha256 = hashes.find((h) => done.ifc_files[h].name === 'revit_quantities.ifc');
      expect(done.ifc_files[sha256!]).toEqual({ name: 'revit_quantities.ifc', size: bytes.length, uploaded_at: expect.any(String) });
      expect(t.storedFiles()).toContain(sha256);

      // The same file again: stored once, listed once, and nothing in it is new.
      const again = (await client.upload('again', 'revit_quantities.ifc', bytes)).at(-1);
      expect(again.type).toBe('done');
      const counts = Object.values(again.changes as Record<string, { added: number; removed: number }>);
      expect(counts.every((c) => c.removed === 0)).toBe(true);
      expect(t.storedFiles().filter((h) => h === sha256)).toHaveLength(1);
      const rows = await t.db
        .selectFrom('ifc_files')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('sha256', '=', sha256!)
        .execute();
      expect(rows).toHaveLength(1);

      // The platform admin's project list shows it.
      const admin = await t.cookieFor(ADMIN_EMAIL);
      const list = await t.call('GET', '/api/v1/admin/list_projects', { cookie: admin });
      const project = list.body.projects.find((p: Message) => p.project_id === projectId);
      expect(project.ifc_files).toContainEqual({
        ifc_object_id: rows[0]!.ifc_object_id,
        file_name: 'revit_quantities.ifc',
        file_size: bytes.length,
      });
      client.close();
    });

    it.skipIf(!fs.existsSync(NORTH_IFC))("answers the file's true north as compass_degrees", async () => {
      const project = (await t.createProjectViaApi(cookie, orgId, 'North')).project_id;
      const client = await UploadClient.open(url(project), cookie);
      const done = (await client.upload('north', 'AC20-FZK-Haus.ifc', fs.readFileSync(NORTH_IFC))).at(-1);
      expect(done.type).toBe('done');
      expect(done.compass_degrees).toBeCloseTo(50, 6);
      const plain = (await client.upload('plain', 'mini.ifc', mini)).at(-1);
      expect(plain.compass_degrees).toBe(0);
      client.close();
    });
  });
});
