// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKING_VERSION, emptyModel } from '@edrf/model';
import { alertsStore } from '../ui/alerts';
import { ProjectStore } from '../state/project-store';
import { versionTransport } from './versions';

// A real HTTP peer answering sync_working_version as the edrf server does (docs/versions.md):
// the working revision must match, else 409.
const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';
let revision = 'rev-1';
const bodies: Record<string, unknown>[] = [];
let calls: string[] = [];
const server = http.createServer((req, res) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    calls.push(`${req.method} ${req.url} ${String(req.headers['edrf-schema'])}`);
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    bodies.push(body);
    const answer = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.url?.endsWith('/sync_working_version')) {
      if (body.working_revision !== revision) return answer(409, { detail: CONFLICT });
      revision = `rev-${Number(revision.slice(4)) + 1}`;
      return answer(200, { working_revision: revision, parent_version_id: null });
    }
    if (req.url?.endsWith('/save_working_version')) return answer(200, { project_version_id: 'v-1', parent_version_id: null });
    answer(404, { detail: 'Not found' });
  });
});

let base = '';
const realFetch = globalThis.fetch;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app calls relative paths; here they go to the peer.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${base}${input}`, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  calls = [];
  bodies.length = 0;
  revision = 'rev-1';
  alertsStore.set([]);
});

const toasts = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);

function openStore() {
  const reported: string[] = [];
  const store = new ProjectStore(
    { projectId: 'p 1', model: emptyModel(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    { transport: versionTransport, reportError: (message) => reported.push(message) },
  );
  return { store, reported };
}

describe('sync over HTTP', () => {
  it('posts the changed part, nulls for the others, the parent and the working revision', async () => {
    const { store } = openStore();
    store.edit([{ path: ['config', 'tenant'], value: 'Café Nord' }], '/project/p%201/settings');
    expect(await store.sync()).toEqual({ status: 'synced' });
    expect(calls).toEqual(['POST /api/v1/project/p%201/sync_working_version 5']);
    expect(bodies[0]).toEqual({
      parent: WORKING_VERSION,
      working_revision: 'rev-1',
      config: { ...emptyModel().config, tenant: 'Café Nord' },
      arch: null,
      elec: null,
      fire: null,
    });
    expect(store.getState().workingRevision).toBe('rev-2');
  });

  it('a 409 shows only the server message, and the unsynced edit stays', async () => {
    const { store, reported } = openStore();
    revision = 'rev-9'; // someone else synced
    store.edit([{ path: ['config', 'name'], value: 'Mine' }], '/project/p%201/settings');
    expect(await store.sync()).toEqual({ status: 'conflict', message: CONFLICT });
    expect(reported).toEqual([CONFLICT]);
    expect(toasts()).toEqual([]);
    expect(store.getState()).toMatchObject({ identity: 'unsynced', workingRevision: 'rev-1' });
  });

  it('a save after an edit syncs, then saves with the comment', async () => {
    const { store } = openStore();
    store.edit([{ path: ['config', 'owner'], value: 'Acme' }], '/project/p%201/settings');
    expect(await store.save('First issue')).toEqual({ status: 'saved', versionId: 'v-1' });
    expect(calls.map((call) => call.split(' ')[1])).toEqual([
      '/api/v1/project/p%201/sync_working_version',
      '/api/v1/project/p%201/save_working_version',
    ]);
    expect(bodies[1]).toEqual({ comment: 'First issue', working_revision: 'rev-2' });
  });
});
