import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { saveVersionBody, versionStatusBody } from '@edrf/model';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { projectAccess } from '../auth/permissions.js';
import { bodyValue, toRequestBody } from '../compute/request-body.js';
import { checkSyncBody, type CheckedSync } from '../versions/sync-body.js';
import { postgresUrlOf } from '../db/connect.js';
import { StreamedBody } from '../compute/streamed-body.js';

/** A 50 MB model must sync (issue 4); the general limit of 1 MB stays for every other call. */
export const MAX_MODEL_BYTES = 256 * 1024 * 1024;

/**
 * A sync body up to this size (an edit) is checked on the request thread, in a few milliseconds, rather than wait its
 * turn in the compute pool behind an engine run; a larger one (a model after an import) is checked in a worker, so
 * that it does not hold the request thread for longer than that (issue 38: not over 100 ms for a 50 MB model).
 */
const INLINE_SYNC_BYTES = 1024 * 1024;

/** A version's JSON pieces written one after another, with their length: never joined into one buffer. */
const sendJsonText = (reply: FastifyReply, pieces: Buffer[]) =>
  reply
    .type('application/json; charset=utf-8')
    .header(
      'content-length',
      pieces.reduce((n, piece) => n + piece.length, 0),
    )
    .send(Readable.from(pieces));

/** Versions and the working version of a project (P§7 'Versions and model'; docs/versions.md). */
export function versionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const member = async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    const { project, role } = await projectAccess(ctx.db, user, idParam(request), 'member');
    return { user, project, role, projectId: project.project_id };
  };

  app.get('/api/v1/project/:id/latest_version', async (request, reply) => {
    const { projectId } = await member(request);
    return sendJsonText(reply, await ctx.versions.latestJson(projectId));
  });

  app.get('/api/v1/project/:id/get_version/:versionId', async (request, reply) => {
    const { projectId } = await member(request);
    const { versionId } = request.params as { versionId: string };
    return sendJsonText(reply, await ctx.versions.versionJson(projectId, versionId));
  });

  app.get('/api/v1/project/:id/list_versions', async (request) => {
    const { projectId } = await member(request);
    return { versions: await ctx.versions.list(projectId) };
  });

  app.get('/api/v1/project/:id/get_project_meta', async (request) => {
    const { project, role } = await member(request);
    const working = await ctx.versions.working(project.project_id);
    return {
      project_id: project.project_id,
      name: project.name,
      org_id: project.org_id,
      role,
      working_revision: working.working_revision,
      parent_version_id: working.parent_version_id,
      updated_at: new Date(working.updated_at).toISOString(),
    };
  });

  // The body is read as bytes (raw-body.ts) and parsed where it is checked: here when small, in a worker when large
  // (its pieces posted to the worker as they come, never joined on this thread, when its length is announced).
  withRawJsonBody(
    app,
    (scope) =>
      scope.post('/api/v1/project/:id/sync_working_version', { bodyLimit: MAX_MODEL_BYTES }, async (request) => {
        const inline = Buffer.isBuffer(request.body) ? request.body.length <= INLINE_SYNC_BYTES : !(request.body instanceof StreamedBody);
        // Malformed JSON is refused before access is checked, as when Fastify parsed every body.
        const value = inline ? bodyValue(toRequestBody(request.body).body) : undefined;
        const { user, projectId } = await member(request);
        const checked = inline ? checkSyncBody(value) : await checkSyncInWorker(ctx, request, projectId);
        return ctx.versions.sync(projectId, user.email, {
          parent: checked.parent,
          working_revision: checked.working_revision ?? undefined,
          parts: checked.parts,
        });
      }),
    { streamOver: INLINE_SYNC_BYTES },
  );

  app.post('/api/v1/project/:id/save_working_version', async (request) => {
    const { user, projectId } = await member(request);
    const { comment, working_revision } = parseInput(saveVersionBody, request.body);
    return ctx.versions.save(projectId, user.email, comment, working_revision);
  });

  app.post('/api/v1/project/:id/create_version_status/:versionId', async (request) => {
    const { projectId } = await member(request);
    const { versionId } = request.params as { versionId: string };
    const { status } = parseInput(versionStatusBody, request.body);
    await ctx.versions.setStatus(projectId, versionId, status);
    return {};
  });
}

/**
 * A large body's bytes moved to a compute worker, parsed and checked there (compute/sync-task.ts); on PostgreSQL the
 * worker stores its parts as well and answers their hashes, so this thread never holds a part's text (issue 38).
 */
function checkSyncInWorker(ctx: AppContext, request: FastifyRequest, projectId: string): Promise<CheckedSync> {
  const { body, transfer } = request.body instanceof StreamedBody ? request.body.forWorker() : toRequestBody(request.body);
  const databaseUrl = postgresUrlOf(ctx.db);
  const store = databaseUrl ? { databaseUrl, projectId } : undefined;
  return ctx.compute.run('check_sync', { body, store }, undefined, { transfer });
}
