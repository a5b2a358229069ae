// The architect's revised file, made in the test process: packages/ifc's reviseIfc (web-ifc's writer) edits a corpus
// file, and the bytes are written under the original's name, since a re-import replaces the previous import of the same
// file name (docs/ifc-upload.md, Merge).
import fs from 'node:fs';
import path from 'node:path';
import { reviseIfc, type RevisionEdit } from '@edrf/ifc/testing';

export type { RevisionEdit };

/** Writes `original` with the edits applied into `folder`, under the original's file name; returns its path. */
export async function writeRevisedIfc(original: string, edits: readonly RevisionEdit[], folder: string): Promise<string> {
  const revised = await reviseIfc(new Uint8Array(fs.readFileSync(original)), edits);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, path.basename(original));
  fs.writeFileSync(file, revised);
  return file;
}
