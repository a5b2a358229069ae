import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runFireCall, withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

/**
 * POST /api/v1/calc_fire_sections: sections, section labels and addresses (issue 24), in the compute pool, its body
 * parsed and validated there (compute/fire-calls.ts: { settings, model }; no detector: 400 'Fire detectors missing').
 */
export function fireSectionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/calc_fire_sections', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
      requireUser(request);
      return runFireCall(ctx, request, reply, 'calc_fire_sections');
    }),
  );
}
