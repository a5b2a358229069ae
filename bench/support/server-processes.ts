// Real server processes for bench/load: `apps/server/src/main.ts` as `npm run serve` starts it, each a child process of
// its own on one fresh PostgreSQL database and one S3 bucket (the s3rver peer), with mail through the SMTP peer, as
// apps/server/test/api/two-processes.test.ts starts them. Their peak memory is read from /proc (VmHWM).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startS3Peer, type S3Peer } from '../../apps/server/test/peers/s3.js';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/peers/smtp.js';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUCKET = 'edrf-load';
export const LOAD_ADMIN_EMAIL = 'load-admin@example.com';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What the servers share: a fresh database, the bucket, the SMTP peer, and the environment that points at them. */
export interface Backing {
  databaseUrl: string;
  smtp: SmtpPeer;
  s3: S3Peer;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database on the server of `serverUrl` (dropped by close), the S3 and SMTP peers. */
export async function startBacking(serverUrl: string): Promise<Backing> {
  const name = `edrf_load_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const [s3, smtp] = await Promise.all([startS3Peer({ buckets: [BUCKET] }), startSmtpPeer()]);
  return {
    databaseUrl: url.href,
    smtp,
    s3,
    env: {
      ...s3.env,
      DATABASE_URL: url.href,
      FILE_STORE_URL: `s3://${BUCKET}/files`,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: LOAD_ADMIN_EMAIL,
    },
    async close() {
      await Promise.all([s3.close(), smtp.close()]);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface ServerProcess {
  name: string;
  base: string;
  pid: number;
  /** The process's peak resident memory so far (MB), its worker threads included: /proc/<pid>/status VmHWM. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** Starts one server process; resolves once it says it is running. `env` without DATABASE_URL: PGlite in its DATA_DIR. */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `edrf-load-${name}-`));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${name} did not start in 300 s:\n${output.join('')}`)), 300_000);
    const hear = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      if (output.join('').includes('edrf is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} ended (${code}) before it ran:\n${output.join('')}`));
    });
  });
  // Its warnings and errors go on reaching the bench's stderr: an error during the run is to be seen.
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString('utf8')}`));
  child.stdout!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString('utf8')}`));
  let lastPeak = 0;
  const peakRssMb = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      lastPeak = Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024);
    } catch {
      // Ended: the last figure read stands.
    }
    return lastPeak;
  };
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    peakRssMb,
    async stop() {
      peakRssMb();
      if (child.exitCode === null) {
        const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
