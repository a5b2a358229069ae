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

/** Starts one extraction worker; it reads the files posted to it, one after another (worker-pool.ts). */
export function startExtractionWorker(): Worker {
  return new Worker(bootstrap, { eval: true });
}
