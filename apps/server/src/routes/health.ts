// GET /api/health (docs/operations.md, "The health endpoint"): whether this process can serve, for a load balancer's
// or an orchestrator's probe. Public and without the Edrf-Schema header, so it tells nothing but the state of the parts.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export const HEALTH_PATH = '/api/health';

/** How long a part may take to answer before it counts as failing: a probe must get its answer well within its own timeout. */
export const HEALTH_TIMEOUT_MS = 3_000;

/** A hash no upload has (the SHA-256 of nothing): asking the store whether it holds it shows the store answers. */
const PROBE_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export type PartState = 'ok' | 'failing' | 'timeout';

export interface Health {
  status: 'ok' | 'unavailable';
  database: PartState;
  fileStore: PartState;
  version: string;
}

const SERVER_VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The part's state; the cause goes to the log only, since the answer is public. */
async function probe(ctx: AppContext, part: string, check: () => Promise<unknown>): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), HEALTH_TIMEOUT_MS)));
  try {
    return await Promise.race([check().then(() => 'ok' as const), late]);
  } catch (error) {
    ctx.log.warn({ err: error }, `Health check: the ${part} is failing`);
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

async function fileStoreAnswers(ctx: AppContext): Promise<void> {
  const store = ctx.config.fileStore;
  // The folder store answers `has` false on any fault: the folder itself must be there (or makeable) and writable.
  if (store.kind === 'folder') {
    await fsp.mkdir(store.folder, { recursive: true });
    await fsp.access(store.folder, fs.constants.R_OK | fs.constants.W_OK);
  }
  // A bucket that cannot be reached, or keys it refuses, throw; a missing object is a plain false.
  await ctx.files.has(PROBE_SHA256);
}

async function checkHealth(ctx: AppContext): Promise<Health> {
  const [database, fileStore] = await Promise.all([
    probe(ctx, 'database', () => sql`select 1`.execute(ctx.db)),
    probe(ctx, 'file store', () => fileStoreAnswers(ctx)),
  ]);
  const status = database === 'ok' && fileStore === 'ok' ? 'ok' : 'unavailable';
  return { status, database, fileStore, version: SERVER_VERSION };
}

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Probes arriving together share one check, so that a flood of them costs the database one query at a time.
  let running: Promise<Health> | null = null;
  app.get(HEALTH_PATH, async (_request, reply) => {
    running ??= checkHealth(ctx).finally(() => (running = null));
    const health = await running;
    return reply
      .status(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
}
