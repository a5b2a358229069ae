import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MODEL_PARTS, saveVersionBody, validateModelPart, versionStatusBody, type ModelPartName } from '@edrf/model';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { requireUser } from '../auth/access.js';
import { projectAccess } from '../auth/permissions.js';
import type { SyncParts } from '../versions/repository.js';

/** A 50 MB model must sync (issue 4); the general limit of 1 MB stays for every other call. */
export const MAX_MODEL_BYTES = 256 * 1024 * 1024;

const syncEnvelope = z.object({
  parent: z.string().min(1).max(100),
  /**
   * The web app's guard against lost updates: with it a stale revision is refused (409). P§7's payload has no such
   * field; without it (absent or null) the sync applies to the working version as it is now (docs/versions.md).
   */
  working_revision: z.string().uuid('Not a revision of this project').nullish(),
});

const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

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

  app.post('/api/v1/project/:id/sync_working_version', { bodyLimit: MAX_MODEL_BYTES }, async (request) => {
    const { user, projectId } = await member(request);
    const envelope = parseInput(syncEnvelope, request.body);
    const body = request.body as Record<string, unknown>;
    const parts = {} as SyncParts;
    for (const part of MODEL_PARTS) parts[part] = validatedPart(part, body[part]);
    return ctx.versions.sync(projectId, user.email, {
      parent: envelope.parent,
      working_revision: envelope.working_revision ?? undefined,
      parts,
    });
  });

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

/** null or absent: unchanged. Otherwise the part must be valid; the answer names the failing path. */
function validatedPart(part: ModelPartName, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const result = validateModelPart(part, value);
  if (!result.ok) throw new HttpError(400, `${result.path}: ${result.message}`);
  return result.value;
}
