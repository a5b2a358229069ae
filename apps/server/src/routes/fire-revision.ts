import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runFireCall, withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

/**
 * POST /api/v1/update_fire_design (issue 40, docs/fire-revisions.md): the fire design brought up to the architecture's
 * changes since its basis — { model: {arch, elec, fire}, changes, keep_removed_units } → { fire, summary } — in the
 * compute pool like the other fire calls (compute/fire-calls.ts).
 */
export function fireRevisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/update_fire_design', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
      requireUser(request);
      return runFireCall(ctx, request, reply, 'update_fire_design');
    }),
  );
}
