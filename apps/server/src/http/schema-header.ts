import type { FastifyInstance } from 'fastify';
import { EDRF_SCHEMA, EDRF_SCHEMA_HEADER } from '@edrf/model';
import { HEALTH_PATH } from '../routes/health.js';

/** A client built for another API schema must reload before it talks to /api (P§7, P§8: 426). */
export function registerSchemaHeaderCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // The health probe comes from a load balancer, which sends no such header (docs/operations.md).
    if (!request.url.startsWith('/api/') || request.routeOptions.url === HEALTH_PATH) return;
    if (request.headers[EDRF_SCHEMA_HEADER.toLowerCase()] !== String(EDRF_SCHEMA)) {
      await reply.status(426).send({ detail: 'Edrf schema upgrade required' });
    }
  });
}
