// A request's body as it reaches a compute worker (docs/compute.md, "Large request bodies"): the raw bytes, moved to the
// worker without a copy, parsed and checked there, so that the thread serving requests never parses or copies a
// model of tens of megabytes. The answer to bad input is the one the request thread gave: Fastify's 400 for malformed
// JSON, the route's 400 naming the path for a body its schema refuses.
import type { z } from 'zod';
import { describeIssues, MALFORMED_JSON } from '../http/bad-input.js';
import { TaskRefused } from './protocol.js';

/**
 * The body of a request: `bytes` as the client sent them (an application/json body, read as bytes and moved to the
 * worker), or `value`, what Fastify made of any other (nothing, or text/plain's string), to be validated as it is.
 */
export type RequestBody = { bytes: ArrayBuffer } | { value: unknown };

/** `"__proto__":` in the text, escaped or not: the keys Fastify's JSON parser refuses (secure-json-parse). */
const SUSPECT_PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/**
 * JSON.parse of the bytes as Fastify's own application/json parser does it (its defaults: a leading BOM dropped, an
 * object with a `__proto__` key refused, `constructor` kept): malformed, it is refused with Fastify's words.
 */
export function parseJsonBytes(bytes: ArrayBufferLike): unknown {
  let text = Buffer.from(bytes).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TaskRefused(MALFORMED_JSON);
  }
  if (value !== null && typeof value === 'object' && SUSPECT_PROTO.test(text) && hasProtoKey(value)) throw new TaskRefused(MALFORMED_JSON);
  return value;
}

function hasProtoKey(root: object): boolean {
  const stack: object[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const value of Object.values(node) as unknown[]) if (value !== null && typeof value === 'object') stack.push(value);
  }
  return false;
}

/** The body as sent: its bytes parsed (malformed JSON refused, a 400), or the value Fastify made of it. Not checked. */
export const bodyValue = (body: RequestBody): unknown => ('bytes' in body ? parseJsonBytes(body.bytes) : body.value);

/** A body's value checked by `schema`: refused (a 400) as the route's parseInput refuses it, naming the path. */
export function checkBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new TaskRefused(describeIssues(result.error));
  return result.data;
}

/**
 * A request's body for a worker, and what to move there with it: a Buffer's bytes go as its ArrayBuffer, moved
 * (transferred) when the Buffer owns the whole of it, as a body Fastify read as bytes does unless it is small
 * (a small one shares Node's buffer pool and is copied out). Anything else goes as it is.
 */
export function toRequestBody(value: unknown): { body: RequestBody; transfer: ArrayBuffer[] } {
  if (!Buffer.isBuffer(value)) return { body: { value }, transfer: [] };
  const whole = value.buffer;
  const owned = whole instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === whole.byteLength;
  const bytes = owned ? whole : new Uint8Array(value).buffer;
  return { body: { bytes }, transfer: [bytes] };
}
