// Long engine calls report their progress when asked (issue 23): Accept: application/x-ndjson streams
// {"progress"} lines, then {"result"} — the same answer as a plain call — or {"error"} when the run fails.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FireConfig } from '@edrf/model';
import { HttpError } from '../../src/http/errors.js';
import { PROGRESS_STREAM_TYPE, streamProgress } from '../../src/http/progress-stream.js';
import { testDatabases } from '../support/databases.js';
import type { TestApp } from '../support/harness.js';
import { startFireApp } from '../support/fire-app.js';
import { rect } from '../support/shapes.js';

const arch = () => ({
  storeys: { g: { id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['a', 'b'] } },
  rooms: {
    a: { id: 'a', name: 'A', shape: { exterior: rect(0, 0, 20, 10) } },
    b: { id: 'b', name: 'B', shape: { exterior: rect(20, 0, 20, 10) } },
  },
});
const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { progress?: number; result?: unknown; error?: { status: number; detail: string } });

describe.each(testDatabases())('progress streams (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let config: FireConfig;

  beforeAll(async () => {
    ({ t, cookie, config } = await startFireApp(kind));
  });
  afterAll(() => t?.close());

  const streamed = { accept: `${PROGRESS_STREAM_TYPE}, application/json` };

  it('calc_fire_units streams progress from 0, then the same answer as a plain call', async () => {
    const body = { arch: arch(), fire: { config } };
    const plain = await t.call('POST', '/api/v1/calc_fire_units', { cookie, body });
    const res = await t.call('POST', '/api/v1/calc_fire_units', { cookie, body, headers: streamed });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain(PROGRESS_STREAM_TYPE);
    const got = lines(res.body as string);
    expect(got[0]).toEqual({ progress: 0 });
    expect(got.slice(1, -1).every((line) => typeof line.progress === 'number' && line.progress >= 0 && line.progress <= 1)).toBe(true);
    expect(got.at(-1)).toEqual({ result: plain.body });
  });

  it('calc_fire_sections streams its result; a refusal before the run is still a plain 400', async () => {
    const units = calcUnits(await t.call('POST', '/api/v1/calc_fire_units', { cookie, body: { arch: arch(), fire: { config } } }));
    const body = { settings: { sections: true, labels: true, addresses: true }, model: { arch: arch(), fire: { config, units } } };
    const plain = await t.call('POST', '/api/v1/calc_fire_sections', { cookie, body });
    const res = await t.call('POST', '/api/v1/calc_fire_sections', { cookie, body, headers: streamed });
    expect(lines(res.body as string).at(-1)).toEqual({ result: plain.body });

    const none = await t.call('POST', '/api/v1/calc_fire_sections', {
      cookie,
      body: { ...body, model: { arch: arch(), fire: { config } } },
      headers: streamed,
    });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ detail: 'Fire detectors missing' });
  });
});

const calcUnits = (res: { body: { units: { detectors: object } } }) => ({ detectors: res.body.units.detectors });

describe('streamProgress', () => {
  it('tells a run that fails after the status line went in the stream, as the plain answer would', async () => {
    const app = Fastify();
    app.post('/refused', (request, reply) => streamProgress(request, reply, () => Promise.reject(new HttpError(400, 'Nothing to do'))));
    app.post('/broken', (request, reply) => streamProgress(request, reply, () => Promise.reject(new Error('secret detail'))));
    await app.ready();
    const refused = await app.inject({ method: 'POST', url: '/refused' });
    expect(refused.statusCode).toBe(200);
    expect(lines(refused.body)).toEqual([{ progress: 0 }, { error: { status: 400, detail: 'Nothing to do' } }]);
    const broken = await app.inject({ method: 'POST', url: '/broken' });
    expect(lines(broken.body)).toEqual([{ progress: 0 }, { error: { status: 500, detail: 'Internal server error' } }]);
    await app.close();
  });
});
