// The server that the API benches (fire-units-api, design-all) post to: the app in a child process, on a fresh PGlite,
// with its compute workers started as `npm start` starts them, and a signed-in user. The bench's process is the client.
// The child also measures its request thread (the event loop that serves requests) between two marks: how long it was
// busy, and the longest it was blocked at once (perf_hooks: eventLoopUtilization, monitorEventLoopDelay), and the CPU
// time of the whole process, its compute workers included (process.cpuUsage).
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { EDRF_SCHEMA } from '@edrf/model';
import { startBenchApp } from './bench-app.js';
import { SERVER_PROCESS_ENV } from '../../apps/server/src/process-env.js';

const ADMIN_EMAIL = 'bench@example.com';
/** The media type of a progress stream (apps/server/src/http/progress-stream.ts). */
const PROGRESS_STREAM_TYPE = 'application/x-ndjson';
const RESULT_LINE = '{"result":';

/** What the request thread did between mark() and read(), in seconds. */
export interface RequestThread {
  /** Time the event loop was busy (not waiting for I/O or a worker): the request thread's own work. */
  busyS: number;
  /** The longest the event loop was blocked at once: how long another request could have waited. */
  longestBlockS: number;
  /** CPU time of the whole server process, its compute workers included (user + system): the work, whatever the load. */
  cpuS: number;
}

type ToServer = { type: 'mark' } | { type: 'read' } | { type: 'done' };
type FromServer = { type: 'listening'; port: number; cookie: string } | ({ type: 'thread' } & RequestThread);

export interface Posted {
  status: number;
  /** The answer; with `progress`, the stream's result line's result (or its error) as a plain answer's text. */
  text: string;
  /** From sending the body to the whole answer read. */
  seconds: number;
}

export interface ApiServer {
  /**
   * POSTs a JSON body as the web app's apiCall does; with `progress`, asks for the progress stream (Accept:
   * application/x-ndjson) as it does when it shows a progress bar, and reads the stream to its last line.
   */
  post(url: string, body: string, opts?: { progress?: boolean }): Promise<Posted>;
  /** Starts measuring the request thread (RequestThread). */
  mark(): Promise<void>;
  /** The request thread since mark(). */
  read(): Promise<RequestThread>;
  close(): void;
}

const seconds = (start: number) => (performance.now() - start) / 1000;

/** Starts the server in a child process and resolves once it listens. */
export async function startApiServer(): Promise<ApiServer> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...SERVER_PROCESS_ENV, ...process.env },
  });
  const listening = await new Promise<{ port: number; cookie: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened`)));
    child.once('message', (message: FromServer) => {
      child.removeAllListeners('exit');
      if (message.type === 'listening') resolve(message);
    });
  });
  const ask = <T>(message: ToServer, answer: (reply: FromServer) => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const on = (reply: FromServer) => {
        const value = answer(reply);
        if (value === undefined) return;
        child.off('message', on);
        resolve(value);
      };
      child.on('message', on);
      child.send(message);
    });
  return {
    async post(url, body, opts = {}) {
      const start = performance.now();
      const headers: Record<string, string> = {
        'edrf-schema': String(EDRF_SCHEMA),
        cookie: listening.cookie,
        'content-type': 'application/json',
      };
      if (opts.progress) headers.accept = `${PROGRESS_STREAM_TYPE}, application/json`;
      const res = await fetch(`http://127.0.0.1:${listening.port}${url}`, { method: 'POST', headers, body });
      const text = await res.text();
      const took = seconds(start);
      if (!(res.headers.get('content-type') ?? '').includes(PROGRESS_STREAM_TYPE)) return { status: res.status, text, seconds: took };
      // The last line holds the result, {"result":…}, or the error the plain call would have answered.
      const trimmed = text.trimEnd();
      const last = trimmed.slice(trimmed.lastIndexOf('\n') + 1);
      if (last.startsWith(RESULT_LINE)) return { status: res.status, text: last.slice(RESULT_LINE.length, -1), seconds: took };
      const { error } = JSON.parse(last) as { error: { status: number; detail: string } };
      return { status: error.status, text: JSON.stringify({ detail: error.detail }), seconds: took };
    },
    mark: () => ask({ type: 'mark' }, (reply) => (reply.type === 'thread' ? true : undefined)).then(() => undefined),
    read: () =>
      ask({ type: 'read' }, (reply) => {
        if (reply.type !== 'thread') return undefined;
        const { busyS, longestBlockS, cpuS } = reply;
        return { busyS, longestBlockS, cpuS };
      }),
    close: () => closeChild(child),
  };
}

function closeChild(child: ChildProcess): void {
  if (child.connected) child.send({ type: 'done' } satisfies ToServer);
}

/** The child: the app on a fresh PGlite with its compute workers started, and a signed-in user (bench-app.ts). */
async function serve(): Promise<void> {
  const bench = await startBenchApp(ADMIN_EMAIL, 'designer@example.com');
  const send = (message: FromServer) => process.send!(message);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  let cpuSince = process.cpuUsage();
  try {
    send({ type: 'listening', port: bench.port, cookie: bench.cookie });
    await new Promise<void>((resolve) => {
      process.on('message', (message: ToServer) => {
        if (message.type === 'done') return resolve();
        if (message.type === 'mark') {
          since = performance.eventLoopUtilization();
          cpuSince = process.cpuUsage();
          delay.reset();
          return send({ type: 'thread', busyS: 0, longestBlockS: 0, cpuS: 0 });
        }
        const used = performance.eventLoopUtilization(since);
        const cpu = process.cpuUsage(cpuSince);
        send({ type: 'thread', busyS: used.active / 1000, longestBlockS: delay.max / 1e9, cpuS: (cpu.user + cpu.system) / 1e6 });
      });
    });
  } finally {
    delay.disable();
    await bench.close();
  }
  process.disconnect();
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--serve') await serve();
