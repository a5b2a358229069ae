import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { TaskFailed, TaskRefused } from '../compute/protocol.js';
import { FILE_STORE_UNREACHABLE, FileStoreError } from '../services/file-store.js';
import { describeIssues, MALFORMED_JSON } from './bad-input.js';

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

const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MALFORMED_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON: the request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is shorter or longer than its Content-Length',
};

/** The status and detail the client gets for an error; `logged` when it is the server's fault. */
export function errorAnswer(error: unknown): { status: number; detail: string; logged: boolean } {
  if (error instanceof HttpError) return { status: error.statusCode, detail: error.message, logged: false };
  // A compute task that refused its input (docs/compute.md) says why; one that failed is the server's fault.
  if (error instanceof TaskRefused) return { status: 400, detail: error.message, logged: false };
  // A file store that does not answer is told as such (the log has the bucket and the cause); its other faults are a 500.
  if (error instanceof FileStoreError && error.unreachable) return { status: 503, detail: FILE_STORE_UNREACHABLE, logged: true };
  const fastify = error as Partial<FastifyError>;
  const status = error instanceof TaskFailed ? 500 : (fastify.statusCode ?? 500);
  if (status >= 400 && status < 500)
    return { status, detail: fastifyClientErrors[fastify.code ?? ''] ?? fastify.message ?? '', logged: false };
  return { status: 500, detail: 'Internal server error', logged: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | TaskRefused | TaskFailed, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.logged) request.log.error(error);
    return reply.status(answer.status).send({ detail: answer.detail });
  });
}
