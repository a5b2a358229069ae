// How many worker threads the compute pool runs (pool.ts), read on its own so that a task can size its sharing of
// work by it (fire-units-task.ts) without importing the pool.
import os from 'node:os';

/** One per core: a task may have idle workers help it (an IFC import shares its geometry work). */
const DEFAULT_COMPUTE_WORKERS = os.availableParallelism();

/**
 * COMPUTE_WORKERS from the environment: how many worker threads run tasks at most (default: one per
 * core). While a task runs, the thread that serves requests mostly waits for it.
 */
export function computeWorkers(env: Record<string, string | undefined> = process.env): number {
  const count = Number(env.COMPUTE_WORKERS || DEFAULT_COMPUTE_WORKERS);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`COMPUTE_WORKERS must be a whole number of at least 1, not '${env.COMPUTE_WORKERS}'`);
  }
  return count;
}
