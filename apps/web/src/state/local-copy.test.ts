import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNSYNCED, WORKING_VERSION, emptyModel } from '@edrf/model';
import { deleteIndexedDbPrefix, indexedDbStorage, resetIndexedDbConnection } from './indexed-db';
import { clearLocalCache } from './local-cache';
import { localCopyKey, parseLocalCopy, type LocalCopy } from './local-copy';
import { ProjectStore } from './project-store';

const EMAIL = 'ann@example.com';

const copy = (over: Partial<LocalCopy> = {}): LocalCopy => ({
  format: 2,
  project_id: 'p1',
  model: emptyModel(),
  identity: UNSYNCED,
  parent: WORKING_VERSION,
  working_revision: 'rev-1',
  version_comment: null,
  changed_parts: ['config'],
  baseline: [{ path: ['config', 'name'], value: '' }],
  history: {
    undo: [{ changes: [{ path: ['config', 'name'], before: '', after: 'Tower' }], page: '/project/p1/settings', at: 1 }],
    redo: [],
  },
  saved_at: '2026-05-01T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  // A fresh, empty IndexedDB for each test.
  globalThis.indexedDB = new IDBFactory();
  resetIndexedDbConnection();
});
afterEach(() => localStorage.clear());

describe('parseLocalCopy', () => {
  it('accepts a copy and fills in the model defaults', () => {
    const raw = { ...copy(), model: { arch: {}, edrf_schema: 2 } };
    const parsed = parseLocalCopy(raw, 'p1');
    expect(parsed.ok && parsed.copy.model.config.name).toBe('');
    expect(parsed.ok && parsed.copy.changed_parts).toEqual(['config']);
  });

  it.each([
    ['not an object', 'nonsense'],
    ['another project', copy({ project_id: 'p2' })],
    ['another format', { ...copy(), format: 3 }],
    ['unsynced without parent', copy({ parent: null })],
    ['a parent while synced', copy({ identity: WORKING_VERSION })],
    ['an unknown part', { ...copy(), changed_parts: ['roof'] }],
    ['no revision', { ...copy(), working_revision: 3 }],
    ['an invalid model', { ...copy(), model: { arch: { rooms: { r1: { id: 'r2' } } }, edrf_schema: 2 } }],
  ])('refuses %s', (_label, raw) => {
    expect(parseLocalCopy(raw, 'p1')).toEqual({ ok: false });
  });
});

describe('parseLocalCopy: the baseline and the undo history (format 2)', () => {
  it('reads them back', () => {
    const parsed = parseLocalCopy(copy(), 'p1');
    expect(parsed.ok && parsed.copy.history.undo[0]!.changes).toEqual([{ path: ['config', 'name'], before: '', after: 'Tower' }]);
    expect(parsed.ok && parsed.copy.baseline).toEqual([{ path: ['config', 'name'], value: '' }]);
  });

  it('a copy of format 1 (before they were stored) still opens, with no history and no baseline', () => {
    const old: Record<string, unknown> = { ...copy(), format: 1 };
    delete old.baseline;
    delete old.history;
    const parsed = parseLocalCopy(old, 'p1');
    expect(parsed).toMatchObject({
      ok: true,
      copy: { format: 2, baseline: [], history: { undo: [], redo: [] }, changed_parts: ['config'] },
    });
  });

  it('a history or baseline that is not one is dropped; the model still opens', () => {
    const parsed = parseLocalCopy({ ...copy(), history: { undo: [{ changes: 'x' }], redo: [] }, baseline: [{ path: [] }] }, 'p1');
    expect(parsed).toMatchObject({ ok: true, copy: { baseline: [], history: { undo: [], redo: [] } } });
  });
});

describe('IndexedDB', () => {
  it('round trip: a store writes its copy, a new store from the read copy sends the same parts', async () => {
    const storage = indexedDbStorage();
    const key = localCopyKey(EMAIL, 'p1');
    const sent: unknown[] = [];
    const transport = {
      sync: (_projectId: string, body: unknown) => {
        sent.push(body);
        return Promise.resolve({ working_revision: 'rev-2', parent_version_id: null });
      },
      save: () => Promise.reject(new Error('unused')),
    };
    const first = new ProjectStore(
      { projectId: 'p1', model: emptyModel(), identity: 'v-1', parent: null, workingRevision: 'rev-1', versionComment: 'First issue' },
      { transport, persist: (value) => storage.write(key, value), persistDelayMs: 0 },
    );
    first.edit([{ path: ['config', 'name'], value: 'Tower' }], '/project/p1/settings');
    await first.dispose();

    const parsed = parseLocalCopy(await storage.read(key), 'p1');
    if (!parsed.ok) throw new Error('the stored copy does not parse');
    expect(parsed.copy).toMatchObject({ identity: UNSYNCED, parent: 'v-1', working_revision: 'rev-1', changed_parts: ['config'] });
    expect(parsed.copy.model.config.name).toBe('Tower');
    expect(parsed.copy.history.undo).toHaveLength(1);

    const second = new ProjectStore(
      {
        projectId: 'p1',
        model: parsed.copy.model,
        identity: parsed.copy.identity,
        parent: parsed.copy.parent,
        workingRevision: parsed.copy.working_revision,
        versionComment: parsed.copy.version_comment,
        changedParts: parsed.copy.changed_parts,
      },
      { transport },
    );
    await second.sync();
    expect(sent).toEqual([
      { parent: 'v-1', working_revision: 'rev-1', config: parsed.copy.model.config, arch: null, elec: null, fire: null },
    ]);
  });

  it("log-out deletes the user's entries in IndexedDB and localStorage, and only theirs", async () => {
    const storage = indexedDbStorage();
    await storage.write(localCopyKey(EMAIL, 'p1'), copy());
    await storage.write(localCopyKey(EMAIL, 'p2'), copy({ project_id: 'p2' }));
    await storage.write(localCopyKey('bo@example.com', 'p1'), copy());
    // A longer address that starts with the same letters is another user.
    await storage.write(localCopyKey(`${EMAIL}.se`, 'p1'), copy());
    localStorage.setItem(`${EMAIL}/recent`, '1');
    localStorage.setItem('bo@example.com/recent', '1');

    await clearLocalCache(EMAIL);
    expect(await storage.read(localCopyKey(EMAIL, 'p1'))).toBeUndefined();
    expect(await storage.read(localCopyKey(EMAIL, 'p2'))).toBeUndefined();
    expect(await storage.read(localCopyKey('bo@example.com', 'p1'))).toBeDefined();
    expect(await storage.read(localCopyKey(`${EMAIL}.se`, 'p1'))).toBeDefined();
    expect(localStorage.getItem(`${EMAIL}/recent`)).toBeNull();
    expect(localStorage.getItem('bo@example.com/recent')).toBe('1');
  });

  it('remove and prefix deletion of keys that are not there leave the other keys as they were', async () => {
    const storage = indexedDbStorage();
    const kept = localCopyKey('bo@example.com', 'p9');
    await storage.write(kept, copy());
    await expect(storage.remove('x')).resolves.toBeUndefined();
    await expect(deleteIndexedDbPrefix('nobody@example.com/')).resolves.toBeUndefined();
    expect(await storage.read(kept)).toBeDefined();
    await storage.remove(kept);
    expect(await storage.read(kept)).toBeUndefined();
  });
});

describe('IndexedDB keeps the undo history', () => {
  it('an added room undone after the copy went through IndexedDB: the room is gone again (an absent value survives storage)', async () => {
    const storage = indexedDbStorage();
    const key = localCopyKey(EMAIL, 'p1');
    const transport = { sync: () => Promise.reject(new Error('unused')), save: () => Promise.reject(new Error('unused')) };
    const init = {
      projectId: 'p1',
      model: emptyModel(),
      identity: WORKING_VERSION,
      parent: null,
      workingRevision: 'rev-1',
      versionComment: null,
    };
    const first = new ProjectStore(init, { transport, persist: (value) => storage.write(key, value), persistDelayMs: 0 });
    const room = {
      id: 'r1',
      name: 'Kitchen',
      type: 'Kitchen',
      shape: {
        exterior: [
          [0, 0],
          [4, 0],
          [4, 4],
        ],
      },
    };
    first.edit([{ path: ['arch', 'rooms', 'r1'], value: room }], '/project/p1/model');
    await first.dispose();

    const parsed = parseLocalCopy(await storage.read(key), 'p1');
    if (!parsed.ok) throw new Error('the stored copy does not parse');
    const { copy: stored } = parsed;
    const second = new ProjectStore(
      {
        ...init,
        model: stored.model,
        identity: stored.identity,
        parent: stored.parent,
        changedParts: stored.changed_parts,
        baseline: stored.baseline,
        history: stored.history,
      },
      { transport },
    );
    expect(second.getState().model.arch.rooms.r1).toMatchObject({ name: 'Kitchen' });
    expect(second.undo()).toBe('/project/p1/model');
    expect('r1' in second.getState().model.arch.rooms).toBe(false);
    expect(second.changedParts()).toEqual([]);
  });
});
