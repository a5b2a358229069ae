import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from './errors.js';

/** The media type of an answer that reports progress before its result: one JSON object per line. */
export const PROGRESS_STREAM_TYPE = 'application/x-ndjson';

/** Whether the client asked for progress (Accept: application/x-ndjson); otherwise the answer is plain JSON. */
export const wantsProgress = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes(PROGRESS_STREAM_TYPE);

/** Progress lines are sent at most this often: a 2-minute run needs no more than a few hundred. */
const PROGRESS_EVERY_MS = 250;

/**
 * Answers a long computation with its progress (issue 23, 'Progress is reported while it runs'): status 200 at once,
 * then `{"progress": 0..1}` lines while it runs and one `{"result": …}` line, or `{"error": {"status", "detail"}}` when it
 * fails (the status line has gone, so a failure is told in the stream, as the plain answer's status and detail).
 */
export function streamProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (progress: (fraction: number) => void) => Promise<T>,
): FastifyReply {
  const stream = new PassThrough();
  let last = 0;
  const progress = (fraction: number) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS || !Number.isFinite(fraction)) return;
    last = now;
    stream.write(`${JSON.stringify({ progress: Math.min(1, Math.max(0, fraction)) })}\n`);
  };
  stream.write(`${JSON.stringify({ progress: 0 })}\n`);
  run(progress).then(
    (result) => stream.end(`${JSON.stringify({ result })}\n`),
    (error: unknown) => {
      const answer = errorAnswer(error);
      if (answer.logged) request.log.error(error);
      stream.end(`${JSON.stringify({ error: { status: answer.status, detail: answer.detail } })}\n`);
    },
  );
  return reply.header('content-type', PROGRESS_STREAM_TYPE).header('cache-control', 'no-store').send(stream);
}

/**
 * streamProgress for a run that first checks its input in a worker and says when it has accepted it (`accept`): the
 * stream, and its status 200, start only then, so that a refusal before the run (a body the worker parsed and refused,
 * 'Fire detectors missing') is still a plain answer, as it was when the request thread checked the body itself.
 */
export async function streamProgressOnceAccepted<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (progress: (fraction: number) => void, accept: () => void) => Promise<T>,
): Promise<FastifyReply> {
  let forward = (_fraction: number) => {};
  let accept = () => {};
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  const running = run(
    (fraction) => forward(fraction),
    () => accept(),
  );
  // A refusal rejects here, before any line went: the error handler answers it.
  await Promise.race([accepted, running]);
  return streamProgress(request, reply, (progress) => {
    forward = progress;
    return running;
  });
}
