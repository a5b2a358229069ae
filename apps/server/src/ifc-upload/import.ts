import { WORKING_VERSION, type IfcFile, type Model } from '@edrf/model';
import type { AppContext } from '../context.js';
import type { ServerMessage } from './protocol.js';
import type { CompleteFile, ReceivedFile, StepProgress } from './session.js';
import { importStage } from '@edrf/ifc';
import { TaskFailed, TaskRefused, TaskTimedOut } from '../compute/protocol.js';
import { ExtractionError } from './extraction.js';

/**
 * What the user reads when the worker refused the file, failed on it or ran past IFC_MAX_SECONDS (docs/ifc-upload.md,
 * "Hostile files"). A refusal that is a sentence about the file already ('The IFC file is incomplete: …') is told as it
 * is; others follow 'The IFC file could not be read: '.
 */
export function extractionDetail(error: TaskRefused | TaskFailed): string {
  if (error instanceof TaskTimedOut)
    return `${importStage(error.step, error.progress)} took longer than ${error.seconds} s: the import was stopped (the limit is IFC_MAX_SECONDS), nothing was imported.`;
  if (error instanceof TaskRefused && error.message.startsWith('The IFC file ')) return error.message;
  return `The IFC file could not be read: ${error.message}`;
}

/** The project and the version the user has open, as checked when the socket opened. */
export interface UploadTarget {
  projectId: string;
  projectVersionId: string;
}

async function openModel(ctx: AppContext, target: UploadTarget): Promise<Model> {
  const json =
    target.projectVersionId === WORKING_VERSION
      ? await ctx.versions.latestJson(target.projectId)
      : await ctx.versions.versionJson(target.projectId, target.projectVersionId);
  return (JSON.parse(Buffer.concat(json).toString('utf8')) as { model: Model }).model;
}

/** A stored file's content in a SharedArrayBuffer, or null when the store does not have it. */
async function readStored(ctx: AppContext, sha256: string): Promise<Uint8Array | null> {
  const stream = await ctx.files.open(sha256);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  const bytes = new Uint8Array(new SharedArrayBuffer(whole.length));
  bytes.set(whole);
  return bytes;
}

/** Whether the project has a row for this file under this name already. */
async function fileRecorded(ctx: AppContext, projectId: string, file: ReceivedFile, sha256: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('ifc_files')
    .select('ifc_object_id')
    .where('project_id', '=', projectId)
    .where('sha256', '=', sha256)
    .where('file_name', '=', file.filename)
    .executeTakeFirst();
  return row !== undefined;
}

/** The project's ifc_files row for the file (P§7: the admin projects screen downloads it). */
async function addFileRow(ctx: AppContext, projectId: string, file: ReceivedFile, sha256: string, now: Date): Promise<void> {
  await ctx.db
    .insertInto('ifc_files')
    .values({ project_id: projectId, file_name: file.filename, file_size: file.bytes.length, sha256, uploaded_at: now })
    .execute();
}

/** A promise's outcome as a value: a promise settled so is never an unhandled rejection. */
const settle = <T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Begins the import of a file whose bytes are on their way: the version the user has open is loaded meanwhile (P§4).
 * Answers how to complete it (importIfc) once they have arrived.
 */
export function beginImport(ctx: AppContext, target: UploadTarget): CompleteFile {
  // Settled at once: a file refused before it completes leaves no unhandled rejection.
  const opened = settle(openModel(ctx, target));
  return async (file, progress) => {
    const model = await opened;
    if (!model.ok) throw model.error;
    return importIfc(ctx, target, model.value, file, progress);
  };
}

/**
 * Extracts a received file in a compute worker, merges it into the model of the version the user has open, and
 * stores it by SHA-256 and records it for the project. The working version is not written: the web app
 * applies the answer as one undoable edit and syncs (P§4). The file, hashed as it arrived, is stored while the
 * worker reads it, and taken out of the store again if the worker refuses it.
 */
async function importIfc(
  ctx: AppContext,
  target: UploadTarget,
  model: Model,
  file: ReceivedFile,
  progress: StepProgress,
): Promise<Extract<ServerMessage, { type: 'done' }>> {
  const ids = ctx.ifcGlobalIds;

  // The previous import of the same file name is what this one replaces.
  const previous = Object.entries(model.config.ifc_files)
    .filter(([, entry]) => entry.name === file.filename)
    .sort(([, a], [, b]) => b.uploaded_at.localeCompare(a.uploaded_at));
  let previousGlobalIds: string[] | null = previous.length === 0 ? [] : null;
  let previousBytes: Uint8Array | null = null;
  if (previous.length > 0) {
    const known = await Promise.all(previous.map(([hash]) => ids.get(hash)));
    if (known.every((list) => list !== null)) previousGlobalIds = known.flat();
    else previousBytes = await readStored(ctx, previous[0]![0]);
    if (!previousBytes && previousGlobalIds === null) previousGlobalIds = known.flatMap((list) => list ?? []);
  }

  progress('ifc_parse', 0);
  // These run at once and are awaited later: settled at once, so that none is an unhandled rejection meanwhile.
  const extracted = settle(
    ctx.compute.run(
      'ifc_import',
      { bytes: file.bytes, model, previousGlobalIds, previousBytes },
      (step, fraction) => progress(step as 'ifc_parse' | 'ifc_diff', fraction),
      // Past it the worker, and its helper, are ended and replaced; the others go on serving (docs/compute.md).
      { deadlineSeconds: ctx.config.ifcMaxSeconds },
    ),
  );
  const content = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length);
  const { sha256 } = file;
  const storedBefore = await ctx.files.has(sha256);
  const stored = settle(storedBefore ? Promise.resolve('') : ctx.files.put(content, sha256));
  const recorded = settle(fileRecorded(ctx, target.projectId, file, sha256));
  const extraction = await extracted;
  const storing = await stored;
  if (!extraction.ok) {
    if (!storedBefore) await ctx.files.remove(sha256);
    const error = extraction.error;
    if (error instanceof TaskRefused || error instanceof TaskFailed) throw new ExtractionError(extractionDetail(error));
    throw error;
  }
  if (!storing.ok) throw storing.error;
  const result = extraction.value;
  const recordedBefore = await recorded;
  if (!recordedBefore.ok) throw recordedBefore.error;

  progress('ifc_process', 0);
  const now = ctx.clock.now();
  // The file's row (P§7 admin download) before the answer; its GlobalIds (the next re-import) may follow it.
  ids.put(sha256, result.global_ids_json, (error) => ctx.log.error(error, 'Keeping the GlobalIds of an IFC file failed'));
  if (!recordedBefore.value) await addFileRow(ctx, target.projectId, file, sha256, now);
  const ifcFiles: Record<string, IfcFile> = {};
  for (const [hash, entry] of Object.entries(model.config.ifc_files)) if (entry.name !== file.filename) ifcFiles[hash] = entry;
  ifcFiles[sha256] = { name: file.filename, size: file.bytes.length, uploaded_at: now.toISOString() };
  progress('ifc_process', 1);

  return {
    type: 'done',
    file_id: file.fileId,
    arch_json: result.arch_json,
    elec_json: result.elec_json,
    ifc_files: ifcFiles,
    changes: result.changes,
    warnings: result.warnings,
    compass_degrees: result.compass_degrees,
  };
}
