// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiCall, apiDownload, setUnauthenticatedHandler } from './client';
import { alertsStore } from '../ui/alerts';
import { upgradeRequiredStore } from '../ui/app-status';

// A real HTTP peer answering what the edrf server answers, so the helper is tested over the wire.
interface Seen {
  method: string;
  url: string;
  schema: string | undefined;
  contentType: string | undefined;
  body: string;
}
let seen: Seen[] = [];
let base = '';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({
      method: req.method!,
      url: req.url!,
      schema: req.headers['edrf-schema'] as string,
      contentType: req.headers['content-type'],
      body,
    });
    const stream = streams[req.url!];
    if (stream) {
      // A progress stream as the server sends it, in pieces that split a line (the reader must join them).
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const text = stream.map((line) => `${JSON.stringify(line)}\n`).join('');
      const pieces = [text.slice(0, 7), text.slice(7, 30), text.slice(30)];
      const send = (k: number): void => {
        if (k === pieces.length) return void res.end();
        res.write(pieces[k]);
        setTimeout(() => send(k + 1), 20);
      };
      return send(0);
    }
    const [status, payload] = answers[req.url!] ?? [200, { ok: true }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  });
});
const answers: Record<string, [number, unknown]> = {
  '/upgrade': [426, { detail: 'Edrf schema upgrade required' }],
  '/signed-out': [401, { detail: 'Unauthenticated' }],
  '/bad': [400, { detail: 'Email and login provider are required' }],
  '/broken': [500, {}],
  '/forbidden': [403, { detail: 'Only organization admins can do this' }],
  '/missing-file': [404, { detail: 'File not found' }],
};

const streams: Record<string, unknown[]> = {
  '/stream-ok': [{ progress: 0 }, { progress: 0.25 }, { progress: 0.75 }, { result: { units: 3 } }],
  '/stream-fail': [{ progress: 0 }, { progress: 0.5 }, { error: { status: 400, detail: 'Fire detectors missing' } }],
  '/stream-cut': [{ progress: 0 }, { progress: 0.5 }],
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  alertsStore.set([]);
  upgradeRequiredStore.set(false);
});

const toasts = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);

describe('apiCall', () => {
  it('sends Edrf-Schema 5 and a JSON body by POST', async () => {
    await apiCall('save', `${base}/save`, { body: { name: 'x' } });
    await apiCall('load', `${base}/load`);
    expect(seen).toEqual([
      { method: 'POST', url: '/save', schema: '5', contentType: 'application/json', body: '{"name":"x"}' },
      { method: 'GET', url: '/load', schema: '5', contentType: undefined, body: '' },
    ]);
  });

  it('shows the upgrade banner on 426', async () => {
    await expect(apiCall('load users', `${base}/upgrade`)).rejects.toThrow('Edrf schema upgrade required');
    expect(upgradeRequiredStore.get()).toBe(true);
  });

  it('goes to / on 401 unless the caller expects it', async () => {
    let sentHome = 0;
    setUnauthenticatedHandler(() => sentHome++);
    await expect(apiCall('load users', `${base}/signed-out`)).rejects.toThrow('Unauthenticated');
    expect(sentHome).toBe(1);
    await expect(apiCall('check', `${base}/signed-out`, { allowUnauthenticated: true, quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(sentHome).toBe(1);
  });

  it("toasts 'Failed to {action}: {detail}', or without detail when there is none", async () => {
    await expect(apiCall('create user', `${base}/bad`, { body: {} })).rejects.toThrow(
      'Failed to create user: Email and login provider are required',
    );
    await expect(apiCall('load users', `${base}/broken`)).rejects.toThrow('Failed to load users');
    expect(toasts()).toEqual(['error: Failed to create user: Email and login provider are required', 'error: Failed to load users']);
  });

  it("toasts 'Failed to {action}' when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(apiCall('load users', `http://127.0.0.1:${port}/x`)).rejects.toMatchObject({ status: 0, message: 'Failed to load users' });
    expect(toasts()).toEqual(['error: Failed to load users']);
  });

  it('stays quiet when the caller shows its own message', async () => {
    await expect(apiCall('send passcode', `${base}/bad`, { body: {}, quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(toasts()).toEqual([]);
  });

  it('leaves the statuses the caller shows itself to the caller, and toasts the rest', async () => {
    await expect(apiCall('load billing information', `${base}/forbidden`, { quietStatuses: [403] })).rejects.toMatchObject({ status: 403 });
    await expect(apiCall('load billing information', `${base}/broken`, { quietStatuses: [403] })).rejects.toMatchObject({ status: 500 });
    expect(toasts()).toEqual(['error: Failed to load billing information']);
  });
});

describe('apiDownload', () => {
  it('sends Edrf-Schema 5 and answers the file', async () => {
    const blob = await apiDownload(`${base}/file.ifc`);
    expect(await blob.text()).toBe('{"ok":true}');
    expect(seen).toEqual([{ method: 'GET', url: '/file.ifc', schema: '5', contentType: undefined, body: '' }]);
  });

  it('throws the status without a toast, so the caller can name the file', async () => {
    await expect(apiDownload(`${base}/missing-file`)).rejects.toMatchObject({ status: 404, detail: 'File not found' });
    expect(toasts()).toEqual([]);
  });

  it('shows the upgrade banner on 426 like every other call', async () => {
    await expect(apiDownload(`${base}/upgrade`)).rejects.toMatchObject({ status: 426 });
    expect(upgradeRequiredStore.get()).toBe(true);
  });
});

describe('apiCall with progress', () => {
  it('asks for a progress stream, reports each share done and answers the result', async () => {
    const seenProgress: number[] = [];
    const answer = await apiCall<{ units: number }>('design', `${base}/stream-ok`, { body: {}, onProgress: (f) => seenProgress.push(f) });
    expect(answer).toEqual({ units: 3 });
    expect(seenProgress).toEqual([0, 0.25, 0.75]);
  });

  it('a failure told in the stream is the same failure as a plain answer: toast and ApiError with the status', async () => {
    const error = await apiCall('calculate fire sections', `${base}/stream-fail`, { body: {}, onProgress: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).detail).toBe('Fire detectors missing');
    expect(toasts()).toEqual(['error: Failed to calculate fire sections: Fire detectors missing']);
  });

  it('a stream that ends before its result fails', async () => {
    await expect(apiCall('design', `${base}/stream-cut`, { body: {}, onProgress: () => {}, quiet: true })).rejects.toThrow(
      'Failed to design: The answer ended before its result',
    );
  });

  it('without onProgress a plain JSON answer is read as before', async () => {
    expect(await apiCall('load', `${base}/load`)).toEqual({ ok: true });
  });
});
