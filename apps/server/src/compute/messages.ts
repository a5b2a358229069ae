// What passes between the compute pool (pool.ts) and its worker threads (worker.ts): requests for the tasks of
// tasks.ts by name, and what a worker says back.
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import type { Tasks } from './tasks.js';
import type { Unmoved } from './protocol.js';

export type TaskName = keyof Tasks;
export type TaskInput<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskOutput<K extends TaskName> = Unmoved<Awaited<ReturnType<Tasks[K]>>>;

/** The help a worker gives its task (worker.ts): any task of tasks.ts, with that task's input. */
export type AskAnyHelp = <K extends TaskName>(task: K, input: TaskInput<K>, transfer?: readonly MessagePort[]) => void;

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

/** How a task is run (ComputePool.run). */
/** 'express' workers take only small tasks (pool.ts), so that a sync or a small model's run never waits behind a large building. */
export type Lane = 'regular' | 'express';

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
