// The ifc_import task of the compute pool (compute/tasks.ts): reads an IFC file and merges it into
// the version the user has open, off the server's event loop (DESIGN.md). An idle worker, if there is
// one, takes part of the geometry work (ifc_geometry_help).
import os from 'node:os';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import {
  archGlobalIds,
  endWork,
  extractIfc,
  helpExtractIfc,
  HELP_FROM_ITEMS,
  mergeIfc,
  newWorkState,
  type IfcExtraction,
  type WorkBatch,
  type WorkShare,
  worthHelpAtOnce,
} from '@edrf/ifc';
import { MovedOutput, TaskRefused, type AskHelp, type Progress } from '../compute/protocol.js';
import type { ExtractionInput, ExtractionResult } from './extraction.js';

/** What the helping worker is given: the same bytes, the shared state of the work, and where to send its results. */
export interface GeometryHelpInput {
  bytes: Uint8Array;
  state: Int32Array;
  port: MessagePort;
}

/** The one help ifc_import asks for: a worker taking geometry items from the same file (geometryHelpTask). */
type AskGeometryHelp = AskHelp<'ifc_geometry_help', GeometryHelpInput>;

/**
 * From this size, and when its text shows enough geometry (worthHelpAtOnce), a helper is asked before the file is
 * read, so that both workers read it at the same time: the helper starts on the geometry as soon as it has, while
 * this worker reads what needs no geometry (extractIfc). Asked later, when the work's size is known, it would spend the
 * time this worker reads the file opening it again. Measured on two cores (docs/compute.md): ISSUE_021 (3 MB, 2,000
 * beams) 530 ms instead of 580, modelo2016 62 instead of 72. Other files keep the rule by the work's size
 * (HELP_FROM_ITEMS).
 */
const ASK_AT_ONCE_BYTES = 1024 * 1024;

/**
 * Runs an import's part at nice 0 in a regular worker's thread (nice 10, start-worker.ts), then puts the nice back. An
 * upload is a user waiting, not a 'Design all': at nice 10 any other busy thread on the machine took nearly all of a core
 * from both workers: ISSUE_021 took 5.9 × bare web-ifc beside one busy thread on its core, 2.0 at nice 0
 * (bench/results/ifc-import-2026-11-29.md). Where the system refuses a lower nice the part runs as it is.
 */
export async function atUserPriority<T>(run: () => Promise<T>): Promise<T> {
  const nice = os.getPriority();
  let raised = false;
  if (nice > 0) {
    try {
      os.setPriority(0);
      raised = true;
    } catch {
      // Lowering a nice needs CAP_SYS_NICE or RLIMIT_NICE: without them the import keeps the worker's.
    }
  }
  try {
    return await run();
  } finally {
    if (raised) os.setPriority(nice);
  }
}

/** Extracts the file, with an idle worker's help when there is enough geometry work and a worker takes the request. */
async function extractShared(bytes: Uint8Array, progress: Progress, askHelp: AskGeometryHelp): Promise<IfcExtraction> {
  let share: WorkShare | undefined;
  let port: MessagePort | undefined;
  const ask = (): WorkShare => {
    if (share) return share;
    const results = new MessageChannel();
    const state = newWorkState();
    port = results.port1;
    askHelp('ifc_geometry_help', { bytes, state, port: results.port2 }, [results.port2]);
    share = { state, receive: () => receiveMessageOnPort(results.port1)?.message as WorkBatch | undefined };
    return share;
  };
  if (bytes.length >= ASK_AT_ONCE_BYTES && worthHelpAtOnce(bytes)) ask();
  try {
    return await extractIfc(bytes, (_step, fraction) => progress('ifc_parse', fraction), {
      share: (items) => (share || items >= HELP_FROM_ITEMS ? ask() : undefined),
    });
  } finally {
    // A helper still reading the file stops there; one still working finds nothing left to take.
    if (share) endWork(share.state);
    port?.close();
  }
}

export function importIfcTask(
  input: ExtractionInput,
  progress: Progress,
  askHelp: AskGeometryHelp,
): Promise<MovedOutput<ExtractionResult>> {
  return atUserPriority(() => importIfc(input, progress, askHelp));
}

/** JSON in UTF-8, in a buffer of its own (Buffer.from would take a shared pool's for a small text), to be moved. */
function jsonBytes(value: unknown): Uint8Array {
  const text = JSON.stringify(value);
  const bytes = new Uint8Array(Buffer.byteLength(text));
  Buffer.from(bytes.buffer).write(text);
  return bytes;
}

async function importIfc(input: ExtractionInput, progress: Progress, askHelp: AskGeometryHelp): Promise<MovedOutput<ExtractionResult>> {
  let extraction: IfcExtraction;
  try {
    extraction = await extractShared(input.bytes, progress, askHelp);
  } catch (error) {
    throw new TaskRefused(error instanceof Error ? error.message : String(error));
  }
  progress('ifc_parse', 1);
  progress('ifc_diff', 0);
  let previous = input.previousGlobalIds;
  if (!previous && input.previousBytes) previous = archGlobalIds((await extractIfc(input.previousBytes)).arch);
  const merged = mergeIfc(input.model, extraction, { previousGlobalIds: new Set(previous ?? []) });
  progress('ifc_diff', 1);
  const archJson = jsonBytes(merged.arch);
  const elecJson = jsonBytes(merged.elec);
  const result: ExtractionResult = {
    arch_json: archJson,
    elec_json: elecJson,
    changes: merged.changes,
    warnings: extraction.warnings,
    compass_degrees: extraction.compass_degrees,
    global_ids_json: JSON.stringify(archGlobalIds(extraction.arch)),
  };
  return new MovedOutput(result, [archJson.buffer as ArrayBuffer, elecJson.buffer as ArrayBuffer]);
}

/**
 * The ifc_geometry_help task: another worker's ifc_import of the same bytes shares its geometry work with this one.
 * What goes wrong here is that worker's to find out for itself: it makes whatever this one does not send.
 */
export async function geometryHelpTask(input: GeometryHelpInput): Promise<null> {
  try {
    await atUserPriority(() => helpExtractIfc(input.bytes, { state: input.state, send: (batch) => input.port.postMessage(batch) }));
  } catch {
    // The extracting worker meets the same trouble in its own reading, and reports it.
  } finally {
    input.port.close();
  }
  return null;
}
