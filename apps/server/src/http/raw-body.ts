// The fire calls that take a whole model read their body as bytes and hand them to a compute worker, which parses and
// validates them (docs/compute.md, "Large request bodies"): the request thread neither parses a body of tens of
// megabytes nor copies the parsed model to the worker.
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { INPUT_ACCEPTED, type FireCallName, type FireCallOutput } from '../compute/fire-calls.js';
import { toRequestBody } from '../compute/request-body.js';
import { streamProgressOnceAccepted, wantsProgress } from './progress-stream.js';

/**
 * Registers the routes `register` adds in a scope of their own where an application/json body is not parsed: the
 * route gets it as a Buffer (read with the route's bodyLimit, as any body). An empty one is refused as Fastify refuses
 * it; any other content type is Fastify's as everywhere else.
 */
export function withRawJsonBody(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body: Buffer, parsed) => {
      if (body.length === 0) parsed(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
      else parsed(null, body);
    });
    register(scope);
    done();
  });
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
