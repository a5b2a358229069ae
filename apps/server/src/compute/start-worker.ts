import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Lane } from './messages.js';

/**
 * The worker runs worker.ts under tsx, as the server itself runs. Node 20 ignores `--import tsx` in a
 * worker's execArgv for the worker's own entry ("Unknown file extension .ts"), so a small evaluated
 * entry registers tsx's loader first and then imports worker.ts.
 */
const tsxApi = new URL('index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))).href;
const workerUrl = new URL('./worker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); });`;

/**
 * How nice a regular worker's thread is (Linux keeps a nice value per thread): the threads that answer requests, and the
 * express worker's small tasks, go first while a large building is computed, and the large one still gets what is idle.
 */
export const REGULAR_NICE = 10;

/** Starts one compute worker; it runs the tasks posted to it, one after another (pool.ts). */
export function startComputeWorker(lane: Lane = 'regular'): Worker {
  return new Worker(bootstrap, { eval: true, workerData: { nice: lane === 'regular' ? REGULAR_NICE : 0 } });
}
