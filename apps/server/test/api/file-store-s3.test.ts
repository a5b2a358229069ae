// IFC files in an S3 bucket (FILE_STORE_URL, issue 38, docs/operations.md "Files"), on a real S3 protocol server
// (s3rver) on 127.0.0.1: an upload through the app's socket lands in the bucket and downloads through the app; two
// apps on one database and one bucket serve each other's files; a store that does not answer is a 503, not a hang.
import crypto from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA } from '@edrf/model';
import { loadConfig } from '../../src/config.js';
import { FILE_STORE_UNREACHABLE } from '../../src/services/file-store.js';
import { fileStoreFromConfig } from '../../src/services/file-store-config.js';
import { startS3Peer, type S3Peer } from '../peers/s3.js';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';
import { miniIfc } from '../support/mini-ifc.js';
import { uploadOverSocket } from '../support/upload-socket.js';

const BUCKET = 'edrf-files';
const PREFIX = 'site-1/ifc';
const sha256Of = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const keyOf = (sha256: string) => `${PREFIX}/${sha256.slice(0, 2)}/${sha256}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Message = any;

/** The app's address for the upload socket; the app listens on a free port of 127.0.0.1. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const upload = (base: string, projectId: string, cookie: string, filename: string, bytes: Buffer) =>
  uploadOverSocket(base, projectId, cookie, filename, bytes);

describe.each(testDatabases())('IFC files in an S3 bucket (%s)', (kind) => {
  let peer: S3Peer;
  let reader: S3Client;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let cookie: string;
  let admin: string;
  let orgId: string;
  const env = () => ({ ...peer.env, FILE_STORE_URL: `s3://${BUCKET}/${PREFIX}` });

  beforeAll(async () => {
    peer = await startS3Peer({ buckets: [BUCKET] });
    reader = peer.client();
    a = await startTestApp(kind, { env: env() });
    // A second app on the same database and the same bucket, with a DATA_DIR of its own: another machine.
    b = await startTestApp(kind, { env: env(), database: a.database });
    baseA = await listen(a);
    baseB = await listen(b);
    cookie = await a.cookieFor('designer@example.com');
    admin = await a.cookieFor(ADMIN_EMAIL);
    orgId = (await a.createOrg('Designers', { 'designer@example.com': 'standard' })).org_id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    reader?.destroy();
    await peer?.close();
  });

  /** The admin projects screen's download of a project's file (P§7), through the app. */
  const download = (t: TestApp, projectId: string, ifcObjectId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/projects/${projectId}/ifc/${ifcObjectId}/download`,
      headers: { cookie: admin, 'edrf-schema': String(EDRF_SCHEMA) },
    });

  const fileRow = (t: TestApp, projectId: string, sha256: string) =>
    t.db
      .selectFrom('ifc_files')
      .select('ifc_object_id')
      .where('project_id', '=', projectId)
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();

  /** The object's bytes, read with the SDK behind the app's back. */
  const objectBytes = async (key: string) => {
    const answer = await reader.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  };

  /** What the web app does with a 'done': applies it as one edit and syncs the working version. */
  const applyAndSync = async (t: TestApp, projectId: string, done: Message) => {
    const latest = await t.call('GET', `/api/v1/project/${projectId}/latest_version`, { cookie });
    const synced = await t.call('POST', `/api/v1/project/${projectId}/sync_working_version`, {
      cookie,
      body: {
        parent: 'working-version',
        working_revision: latest.body.working_revision,
        config: { ...latest.body.model.config, ifc_files: done.ifc_files },
        arch: done.arch,
        elec: done.elec,
        fire: null,
      },
    });
    expect(synced.status).toBe(200);
  };

  it('stores an uploaded IFC in the bucket, not in DATA_DIR, and downloads it through the app', async () => {
    const projectId = (await a.createProjectViaApi(cookie, orgId, 'Bucket')).project_id;
    const bytes = miniIfc();
    const sha256 = sha256Of(bytes);
    const done = await upload(baseA, projectId, cookie, 'mini.ifc', bytes);
    expect(done).toMatchObject({ type: 'done' });
    expect(done.ifc_files[sha256]).toMatchObject({ name: 'mini.ifc', size: bytes.length });

    expect(await peer.keys(BUCKET)).toContain(keyOf(sha256));
    expect((await objectBytes(keyOf(sha256))).equals(bytes)).toBe(true);
    expect(a.storedFiles()).toEqual([]);
    expect(await a.files.has(sha256)).toBe(true);

    const res = await download(a, projectId, (await fileRow(a, projectId, sha256)).ifc_object_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('mini.ifc');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it("serves, from either app, the other's uploads: download, re-import and removal", async () => {
    const projectId = (await a.createProjectViaApi(cookie, orgId, 'Two apps')).project_id;
    const first = miniIfc('0Aa1NmZmz0eP4hyQq7Sx1A', 3);
    const firstDone = await upload(baseA, projectId, cookie, 'house.ifc', first);
    expect(firstDone.type).toBe('done');
    await applyAndSync(a, projectId, firstDone);

    // Uploaded through A, downloaded through B.
    const fromB = await download(b, projectId, (await fileRow(b, projectId, sha256Of(first))).ifc_object_id);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(first)).toBe(true);

    // A new version of house.ifc through B: B has no GlobalIds of A's import (they are kept in A's DATA_DIR), so it
    // reads A's file from the bucket to know what the old version brought in: the old storey goes.
    const second = miniIfc('0Bb2NmZmz0eP4hyQq7Sx2B', 6);
    const secondDone = await upload(baseB, projectId, cookie, 'house.ifc', second);
    expect(secondDone.type).toBe('done');
    expect(secondDone.changes.storeys).toEqual({ added: 1, changed: 0, removed: 1 });
    await applyAndSync(b, projectId, secondDone);

    // Uploaded through B, downloaded through A.
    const fromA = await download(a, projectId, (await fileRow(a, projectId, sha256Of(second))).ifc_object_id);
    expect(fromA.statusCode).toBe(200);
    expect(fromA.rawPayload.equals(second)).toBe(true);
    expect(a.storedFiles()).toEqual([]);
    expect(b.storedFiles()).toEqual([]);

    // Deleting the project through A takes both files out of the bucket; the first test's file stays.
    const keys = [keyOf(sha256Of(first)), keyOf(sha256Of(second))];
    expect(await peer.keys(BUCKET)).toEqual(expect.arrayContaining(keys));
    expect((await a.call('DELETE', `/api/v1/project/${projectId}`, { cookie })).status).toBe(200);
    const left = await peer.keys(BUCKET);
    for (const key of keys) expect(left).not.toContain(key);
    expect(left).toContain(keyOf(sha256Of(miniIfc())));
  });

  describe('a store that does not answer', () => {
    const stored = miniIfc('0Cc3NmZmz0eP4hyQq7Sx3C', 9);
    let projectId: string;
    let ifcObjectId: string;

    beforeAll(async () => {
      projectId = (await a.createProjectViaApi(cookie, orgId, 'Unreachable')).project_id;
      expect((await upload(baseA, projectId, cookie, 'kept.ifc', stored)).type).toBe('done');
      ifcObjectId = (await fileRow(a, projectId, sha256Of(stored))).ifc_object_id;
    });

    it('answers 503 to a download and an error to an upload when nothing listens at the endpoint', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const c = await startTestApp(kind, {
        env: { ...env(), AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` },
        database: a.database,
      });
      try {
        const started = Date.now();
        const res = await download(c, projectId, ifcObjectId);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ detail: FILE_STORE_UNREACHABLE });
        expect(Date.now() - started).toBeLessThan(10_000);

        const baseC = await listen(c);
        const answer = await upload(baseC, projectId, cookie, 'new.ifc', miniIfc('0Dd4NmZmz0eP4hyQq7Sx4D', 12));
        expect(answer).toMatchObject({ type: 'error', detail: `Upload failed: ${FILE_STORE_UNREACHABLE}` });
      } finally {
        await c.close();
      }
    });

    it('answers 503, after the timeouts, when the endpoint takes the connection and never answers', async () => {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      const config = loadConfig({ ...env(), AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` });
      // The timeouts of the configured client, made short so that the test waits less than the SDK's three tries of 20 s.
      const files = fileStoreFromConfig(config, { connect: 300, idle: 300 });
      const d = await startTestApp(kind, {
        env: { ...env(), AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` },
        database: a.database,
        files,
      });
      try {
        const started = Date.now();
        const res = await download(d, projectId, ifcObjectId);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ detail: FILE_STORE_UNREACHABLE });
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(sockets.size).toBeGreaterThan(0);
      } finally {
        await d.close();
        files.close?.();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });
});
