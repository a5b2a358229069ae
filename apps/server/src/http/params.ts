import type { FastifyRequest } from 'fastify';

/** The `:id` of a route like /api/v1/org/:id; the permission check validates it. */
export const idParam = (request: FastifyRequest): string => (request.params as { id: string }).id;
