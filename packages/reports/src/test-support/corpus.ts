// Test support: a real IFC model of the corpus (../shared/ifc, or IFC_CORPUS) and its architecture. A test of it is
// skipped, with a message, where the corpus is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIfc } from '@edrf/ifc';
import type { Arch } from '@edrf/model';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');

/** The small house most report tests design: two storeys, rooms, doors. */
export const FZK_HAUS = 'AC20-FZK-Haus.ifc';

/** Whether the corpus holds `file`; warns, naming `tests`, where it does not. */
export function corpusHas(file: string, tests: string): boolean {
  const present = fs.existsSync(path.join(corpus, file));
  if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): ${tests} are skipped.`);
  return present;
}

/** The corpus file's architecture, as extractIfc reads it. */
export async function corpusArch(file: string): Promise<Arch> {
  return (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch;
}
