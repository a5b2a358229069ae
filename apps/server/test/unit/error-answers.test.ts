// How the error handler answers what a route throws: the compute pool's refusals are the client's 400 with the
// task's reason; its failures are the server's 500 with nothing of the fault shown.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler, HttpError } from '../../src/http/errors.js';
import { TaskFailed, TaskRefused } from '../../src/compute/protocol.js';

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/throw', () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/throw' });
  await app.close();
  return { status: res.statusCode, body: res.json<{ detail: string }>() };
}

describe('error answers', () => {
  it.each([
    [new TaskRefused('The room r1 crosses itself'), 400, 'The room r1 crosses itself'],
    [new TaskFailed('the worker stopped (exit code 3)'), 500, 'Internal server error'],
    [new HttpError(409, 'Stale'), 409, 'Stale'],
    [new Error('boom'), 500, 'Internal server error'],
  ])('%s answers %i', async (error, status, detail) => {
    expect(await answerTo(error)).toEqual({ status, body: { detail } });
  });
});
