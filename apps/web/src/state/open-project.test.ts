import { describe, expect, it } from 'vitest';
import { UNSYNCED, WORKING_VERSION, emptyModel } from '@edrf/model';
import { localCopyKey, memoryStorage, type LocalCopy } from './local-copy';
import { UNABLE_TO_FIND_PROJECT, UNABLE_TO_FIND_VERSION, UNABLE_TO_VALIDATE_MODEL, openProject, type OpenTransport } from './open-project';

const EMAIL = 'ann@example.com';
const KEY = localCopyKey(EMAIL, 'p1');

const failure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

const latestModel = () => ({ ...emptyModel(), config: { ...emptyModel().config, name: 'From the server' } });

function transport(over: Partial<OpenTransport> = {}): OpenTransport & { latestCalls: number } {
  const t = {
    latestCalls: 0,
    meta: () => Promise.resolve({ working_revision: 'rev-2', parent_version_id: null }),
    latest: () => {
      t.latestCalls++;
      return Promise.resolve({ project_version_id: WORKING_VERSION, working_revision: 'rev-2', model: latestModel() });
    },
    ...over,
  };
  return t;
}

const localCopy = (over: Partial<LocalCopy> = {}): LocalCopy => ({
  format: 2,
  project_id: 'p1',
  model: { ...emptyModel(), config: { ...emptyModel().config, name: 'Local' } },
  identity: UNSYNCED,
  parent: WORKING_VERSION,
  working_revision: 'rev-1',
  version_comment: null,
  changed_parts: ['config'],
  baseline: [{ path: ['config', 'name'], value: '' }],
  history: {
    undo: [{ changes: [{ path: ['config', 'name'], before: '', after: 'Local' }], page: '/project/p1/settings', at: 1 }],
    redo: [],
  },
  saved_at: '',
  ...over,
});

const open = (t: OpenTransport, storage = memoryStorage()) => openProject({ projectId: 'p1', email: EMAIL, transport: t, storage });

describe('openProject', () => {
  it('uses the latest version when there is no local copy', async () => {
    const result = await open(transport());
    expect(result).toMatchObject({
      ok: true,
      source: 'server',
      init: { identity: WORKING_VERSION, parent: null, workingRevision: 'rev-2', versionComment: null },
    });
    expect(result.ok && result.init.model.config.name).toBe('From the server');
  });

  it('uses the local copy when there is one, unsynced edits and all', async () => {
    const t = transport();
    const storage = memoryStorage(new Map([[KEY, localCopy({ working_revision: 'rev-2' })]]));
    const result = await open(t, storage);
    expect(result).toMatchObject({
      ok: true,
      source: 'local',
      init: { identity: UNSYNCED, parent: WORKING_VERSION, workingRevision: 'rev-2', changedParts: ['config'] },
    });
    expect(result.ok && result.init.model.config.name).toBe('Local');
    expect(t.latestCalls).toBe(0);
  });

  it('keeps a saved version that was loaded', async () => {
    const storage = memoryStorage(
      new Map([[KEY, localCopy({ identity: 'v-3', parent: null, version_comment: 'Issue A', changed_parts: [] })]]),
    );
    expect(await open(transport(), storage)).toMatchObject({
      ok: true,
      source: 'local',
      init: { identity: 'v-3', versionComment: 'Issue A' },
    });
  });

  it('drops a synced copy that the server has moved on from, and loads the latest', async () => {
    const storage = memoryStorage(new Map([[KEY, localCopy({ identity: WORKING_VERSION, parent: null, changed_parts: [] })]]));
    const result = await open(transport(), storage);
    expect(result).toMatchObject({ ok: true, source: 'server', init: { workingRevision: 'rev-2' } });
  });

  it('an invalid local copy is deleted: Unable to validate model', async () => {
    const storage = memoryStorage(new Map<string, unknown>([[KEY, { ...localCopy(), model: { arch: 'walls' } }]]));
    expect(await open(transport(), storage)).toEqual({ ok: false, message: UNABLE_TO_VALIDATE_MODEL });
    expect(storage.entries.has(KEY)).toBe(false);
  });

  it('an invalid model from the server: Unable to validate model', async () => {
    const t = transport({ latest: () => Promise.resolve({ working_revision: 'rev-2', model: { arch: { rooms: 3 } } }) });
    expect(await open(t)).toEqual({ ok: false, message: UNABLE_TO_VALIDATE_MODEL });
  });

  it('a project the server does not have for the user: Unable to find project, copy deleted', async () => {
    const storage = memoryStorage(new Map([[KEY, localCopy()]]));
    expect(await open(transport({ meta: () => Promise.reject(failure(404)) }), storage)).toEqual({
      ok: false,
      message: UNABLE_TO_FIND_PROJECT,
    });
    expect(storage.entries.has(KEY)).toBe(false);
  });

  it('no working version: Unable to find version', async () => {
    expect(await open(transport({ latest: () => Promise.reject(failure(404)) }))).toEqual({ ok: false, message: UNABLE_TO_FIND_VERSION });
  });

  it('a server that cannot be reached keeps the copy (unsynced work survives)', async () => {
    const storage = memoryStorage(new Map([[KEY, localCopy()]]));
    expect(await open(transport({ meta: () => Promise.reject(failure(0)) }), storage)).toEqual({
      ok: false,
      message: UNABLE_TO_FIND_PROJECT,
    });
    expect(storage.entries.has(KEY)).toBe(true);
  });

  it('a lost session is left to the API helper (it goes to /)', async () => {
    expect(await open(transport({ meta: () => Promise.reject(failure(401)) }))).toEqual({ ok: false, message: null });
  });

  it('a storage that cannot be read opens from the server', async () => {
    const storage = { ...memoryStorage(), read: () => Promise.reject(new Error('no IndexedDB')) };
    const logged = console.error;
    console.error = () => undefined;
    try {
      expect(await open(transport(), storage)).toMatchObject({ ok: true, source: 'server' });
    } finally {
      console.error = logged;
    }
  });
});

describe('openProject after a sync whose answer was never stored', () => {
  it('an unsynced copy equal to what the server holds opens synced', async () => {
    const copy = localCopy({ model: latestModel() });
    const t = transport();
    const result = await open(t, memoryStorage(new Map([[KEY, copy]])));
    expect(result).toMatchObject({ ok: true, source: 'server', init: { identity: WORKING_VERSION, workingRevision: 'rev-2' } });
    expect(t.latestCalls).toBe(1);
  });

  it('an unsynced copy that differs stays unsynced on its old revision, with its history, marked behind', async () => {
    const result = await open(transport(), memoryStorage(new Map([[KEY, localCopy()]])));
    expect(result).toMatchObject({ ok: true, source: 'local', init: { identity: UNSYNCED, workingRevision: 'rev-1', behind: true } });
    expect(result.ok && result.init.history?.undo).toHaveLength(1);
    expect(result.ok && result.init.baseline).toEqual([{ path: ['config', 'name'], value: '' }]);
  });

  it('an unsynced copy on the current revision is used without asking for the latest', async () => {
    const t = transport();
    const result = await open(t, memoryStorage(new Map([[KEY, localCopy({ working_revision: 'rev-2' })]])));
    expect(t.latestCalls).toBe(0);
    expect(result).toMatchObject({ ok: true, init: { behind: false } });
  });
});
