import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runFireCall, withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

/**
 * POST /api/v1/calc_fire_cabling (F§7, issue 26): the loops of every central, in the compute pool, with progress when
 * asked, its body parsed and validated there (compute/fire-calls.ts: { arch, elec?, fire }; no rack: 400).
 */
export function fireCablingRoutes(app: FastifyInstance, ctx: AppContext): void {
  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/calc_fire_cabling', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
      requireUser(request);
      return runFireCall(ctx, request, reply, 'calc_fire_cabling');
    }),
  );
}
