import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pricedRoomsSchema, REGULATIONS } from '@edrf/model';
import { costModel, createFireConfig, getFireHardware, PRICED_MODULES, roomsSize } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { runFireCall, withRawJsonBody } from '../http/raw-body.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const regulationBody = z.object({
  regulation: z.enum(REGULATIONS, { error: () => `Unknown regulation: expected one of ${REGULATIONS.join(', ')}` }),
});

const costBody = z.object({
  /** The rooms of the design: a list, or the model's collection keyed by id; only their outlines count. */
  rooms: pricedRoomsSchema,
  module: z.enum(PRICED_MODULES, { error: () => `Unknown module: expected one of ${PRICED_MODULES.join(', ')}` }),
});

/**
 * The fire engine's calls that belong to no project (F§7, P§7). calc_fire_units runs in the compute pool, its body
 * parsed and validated there (compute/fire-calls.ts: its schema, { arch, fire, analyze_only? }).
 */
export function fireRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/get_fire_hardware', (request) => {
    requireUser(request);
    return getFireHardware();
  });

  app.post('/api/v1/create_fire_config', (request) => {
    requireUser(request);
    const { regulation } = parseInput(regulationBody, request.body);
    return createFireConfig(regulation);
  });

  withRawJsonBody(app, (scope) =>
    // Asked for progress (the units page's Run), the answer streams the shares of the rooms placed before the result.
    scope.post('/api/v1/calc_fire_units', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
      requireUser(request);
      return runFireCall(ctx, request, reply, 'calc_fire_units');
    }),
  );

  app.post('/api/v1/cost_model', (request) => {
    requireUser(request);
    const { rooms, module } = parseInput(costBody, request.body);
    return { cost: costModel(roomsSize(Array.isArray(rooms) ? rooms : Object.values(rooms)), module) };
  });
}
