import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Files by the SHA-256 of their content, so the same IFC uploaded twice is stored once. */
export interface FileStore {
  /** Stores the content; `sha256` when the caller has hashed it already. Answers its SHA-256. */
  put(content: Buffer, sha256?: string): Promise<string>;
  has(sha256: string): Promise<boolean>;
  /** A stream of the file, or null when the store does not have it. */
  open(sha256: string): Promise<fs.ReadStream | null>;
  remove(sha256: string): Promise<void>;
}

const isHash = (text: string) => /^[0-9a-f]{64}$/.test(text);

export function createFileStore(folder: string): FileStore {
  const where = (sha256: string) => {
    if (!isHash(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
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
      try {
        await fsp.access(where(sha256));
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
