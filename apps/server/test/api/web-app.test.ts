import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

// The server serves the built web app; every browser path that is not a file gets index.html.
describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>edrf</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("edrf")');
    t = await startTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each(['/', '/?url=%2Fprojects', '/?aeid=00000000-0000-4000-8000-000000000000', '/projects', '/edradm/users', '/no/such/page'])(
    'GET %s answers the app',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves the mesh catalogue at the site root to anyone, as JSON shapes with vertices and faces', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/generic_meshes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const { shapes } = res.json<{ shapes: Record<string, { vertices: number[][]; faces: number[][] }> }>();
    expect(Object.keys(shapes)).toEqual(expect.arrayContaining(['Box', 'SmokeDetector', 'Sounder', 'ManualCallPoint']));
    for (const shape of Object.values(shapes)) {
      expect(shape.vertices.every((v) => v.length === 3)).toBe(true);
      expect(shape.faces.flat().every((i) => Number.isInteger(i) && i >= 0 && i < shape.vertices.length && i <= 0xffff)).toBe(true);
    }
  });

  it('serves built files, and a file built after the start too', async () => {
    expect((await get('/assets/app.js')).body).toBe('console.log("edrf")');
    fs.writeFileSync(path.join(dist, 'assets', 'later.js'), 'later()');
    const later = await get('/assets/later.js');
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('later()');
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    for (const url of ['/api/v1/no_such_call', '/front/no_such_call']) {
      const res = await t.call('GET', url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found' });
    }
  });

  it('says plainly when the web app is not built', async () => {
    const unbuilt = await startTestApp('pglite', { env: { WEB_DIST: path.join(dist, 'missing') } });
    try {
      const res = await unbuilt.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
