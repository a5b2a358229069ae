// A compute task's side of the pool: what it is handed (progress, a way to ask for help) and how it says it cannot go
// on. It names no task, so a task and the registry that lists it (tasks.ts) do not import each other.
import type { MessagePort } from 'node:worker_threads';

/** How a task reports how far it has come: a step name of its own and 0..1. */
export type Progress = (step: string, progress: number) => void;

/**
 * How a task asks for another task to run beside it on an idle worker, if there is one: `task` with its `input`.
 * Nothing answers; the two talk through what the input holds (shared memory, a MessagePort, listed in `transfer`). A
 * task that asks must get on as well without the help, which may never come. tasks.ts checks that each task asked for
 * is one of the pool's, given that task's input.
 */
export type AskHelp<Task extends string, Input> = (task: Task, input: Input, transfer?: readonly MessagePort[]) => void;

/**
 * A task's output whose `transfer` buffers (bytes within the output, which the task gives up) are moved to the pool's
 * thread rather than copied: ifc_import's 4 MB of JSON took 40 ms to copy back (docs/compute.md).
 */
export class MovedOutput<T> {
  constructor(
    readonly output: T,
    readonly transfer: readonly ArrayBuffer[],
  ) {}
}

/** What the pool answers for a task's output: the output itself, moved or not. */
export type Unmoved<T> = T extends MovedOutput<infer Output> ? Output : T;

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
