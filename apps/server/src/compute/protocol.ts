// What passes between the compute pool (pool.ts) and its worker threads (worker.ts).
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import type { Tasks } from './tasks.js';

export type TaskName = keyof Tasks;
export type TaskInput<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

/** How a task reports how far it has come: a step name of its own and 0..1. */
export type Progress = (step: string, progress: number) => void;

/**
 * How a task asks for another task to run beside it on an idle worker, if there is one: nothing answers; the two
 * talk through what the input holds (shared memory, a MessagePort, listed in `transfer`). A task that asks must
 * get on as well without the help, which may never come.
 */
export type AskHelp = <K extends TaskName>(task: K, input: TaskInput<K>, transfer?: readonly MessagePort[]) => void;

export interface TaskRequest {
  task: TaskName;
  input: unknown;
  /**
   * Tests only: make the worker die ('exit') or throw ('throw') instead of running the task, or keep it busy for good
   * after one progress report, as a pathological file can keep web-ifc ('hang': and ask for a helper that hangs as well,
   * 'hang-helper').
   */
  crashForTest?: 'exit' | 'throw' | 'hang' | 'hang-helper';
}

export type WorkerMessage =
  | { type: 'started' }
  | { type: 'progress'; step: string; progress: number }
  | { type: 'help'; request: TaskRequest; transfer: readonly MessagePort[] }
  | { type: 'result'; output: unknown }
  | { type: 'refused'; detail: string }
  | { type: 'failed'; detail: string };

/**
 * A task throws this when its input cannot be worked on (not an IFC file, a self-intersecting room…):
 * the caller tells the user `detail`. Anything else a task throws is a fault (TaskFailed).
 */
export class TaskRefused extends Error {}

/** The task threw something else, or its worker died: a fault of the server, not of the input. */
export class TaskFailed extends Error {}

/**
 * The task ran past its deadline (RunOptions.deadlineSeconds): its worker, and the workers helping it, were ended and
 * are replaced. `step` and `progress` are the last progress it reported ('' and 0 when none), to tell the user what
 * took long.
 */
export class TaskTimedOut extends TaskFailed {
  constructor(
    readonly seconds: number,
    readonly step: string,
    readonly progress: number,
  ) {
    super(`the task ran longer than ${seconds} s (last step: ${step || 'none'} at ${Math.round(progress * 100)} %)`);
  }
}

/** How a task is run (ComputePool.run). */
export interface RunOptions extends Pick<TaskRequest, 'crashForTest'> {
  /**
   * At most this long in a worker (from the worker's start on it: not the wait in the queue, nor a new worker's own
   * start-up): past it the worker and the ones helping it are ended and replaced, and the task rejects with
   * TaskTimedOut. None by default.
   */
  deadlineSeconds?: number;
  /**
   * What the input holds that moves to the worker rather than being copied: a request body's ArrayBuffer
   * (request-body.ts), detached here once posted.
   */
  transfer?: readonly TransferListItem[];
}
