/**
 * The stored parts' UTF-8 bytes by hash, the most recently used kept up to a total size (issue 38). A part is stored
 * under the SHA-256 of its text and never changes, so a process may keep it without asking the database again and
 * without telling the other processes: opening a 5 MB model then neither reads the database's 5 MB nor encodes them on
 * the request thread (about 60–90 ms of it each time, docs/versions.md).
 */
export class PartCache {
  private readonly parts = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** A part's bytes, now the most recently used; undefined when not kept. */
  get(hash: string): Buffer | undefined {
    const found = this.parts.get(hash);
    if (found) {
      this.parts.delete(hash);
      this.parts.set(hash, found);
    }
    return found;
  }

  /** Keeps a part, dropping the least recently used beyond the size; one larger than the whole size is not kept. */
  set(hash: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) return;
    const old = this.parts.get(hash);
    if (old) {
      this.parts.delete(hash);
      this.bytes -= old.length;
    }
    this.parts.set(hash, bytes);
    this.bytes += bytes.length;
    for (const [oldest, part] of this.parts) {
      if (this.bytes <= this.maxBytes) break;
      this.parts.delete(oldest);
      this.bytes -= part.length;
    }
  }

  /** The bytes kept, for the tests. */
  get size(): number {
    return this.bytes;
  }
}
