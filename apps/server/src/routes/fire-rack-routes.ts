import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runFireCall, withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

/**
 * POST /api/v1/calc_fire_rack_to_rack_routes: the connections with the cables between racks routed anew (issue 25), in
 * the compute pool, its body parsed and validated there (compute/fire-calls.ts: { arch, elec?, fire }; no rack: 400
 * 'No fire rack found!').
 */
export function fireRackRoutesRoutes(app: FastifyInstance, ctx: AppContext): void {
  withRawJsonBody(app, (scope) =>
    scope.post('/api/v1/calc_fire_rack_to_rack_routes', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
      requireUser(request);
      return runFireCall(ctx, request, reply, 'calc_fire_rack_to_rack_routes');
    }),
  );
}
