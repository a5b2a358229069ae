import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { clientMessage, DETAIL, MAX_PIECE_BYTES, type ServerMessage } from './protocol.js';
import { ExtractionError } from './extraction.js';
import { FILE_STORE_UNREACHABLE, FileStoreError } from '../services/file-store.js';

/**
 * A piece is inflated on the event loop, at once, into one output buffer of the size it should have (`expected`: what
 * is left of the declared size, at most a piece), so that there are no pieces of output to join: 10 to 20 ms for 8 MB.
 * Inflated in zlib's thread pool it took 45 to 60 ms while the next pieces arrived (the 26 MB model's upload took 100 ms
 * longer), since each step of it waits for the event loop that is receiving them. An output buffer of a whole piece
 * for every file, 8 MB for one of 0.4 MB, kept the server's heap collecting: the import of a small file took twice as
 * long every other time.
 */
const inflate = (piece: Buffer, expected: number): Buffer =>
  zlib.gunzipSync(piece, { maxOutputLength: MAX_PIECE_BYTES, chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(expected, MAX_PIECE_BYTES)) });
/** The smallest output buffer asked for: a piece with little left of the declared size is inflated into this. */
const MIN_CHUNK_BYTES = 64 * 1024;

/** A file whose bytes have all arrived and passed the checks. */
export interface ReceivedFile {
  fileId: string;
  filename: string;
  /** In a SharedArrayBuffer, so a worker reads it without a copy. */
  bytes: Uint8Array;
  /** The SHA-256 of the bytes (hex), by which the file is stored. */
  sha256: string;
}

export type StepProgress = (step: 'ifc_parse' | 'ifc_diff' | 'ifc_process', progress: number) => void;

/** Extracts, merges and stores a received file: the done message. Throws ExtractionError to refuse it. */
export type CompleteFile = (file: ReceivedFile, progress: StepProgress) => Promise<Extract<ServerMessage, { type: 'done' }>>;

export interface UploadSessionDeps {
  maxBytes: number;
  send(message: ServerMessage): void;
  /**
   * Called when a file's upload starts, to begin what needs none of its bytes while they arrive; answers how the file
   * is completed once they have.
   */
  begin(): CompleteFile;
  /** A fault of the server (not of the file): logged, and the user told the upload failed. */
  fault(error: unknown): void;
}

interface Upload {
  fileId: string;
  filename: string;
  size: number;
  received: number;
  /**
   * The file as it arrives, each piece copied in once inflated; made at the first piece, of the declared size, in a
   * SharedArrayBuffer so that the compute worker reads it without a copy. Copying the pieces only once all had arrived
   * kept the event loop busy for 15 to 35 ms after the last (26 MB, mostly touching new memory) before the worker could
   * start.
   */
  bytes: Uint8Array | null;
  /**
   * The SHA-256 of the pieces so far: each is hashed as it arrives, while the event loop waits for the next, rather than
   * the whole file once it has (60 ms for 26 MB on the event loop, beside the import's two workers on two cores).
   */
  hash: crypto.Hash;
  complete: CompleteFile;
}

const IFC_HEADER = 'ISO-10303-21';

/** Whether the bytes start as a STEP physical file (ISO 10303-21), allowing a BOM and blank lines first. */
export function hasIfcHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024))
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart();
  return head.startsWith(IFC_HEADER);
}

/**
 * Whether the bytes look like UTF-16 text (a byte-order mark, or the ASCII of a header with a zero byte after or before
 * each character): an IFC file saved by a text editor as "Unicode", told apart from other files that are not IFC.
 */
export function isUtf16(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  return (
    (bytes[0] === 0x49 && bytes[1] === 0 && bytes[2] === 0x53 && bytes[3] === 0) ||
    (bytes[0] === 0 && bytes[1] === 0x49 && bytes[2] === 0 && bytes[3] === 0x53)
  );
}

/**
 * The upload protocol of one socket (P§4, docs/ifc-upload.md). Messages are handled one at a time in
 * the order they arrived; a refused file is answered with an error and forgotten, and the socket
 * goes on with the next file_start.
 */
export class UploadSession {
  private current: Upload | null = null;
  /** After a refusal, the rest of that file's frames are dropped without further errors. */
  private dropping: string | null = null;

  constructor(private readonly deps: UploadSessionDeps) {}

  async handle(data: Buffer, isBinary: boolean): Promise<void> {
    if (isBinary) this.piece(data);
    else await this.message(data.toString('utf8'));
  }

  private error(fileId: string | null, detail: string): void {
    this.deps.send({ type: 'error', file_id: fileId, detail });
  }

  /** Refuses the current file: answered once, its bytes let go, its later frames dropped. */
  private refuse(detail: string): void {
    const fileId = this.current?.fileId ?? null;
    this.current = null;
    this.dropping = fileId;
    this.error(fileId, detail);
  }

  private async message(text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.error(null, DETAIL.malformedJson);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json) || typeof (json as { type?: unknown }).type !== 'string') {
      return this.error(null, DETAIL.notAnObject);
    }
    const { type, file_id } = json as { type: string; file_id?: unknown };
    const fileId = typeof file_id === 'string' ? file_id : null;
    if (type !== 'file_start' && type !== 'upload_complete') return this.error(fileId, DETAIL.unknownType(type));
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.error(fileId, `Malformed ${type}: ${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
    }
    const msg = parsed.data;
    if (msg.type === 'file_start') return this.start(msg.file_id, msg.filename, msg.size);
    return this.finish(msg.file_id ?? this.current?.fileId ?? this.dropping ?? '');
  }

  private start(fileId: string, filename: string, size: number): void {
    if (this.current) {
      // The client gave up on a file without saying so: that file is refused, the new one begins.
      const previous = this.current.fileId;
      this.current = null;
      this.error(previous, `The upload of '${previous}' was abandoned: a new file_start arrived before its upload_complete`);
    }
    this.dropping = null;
    if (!filename.toLowerCase().endsWith('.ifc')) return this.startRefused(fileId, DETAIL.notIfcName(filename));
    if (size === 0) return this.startRefused(fileId, DETAIL.empty);
    if (size > this.deps.maxBytes) return this.startRefused(fileId, DETAIL.tooLarge(this.deps.maxBytes));
    this.current = { fileId, filename, size, received: 0, bytes: null, hash: crypto.createHash('sha256'), complete: this.deps.begin() };
    this.deps.send({ type: 'file_upload', file_id: fileId, progress: 0 });
  }

  private startRefused(fileId: string, detail: string): void {
    this.dropping = fileId;
    this.error(fileId, detail);
  }

  private piece(frame: Buffer): void {
    const upload = this.current;
    if (!upload) {
      if (this.dropping === null) this.error(null, DETAIL.frameBeforeStart);
      return;
    }
    let piece: Buffer;
    try {
      piece = inflate(frame, upload.size - upload.received);
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError;
      return this.refuse(tooLarge ? DETAIL.pieceTooLarge : DETAIL.notGzip);
    }
    const end = upload.received + piece.length;
    if (end > this.deps.maxBytes) return this.refuse(DETAIL.tooLarge(this.deps.maxBytes));
    if (end > upload.size) return this.refuse(DETAIL.moreThanDeclared(upload.size));
    upload.bytes ??= new Uint8Array(new SharedArrayBuffer(upload.size));
    upload.bytes.set(piece, upload.received);
    upload.hash.update(piece);
    upload.received = end;
    this.deps.send({ type: 'file_upload', file_id: upload.fileId, progress: upload.received / upload.size });
  }

  private async finish(fileId: string): Promise<void> {
    const upload = this.current;
    if (!upload) {
      // The answer to a refused file was its error; its upload_complete needs none.
      if (this.dropping !== fileId) this.error(fileId, DETAIL.otherFile(fileId));
      this.dropping = null;
      return;
    }
    if (upload.fileId !== fileId) return this.refuse(DETAIL.otherFile(fileId));
    this.current = null;
    this.dropping = null;
    const bytes = upload.bytes;
    if (upload.received === 0 || !bytes) return this.error(fileId, DETAIL.empty);
    if (upload.received !== upload.size) return this.error(fileId, DETAIL.truncated(upload.received, upload.size));
    if (!hasIfcHeader(bytes)) return this.error(fileId, isUtf16(bytes) ? DETAIL.utf16 : DETAIL.notIfc);
    try {
      const done = await upload.complete(
        { fileId, filename: upload.filename, bytes, sha256: upload.hash.digest('hex') },
        (step, progress) => this.deps.send({ type: 'progress', file_id: fileId, step, progress }),
      );
      this.deps.send(done);
    } catch (error) {
      if (error instanceof ExtractionError) return this.error(fileId, error.message);
      this.deps.fault(error);
      const unreachable = error instanceof FileStoreError && error.unreachable;
      this.error(fileId, `Upload failed: ${unreachable ? FILE_STORE_UNREACHABLE : 'internal server error'}`);
    }
  }
}
