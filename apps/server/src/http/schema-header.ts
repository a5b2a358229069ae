import type { FastifyInstance } from 'fastify';
import { EDRF_SCHEMA, EDRF_SCHEMA_HEADER } from '@edrf/model';

/** A client built for another API schema must reload before it talks to /api (P§7, P§8: 426). */
export function registerSchemaHeaderCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.headers[EDRF_SCHEMA_HEADER.toLowerCase()] !== String(EDRF_SCHEMA)) {
      await reply.status(426).send({ detail: 'Edrf schema upgrade required' });
    }
  });
}
