import type { FastifyInstance } from 'fastify';
import { meshCatalogue } from '@edrf/model';

/**
 * GET /generic_meshes.json (P§7): the mesh catalogue the 3D view draws instanced meshes from, at the site root
 * like a static file and, like the web app's files, for anyone. It is built once from @edrf/model.
 */
export function meshCatalogueRoutes(app: FastifyInstance): void {
  let body: string | undefined;
  app.get('/generic_meshes.json', (_request, reply) => {
    body ??= JSON.stringify(meshCatalogue());
    return reply.type('application/json').header('cache-control', 'public, max-age=3600').send(body);
  });
}
