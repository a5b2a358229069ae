// IFC files' extraction and merge, off the server's event loop (DESIGN.md: CPU-heavy work runs in
// worker threads). Started by extraction.ts with tsx, as the server itself runs, and kept by
// worker-pool.ts: each message is one file, answered by progress and then one result or error. A job
// that throws ends the worker, which the pool replaces.
import { parentPort } from 'node:worker_threads';
import { archGlobalIds, extractIfc, mergeIfc, type IfcExtraction } from '@edrf/ifc';
import type { WorkerInput, WorkerOutput } from './extraction.js';

const post = (message: WorkerOutput) => parentPort?.postMessage(message);

async function run(input: WorkerInput): Promise<void> {
  if (input.crashForTest === 'exit') process.exit(3);
  if (input.crashForTest === 'throw') throw new Error('worker crashed on purpose');
  const extract = extractIfc;
  let extraction: IfcExtraction;
  try {
    extraction = await extract(input.bytes, (_step, progress) => post({ type: 'progress', step: 'ifc_parse', progress }));
  } catch (error) {
    post({ type: 'error', detail: `The IFC file could not be read: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  post({ type: 'progress', step: 'ifc_parse', progress: 1 });
  post({ type: 'progress', step: 'ifc_diff', progress: 0 });
  let previous = input.previousGlobalIds;
  if (!previous && input.previousBytes) previous = archGlobalIds((await extract(input.previousBytes)).arch);
  const merged = mergeIfc(input.model, extraction, { previousGlobalIds: new Set(previous ?? []) });
  post({ type: 'progress', step: 'ifc_diff', progress: 1 });
  post({
    type: 'result',
    arch: merged.arch,
    elec: merged.elec,
    changes: merged.changes,
    warnings: extraction.warnings,
    compass_degrees: extraction.compass_degrees,
    global_ids: archGlobalIds(extraction.arch),
  });
}

parentPort?.on('message', (input: WorkerInput) => void run(input));
