// The IFC file the IFC model report adds the fire design to (docs/reports.md, "IFC model"): the project's newest
// stored file that the model asks about (config.ifc_files), read from the file store for the worker. The body is
// parsed in the worker, so here it is only searched: for the ifc_model flag, and for each of the project's files'
// SHA-256 (a key of config.ifc_files). The worker checks both again on the parsed body; a project's file is the only
// one that can be read, whatever the body names.
import type { AppContext } from '../context.js';
import type { ReportIfcFile } from '../compute/fire-reports-task.js';

const FLAG = Buffer.from('"ifc_model"', 'latin1');
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const TRUE = Buffer.from('true', 'latin1');

/** Whether a raw JSON body has `"ifc_model": true` (a false positive only reads a file the worker then ignores). */
function asksFlag(body: Buffer): boolean {
  for (let at = body.indexOf(FLAG); at >= 0; at = body.indexOf(FLAG, at + FLAG.length)) {
    let i = at + FLAG.length;
    while (WHITESPACE.has(body[i]!)) i++;
    if (body[i] !== 0x3a) continue;
    i++;
    while (WHITESPACE.has(body[i]!)) i++;
    if (body.subarray(i, i + TRUE.length).equals(TRUE)) return true;
  }
  return false;
}

/** Whether the body asks for the IFC model, and whether it names a file (by SHA-256). */
function reading(body: unknown): { asks: boolean; names: (sha256: string) => boolean } {
  if (Buffer.isBuffer(body)) return { asks: asksFlag(body), names: (sha256) => body.includes(sha256, 0, 'latin1') };
  const value = body as { ifc_model?: unknown; model?: { config?: { ifc_files?: unknown } } } | null;
  const files = value?.model?.config?.ifc_files;
  return { asks: value?.ifc_model === true, names: (sha256) => typeof files === 'object' && files !== null && sha256 in files };
}

/** The project's newest file the body's model names, when the body asks for the IFC model and the store has it. */
export async function reportIfcFile(ctx: AppContext, projectId: string, body: unknown): Promise<ReportIfcFile | undefined> {
  const { asks, names } = reading(body);
  if (!asks) return undefined;
  const rows = await ctx.db
    .selectFrom('ifc_files')
    .select(['sha256'])
    .where('project_id', '=', projectId)
    .orderBy('uploaded_at', 'desc')
    .orderBy('ifc_object_id', 'desc')
    .execute();
  const sha256 = rows.map((row) => row.sha256).find(names);
  const stream = sha256 === undefined ? null : await ctx.files.open(sha256);
  if (!sha256 || !stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  const bytes = new Uint8Array(whole.length);
  bytes.set(whole);
  return { sha256, bytes };
}
