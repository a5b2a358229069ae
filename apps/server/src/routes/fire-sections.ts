import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { archSchema, elecSchema, fireSchema } from '@edrf/model';
import { hasDetectors, SECTION_MESSAGES } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { streamProgress, wantsProgress } from '../http/progress-stream.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const flag = z.boolean().default(false);

/** F§7 calc_fire_sections: what to compute (the page's three checkboxes, and starting over), and the model. */
const calcSectionsBody = z.object({
  settings: z.object({ sections: flag, labels: flag, addresses: flag, renumber: flag }),
  model: z.object({ arch: archSchema, elec: elecSchema.optional(), fire: fireSchema, config: z.unknown().optional() }),
});

/** POST /api/v1/calc_fire_sections: sections, section labels and addresses (issue 24), in the compute pool. */
export function fireSectionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/calc_fire_sections', { bodyLimit: MAX_MODEL_BYTES }, (request, reply) => {
    requireUser(request);
    const { settings, model } = parseInput(calcSectionsBody, request.body);
    if (!hasDetectors(model.fire)) throw new HttpError(400, SECTION_MESSAGES.detectorsMissing);
    const input = { settings, model: { arch: model.arch, elec: model.elec, fire: model.fire } };
    if (wantsProgress(request))
      return streamProgress(request, reply, (progress) => ctx.compute.run('calc_fire_sections', input, (_step, p) => progress(p)));
    return ctx.compute.run('calc_fire_sections', input);
  });
}
