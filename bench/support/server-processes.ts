// Real server processes for bench/load: `apps/server/src/main.ts` as `npm run serve` starts it, each a child process of
// its own on one fresh PostgreSQL database and one S3 bucket (the s3rver peer), with mail through the SMTP peer, started
// and backed as the tests' (apps/server/test/support/server-process.ts, shared-backing.ts). Their peak memory is read
// from /proc (VmHWM).
import fs from 'node:fs';
import { startServer, stopServer } from '../../apps/server/test/support/server-process.js';
import { startSharedBacking, type SharedBacking } from '../../apps/server/test/support/shared-backing.js';

const BUCKET = 'edrf-load';
export const LOAD_ADMIN_EMAIL = 'load-admin@example.com';

/** What the servers share: a fresh database, the bucket, the SMTP peer, and the environment that points at them. */
export type Backing = SharedBacking;

/** A fresh PostgreSQL database on the server of `serverUrl` (dropped by close), the S3 and SMTP peers. */
export async function startBacking(serverUrl: string): Promise<Backing> {
  const backing = await startSharedBacking(serverUrl, { bucket: BUCKET, prefix: 'edrf_load' });
  return { ...backing, env: { ...backing.env, ADMIN_EMAIL: LOAD_ADMIN_EMAIL } };
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
  const server = await startServer(`load-${name}`, env, { startSeconds: 300 });
  const { child } = server;
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
    base: server.base,
    pid: child.pid!,
    peakRssMb,
    async stop() {
      peakRssMb();
      await stopServer(server);
    },
  };
}
