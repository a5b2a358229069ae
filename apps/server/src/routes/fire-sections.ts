import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { archSchema, elecSchema, fireSchema } from '@edrf/model';
import { createFireConfig, hasDetectors, SECTION_MESSAGES } from '@edrf/fire';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { streamProgress, wantsProgress } from '../http/progress-stream.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const flag = z.boolean().default(false);

/**
 * F§7 sends `fire {units, config.section, sections}`: a fire config of the section settings alone. The rest of the
 * config is then the first regulation's (SBF 110:8) defaults, whose section rules apply; a whole config is used as sent.
 */
const sectionsFire = z.preprocess((fire) => {
  if (typeof fire !== 'object' || fire === null) return fire;
  const config = (fire as { config?: unknown }).config;
  if (typeof config !== 'object' || config === null || 'regulation' in config) return fire;
  return { ...fire, config: { ...createFireConfig('Sbf1108'), ...config } };
}, fireSchema);

/** F§7 calc_fire_sections: what to compute (the page's three checkboxes, and starting over), and the model. */
const calcSectionsBody = z.object({
  settings: z.object({ sections: flag, labels: flag, addresses: flag, renumber: flag }),
  model: z.object({ arch: archSchema, elec: elecSchema.optional(), fire: sectionsFire, config: z.unknown().optional() }),
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
