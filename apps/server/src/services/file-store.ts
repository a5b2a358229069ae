import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Files by the SHA-256 of their content, so the same IFC uploaded twice is stored once: a folder (createFileStore, the
 * default DATA_DIR/files) or an S3 bucket (createS3FileStore, FILE_STORE_URL; docs/operations.md). Each refuses a name
 * that is not a SHA-256 (lowercase hex), so that no caller can reach outside the store.
 */
export interface FileStore {
  /** Stores the content; `sha256` when the caller has hashed it already. Answers its SHA-256. */
  put(content: Buffer, sha256?: string): Promise<string>;
  has(sha256: string): Promise<boolean>;
  /** A stream of the file, or null when the store does not have it. */
  open(sha256: string): Promise<Readable | null>;
  /** Takes the file out of the store; a file it does not have is no error. */
  remove(sha256: string): Promise<void>;
  /** Lets go of the store's connections; the app calls it when it closes the store it made. */
  close?(): void;
}

export const isSha256 = (text: string) => /^[0-9a-f]{64}$/.test(text);

/** What the user reads when the store cannot be reached (a 503, or the upload's error). */
export const FILE_STORE_UNREACHABLE = 'The file store is not answering: try again in a few minutes';

/**
 * A fault of the store itself, not a file it lacks; the message names the store (the bucket) for the log.
 * `unreachable`: the store did not answer or answered that it is unavailable, which the user is told (503);
 * any other fault (no such bucket, access denied) is the server's 500.
 */
export class FileStoreError extends Error {
  constructor(
    message: string,
    readonly unreachable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FileStoreError';
  }
}

export function createFileStore(folder: string): FileStore {
  const where = (sha256: string) => {
    if (!isSha256(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return path.join(folder, sha256.slice(0, 2), sha256);
  };
  return {
    async put(content, known) {
      const sha256 = known ?? crypto.createHash('sha256').update(content).digest('hex');
      const file = where(sha256);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
      await fsp.writeFile(partial, content);
      await fsp.rename(partial, file);
      return sha256;
    },
    async has(sha256) {
      const file = where(sha256);
      try {
        await fsp.access(file);
        return true;
      } catch {
        return false;
      }
    },
    async open(sha256) {
      const file = where(sha256);
      try {
        await fsp.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async remove(sha256) {
      await fsp.rm(where(sha256), { force: true });
    },
  };
}
