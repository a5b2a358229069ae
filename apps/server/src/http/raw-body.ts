// The fire calls that take a whole model read their body as bytes and hand them to a compute worker, which parses and
// validates them (docs/compute.md, "Large request bodies"): the request thread neither parses a body of tens of
// megabytes nor copies the parsed model to the worker.
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { INPUT_ACCEPTED, type FireCallName, type FireCallOutput } from '../compute/fire-calls.js';
import { toRequestBody } from '../compute/request-body.js';
import { StreamedBody } from '../compute/streamed-body.js';
import { streamProgressOnceAccepted, wantsProgress } from './progress-stream.js';

/**
 * Registers the routes `register` adds in a scope of their own where an application/json body is not parsed: the
 * route gets it as a Buffer (read with the route's bodyLimit, as any body: readBodyBytes). An empty one is refused as
 * Fastify refuses it; any other content type is Fastify's as everywhere else. With `streamOver`, a body announced
 * longer is not joined here: the route gets a StreamedBody, its pieces posted for a compute worker as they came.
 */
export function withRawJsonBody(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
  options: { streamOver?: number } = {},
): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', (request, payload, parsed) =>
      readBodyBytes(request, payload, app.initialConfig.bodyLimit ?? 1024 * 1024, options.streamOver, (error, body) => {
        if (error) parsed(error, undefined);
        else if (body!.length === 0) parsed(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
        else parsed(null, body);
      }),
    );
    // Pieces no worker read (a request refused before it reached one) are freed with the answer.
    scope.addHook('onResponse', (request, _reply, next) => {
      if (request.body instanceof StreamedBody) request.body.close();
      next();
    });
    register(scope);
    done();
  });
}

/**
 * A body's bytes, read as Fastify's parseAs 'buffer' reads them (the route's limit, its errors for a body too large or
 * not of its Content-Length), but each piece copied on arrival into one buffer of the length announced: the request
 * thread never joins 50 MB at the end in one go (a fresh 50 MB buffer alone holds it about 170 ms on a 2-core machine;
 * bench/results/load-2026-11-29.md). A body sent without a length is joined at the end, as Fastify does. One
 * announced over `streamOver` is posted piece by piece for a worker (StreamedBody), with the same limits and errors.
 */
function readBodyBytes(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  serverLimit: number,
  streamOver: number | undefined,
  done: (error: Error | null, body?: Buffer | StreamedBody) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? serverLimit;
  const announced = Number(request.headers['content-length']);
  if (announced > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  const known = Number.isInteger(announced) && announced >= 0;
  const streamed = known && streamOver !== undefined && announced > streamOver ? new StreamedBody(announced) : null;
  // Its own memory, not the pool's: it is moved to a compute worker as it is (toRequestBody).
  const whole = known && !streamed ? Buffer.allocUnsafeSlow(announced) : null;
  const expected = streamed?.length ?? whole?.length;
  const pieces: Buffer[] = [];
  let received = 0;
  const stop = (error: Error | null, body?: Buffer | StreamedBody) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
    if (error) streamed?.close();
    done(error, body);
  };
  function onData(chunk: Buffer | string) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (received + piece.length > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (expected !== undefined && received + piece.length > expected) return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    const size = piece.length;
    // Moved to the worker's port, the piece is empty here after.
    if (streamed) streamed.add(piece);
    else if (whole) piece.copy(whole, received);
    else pieces.push(piece);
    received += size;
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      return stop(error);
    }
    if (expected !== undefined && received !== expected) return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    stop(null, streamed ?? whole ?? Buffer.concat(pieces, received));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

/**
 * Runs a fire call (compute/fire-calls.ts) on the request's body in the compute pool: the body's bytes move to the
 * worker, which parses, validates and runs it. Asked for progress, the answer streams once the worker has accepted
 * the body; a refusal is a plain 400, as when the request thread parsed it.
 */
export function runFireCall<K extends FireCallName>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  call: K,
): Promise<FireCallOutput<K> | FastifyReply> {
  const { body, transfer } = toRequestBody(request.body);
  const run = (onProgress?: (step: string, fraction: number) => void) =>
    ctx.compute.run('fire_call', { call, body }, onProgress, { transfer }) as Promise<FireCallOutput<K>>;
  if (!wantsProgress(request)) return run();
  return streamProgressOnceAccepted(request, reply, (progress, accept) =>
    run((step, fraction) => (step === INPUT_ACCEPTED ? accept() : progress(fraction))),
  );
}
