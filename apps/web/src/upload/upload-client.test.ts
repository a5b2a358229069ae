// @vitest-environment node
// The client against a small fake server speaking the protocol (docs/ifc-upload.md) over a real ws server.
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { PIECE_BYTES, UPLOAD_TEXT, uploadIfcs, uploadUrl, type SocketLike, type UploadState } from './upload-client';

interface Received {
  messages: Record<string, unknown>[];
  /** Inflated size of each binary frame. */
  pieces: number[];
}

const IFC = "ISO-10303-21;\nHEADER;\nFILE_NAME('tower.ifc');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";
const CHANGES = { rooms: { added: 2, changed: 0, removed: 0 } };

let server: WebSocketServer | null = null;

/** A fake of apps/server's upload socket: checks names and the header, answers progress and done. */
async function fakeServer(behaviour: { closeWith?: [number, string]; dropAfterStart?: boolean } = {}) {
  const received: Received = { messages: [], pieces: [] };
  server = new WebSocketServer({ port: 0 });
  await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    if (behaviour.closeWith) return socket.close(...behaviour.closeWith);
    let file: { id: string; size: number; bytes: Buffer[]; refused: boolean } | null = null;
    const send = (message: object) => socket.send(JSON.stringify(message));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        const piece = gunzipSync(buffer);
        received.pieces.push(piece.length);
        if (!file || file.refused) return;
        file.bytes.push(piece);
        send({ type: 'file_upload', file_id: file.id, progress: Buffer.concat(file.bytes).length / file.size });
        return;
      }
      const message = JSON.parse(buffer.toString('utf8')) as Record<string, unknown>;
      received.messages.push(message);
      if (message.type === 'file_start') {
        const name = String(message.filename);
        file = { id: String(message.file_id), size: Number(message.size), bytes: [], refused: false };
        if (behaviour.dropAfterStart) return socket.terminate();
        if (!name.toLowerCase().endsWith('.ifc')) {
          file.refused = true;
          return send({ type: 'error', file_id: file.id, detail: `'${name}' is not an IFC file: only .ifc files can be uploaded` });
        }
        send({ type: 'file_upload', file_id: file.id, progress: 0 });
      } else if (message.type === 'upload_complete' && file && !file.refused) {
        const id = file.id;
        if (!Buffer.concat(file.bytes).toString('latin1').startsWith('ISO-10303-21'))
          return send({ type: 'error', file_id: id, detail: 'Not an IFC file: the ISO-10303-21 header is missing' });
        for (const step of ['ifc_parse', 'ifc_diff', 'ifc_process']) send({ type: 'progress', file_id: id, step, progress: 1 });
        send({
          type: 'done',
          file_id: id,
          arch: { id },
          elec: {},
          ifc_files: { abc: { name: 'x.ifc', size: 1, uploaded_at: '' } },
          changes: CHANGES,
          warnings: [],
        });
      }
    });
  });
  const port = (server.address() as AddressInfo).port;
  return { received, url: uploadUrl({ protocol: 'http:', host: `127.0.0.1:${port}` }, 'p1', 'working-version') };
}

afterEach(async () => {
  const closing = server;
  server = null;
  if (closing) {
    for (const client of closing.clients) client.terminate();
    await new Promise((resolve) => closing.close(resolve));
  }
});

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

function recorder() {
  const states: Record<string, UploadState[]> = {};
  return { states, onState: (id: string, state: UploadState) => (states[id] ??= []).push(state) };
}

describe('uploadIfcs', () => {
  it('builds the socket URL from the page location', () => {
    expect(uploadUrl({ protocol: 'https:', host: 'edrf.example' }, 'p', 'v')).toBe('wss://edrf.example/ws/v1/p/v/upload_ifc');
    expect(uploadUrl({ protocol: 'http:', host: 'localhost:8080' }, 'p', 'working-version')).toBe(
      'ws://localhost:8080/ws/v1/p/working-version/upload_ifc',
    );
  });

  it('reports an error file, then uploads a good one on the same socket', async () => {
    const { received, url } = await fakeServer();
    const { states, onState } = recorder();
    const done: string[] = [];
    const summary = await uploadIfcs({
      url,
      createSocket,
      onState,
      onDone: (id) => void done.push(id),
      files: [
        { id: 'bad', name: 'junk.ifc', blob: new Blob(['this is not a step file']) },
        { id: 'good', name: 'tower.ifc', blob: new Blob([IFC]) },
      ],
    });
    expect(summary).toEqual({ done: 1, failed: 1, connectionError: null });
    expect(states.bad?.at(-1)).toEqual({
      status: 'error',
      message: 'Failed: Not an IFC file: the ISO-10303-21 header is missing',
      connection: false,
    });
    const good = states.good ?? [];
    expect(good[0]).toEqual({ status: 'uploading', progress: 0 });
    expect(good.map((state) => state.status)).toContain('uploaded');
    expect(good.filter((state) => state.status === 'processing').map((state) => state.step)).toEqual([
      'ifc_parse',
      'ifc_diff',
      'ifc_process',
    ]);
    const last = good.at(-1);
    expect(last?.status).toBe('done');
    if (last?.status === 'done') {
      expect(last.result.arch).toEqual({ id: 'good' });
      expect(last.result.changes).toEqual(CHANGES);
      expect(Object.keys(last.result.ifc_files)).toEqual(['abc']);
    }
    expect(done).toEqual(['good']);
    expect(received.messages).toEqual([
      { type: 'file_start', file_id: 'bad', filename: 'junk.ifc', size: 23 },
      { type: 'upload_complete', file_id: 'bad' },
      { type: 'file_start', file_id: 'good', filename: 'tower.ifc', size: IFC.length },
      { type: 'upload_complete', file_id: 'good' },
    ]);
  });

  it('a refused name ends that file at once and the next one goes on', async () => {
    const { received, url } = await fakeServer();
    const { states, onState } = recorder();
    const summary = await uploadIfcs({
      url,
      createSocket,
      onState,
      files: [
        { id: 'txt', name: 'notes.txt', blob: new Blob(['hello']) },
        { id: 'good', name: 'tower.ifc', blob: new Blob([IFC]) },
      ],
    });
    expect(summary.failed).toBe(1);
    expect(states.txt?.at(-1)).toMatchObject({
      status: 'error',
      message: "Failed: 'notes.txt' is not an IFC file: only .ifc files can be uploaded",
    });
    expect(states.good?.at(-1)?.status).toBe('done');
    expect(received.messages.filter((message) => message.type === 'file_start')).toHaveLength(2);
  });

  it('cuts the file into gzip pieces of at most 8 MB each', async () => {
    const { received, url } = await fakeServer();
    const { states, onState } = recorder();
    const big = new Uint8Array(PIECE_BYTES + 1000);
    big.set(new TextEncoder().encode(IFC));
    await uploadIfcs({ url, createSocket, onState, files: [{ id: 'big', name: 'big.IFC', blob: new Blob([big]) }] });
    expect(received.pieces).toEqual([PIECE_BYTES, 1000]);
    expect(states.big?.at(-1)?.status).toBe('done');
    const progress = (states.big ?? []).flatMap((state) => (state.status === 'uploading' ? [state.progress] : []));
    expect(progress).toContain(PIECE_BYTES / (PIECE_BYTES + 1000));
  });

  it('a refusal of the server names its reason on every file', async () => {
    const { url } = await fakeServer({ closeWith: [4404, 'Project not found'] });
    const { states, onState } = recorder();
    const summary = await uploadIfcs({
      url,
      createSocket,
      onState,
      files: [
        { id: 'a', name: 'a.ifc', blob: new Blob([IFC]) },
        { id: 'b', name: 'b.ifc', blob: new Blob([IFC]) },
      ],
    });
    expect(summary).toEqual({ done: 0, failed: 2, connectionError: 'Failed: Project not found' });
    expect(states.b?.at(-1)).toEqual({ status: 'error', message: 'Failed: Project not found', connection: true });
  });

  it('a socket dropped during the upload is "Connection closed unexpectedly"', async () => {
    const { url } = await fakeServer({ dropAfterStart: true });
    const { states, onState } = recorder();
    const summary = await uploadIfcs({ url, createSocket, onState, files: [{ id: 'a', name: 'a.ifc', blob: new Blob([IFC]) }] });
    expect(summary.connectionError).toBe(UPLOAD_TEXT.connectionClosed);
    expect(states.a?.at(-1)).toEqual({ status: 'error', message: UPLOAD_TEXT.connectionClosed, connection: true });
  });

  it('no server to connect to is "WebSocket error occurred"', async () => {
    const { url } = await fakeServer();
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const { states, onState } = recorder();
    const summary = await uploadIfcs({ url, createSocket, onState, files: [{ id: 'a', name: 'a.ifc', blob: new Blob([IFC]) }] });
    expect(summary.connectionError).toBe(UPLOAD_TEXT.socketError);
    expect(states.a).toEqual([{ status: 'error', message: UPLOAD_TEXT.socketError, connection: true }]);
  });
});
