// A compute pool worker thread (pool.ts): each message is one task request, answered by progress
// messages (and maybe requests for help) and then one result, refusal or failure. After a failure the pool ends this worker (a
// WebAssembly library may be left in a bad state) and starts a fresh one for the next task.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { tasks } from './tasks.js';
import { TaskRefused, type AskHelp, type Progress, type TaskRequest, type WorkerMessage } from './protocol.js';

const post = (message: WorkerMessage, transfer: readonly MessagePort[] = []) => parentPort?.postMessage(message, transfer);
const askHelp: AskHelp = (task, input, transfer = []) => post({ type: 'help', request: { task, input }, transfer }, transfer);

async function run(request: TaskRequest): Promise<void> {
  if (request.crashForTest === 'exit') process.exit(3);
  try {
    if (request.crashForTest === 'throw') throw new Error('worker crashed on purpose');
    const task = tasks[request.task] as (input: unknown, progress: Progress, askHelp: AskHelp) => unknown;
    const output = await task(request.input, (step, progress) => post({ type: 'progress', step, progress }), askHelp);
    post({ type: 'result', output });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    post(error instanceof TaskRefused ? { type: 'refused', detail } : { type: 'failed', detail });
  }
}

parentPort?.on('message', (request: TaskRequest) => void run(request));
