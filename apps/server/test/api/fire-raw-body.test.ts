// The fire calls that take a whole model hand their body's bytes to a compute worker, which parses and validates them
// (docs/compute.md, "Large request bodies"). What the client gets for any body is what it got when the request thread
// parsed it with Fastify's JSON parser: the same answer to a valid body, the same 400s, a plain 400 when progress was
// asked for, and 401 to anyone not signed in, whatever the body.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA, type FireConfig } from '@edrf/model';
import { PROGRESS_STREAM_TYPE } from '../../src/http/progress-stream.js';
import { testDatabases } from '../support/databases.js';
import type { TestApp } from '../support/harness.js';
import { startFireApp } from '../support/fire-app.js';
import { rect } from '../support/shapes.js';

const MALFORMED = 'Malformed JSON: the request body is not valid JSON';
const EMPTY = 'Malformed JSON: the request body is empty';
const CALLS = ['calc_fire_units', 'calc_fire_sections', 'calc_fire_rack_to_rack_routes', 'calc_fire_cabling'] as const;

const arch = () => ({
  storeys: { g: { id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['a'] } },
  rooms: { a: { id: 'a', name: 'A', shape: { exterior: rect(0, 0, 20, 10) } } },
});

describe.each(testDatabases())('fire calls on a raw body (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let config: FireConfig;

  beforeAll(async () => {
    ({ t, cookie, config } = await startFireApp(kind));
  });
  afterAll(() => t?.close());

  const post = (call: string, body: unknown, headers: Record<string, string> = {}) =>
    t.call('POST', `/api/v1/${call}`, { cookie, body, headers });
  const streamed = { accept: `${PROGRESS_STREAM_TYPE}, application/json` };

  it('answers a body with a byte order mark as the same body without one', async () => {
    const body = JSON.stringify({ arch: arch(), fire: { config } });
    const plain = await post('calc_fire_units', body);
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body.units.detectors).length).toBeGreaterThan(0);
    const bom = await post('calc_fire_units', `\uFEFF${body}`);
    expect(bom.status).toBe(200);
    expect(bom.body).toEqual(plain.body);
  });

  it.each(CALLS)('%s refuses what Fastify refused: malformed JSON, an empty body, a __proto__ key (400)', async (call) => {
    for (const headers of [{}, streamed]) {
      // Refused before any progress: plain answers, with progress asked for or not.
      const malformed = await post(call, '{"arch":', headers);
      expect([malformed.status, malformed.body]).toEqual([400, { detail: MALFORMED }]);
      const empty = await post(call, '', headers);
      expect([empty.status, empty.body]).toEqual([400, { detail: EMPTY }]);
      const poisoned = await post(call, '{"arch": {"__proto__": {"x": 1}}, "fire": {}}', headers);
      expect([poisoned.status, poisoned.body]).toEqual([400, { detail: MALFORMED }]);
    }
    // The same answers as a route whose body Fastify parses.
    expect((await post('create_fire_config', '{"__proto__": {"x": 1}}')).body).toEqual({ detail: MALFORMED });
    expect((await post('create_fire_config', '')).body).toEqual({ detail: EMPTY });
  });

  it.each(CALLS)('%s refuses a body its schema refuses with a plain 400 naming the path, progress asked for or not', async (call) => {
    const body = call === 'calc_fire_sections' ? { settings: { sections: 'yes' }, model: {} } : { arch: 5, fire: {} };
    const detail = call === 'calc_fire_sections' ? /^settings\.sections: / : /^arch: Invalid input: expected object, received number/;
    for (const headers of [{}, streamed]) {
      const res = await post(call, body, headers);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
  });

  it('reads a body sent in pieces without a length as the same body sent whole', async () => {
    const body = JSON.stringify({ arch: arch(), fire: { config } });
    const whole = await post('calc_fire_units', body);
    const pieces = await t.app.inject({
      method: 'POST',
      url: '/api/v1/calc_fire_units',
      headers: { cookie, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA) },
      payload: Readable.from([body.slice(0, 100), body.slice(100, 2000), body.slice(2000)].map((text) => Buffer.from(text))),
    });
    expect([pieces.statusCode, JSON.parse(pieces.body)]).toEqual([200, whole.body]);
  });

  it('answers a body not of its Content-Length, or announced over the limit, as a route whose body Fastify parses', async () => {
    const raw = (url: string, payload: string, length: number) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json', 'content-length': String(length), 'edrf-schema': String(EDRF_SCHEMA) },
        payload,
      });
    const answer = async (url: string, payload: string, length: number): Promise<[number, unknown]> => {
      const res = await raw(url, payload, length);
      return [res.statusCode, JSON.parse(res.body) as unknown];
    };
    const body = JSON.stringify({ arch: arch(), fire: { config } });
    for (const length of [body.length - 10, body.length + 10]) {
      const mine = await answer('/api/v1/calc_fire_units', body, length);
      expect(mine[0]).toBe(400);
      expect(mine).toEqual(await answer('/api/v1/create_fire_config', body, length));
    }
    // Announced over the route's limit (256 MB here, 1 MB for a parsed route): refused before a byte is read.
    const over = await answer('/api/v1/calc_fire_units', body, 300 * 1024 * 1024);
    expect(over[0]).toBe(413);
    expect(over).toEqual(await answer('/api/v1/create_fire_config', body, 2 * 1024 * 1024));
  });

  it('validates a body sent as text/plain, or none at all, as before: a 400 naming the path', async () => {
    const text = await post('calc_fire_units', '{"arch": 5}', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.detail).toMatch(/^body: Invalid input: expected object, received string/);
    const none = await t.call('POST', '/api/v1/calc_fire_cabling', { cookie });
    expect(none.status).toBe(400);
    expect(none.body.detail).toMatch(/^arch: Invalid input: expected object, received undefined/);
  });

  it('answers 415 to a body of another type, and 401 to anyone not signed in, whatever the body', async () => {
    const other = await post('calc_fire_units', '<arch/>', { 'content-type': 'application/xml' });
    expect(other.status).toBe(415);
    for (const call of CALLS) {
      const anonymous = await t.call('POST', `/api/v1/${call}`, { body: '{"arch":' });
      expect([call, anonymous.status]).toEqual([call, 401]);
    }
  });
});
