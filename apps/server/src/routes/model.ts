import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { upgradeModel } from '@edrf/model';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const upgradeBody = z.object({ model: z.record(z.string(), z.unknown()) });

/** Model calls that belong to no project (P§7): an imported .edrf of an older schema is upgraded here. */
export function modelRoutes(app: FastifyInstance, _ctx: AppContext): void {
  app.post('/api/v1/upgrade_edrf', { bodyLimit: MAX_MODEL_BYTES }, (request) => {
    requireUser(request);
    const { model } = parseInput(upgradeBody, request.body);
    const result = upgradeModel(model);
    if (!result.ok) throw new HttpError(400, `${result.path ? `${result.path}: ` : ''}${result.message}`);
    return result.model;
  });
}
