/**
 * The IFC upload protocol over a WebSocket (P§4, P§7; docs/ifc-upload.md), as a plain client: no
 * React, no store. Files go one after another on one socket; each one's state is reported through
 * `onState`. The page applies what `done` carries (pages/project/AddIfcsDialog.tsx).
 */

/** Each binary frame is one gzip member of at most this many bytes of the file (P§9). */
export const PIECE_BYTES = 8 * 1024 * 1024;
/** Sending waits while more than this is queued on the socket, so a large file is not all in memory. */
const MAX_BUFFERED_BYTES = 2 * PIECE_BYTES;

/** P§8 texts. */
export const UPLOAD_TEXT = {
  connectionClosed: 'Connection closed unexpectedly',
  socketError: 'WebSocket error occurred',
  uploadFailed: 'Upload failed. Please try again.',
  failedToUpload: 'Failed to upload IFCs',
  failed: (detail: string) => `Failed: ${detail}`,
} as const;

export type ProcessingStep = 'ifc_parse' | 'ifc_diff' | 'ifc_process';
export const STEP_LABELS: Record<ProcessingStep, string> = {
  ifc_parse: 'Reading the file',
  ifc_diff: 'Merging into the model',
  ifc_process: 'Storing the file',
};

export interface ChangeCount {
  added: number;
  changed: number;
  removed: number;
}

/** What `done` carries (docs/ifc-upload.md): the open version's parts with the file merged in. */
export interface UploadResult {
  arch: unknown;
  elec: unknown;
  ifc_files: Record<string, { name: string; size: number; uploaded_at: string }>;
  changes: Record<string, ChangeCount>;
  warnings: string[];
  /** The file's true north, for config.compass_degrees; absent from servers that do not send it. */
  compass_degrees?: number;
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'uploaded' }
  | { status: 'processing'; step: ProcessingStep; progress: number }
  | { status: 'done'; result: UploadResult }
  /** `message`: what the user reads ('Failed: {detail}', or a P§8 connection text). */
  | { status: 'error'; message: string; connection: boolean };

/** The part of a WebSocket the client uses (the browser's, or ws's in tests). */
export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  binaryType: string;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

export interface UploadFile {
  /** Chosen by the caller, unique within one upload. */
  id: string;
  /** The file's own name (must end in .ifc; the server checks). */
  name: string;
  blob: Blob;
}

export interface UploadOptions {
  url: string;
  files: readonly UploadFile[];
  onState: (fileId: string, state: UploadState) => void;
  /** Awaited before the next file starts (the page applies the result). */
  onDone?: (fileId: string, result: UploadResult) => void | Promise<void>;
  createSocket?: (url: string) => SocketLike;
  /** One piece as one gzip member; CompressionStream('gzip') by default. */
  compress?: (piece: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;
}

export interface UploadSummary {
  done: number;
  failed: number;
  /** The P§8 text when the connection failed (the files not finished then are in error). */
  connectionError: string | null;
}

const OPEN = 1;

/** The socket URL for a page served from `location`: ws(s)://{host}/ws/v1/{projectId}/{versionId}/upload_ifc. */
export function uploadUrl(location: { protocol: string; host: string }, projectId: string, versionId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/v1/${encodeURIComponent(projectId)}/${encodeURIComponent(versionId)}/upload_ifc`;
}

/** gzip of one piece with the platform's CompressionStream. */
export async function gzipPiece(piece: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([piece]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

type Incoming =
  | { type: 'file_upload'; file_id: string; progress: number }
  | { type: 'progress'; file_id: string; step: ProcessingStep; progress: number }
  | ({ type: 'done'; file_id: string } & UploadResult)
  | { type: 'error'; file_id: string | null; detail: string };

function parseIncoming(data: unknown): Incoming | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string'
      ? (message as Incoming)
      : null;
  } catch {
    return null;
  }
}

const clamp01 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type FileEnd = { ok: true; result: UploadResult } | { ok: false; message: string; connection: boolean };

/** Uploads the files one after another on one socket; resolves when each has ended (done or error). */
export async function uploadIfcs(options: UploadOptions): Promise<UploadSummary> {
  const { files, onState } = options;
  const compress = options.compress ?? gzipPiece;
  const summary: UploadSummary = { done: 0, failed: 0, connectionError: null };
  if (files.length === 0) return summary;

  let socket: SocketLike;
  try {
    socket = (options.createSocket ?? ((url) => new WebSocket(url)))(options.url);
  } catch {
    return failAll(files, onState, summary, UPLOAD_TEXT.uploadFailed);
  }
  socket.binaryType = 'arraybuffer';

  // The file being sent and waited for; messages of other files are ignored.
  let current: { id: string; end: (value: FileEnd) => void; ended: boolean; sent: boolean } | null = null;
  let connectionError: string | null = null;
  let finished = false;
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true));
    const fail = (message: string) => {
      if (finished) return;
      connectionError ??= message;
      resolve(false);
      if (current && !current.ended) current.end({ ok: false, message: connectionError, connection: true });
    };
    socket.addEventListener('error', () => fail(UPLOAD_TEXT.socketError));
    // A refusal of the server (4401, 4404) says why; any other close is unexpected.
    socket.addEventListener('close', (event) =>
      fail(event.code >= 4000 && event.reason ? UPLOAD_TEXT.failed(event.reason) : UPLOAD_TEXT.connectionClosed),
    );
  });

  socket.addEventListener('message', (event) => {
    const message = parseIncoming(event.data);
    if (!message || !current || current.ended) return;
    if (message.type === 'error') {
      if (message.file_id !== null && message.file_id !== current.id) return;
      current.end({ ok: false, message: UPLOAD_TEXT.failed(message.detail), connection: false });
      return;
    }
    if (message.file_id !== current.id) return;
    if (message.type === 'file_upload') {
      const progress = clamp01(message.progress);
      onState(current.id, current.sent && progress >= 1 ? { status: 'uploaded' } : { status: 'uploading', progress });
    } else if (message.type === 'progress') {
      onState(current.id, { status: 'processing', step: message.step, progress: clamp01(message.progress) });
    } else if (message.type === 'done') {
      const { arch, elec, ifc_files, changes, warnings, compass_degrees } = message;
      current.end({ ok: true, result: { arch, elec, ifc_files, changes: changes ?? {}, warnings: warnings ?? [], compass_degrees } });
    }
  });

  const ready = await opened;
  for (const file of files) {
    if (!ready || connectionError) {
      onState(file.id, { status: 'error', message: connectionError ?? UPLOAD_TEXT.uploadFailed, connection: true });
      summary.failed++;
      continue;
    }
    let end!: (value: FileEnd) => void;
    const ended = new Promise<FileEnd>((resolve) => (end = resolve));
    const entry = {
      id: file.id,
      ended: false,
      sent: false,
      end: (value: FileEnd) => {
        if (entry.ended) return;
        entry.ended = true;
        end(value);
      },
    };
    current = entry;
    onState(file.id, { status: 'uploading', progress: 0 });
    void send(socket, file, compress, () => entry.ended).then(
      (sent) => {
        if (!sent || entry.ended) return;
        entry.sent = true;
        onState(file.id, { status: 'uploaded' });
      },
      () => entry.end({ ok: false, message: UPLOAD_TEXT.uploadFailed, connection: false }),
    );
    const result = await ended;
    if (result.ok) {
      onState(file.id, { status: 'done', result: result.result });
      summary.done++;
      try {
        await options.onDone?.(file.id, result.result);
      } catch {
        // The page reports its own failures.
      }
    } else {
      onState(file.id, { status: 'error', message: result.message, connection: result.connection });
      summary.failed++;
    }
  }
  finished = true;
  current = null;
  summary.connectionError = connectionError;
  if (socket.readyState === OPEN) socket.close(1000, 'Upload finished');
  return summary;
}

/** file_start, the pieces, upload_complete; stops when the file has ended (refused) or the socket closed. */
async function send(
  socket: SocketLike,
  file: UploadFile,
  compress: (piece: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>,
  ended: () => boolean,
): Promise<boolean> {
  const live = () => !ended() && socket.readyState === OPEN;
  socket.send(JSON.stringify({ type: 'file_start', file_id: file.id, filename: file.name, size: file.blob.size }));
  for (let offset = 0; offset < file.blob.size; offset += PIECE_BYTES) {
    const piece = new Uint8Array(await file.blob.slice(offset, offset + PIECE_BYTES).arrayBuffer());
    const frame = await compress(piece);
    while (live() && socket.bufferedAmount > MAX_BUFFERED_BYTES) await wait(20);
    if (!live()) return false;
    socket.send(frame);
  }
  if (!live()) return false;
  socket.send(JSON.stringify({ type: 'upload_complete', file_id: file.id }));
  return true;
}

function failAll(files: readonly UploadFile[], onState: UploadOptions['onState'], summary: UploadSummary, message: string) {
  for (const file of files) onState(file.id, { status: 'error', message, connection: true });
  return { ...summary, failed: files.length, connectionError: message };
}
