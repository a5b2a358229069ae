import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * The GlobalIds each stored IFC file yielded, kept beside the file store (DATA_DIR/ifc-global-ids/{sha256}.json), so
 * that the next import of the same file name knows what the previous one brought in (docs/ifc-upload.md). A list is
 * written after the import has answered: a read of it waits for the write, and a list that is missing (its write
 * failed) is made again from the previous file.
 */
export interface GlobalIdStore {
  /** The list kept for a file, or null when none is. */
  get(sha256: string): Promise<string[] | null>;
  /** Starts keeping a file's list, given as JSON text (a list of strings); a write that fails is told to onError. */
  put(sha256: string, text: string, onError: (error: unknown) => void): void;
  /** Resolves once every write begun has ended (the app waits for it when it closes). */
  settled(): Promise<void>;
}

export function createGlobalIdStore(dataDir: string): GlobalIdStore {
  const folder = path.join(dataDir, 'ifc-global-ids');
  const file = (sha256: string) => path.join(folder, `${sha256}.json`);
  const writing = new Map<string, Promise<void>>();

  const write = async (sha256: string, text: string): Promise<void> => {
    const partial = `${file(sha256)}.${crypto.randomBytes(4).toString('hex')}.partial`;
    // The folder is made the first time it is missing rather than checked on every import.
    await fsp.writeFile(partial, text).catch(async (error: unknown) => {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      await fsp.mkdir(folder, { recursive: true });
      await fsp.writeFile(partial, text);
    });
    await fsp.rename(partial, file(sha256));
  };

  return {
    async get(sha256) {
      await writing.get(sha256);
      try {
        return JSON.parse(await fsp.readFile(file(sha256), 'utf8')) as string[];
      } catch {
        return null;
      }
    },
    put(sha256, text, onError) {
      const written: Promise<void> = (writing.get(sha256) ?? Promise.resolve())
        .then(() => write(sha256, text))
        .catch(onError)
        .finally(() => {
          if (writing.get(sha256) === written) writing.delete(sha256);
        });
      writing.set(sha256, written);
    },
    async settled() {
      await Promise.all(writing.values());
    },
  };
}
