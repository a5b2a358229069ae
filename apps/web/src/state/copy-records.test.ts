import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSYNCED, WORKING_VERSION, emptyFire, emptyModel, newRoom, type Detector, type Model } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { indexedDbStorage, recordKey, resetIndexedDbConnection } from './indexed-db';
import { localCopyKey, parseLocalCopy, type LocalCopy, type LocalCopyStorage } from './local-copy';
import { initFromCopy } from './open-project';
import { ProjectStore, type ProjectInit } from './project-store';

const KEY = localCopyKey('ann@example.com', 'p1');
const UNITS_PAGE = '/project/p1/fire/units';
const transport = { sync: () => Promise.reject(new Error('unused')), save: () => Promise.reject(new Error('unused')) };

const detector = (i: number): Detector => ({ id: `det-${i}`, storey_id: 's1', coord: [i, i % 7, 2.95], product_id: '', hidden: false });

/** A storey of 300 rooms with 400 detectors: groups large enough to be spread over several records. */
function building(): Model {
  const model = emptyModel();
  const rooms = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [
      `r${i}`,
      {
        ...newRoom(`r${i}`, [
          [i, 0],
          [i + 1, 0],
          [i + 1, 1],
        ]),
        name: `Room ${i}`,
      },
    ]),
  );
  const fire = emptyFire(createFireConfig('Sbf1108'));
  const detectors = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`det-${i}`, detector(i)]));
  return { ...model, arch: { ...model.arch, rooms }, fire: { ...fire, units: { ...fire.units, detectors } } };
}

const init = (model: Model): ProjectInit => ({
  projectId: 'p1',
  model,
  identity: WORKING_VERSION,
  parent: null,
  workingRevision: 'rev-1',
  versionComment: null,
});

/** The keys put into IndexedDB from now on, and the size of what was put (its JSON). */
function recordPuts() {
  const puts: { key: string; size: number }[] = [];
  const original = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')!.value as IDBObjectStore['put'];
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    puts.push({ key: typeof key === 'string' ? key : JSON.stringify(key), size: JSON.stringify(value ?? null).length });
    return original.call(this, value, key);
  });
  return puts;
}

/** Works on the app's IndexedDB store directly (as another version of the app would find it). */
const raw = (work: (store: IDBObjectStore) => IDBRequest) =>
  new Promise<unknown>((resolve, reject) => {
    const request = indexedDB.open('edrf', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('local');
    request.onsuccess = () => {
      const transaction = request.result.transaction('local', 'readwrite');
      const done = work(transaction.objectStore('local'));
      transaction.oncomplete = () => {
        request.result.close();
        resolve(done.result);
      };
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
    };
  });

const openStore = (storage: LocalCopyStorage, from: ProjectInit) =>
  new ProjectStore(from, { transport, persist: (copy) => storage.write(KEY, copy), persistDelayMs: 0 });

/** What a reload opens: the copy read back and checked, as open-project.ts does. */
async function reload(storage: LocalCopyStorage): Promise<LocalCopy> {
  const parsed = parseLocalCopy(await storage.read(KEY), 'p1');
  if (!parsed.ok) throw new Error('the stored copy does not parse');
  return parsed.copy;
}

const fromCopy = (copy: LocalCopy): ProjectInit => initFromCopy('p1', copy);

const move = (store: ProjectStore, id: string, coord: [number, number, number]) =>
  store.edit([{ path: ['fire', 'units', 'detectors', id, 'coord'], value: coord }], UNITS_PAGE);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetIndexedDbConnection();
});
afterEach(() => vi.restoreAllMocks());

describe('the working copy is written as records: an edit writes what it changed', () => {
  it('after one detector moved, only its slice of the detectors, the step, the server values of the units and the head are written', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    store.edit([{ path: ['config', 'name'], value: 'Harbour' }], '/project/p1/settings');
    move(store, 'det-3', [3.4, 3, 2.95]);
    await store.flush();
    const whole = (await reload(storage)).model;
    expect(whole).toEqual(store.getState().model);

    const puts = recordPuts();
    move(store, 'det-17', [17.4, 3, 2.95]);
    await store.flush();
    const keys = puts.map((put) => put.key);
    expect(keys).toContain(KEY);
    // The detectors' records: the one slice holding det-17, nothing of the rooms, the config or the other detectors.
    const models = keys.filter((key) => key.startsWith(`${KEY}|m:`));
    expect(models).toHaveLength(1);
    expect(models[0]).toMatch(/^.*\|m:\["fire","units","detectors"\]#\d+$/);
    expect(keys.filter((key) => key.startsWith(`${KEY}|b:`))).toEqual([recordKey(KEY, 'b:["fire","units"]')]);
    expect(keys.filter((key) => key.startsWith(`${KEY}|s:`))).toHaveLength(1);
    expect(keys).toHaveLength(4);
    const written = puts.reduce((sum, put) => sum + put.size, 0);
    expect(written).toBeLessThan(JSON.stringify(store.getState().model).length / 20);

    // The same move again (the open step grows): the slice, the step, the head; the server values are as written.
    puts.length = 0;
    move(store, 'det-17', [17.8, 3, 2.95]);
    await store.flush();
    expect(puts.map((put) => put.key).filter((key) => !key.includes('|b:'))).toHaveLength(3);
    expect((await reload(storage)).model.fire!.units.detectors['det-17']!.coord).toEqual([17.8, 3, 2.95]);
  });

  it('a project opened from the server is written whole when the page is idle; its first edit then writes what it changed', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    await store.persistNow();
    expect((await reload(storage)).model).toEqual(building());
    const puts = recordPuts();
    move(store, 'det-30', [30.5, 2, 2.95]);
    await store.flush();
    expect(puts.filter((put) => put.key.startsWith(`${KEY}|m:`))).toHaveLength(1);
  });

  it('nothing changed: only the head is written', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    move(store, 'det-1', [1, 2, 2.95]);
    await store.flush();
    const puts = recordPuts();
    store.edit([{ path: ['config', 'name'], value: 'Harbour' }], '/project/p1/settings', { record: false });
    store.edit([{ path: ['config', 'name'], value: '' }], '/project/p1/settings', { record: false });
    await store.flush();
    expect(puts.map((put) => put.key).filter((key) => !key.includes('|b:') && !key.includes('|n:["config"]'))).toEqual([KEY]);
  });
});

describe('a reload after many edits restores the same working copy', () => {
  it('model, identity, changed parts, undo and redo, and what is unsynced', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    const now = vi.spyOn(Date, 'now');
    let t = 1_000_000;
    const later = () => now.mockReturnValue((t += 2000));
    for (let i = 0; i < 30; i++) {
      later();
      move(store, `det-${i * 7}`, [i, 40, 2.95]);
    }
    later();
    store.edit([{ path: ['fire', 'units', 'detectors', 'det-401'], value: detector(401) }], UNITS_PAGE);
    later();
    store.edit([{ path: ['fire', 'units', 'detectors', 'det-3'], value: undefined }], UNITS_PAGE);
    later();
    store.edit([{ path: ['arch', 'rooms', 'r5', 'name'], value: 'Kitchen' }], '/project/p1/model');
    later();
    store.edit([{ path: ['arch', 'rooms', 'r299'], value: undefined }], '/project/p1/model');
    store.undo();
    store.undo();
    store.redo();
    await store.flush();

    const copy = await reload(storage);
    expect(copy.model).toEqual(store.getState().model);
    expect(copy).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, working_revision: 'rev-1' });
    expect(copy.changed_parts).toEqual(store.changedParts());
    expect(copy.history.undo).toHaveLength(33);
    expect(copy.history.redo).toHaveLength(1);

    // The restored store redoes the room's removal and undoes its way back to the server's model: nothing unsynced.
    const restored = openStore(storage, fromCopy(copy));
    restored.redo();
    expect('r299' in restored.getState().model.arch.rooms).toBe(false);
    while (restored.getState().canUndo) restored.undo();
    expect(restored.getState().model).toEqual(building());
    expect(restored.changedParts()).toEqual([]);
    await restored.dispose();
  });

  it('after a reload, the first edit writes what it changed, not the whole copy again', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    move(store, 'det-1', [1, 2, 2.95]);
    await store.dispose();

    const reopened = indexedDbStorage();
    resetIndexedDbConnection();
    const restored = openStore(reopened, fromCopy(await reload(reopened)));
    const puts = recordPuts();
    move(restored, 'det-9', [9.5, 2, 2.95]);
    await restored.flush();
    expect(puts.filter((put) => put.key.startsWith(`${KEY}|m:`))).toHaveLength(1);
    expect(puts.filter((put) => put.key.startsWith(`${KEY}|s:`))).toHaveLength(1);
    const copy = await reload(indexedDbStorage());
    expect(copy.model).toEqual(restored.getState().model);
    expect(copy.history.undo).toHaveLength(2);
  });

  it('the fire module added to a project without one, and groups grown past one record: a reload restores them', async () => {
    const storage = indexedDbStorage();
    const model = building();
    const store = openStore(storage, init({ ...model, fire: null, arch: { ...model.arch, rooms: {} } }));
    await store.persistNow();
    store.edit([{ path: ['fire'], value: model.fire }], '/project/p1/fire/settings');
    await store.flush();
    expect((await reload(storage)).model.fire).toEqual(model.fire);
    // Rooms added one by one: from a few (one record each) to more than one record holds (spread over several).
    for (const id of Object.keys(model.arch.rooms).slice(0, 70)) {
      store.edit([{ path: ['arch', 'rooms', id], value: model.arch.rooms[id] }], '/project/p1/model', { record: false });
      await store.flush();
    }
    expect((await reload(storage)).model).toEqual(store.getState().model);
    store.undo();
    await store.flush();
    expect((await reload(storage)).model.fire).toBeNull();
  });

  it('two tabs on the project write in turn: each write after the other tab’s stores the whole copy, a reload finds the last', async () => {
    const first = indexedDbStorage();
    const second = indexedDbStorage();
    const a = openStore(first, init(building()));
    const b = openStore(second, init(building()));
    move(a, 'det-1', [1.5, 1, 2.95]);
    await a.flush();
    move(b, 'det-2', [2.5, 2, 2.95]);
    await b.flush();
    expect((await reload(indexedDbStorage())).model).toEqual(b.getState().model);
    const puts = recordPuts();
    move(a, 'det-3', [3.5, 3, 2.95]);
    await a.flush();
    expect(puts.filter((put) => put.key.includes('|m:["arch","rooms"]#')).length).toBeGreaterThan(1);
    const copy = await reload(indexedDbStorage());
    expect(copy.model).toEqual(a.getState().model);
    expect(copy.model.fire!.units.detectors['det-2']!.coord).toEqual([2, 2, 2.95]);
    // Its own next write is again only what changed.
    puts.length = 0;
    move(a, 'det-4', [4.5, 4, 2.95]);
    await a.flush();
    expect(puts.filter((put) => put.key.includes('|m:'))).toHaveLength(1);
  });

  it('a copy stored as one value (format 2) opens, and the next write replaces it by records', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    move(store, 'det-1', [1, 2, 2.95]);
    const old = store.localCopy();
    await raw((objects) => objects.put(old, KEY));
    const reopened = indexedDbStorage();
    const restored = openStore(reopened, fromCopy(await reload(reopened)));
    expect(restored.getState().model).toEqual(store.getState().model);
    move(restored, 'det-2', [2, 2, 2.95]);
    await restored.flush();
    expect((await reload(indexedDbStorage())).model).toEqual(restored.getState().model);
  });

  it('a copy missing one of its records does not open; remove deletes every record', async () => {
    const storage = indexedDbStorage();
    const store = openStore(storage, init(building()));
    move(store, 'det-1', [1, 2, 2.95]);
    await store.flush();
    const all = async () => ((await raw((objects) => objects.getAllKeys())) as IDBValidKey[]).map(String);
    const keys = await all();
    expect(keys.length).toBeGreaterThan(60);
    const bucket = keys.find((key) => key.includes('|m:["arch","rooms"]#'))!;
    await raw((objects) => objects.delete(bucket));
    expect(parseLocalCopy(await indexedDbStorage().read(KEY), 'p1')).toEqual({ ok: false });
    await storage.remove(KEY);
    expect(await all()).toEqual([]);
  });
});
