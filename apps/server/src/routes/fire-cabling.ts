import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { archSchema, elecSchema, fireSchema } from '@edrf/model';
import { LOOP_MESSAGES } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { streamProgress, wantsProgress } from '../http/progress-stream.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const calcCablingBody = z.object({ arch: archSchema, elec: elecSchema.optional(), fire: fireSchema });

/** POST /api/v1/calc_fire_cabling (F§7, issue 26): the loops of every central, in the compute pool, with progress when asked. */
export function fireCablingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/calc_fire_cabling', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
    requireUser(request);
    const input = parseInput(calcCablingBody, request.body);
    if (Object.keys(input.fire.units.racks).length === 0) throw new HttpError(400, LOOP_MESSAGES.noRack);
    if (wantsProgress(request))
      return streamProgress(request, reply, (progress) => ctx.compute.run('calc_fire_cabling', input, (_step, p) => progress(p)));
    return ctx.compute.run('calc_fire_cabling', input);
  });
}
