// The words a client gets for a body it got wrong, the same whether the request thread read the body (Fastify, a
// route's parseInput: errors.ts) or a compute worker did (compute/request-body.ts). Imports nothing of either side.
import type { z } from 'zod';

/** A zod failure as the client reads it: the first three issues, each with its path. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

/** The answer to a body that is not JSON, parsed by Fastify or by a compute worker. */
export const MALFORMED_JSON = 'Malformed JSON: the request body is not valid JSON';
