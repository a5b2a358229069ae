import { afterAll, beforeAll } from 'vitest';
import type { FireConfig } from '@edrf/model';
import type { DatabaseKind } from './databases.js';
import { startTestApp, type TestApp } from './harness.js';

/** The app for the fire calls' API tests: a signed-in designer and an SBF 110:8 configuration made through the API. */
export async function startFireApp(kind: DatabaseKind): Promise<{ t: TestApp; cookie: string; config: FireConfig }> {
  const t = await startTestApp(kind);
  const cookie = await t.cookieFor('designer@example.com');
  const config = (await t.call('POST', '/api/v1/create_fire_config', { cookie, body: { regulation: 'Sbf1108' } })).body as FireConfig;
  return { t, cookie, config };
}

/**
 * Inside a describe: the fire app started before its tests and closed after them (`app`, filled then), and a POST
 * to `path` as the designer or, `anonymous`, signed out.
 */
export function fireCall(kind: DatabaseKind, path: string) {
  const app = {} as Awaited<ReturnType<typeof startFireApp>>;
  beforeAll(async () => {
    Object.assign(app, await startFireApp(kind));
  });
  afterAll(() => app.t?.close());
  const post = (body: unknown, opts: { anonymous?: true } = {}) =>
    app.t.call('POST', path, { cookie: opts.anonymous ? undefined : app.cookie, body });
  return { app, post };
}
