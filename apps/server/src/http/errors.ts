import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { TaskFailed, TaskRefused } from '../compute/protocol.js';

/** An answer the client is meant to read: the status and a `detail` the web app shows the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

/** Parses a request part with a zod schema; a failure is a 400 naming the field, or `message` when the spec fixes the text. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, message ?? describeIssues(result.error));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON: the request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON: the request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is shorter or longer than its Content-Length',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | TaskRefused | TaskFailed, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    // A compute task that refused its input (docs/compute.md) says why; one that failed is the server's fault.
    if (error instanceof TaskRefused) return reply.status(400).send({ detail: error.message });
    if (error instanceof TaskFailed) {
      request.log.error(error);
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: fastifyClientErrors[error.code] ?? error.message });
    }
    request.log.error(error);
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
