import type { MessagePort, TransferListItem, Worker } from 'node:worker_threads';
import { startComputeWorker } from './start-worker.js';
import { TaskFailed, TaskRefused, TaskTimedOut, type Progress } from './protocol.js';
import type { Lane, RunOptions, TaskInput, TaskName, TaskOutput, TaskRequest, WorkerMessage } from './messages.js';
import { computeWorkers } from './worker-count.js';

interface Job {
  request: TaskRequest;
  /** A task on a small request body (EXPRESS_BYTES): it may run on the express worker while the others are busy. */
  small: boolean;
  /** What the request holds that moves to the worker: ports, a request body's bytes. */
  transfer?: readonly TransferListItem[];
  onProgress: Progress;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  /** RunOptions.deadlineSeconds: the deadline counts from the task's start in a worker. */
  deadlineSeconds?: number;
  /** When the task must be done by (Date.now() scale), set as the worker starts on it; a helper has its task's. */
  deadlineAt?: number;
  timer?: ReturnType<typeof setTimeout>;
  /** The last progress the task reported, to tell what took long (TaskTimedOut). */
  step: string;
  progress: number;
  /** For a task run as help (AskHelp): the task it helps, whose deadline ends it too. */
  helping?: Job;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  lane: Lane;
}

/** A request body up to this many bytes makes a small task (the express lane's). */
export const EXPRESS_BYTES = 1024 * 1024;

/** Bytes of the ArrayBuffers a task's input moves to the worker (its request body); undefined if none. */
function bodyBytes(transfer: readonly TransferListItem[] | undefined): number | undefined {
  const buffers = (transfer ?? []).filter((item): item is ArrayBuffer => item instanceof ArrayBuffer);
  return buffers.length > 0 ? buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0) : undefined;
}

const stopping = () => new TaskFailed('the server is stopping');

/**
 * A few long-lived worker threads for CPU-heavy tasks (tasks.ts), started on first use and reused, so
 * that a library's start-up (web-ifc, clipper) is paid once per worker; tasks wait their turn in order.
 * A task that fails, or a worker that dies, rejects its task with TaskFailed and the worker is replaced
 * by the next task (at once, warmed up, when the pool started its workers with startWorkers). A task
 * run with a deadline that it passes has its worker, and the workers helping it, ended: TaskTimedOut.
 * close() ends them all (the app's onClose). With `express` workers beside them (a server has one), a task on a small
 * request body that finds every regular worker busy runs there at once instead of waiting its turn.
 */
export class ComputePool {
  /** How many workers were started, for tests. */
  starts = 0;
  /** How many tasks ran because a worker asked for help (AskHelp), for tests. */
  helped = 0;
  private readonly queue: Job[] = [];
  private readonly slots = new Set<Slot>();
  private closed = false;
  /** Whether startWorkers was called: a worker that is ended is then replaced at once, not by the next task. */
  private eager = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly size: number = computeWorkers(),
    private readonly factory: (lane: Lane) => Worker = startComputeWorker,
    private readonly options: { express?: number } = {},
  ) {}

  private get expressSize(): number {
    return this.options.express ?? 0;
  }

  private count(lane: Lane): number {
    return [...this.slots].filter((slot) => slot.lane === lane).length;
  }

  private sizeOf(lane: Lane): number {
    return lane === 'regular' ? this.size : this.expressSize;
  }

  /** An idle worker of the lane, or a new one if the lane has room. */
  private freeSlot(lane: Lane): Slot | undefined {
    const idle = [...this.slots].find((slot) => slot.lane === lane && !slot.job);
    if (idle || this.closed || this.count(lane) >= this.sizeOf(lane)) return idle;
    return this.spawn(lane);
  }

  /**
   * Runs one task in a worker. Rejects with TaskRefused (the input) or TaskFailed (the server), TaskTimedOut when it
   * ran past options.deadlineSeconds.
   */
  run<K extends TaskName>(task: K, input: TaskInput<K>, onProgress: Progress = () => {}, options: RunOptions = {}): Promise<TaskOutput<K>> {
    if (this.closed) return Promise.reject(stopping());
    const { deadlineSeconds, transfer, ...request } = options;
    const bytes = bodyBytes(transfer);
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { task, input, ...request },
        small: bytes !== undefined && bytes <= EXPRESS_BYTES,
        transfer,
        onProgress,
        resolve: resolve as (output: unknown) => void,
        reject,
        deadlineSeconds,
        step: '',
        progress: 0,
      });
      this.dispatch();
    });
  }

  /**
   * Starts every worker now, each readying its libraries (the warm_up task), instead of on first use: a server does,
   * so that the first import a user makes, and the help it asks for, do not wait for a worker to start.
   */
  startWorkers(): Promise<void> {
    this.eager = true;
    return Promise.all(this.warmUp()).then(() => undefined);
  }

  /** Starts the workers each lane lacks, each readying its libraries (warm_up). */
  private warmUp(): Promise<unknown>[] {
    const warming: Promise<unknown>[] = [];
    for (const lane of ['regular', 'express'] as const)
      for (let i = this.count(lane); i < this.sizeOf(lane); i++) {
        const slot = this.spawn(lane);
        warming.push(
          new Promise((resolve, reject) => {
            const job: Job = {
              request: { task: 'warm_up', input: undefined },
              small: false,
              onProgress: () => {},
              resolve,
              reject,
              step: '',
              progress: 0,
            };
            this.start(slot, job);
          }),
        );
      }
    return warming;
  }

  /** Resolves once no task runs or waits, helpers' included (tests wait for a helper to be free). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  private checkIdle(): void {
    if (this.queue.length > 0 || [...this.slots].some((slot) => slot.job)) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(stopping());
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      if (slot.job) clearTimeout(slot.job.timer);
      slot.job?.reject(stopping());
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Tasks in order to the regular workers; a small task that finds none free to an express worker. */
  private dispatch(): void {
    for (let i = 0; i < this.queue.length;) {
      const job = this.queue[i]!;
      const slot = this.freeSlot('regular') ?? (job.small ? this.freeSlot('express') : undefined);
      if (!slot) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    // A helper ends by its task's deadline; a task's own starts when the worker starts on it ('started').
    if (job.deadlineAt !== undefined) this.arm(slot, job);
    // An idle worker does not keep the process alive; a busy one does.
    slot.worker.ref();
    // Bytes in a SharedArrayBuffer (an uploaded IFC file) reach the worker without a copy, and so do the ArrayBuffers
    // and ports in the job's transfer list (a request body, moved: request-body.ts).
    slot.worker.postMessage(job.request, job.transfer ?? []);
  }

  /**
   * A task a worker asked for beside its own (AskHelp): it starts now on an idle worker, or a new one if the pool
   * has room, or not at all. Nobody waits for its answer: the two tasks talk through their input.
   */
  private help(request: TaskRequest, transfer: readonly MessagePort[], helping: Job): void {
    const slot = this.closed ? undefined : this.freeSlot('regular');
    if (!slot) {
      for (const port of transfer) port.close();
      return;
    }
    const ignore = () => {};
    this.helped += 1;
    // A helper ends by its task's deadline, if it has one: it must not go on alone with the work that took too long.
    const job: Job = {
      request,
      small: false,
      transfer,
      onProgress: ignore,
      resolve: ignore,
      reject: ignore,
      step: '',
      progress: 0,
      helping,
    };
    job.deadlineAt = helping.deadlineAt;
    this.start(slot, job);
  }

  /** Sets the timer of the job's deadline (deadlineAt). */
  private arm(slot: Slot, job: Job): void {
    clearTimeout(job.timer);
    job.timer = setTimeout(() => this.timeOut(slot, job), Math.max(0, job.deadlineAt! - Date.now()));
    // The busy worker keeps the process alive, not the timer.
    job.timer.unref();
  }

  /**
   * A task past its deadline: its worker is ended (terminate stops JavaScript and WebAssembly alike, however busy) with
   * the workers helping it, and replaced; the task rejects with TaskTimedOut, naming its last progress step.
   */
  private timeOut(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    for (const other of [...this.slots]) {
      if (other.job?.helping === job) this.retire(other, new TaskFailed('the task it helped ran past its deadline'));
    }
    if (job.helping) return this.retire(slot, new TaskFailed('the task it helped ran past its deadline'));
    this.retire(slot, new TaskTimedOut(job.deadlineSeconds ?? 0, job.step, job.progress));
  }

  /** Ends a worker that failed, died or ran past a deadline, rejecting its task with `error`; it is replaced. */
  private retire(slot: Slot, error: Error): void {
    if (!this.slots.delete(slot)) return;
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.dispatch();
    // Replaced now and warmed up, as startWorkers did, so that the next file does not wait for a worker to start.
    if (this.eager && !this.closed) for (const warming of this.warmUp()) warming.catch(() => {});
    this.checkIdle();
  }

  private spawn(lane: Lane): Slot {
    const worker = this.factory(lane);
    this.starts += 1;
    const slot: Slot = { worker, job: null, lane };
    this.slots.add(slot);
    const retire = (error: Error) => this.retire(slot, error);
    worker.on('message', (message: WorkerMessage) => {
      const job = slot.job;
      if (!job) return;
      if (message.type === 'started') {
        if (job.deadlineSeconds !== undefined && job.deadlineAt === undefined) {
          job.deadlineAt = Date.now() + job.deadlineSeconds * 1000;
          this.arm(slot, job);
        }
        return;
      }
      if (message.type === 'progress') {
        job.step = message.step;
        job.progress = message.progress;
        return job.onProgress(message.step, message.progress);
      }
      if (message.type === 'help') return this.help(message.request, message.transfer, job);
      if (message.type === 'failed') return retire(new TaskFailed(message.detail));
      slot.job = null;
      clearTimeout(job.timer);
      worker.unref();
      if (message.type === 'result') job.resolve(message.output);
      else job.reject(new TaskRefused(message.detail));
      this.dispatch();
      this.checkIdle();
    });
    worker.on('error', (error) => retire(new TaskFailed(error.message)));
    worker.on('exit', (code) => retire(new TaskFailed(`the worker stopped (exit code ${code})`)));
    return slot;
  }
}
