import { Zip, ZipDeflate } from 'fflate';
import type { ReportFile } from './report-builder.js';

/**
 * Writes files into a zip as they come, each compressed and let go before the next is made. Names that repeat get
 * ' (2)', ' (3)' before the extension.
 */
export class ZipWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private readonly names = new Set<string>();
  private failure: Error | null = null;

  constructor() {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
    });
  }

  add(file: ReportFile): void {
    const entry = new ZipDeflate(this.uniqueName(file.name), { level: 6 });
    this.zip.add(entry);
    entry.push(file.data, true);
    if (this.failure) throw this.failure;
  }

  finish(): Uint8Array {
    this.zip.end();
    if (this.failure) throw this.failure;
    const out = new Uint8Array(this.chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  private uniqueName(name: string): string {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let unique = name;
    for (let n = 2; this.names.has(unique); n++) unique = `${base} (${n})${ext}`;
    this.names.add(unique);
    return unique;
  }
}
