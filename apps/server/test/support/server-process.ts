// A real server process for tests: apps/server/src/main.ts as `npm run serve` starts it, a child process of the test's
// (two-processes.test.ts runs two of them on one PostgreSQL; durability/kill-nine.test.ts kills one with SIGKILL and
// starts it again on the same DATA_DIR and database; bench:load runs several under load, bench/support/server-processes.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EDRF_SCHEMA } from '@edrf/model';
import { SERVER_PROCESS_ENV } from '../../src/process-env.js';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;
const ROOT = new URL('../../../../', import.meta.url).pathname;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Json = any;

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:PORT */
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr, for a failing test's message. */
  output: string[];
  dataDir: string;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts a server process with the environment given (plus PORT, HOST, DATA_DIR and LOG_LEVEL=warn); resolves once it
 * says it is running, or rejects after `startSeconds` (180). `dataDir`: the DATA_DIR to use (kept by stopServer); by
 * default a new one, removed by stopServer.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
  opts: { dataDir?: string; startSeconds?: number } = {},
): Promise<ServerProcess> {
  const startSeconds = opts.startSeconds ?? 180;
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `edrf-server-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    // Only the database it is given: the test run's own DATABASE_URL would turn a PGlite server into a PostgreSQL one.
    env: {
      ...SERVER_PROCESS_ENV,
      ...process.env,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const server: ServerProcess = { name, base: `http://127.0.0.1:${port}`, child, output, dataDir };
  ownedDataDirs.set(server, opts.dataDir === undefined);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server ${name} did not start in ${startSeconds} s:\n${output.join('')}`)),
      startSeconds * 1000,
    );
    const hear = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      if (output.join('').includes('edrf is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} ended (${code ?? signal}) before it ran:\n${output.join('')}`));
    });
  });
  return server;
}

const ownedDataDirs = new WeakMap<ServerProcess, boolean>();

/** SIGKILL, as `kill -9` or the kernel's OOM killer ends it: nothing of the server runs after it. Resolves once it has ended. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGKILL');
  await ended;
}

/** Ends the process as an operator does (SIGTERM, SIGKILL after 10 s); removes its DATA_DIR if startServer made it. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const ended = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.child.exitCode === null) await killServer(server);
  }
  if (ownedDataDirs.get(server)) fs.rmSync(server.dataDir, { recursive: true, force: true });
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** A request as the web app makes it (JSON, the Edrf-Schema header) to one server process. */
export async function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'edrf-schema': String(EDRF_SCHEMA), ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${server.base}${url}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') && text ? JSON.parse(text) : text, headers: res.headers };
}
