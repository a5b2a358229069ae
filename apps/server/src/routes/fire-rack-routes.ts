import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { archSchema, elecSchema, fireSchema } from '@edrf/model';
import { CABLING_MESSAGES, hasRacks } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { streamProgress, wantsProgress } from '../http/progress-stream.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

/** F§7 calc_fire_rack_to_rack_routes: the building, its trays and the fire model. */
const calcRackRoutesBody = z.object({ arch: archSchema, elec: elecSchema.optional(), fire: fireSchema });

/** POST /api/v1/calc_fire_rack_to_rack_routes: the connections with the cables between racks routed anew (issue 25), in the compute pool. */
export function fireRackRoutesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/calc_fire_rack_to_rack_routes', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
    requireUser(request);
    const { arch, elec, fire } = parseInput(calcRackRoutesBody, request.body);
    if (!hasRacks(fire)) throw new HttpError(400, CABLING_MESSAGES.noRack);
    const input = { arch, elec, fire };
    if (wantsProgress(request))
      return streamProgress(request, reply, (progress) =>
        ctx.compute.run('calc_fire_rack_to_rack_routes', input, (_step, p) => progress(p)),
      );
    return ctx.compute.run('calc_fire_rack_to_rack_routes', input);
  });
}
