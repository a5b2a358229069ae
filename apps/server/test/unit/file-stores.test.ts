// The file store's contract, the same cases for both stores: the folder (DATA_DIR/files) and an S3 bucket on a real
// S3 protocol server (s3rver) on 127.0.0.1. Then what only the bucket has: no second write of content already there,
// a missing bucket and an endpoint that does not answer, each a FileStoreError naming the bucket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type S3StoreConfig } from '../../src/config.js';
import { createFileStore, FileStoreError, type FileStore } from '../../src/services/file-store.js';
import { fileStoreFromConfig, s3ClientFor } from '../../src/services/file-store-config.js';
import { createS3FileStore } from '../../src/services/s3-file-store.js';
import { startS3Peer, type S3Peer } from '../peers/s3.js';

const sha256Of = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const BUCKET = 'edrf-contract';

let peer: S3Peer;
let client: S3Client;
const folders: string[] = [];

beforeAll(async () => {
  peer = await startS3Peer({ buckets: [BUCKET] });
  client = peer.client();
});
afterAll(async () => {
  client?.destroy();
  await peer?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

interface StoreUnderTest {
  store: FileStore;
  /** Where the store keeps a file of this hash, relative to its root (folder path or object key). */
  placeOf: (sha256: string) => string;
  /** Every file the store holds, as places. */
  places: () => Promise<string[]>;
}

const stores: [string, () => StoreUnderTest][] = [
  [
    'folder',
    () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-file-store-'));
      folders.push(folder);
      return {
        store: createFileStore(folder),
        placeOf: (sha256) => `${sha256.slice(0, 2)}/${sha256}`,
        places: () =>
          Promise.resolve(
            fs
              .readdirSync(folder, { recursive: true, encoding: 'utf8' })
              .filter((name) => fs.statSync(path.join(folder, name)).isFile())
              .map((name) => name.split(path.sep).join('/'))
              .sort(),
          ),
      };
    },
  ],
  [
    's3',
    () => {
      const prefix = `p-${crypto.randomBytes(4).toString('hex')}/files`;
      return {
        store: createS3FileStore({ bucket: BUCKET, prefix, client }),
        placeOf: (sha256) => `${sha256.slice(0, 2)}/${sha256}`,
        places: async () => (await peer.keys(BUCKET, `${prefix}/`)).map((key) => key.slice(prefix.length + 1)),
      };
    },
  ],
];

describe.each(stores)('file store contract (%s)', (_kind, make) => {
  it('stores content under its SHA-256 and answers it, has it, and streams it back byte for byte', async () => {
    const { store, placeOf, places } = make();
    const content = Buffer.from('ISO-10303-21; a small file');
    const sha256 = await store.put(content);
    expect(sha256).toBe(sha256Of(content));
    expect(await store.has(sha256)).toBe(true);
    const stream = await store.open(sha256);
    expect(stream).not.toBeNull();
    expect((await readAll(stream!)).bytes.equals(content)).toBe(true);
    expect(await places()).toEqual([placeOf(sha256)]);
  });

  it('takes the hash the caller computed already', async () => {
    const { store } = make();
    const content = crypto.randomBytes(1000);
    const known = sha256Of(content);
    expect(await store.put(content, known)).toBe(known);
    expect((await readAll((await store.open(known))!)).bytes.equals(content)).toBe(true);
  });

  it('stores the same content twice once', async () => {
    const { store, placeOf, places } = make();
    const content = Buffer.from('the same IFC, uploaded twice');
    const first = await store.put(content);
    const second = await store.put(Buffer.from(content));
    expect(second).toBe(first);
    expect(await places()).toEqual([placeOf(first)]);
    expect((await readAll((await store.open(first))!)).bytes.equals(content)).toBe(true);
  });

  it('answers a file it does not have with false and null, and removes it without error', async () => {
    const { store, places } = make();
    const missing = sha256Of(Buffer.from('never stored'));
    expect(await store.has(missing)).toBe(false);
    expect(await store.open(missing)).toBeNull();
    await expect(store.remove(missing)).resolves.toBeUndefined();
    expect(await places()).toEqual([]);
  });

  it('removes a file and keeps the others', async () => {
    const { store, placeOf, places } = make();
    const gone = await store.put(Buffer.from('removed'));
    const kept = await store.put(Buffer.from('kept'));
    await store.remove(gone);
    expect(await store.has(gone)).toBe(false);
    expect(await store.open(gone)).toBeNull();
    expect(await store.has(kept)).toBe(true);
    expect(await places()).toEqual([placeOf(kept)]);
  });

  it('refuses a name that is not a SHA-256, in every call, and stores nothing', async () => {
    const { store, places } = make();
    const content = Buffer.from('x');
    const good = sha256Of(content);
    for (const bad of ['', 'abc', good.toUpperCase(), `${good.slice(0, 62)}/x`, `../../${good.slice(6)}`, `${good}0`]) {
      await expect(store.put(content, bad)).rejects.toThrow(/not a SHA-256/);
      await expect(store.has(bad)).rejects.toThrow(/not a SHA-256/);
      await expect(store.open(bad)).rejects.toThrow(/not a SHA-256/);
      await expect(store.remove(bad)).rejects.toThrow(/not a SHA-256/);
    }
    expect(await places()).toEqual([]);
  });

  it('streams a large file in pieces rather than as one buffer', async () => {
    const { store } = make();
    const content = crypto.randomBytes(24 * 1024 * 1024);
    const sha256 = await store.put(content);
    const stream = (await store.open(sha256))!;
    // Hashed as it arrives: the file is never held whole by the reader.
    const hash = crypto.createHash('sha256');
    let chunks = 0;
    let size = 0;
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      chunks++;
    }
    expect(size).toBe(content.length);
    expect(hash.digest('hex')).toBe(sha256);
    expect(chunks).toBeGreaterThan(10);
  });
});

describe('S3 file store', () => {
  it('keeps objects at {prefix}/{sha[0..2]}/{sha}, and at {sha[0..2]}/{sha} without a prefix', async () => {
    const content = Buffer.from(`where ${crypto.randomUUID()}`);
    const sha256 = sha256Of(content);
    await createS3FileStore({ bucket: BUCKET, prefix: 'tenant/x', client }).put(content);
    await createS3FileStore({ bucket: BUCKET, prefix: '', client }).put(content);
    const keys = await peer.keys(BUCKET);
    expect(keys).toContain(`tenant/x/${sha256.slice(0, 2)}/${sha256}`);
    expect(keys).toContain(`${sha256.slice(0, 2)}/${sha256}`);
  });

  it('does not write content that is there already', async () => {
    const counting = peer.client();
    const send = vi.spyOn(counting, 'send');
    const sent = () => send.mock.calls.map(([command]) => (command as object).constructor.name);
    try {
      const store = createS3FileStore({ bucket: BUCKET, prefix: 'once', client: counting });
      const content = Buffer.from(`once ${crypto.randomUUID()}`);
      await store.put(content);
      expect(sent()).toEqual(['HeadObjectCommand', 'PutObjectCommand']);
      await store.put(content);
      expect(sent()).toEqual(['HeadObjectCommand', 'PutObjectCommand', 'HeadObjectCommand']);
    } finally {
      counting.destroy();
    }
  });

  it('throws a FileStoreError naming the bucket when the bucket does not exist', async () => {
    const store = createS3FileStore({ bucket: 'no-such-bucket', prefix: '', client });
    const content = Buffer.from('nowhere');
    const sha256 = sha256Of(content);
    for (const call of [() => store.put(content), () => store.open(sha256), () => store.remove(sha256)]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileStoreError);
      expect((error as FileStoreError).message).toMatch(/^S3 bucket 'no-such-bucket': .*NoSuchBucket/);
      expect((error as FileStoreError).unreachable).toBe(false);
    }
  });

  /** An S3 store config pointing at the endpoint, as loadConfig makes it. */
  const storeAt = (endpoint: string) =>
    loadConfig({ ...peer.env, AWS_ENDPOINT_URL_S3: endpoint, FILE_STORE_URL: `s3://${BUCKET}/gone` }).fileStore as S3StoreConfig;

  it('throws an unreachable FileStoreError, soon, when nothing listens at the endpoint', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const store = fileStoreFromConfig({ fileStore: storeAt(`http://127.0.0.1:${port}`) });
    try {
      const started = Date.now();
      const error = await store.has(sha256Of(Buffer.from('a'))).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileStoreError);
      expect((error as FileStoreError).unreachable).toBe(true);
      expect((error as FileStoreError).message).toMatch(new RegExp(`^S3 bucket '${BUCKET}': checking gone/`));
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      store.close?.();
    }
  });

  it('gives up on an endpoint that takes the connection and never answers, after its timeouts', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const client = s3ClientFor(storeAt(`http://127.0.0.1:${port}`), { connect: 500, idle: 500 });
    const store = createS3FileStore({ bucket: BUCKET, prefix: 'gone', client });
    try {
      const started = Date.now();
      const error = await store.open(sha256Of(Buffer.from('b'))).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileStoreError);
      expect((error as FileStoreError).unreachable).toBe(true);
      expect((error as FileStoreError).message).toMatch(/TimeoutError/);
      // At least the idle timeout, for each of the SDK's tries, but not for ever.
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      client.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('FILE_STORE_URL', () => {
  const fileStore = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/srv/edrf', ...env }).fileStore;

  it('is DATA_DIR/files when unset', () => {
    expect(fileStore({})).toEqual({ kind: 'folder', folder: path.resolve('/srv/edrf/files') });
  });

  it('names the bucket and the prefix, and hands the AWS variables to the SDK', () => {
    expect(fileStore({ FILE_STORE_URL: 's3://edrf-files' })).toEqual({
      kind: 's3',
      bucket: 'edrf-files',
      prefix: '',
      endpoint: undefined,
      region: undefined,
      credentials: undefined,
    });
    expect(
      fileStore({
        FILE_STORE_URL: 's3://edrf.files/prod/ifc/',
        AWS_ENDPOINT_URL: 'https://s3.example.com',
        AWS_REGION: 'eu-north-1',
        AWS_ACCESS_KEY_ID: 'AKIA1',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'edrf.files',
      prefix: 'prod/ifc',
      endpoint: 'https://s3.example.com',
      region: 'eu-north-1',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    // The S3-only endpoint comes before the general one, as in the SDK.
    expect(
      fileStore({ FILE_STORE_URL: 's3://edrf-files', AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: 'http://b:2' }),
    ).toMatchObject({ endpoint: 'http://b:2' });
  });

  it.each([
    ['edrf-files', /only s3:\/\//],
    ['https://edrf-files.s3.amazonaws.com/x', /only s3:\/\//],
    ['s3://', /bucket name '' /],
    ['s3://Edrf_Files/x', /bucket name 'Edrf_Files'/],
    ['s3://ab', /bucket name 'ab'/],
    ['s3://key:secret@edrf-files/x', /no user, port, query or fragment/],
    ['s3://edrf-files:9000/x', /no user, port, query or fragment/],
    ['s3://edrf-files/x?region=eu', /no user, port, query or fragment/],
    ['s3://edrf-files/a//b', /empty, \. or \.\. part/],
    ['s3://edrf-files/a/%E0%A4%A', /not well %-encoded/],
  ])('refuses %s at start-up', (url, why) => {
    expect(() => fileStore({ FILE_STORE_URL: url })).toThrow(/^FILE_STORE_URL must be s3:\/\/BUCKET or s3:\/\/BUCKET\/PREFIX/);
    expect(() => fileStore({ FILE_STORE_URL: url })).toThrow(why);
  });

  it('refuses an endpoint that is not an http(s) URL, and one key without the other', () => {
    expect(() => fileStore({ FILE_STORE_URL: 's3://edrf-files', AWS_ENDPOINT_URL_S3: 'localhost:9000' })).toThrow(
      /AWS_ENDPOINT_URL_S3 \(or AWS_ENDPOINT_URL\) must be an http\(s\) URL/,
    );
    expect(() => fileStore({ FILE_STORE_URL: 's3://edrf-files', AWS_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
    );
  });
});
