import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Arch, Elec, Model } from '@edrf/model';
import type { ChangeCounts } from './protocol.js';

/** What the worker is given. */
export interface WorkerInput {
  bytes: Uint8Array;
  /** The model of the version the user has open, to merge into. */
  model: Model;
  /** GlobalIds of the previous import of the same file name, when known. */
  previousGlobalIds: string[] | null;
  /** The previous import's file, to read its GlobalIds when they were not kept. */
  previousBytes: Uint8Array | null;
  /** Tests only: make the worker die ('exit') or throw ('throw'). */
  crashForTest?: 'exit' | 'throw';
}

export interface ExtractionResult {
  arch: Arch;
  elec: Elec;
  changes: ChangeCounts;
  warnings: string[];
  compass_degrees: number;
  /** The GlobalIds of this file's items, kept for the next import of the same file name. */
  global_ids: string[];
}

export type WorkerOutput =
  | { type: 'progress'; step: 'ifc_parse' | 'ifc_diff'; progress: number }
  | ({ type: 'result' } & ExtractionResult)
  | { type: 'error'; detail: string };

/** A refusal of the file that the user is told about, as opposed to a fault of the server. */
export class ExtractionError extends Error {}

/**
 * The worker runs worker.ts under tsx, as the server itself runs. Node 20 ignores `--import tsx` in a
 * worker's execArgv for the worker's own entry ("Unknown file extension .ts"), so a small evaluated
 * entry registers tsx's loader first and then imports worker.ts.
 */
const tsxApi = new URL('index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))).href;
const workerUrl = new URL('./worker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); });`;

/**
 * Extracts and merges one IFC file in a worker thread of its own. The worker's death or exception
 * rejects with an ExtractionError; the server goes on.
 */
export function runExtraction(
  input: WorkerInput,
  onProgress: (step: 'ifc_parse' | 'ifc_diff', progress: number) => void,
): Promise<ExtractionResult> {
  return new Promise((resolve, reject) => {
    // The bytes live in a SharedArrayBuffer (session.ts), so the worker reads them without a copy.
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (message: WorkerOutput) => {
      if (message.type === 'progress') {
        if (!settled) onProgress(message.step, message.progress);
      } else if (message.type === 'result') {
        const { arch, elec, changes, warnings, compass_degrees, global_ids } = message;
        settle(() => resolve({ arch, elec, changes, warnings, compass_degrees, global_ids }));
      } else {
        settle(() => reject(new ExtractionError(message.detail)));
      }
    });
    worker.on('error', (error) => settle(() => reject(new ExtractionError(`The IFC file could not be read: ${error.message}`))));
    worker.on('exit', (code) =>
      settle(() => reject(new ExtractionError(`The IFC file could not be read: the reader stopped (exit code ${code})`))),
    );
  });
}
