import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findDanglingReferences, upgradeModel } from '@edrf/model';
import { cleanSettingsSchema } from '@edrf/geometry';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { MAX_MODEL_BYTES } from './versions.js';

const cleanBody = z.object({
  model: z.record(z.string(), z.unknown()),
  settings: cleanSettingsSchema.prefault({}),
  /** true: answer {model, summary}, what Clean would change, for the dialog to show before the user applies it. */
  summary: z.boolean().default(false),
});

/**
 * POST /api/v1/clean_arch {model, settings} -> model (P§7, P§9): the model's architecture cleaned by the chosen options
 * (docs/clean-arch.md), computed in the compute pool. With `summary: true` the answer is {model, summary} (the
 * summary lists the rooms merged, synthesized, split, removed and retyped, the walls and storeys removed and the room
 * area before and after). A model that does not validate, or whose ids name missing items, is answered 400 naming the
 * first problem.
 */
export function cleanArchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/clean_arch', { bodyLimit: MAX_MODEL_BYTES }, async (request) => {
    requireUser(request);
    const { model: raw, settings, summary } = parseInput(cleanBody, request.body);
    const upgraded = upgradeModel(raw);
    if (!upgraded.ok) throw new HttpError(400, `${upgraded.path ? `${upgraded.path}: ` : ''}${upgraded.message}`);
    const dangling = findDanglingReferences(upgraded.model)[0];
    if (dangling) throw new HttpError(400, `${dangling.path}: '${dangling.id}' names no item`);
    const cleaned = await ctx.compute.run('clean_arch', { model: upgraded.model, settings });
    return summary ? cleaned : cleaned.model;
  });
}
