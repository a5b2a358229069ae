// The ifc_import task of the compute pool (compute/tasks.ts): reads an IFC file and merges it into
// the version the user has open, off the server's event loop (DESIGN.md). An idle worker, if there is
// one, takes part of the geometry work (ifc_geometry_help).
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { archGlobalIds, endWork, extractIfc, helpExtractIfc, mergeIfc, newWorkState, type IfcExtraction, type WorkResult } from '@edrf/ifc';
import { TaskRefused, type AskHelp, type Progress } from '../compute/protocol.js';
import type { ExtractionInput, ExtractionResult } from './extraction.js';

/** What the helping worker is given: the same bytes, the shared state of the work, and where to send results. */
export interface GeometryHelpInput {
  bytes: Uint8Array;
  state: Int32Array;
  port: MessagePort;
}

/** Extracts the file, with an idle worker's help when there is enough geometry work and a worker takes the request. */
async function extractShared(bytes: Uint8Array, progress: Progress, askHelp: AskHelp): Promise<IfcExtraction> {
  const state = newWorkState();
  let port: MessagePort | undefined;
  const share = () => {
    const { port1, port2 } = new MessageChannel();
    port = port1;
    askHelp('ifc_geometry_help', { bytes, state, port: port2 }, [port2]);
    return { state, receive: () => receiveMessageOnPort(port1)?.message as WorkResult[] | undefined };
  };
  try {
    return await extractIfc(bytes, (_step, fraction) => progress('ifc_parse', fraction), { share });
  } finally {
    // A helper still opening the file stops there; one still working finds nothing left to take.
    endWork(state);
    port?.close();
  }
}

export async function importIfcTask(input: ExtractionInput, progress: Progress, askHelp: AskHelp): Promise<ExtractionResult> {
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
  return {
    arch: merged.arch,
    elec: merged.elec,
    changes: merged.changes,
    warnings: extraction.warnings,
    compass_degrees: extraction.compass_degrees,
    global_ids: archGlobalIds(extraction.arch),
  };
}

/**
 * The ifc_geometry_help task: another worker's ifc_import of the same bytes shares its geometry work with this one.
 * What goes wrong here is that worker's to find out for itself: it makes whatever this one does not send.
 */
export async function geometryHelpTask(input: GeometryHelpInput): Promise<null> {
  try {
    await helpExtractIfc(input.bytes, { state: input.state, send: (results) => input.port.postMessage(results) });
  } catch {
    // The extracting worker meets the same trouble in its own reading, and reports it.
  } finally {
    input.port.close();
  }
  return null;
}
