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
  format: 1,
  project_id: 'p1',
  model: emptyModel(),
  identity: UNSYNCED,
  parent: WORKING_VERSION,
  working_revision: 'rev-1',
  version_comment: null,
  changed_parts: ['config'],
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
    ['another format', { ...copy(), format: 2 }],
    ['unsynced without parent', copy({ parent: null })],
    ['a parent while synced', copy({ identity: WORKING_VERSION })],
    ['an unknown part', { ...copy(), changed_parts: ['roof'] }],
    ['no revision', { ...copy(), working_revision: 3 }],
    ['an invalid model', { ...copy(), model: { arch: { rooms: { r1: { id: 'r2' } } }, edrf_schema: 2 } }],
  ])('refuses %s', (_label, raw) => {
    expect(parseLocalCopy(raw, 'p1')).toEqual({ ok: false });
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

  it('remove and prefix deletion on an empty database are fine', async () => {
    await indexedDbStorage().remove('x');
    await deleteIndexedDbPrefix('nobody@example.com/');
  });
});
