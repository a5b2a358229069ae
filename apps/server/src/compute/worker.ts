// A compute pool worker thread (pool.ts): each message is one task request, answered by progress
// messages (and maybe requests for help) and then one result, refusal or failure. After a failure the pool ends this worker (a
// WebAssembly library may be left in a bad state) and starts a fresh one for the next task.
import os from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { tasks } from './tasks.js';
import { MovedOutput, TaskRefused, type Progress } from './protocol.js';
import type { AskAnyHelp, TaskName, TaskRequest, WorkerMessage } from './messages.js';

// This thread's nice value (start-worker.ts); where the system refuses it the worker runs as it is.
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice !== 0) {
  try {
    os.setPriority(nice);
  } catch {
    // A container may forbid it: nothing is lost but the order.
  }
}

const post = (message: WorkerMessage, transfer: readonly (MessagePort | ArrayBuffer)[] = []) => parentPort?.postMessage(message, transfer);
const askHelp: AskAnyHelp = (task, input, transfer = []) => post({ type: 'help', request: { task, input }, transfer }, transfer);

// Typed so that the compiler checks each task's askHelp: every task it asks for is in tasks.ts and gets that task's input.
const runnable: Record<TaskName, (input: never, progress: Progress, askHelp: AskAnyHelp) => unknown> = tasks;

async function run(request: TaskRequest): Promise<void> {
  // The task's time counts from here (a deadline, pool.ts), not from the worker's start-up.
  post({ type: 'started' });
  if (request.crashForTest === 'exit') process.exit(3);
  try {
    if (request.crashForTest === 'throw') throw new Error('worker crashed on purpose');
    if (request.crashForTest === 'hang' || request.crashForTest === 'hang-helper') {
      post({ type: 'progress', step: 'hanging', progress: 0.5 });
      if (request.crashForTest === 'hang')
        post({ type: 'help', request: { task: 'warm_up', input: undefined, crashForTest: 'hang-helper' }, transfer: [] });
      // Busy for good, never yielding: only ending the thread stops it (the pool's deadline).
      const never = new Int32Array(new SharedArrayBuffer(4));
      for (;;) Atomics.wait(never, 0, 0, 1000);
    }
    const task = runnable[request.task] as (input: unknown, progress: Progress, askHelp: AskAnyHelp) => unknown;
    const output = await task(request.input, (step, progress) => post({ type: 'progress', step, progress }), askHelp);
    if (output instanceof MovedOutput) post({ type: 'result', output: output.output }, output.transfer);
    else post({ type: 'result', output });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    post(error instanceof TaskRefused ? { type: 'refused', detail } : { type: 'failed', detail });
  }
}

parentPort?.on('message', (request: TaskRequest) => void run(request));
