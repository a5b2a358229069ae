import type { Worker } from 'node:worker_threads';
import { ExtractionError, startExtractionWorker, type ExtractionResult, type WorkerInput, type WorkerOutput } from './extraction.js';

export const DEFAULT_IFC_WORKERS = 1;

/**
 * IFC_WORKERS from the environment: how many extraction workers run at most (default 1). Each worker
 * takes a core while it reads a file; on a 2-core machine a second one would compete with the thread
 * that serves requests.
 */
export function ifcWorkers(env: Record<string, string | undefined> = process.env): number {
  const count = Number(env.IFC_WORKERS || DEFAULT_IFC_WORKERS);
  if (!Number.isInteger(count) || count < 1) throw new Error(`IFC_WORKERS must be a whole number of at least 1, not '${env.IFC_WORKERS}'`);
  return count;
}

type Progress = (step: 'ifc_parse' | 'ifc_diff', progress: number) => void;

interface Job {
  input: WorkerInput;
  onProgress: Progress;
  resolve: (result: ExtractionResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/**
 * A few long-lived extraction workers, started on first use and reused for later files; jobs wait
 * their turn in order. A worker that throws or exits fails its job with an ExtractionError and is
 * replaced by the next job. close() ends them all (the app's onClose).
 */
export class WorkerPool {
  /** How many workers were started, for tests. */
  starts = 0;
  private readonly queue: Job[] = [];
  private readonly slots = new Set<Slot>();
  private closed = false;

  constructor(
    private readonly size: number = ifcWorkers(),
    private readonly factory: () => Worker = startExtractionWorker,
  ) {}

  /** Extracts and merges one IFC file in a pool worker. */
  run(input: WorkerInput, onProgress: Progress): Promise<ExtractionResult> {
    if (this.closed) return Promise.reject(new ExtractionError('The IFC file could not be read: the server is stopping'));
    return new Promise((resolve, reject) => {
      this.queue.push({ input, onProgress, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ExtractionError('The IFC file could not be read: the server is stopping'));
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) slot.job?.reject(new ExtractionError('The IFC file could not be read: the server is stopping'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => !candidate.job);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      slot.job = this.queue.shift()!;
      // An idle worker does not keep the process alive; a busy one does.
      slot.worker.ref();
      // The bytes live in a SharedArrayBuffer (session.ts), so the worker reads them without a copy.
      slot.worker.postMessage(slot.job.input);
    }
  }

  private spawn(): Slot {
    const worker = this.factory();
    this.starts += 1;
    const slot: Slot = { worker, job: null };
    this.slots.add(slot);
    worker.on('message', (message: WorkerOutput) => {
      const job = slot.job;
      if (!job) return;
      if (message.type === 'progress') {
        job.onProgress(message.step, message.progress);
        return;
      }
      slot.job = null;
      worker.unref();
      if (message.type === 'result') {
        const { arch, elec, changes, warnings, compass_degrees, global_ids } = message;
        job.resolve({ arch, elec, changes, warnings, compass_degrees, global_ids });
      } else {
        job.reject(new ExtractionError(message.detail));
      }
      this.dispatch();
    });
    const fail = (detail: string) => {
      if (!this.slots.delete(slot)) return;
      void worker.terminate();
      slot.job?.reject(new ExtractionError(detail));
      slot.job = null;
      this.dispatch();
    };
    worker.on('error', (error) => fail(`The IFC file could not be read: ${error.message}`));
    worker.on('exit', (code) => fail(`The IFC file could not be read: the reader stopped (exit code ${code})`));
    return slot;
  }
}
