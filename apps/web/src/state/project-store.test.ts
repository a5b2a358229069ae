import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSYNCED, WORKING_VERSION, emptyModel, newRoom, storeySchema, type Model } from '@edrf/model';
import {
  ProjectStore,
  versionStateLabel,
  type LoadedVersion,
  type ProjectInit,
  type SaveAnswer,
  type SyncAnswer,
  type SyncBody,
} from './project-store';
import { parseLocalCopy, type LocalCopy } from './local-copy';
import { initFromCopy } from './open-project';
import { setIn } from './paths';

const SETTINGS = '/project/p1/settings';
const MODEL_PAGE = '/project/p1/model';
const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';

class ConflictError extends Error {
  status = 409;
  detail = CONFLICT;
}

/** Records every call; answers as the server would, or as the test says. */
function fakeTransport() {
  let revision = 1;
  const calls: { kind: 'sync' | 'save'; projectId: string; body?: SyncBody; comment?: string }[] = [];
  const transport = {
    calls,
    failNext: null as Error | null,
    gate: null as Promise<void> | null,
    async sync(projectId: string, body: SyncBody): Promise<SyncAnswer> {
      calls.push({ kind: 'sync', projectId, body: structuredClone(body) });
      if (transport.gate) await transport.gate;
      const failure = transport.failNext;
      transport.failNext = null;
      if (failure) throw failure;
      return { working_revision: `rev-${++revision}`, parent_version_id: null };
    },
    save(projectId: string, comment: string): Promise<SaveAnswer> {
      calls.push({ kind: 'save', projectId, comment });
      const failure = transport.failNext;
      transport.failNext = null;
      if (failure) return Promise.reject(failure);
      return Promise.resolve({ project_version_id: `v-${calls.length}`, parent_version_id: null });
    },
  };
  return transport;
}

const init = (over: Partial<ProjectInit> = {}): ProjectInit => ({
  projectId: 'p1',
  model: emptyModel(),
  identity: WORKING_VERSION,
  parent: null,
  workingRevision: 'rev-1',
  versionComment: null,
  ...over,
});

let transport: ReturnType<typeof fakeTransport>;
let errors: string[];
let store: ProjectStore;
const make = (over: Partial<ProjectInit> = {}, persist?: (copy: LocalCopy) => Promise<void>) =>
  new ProjectStore(init(over), { transport, reportError: (message) => errors.push(message), persist });

const name = (s: ProjectStore = store) => s.getState().model.config.name;
const setName = (value: string, page = SETTINGS) => store.edit([{ path: ['config', 'name'], value }], page);

beforeEach(() => {
  vi.useFakeTimers();
  transport = fakeTransport();
  errors = [];
  store = make();
});
afterEach(() => vi.useRealTimers());

describe('version identity', () => {
  it('an edit makes a working version unsynced, with the working version as parent', () => {
    expect(versionStateLabel(store.getState())).toBe('Synced');
    setName('Tower A');
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, canUndo: true });
    expect(versionStateLabel(store.getState())).toBe('Unsynced changes');
    // Further edits keep the first parent.
    setName('Tower B');
    expect(store.getState().parent).toBe(WORKING_VERSION);
  });

  it('an edit of a saved version records the saved version as parent', () => {
    store = make({ identity: 'v-7', versionComment: 'First issue' });
    expect(versionStateLabel(store.getState())).toBe('Saved version: First issue');
    setName('Tower A');
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: 'v-7', versionComment: null });
  });

  it('an edit that changes nothing is no edit', () => {
    expect(setName('')).toBe(false);
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, canUndo: false });
  });

  it('the model is updated immutably: untouched parts keep their reference', () => {
    const before = store.getState().model;
    setName('Tower A');
    const after = store.getState().model;
    expect(after).not.toBe(before);
    expect(after.config).not.toBe(before.config);
    expect(after.arch).toBe(before.arch);
    expect(before.config.name).toBe('');
  });
});

describe('undo and redo', () => {
  it('restore the values by path and answer the page of the edit', () => {
    setName('Tower A');
    vi.advanceTimersByTime(2000);
    store.edit([{ path: ['arch', 'rotation'], value: 90 }], MODEL_PAGE);
    expect(store.undo()).toBe(MODEL_PAGE);
    expect(store.getState().model.arch.rotation).toBe(0);
    expect(name()).toBe('Tower A');
    expect(store.undo()).toBe(SETTINGS);
    expect(name()).toBe('');
    expect(store.undo()).toBeNull();
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: true });
    expect(store.redo()).toBe(SETTINGS);
    expect(name()).toBe('Tower A');
    expect(store.redo()).toBe(MODEL_PAGE);
    expect(store.getState().model.arch.rotation).toBe(90);
    expect(store.redo()).toBeNull();
  });

  it('restores added and removed keys of collections', () => {
    const room = { id: 'r1', name: 'Kitchen', type: 'Kitchen' };
    store.edit([{ path: ['arch', 'rooms', 'r1'], value: room }], MODEL_PAGE);
    vi.advanceTimersByTime(2000);
    store.edit([{ path: ['arch', 'rooms', 'r1', 'name'], value: 'Office' }], MODEL_PAGE);
    vi.advanceTimersByTime(2000);
    store.edit([{ path: ['arch', 'rooms', 'r1'], value: undefined }], MODEL_PAGE);
    expect(store.getState().model.arch.rooms).toEqual({});
    store.undo();
    expect(store.getState().model.arch.rooms).toEqual({ r1: { ...room, name: 'Office' } });
    store.undo();
    expect(store.getState().model.arch.rooms).toEqual({ r1: room });
    store.undo();
    expect('r1' in store.getState().model.arch.rooms).toBe(false);
  });

  it('a new edit after undo drops the redo steps', () => {
    setName('A');
    store.undo();
    setName('B');
    expect(store.getState().canRedo).toBe(false);
    expect(store.redo()).toBeNull();
  });

  it('undo is an edit: a synced model becomes unsynced again', async () => {
    setName('A');
    await store.sync();
    expect(store.getState().identity).toBe(WORKING_VERSION);
    store.undo();
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION });
  });
});

describe('batching (P§9: 1500 ms)', () => {
  it('edits within 1500 ms of the previous one form one step', () => {
    for (const value of ['T', 'To', 'Tow', 'Towe', 'Tower']) {
      setName(value);
      vi.advanceTimersByTime(1000);
    }
    expect(store.undo()).toBe(SETTINGS);
    expect(name()).toBe('');
    expect(store.getState().canUndo).toBe(false);
    store.redo();
    expect(name()).toBe('Tower');
  });

  it('a pause of 1500 ms starts a new step', () => {
    setName('Tower');
    vi.advanceTimersByTime(1500);
    setName('Tower A');
    store.undo();
    expect(name()).toBe('Tower');
    store.undo();
    expect(name()).toBe('');
  });

  it('keeps several fields of one batch, undone together', () => {
    setName('Tower');
    vi.advanceTimersByTime(500);
    store.edit([{ path: ['config', 'owner'], value: 'Acme' }], SETTINGS);
    vi.advanceTimersByTime(500);
    setName('Tower A');
    store.undo();
    expect(store.getState().model.config).toMatchObject({ name: '', owner: '' });
  });

  it('an edit on another page starts a new step (each step has one page to go back to)', () => {
    setName('Tower');
    store.edit([{ path: ['arch', 'rotation'], value: 45 }], MODEL_PAGE);
    expect(store.undo()).toBe(MODEL_PAGE);
    expect(name()).toBe('Tower');
  });

  it('record: false changes the model without an undo step', () => {
    store.edit([{ path: ['arch', 'rotation'], value: 45 }], MODEL_PAGE, { record: false });
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, canUndo: false });
  });
});

describe('sync', () => {
  it('sends only the parts changed since the last sync, with the parent and the working revision', async () => {
    setName('Tower A');
    expect(await store.sync()).toEqual({ status: 'synced' });
    expect(transport.calls).toHaveLength(1);
    const body = transport.calls[0]!.body!;
    expect(body).toEqual({
      parent: WORKING_VERSION,
      working_revision: 'rev-1',
      config: store.getState().model.config,
      arch: null,
      elec: null,
      fire: null,
    });
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, parent: null, workingRevision: 'rev-2' });
    expect(versionStateLabel(store.getState())).toBe('Synced');

    store.edit([{ path: ['arch', 'rotation'], value: 30 }], MODEL_PAGE);
    await store.sync();
    expect(transport.calls[1]!.body).toMatchObject({ working_revision: 'rev-2', config: null, elec: null, fire: null });
    expect(transport.calls[1]!.body!.arch).toMatchObject({ rotation: 30 });
  });

  it('makes no call when nothing changed since the last sync and the parent is the working version', async () => {
    setName('A');
    await store.sync();
    setName('B');
    setName('A');
    expect(store.getState().identity).toBe(UNSYNCED);
    expect(await store.sync()).toEqual({ status: 'unchanged' });
    expect(transport.calls).toHaveLength(1);
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, parent: null });
  });

  it('an edit undone needs no call either', async () => {
    setName('A');
    store.undo();
    expect(await store.sync()).toEqual({ status: 'unchanged' });
    expect(transport.calls).toHaveLength(0);
  });

  it('does nothing when already synced', async () => {
    expect(await store.sync()).toEqual({ status: 'idle' });
    expect(transport.calls).toHaveLength(0);
  });

  it('syncs from a saved version even without a change, with the saved version as parent', async () => {
    store = make({ identity: 'v-7', versionComment: 'First issue' });
    setName('A');
    store.undo();
    await store.sync();
    expect(transport.calls[0]!.body).toEqual({
      parent: 'v-7',
      working_revision: 'rev-1',
      config: null,
      arch: null,
      elec: null,
      fire: null,
    });
  });

  it('a 409 keeps the local model and the unsynced state and reports the server message', async () => {
    setName('Mine');
    transport.failNext = new ConflictError(CONFLICT);
    expect(await store.sync()).toEqual({ status: 'conflict', message: CONFLICT });
    expect(errors).toEqual([CONFLICT]);
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, workingRevision: 'rev-1', syncing: false });
    expect(name()).toBe('Mine');
    // The next attempt sends the same change again.
    await store.sync();
    expect(transport.calls[1]!.body!.config).toMatchObject({ name: 'Mine' });
  });

  it('other failures keep the unsynced state too', async () => {
    setName('Mine');
    transport.failNext = Object.assign(new Error('Failed to sync'), { status: 500 });
    expect(await store.sync()).toEqual({ status: 'failed', message: 'Failed to sync' });
    expect(errors).toEqual([]);
    expect(store.getState().identity).toBe(UNSYNCED);
  });

  it('an edit made while the call is out stays unsynced, from the working version', async () => {
    let open!: () => void;
    transport.gate = new Promise((resolve) => (open = resolve));
    setName('First');
    const syncing = store.sync();
    expect(store.getState().syncing).toBe(true);
    setName('Second');
    open();
    await syncing;
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, syncing: false });
    transport.gate = null;
    await store.sync();
    expect(transport.calls[1]!.body!.config).toMatchObject({ name: 'Second' });
    expect(store.getState().identity).toBe(WORKING_VERSION);
  });

  it('two syncs at once run one after the other', async () => {
    setName('A');
    const [first, second] = await Promise.all([store.sync(), store.sync()]);
    expect(first).toEqual({ status: 'synced' });
    expect(second).toEqual({ status: 'idle' });
    expect(transport.calls).toHaveLength(1);
  });

  it('closes the open batch: an edit after a sync is a step of its own', async () => {
    setName('A');
    await store.sync();
    setName('AB');
    store.undo();
    expect(name()).toBe('A');
  });
});

describe('save and load', () => {
  it('save syncs first when unsynced and the new version becomes the identity', async () => {
    setName('Tower');
    expect(await store.save('  First issue ')).toEqual({ status: 'saved', versionId: 'v-2' });
    expect(transport.calls.map((call) => call.kind)).toEqual(['sync', 'save']);
    expect(transport.calls[1]!.comment).toBe('First issue');
    expect(store.getState()).toMatchObject({ identity: 'v-2', parent: null, versionComment: 'First issue', saving: false });
    expect(versionStateLabel(store.getState())).toBe('Saved version: First issue');
    // An edit of it: unsynced from the saved version, sending only the changed part.
    store.edit([{ path: ['elec', 'trays'], value: {} }], MODEL_PAGE);
    expect(store.getState().parent).toBe('v-2');
  });

  it('save of a synced working version calls save only; an empty comment is refused', async () => {
    expect(await store.save('   ')).toEqual({ status: 'failed', message: 'A comment is required' });
    await store.save('Baseline');
    expect(transport.calls.map((call) => call.kind)).toEqual(['save']);
  });

  it('a save whose sync meets a 409 saves nothing', async () => {
    setName('Mine');
    transport.failNext = new ConflictError(CONFLICT);
    expect(await store.save('First issue')).toEqual({ status: 'failed', message: CONFLICT });
    expect(transport.calls.map((call) => call.kind)).toEqual(['sync']);
    expect(store.getState().identity).toBe(UNSYNCED);
  });

  it('loading a version replaces the model and clears the history', async () => {
    setName('Mine');
    vi.advanceTimersByTime(2000);
    setName('Mine 2');
    store.undo();
    const loaded: Model = { ...emptyModel(), config: { ...emptyModel().config, name: 'Loaded' } };
    store.loadVersion({ project_version_id: 'v-9', comment: 'Issue B', working_revision: 'rev-5', model: loaded });
    expect(store.getState()).toMatchObject({
      identity: 'v-9',
      parent: null,
      versionComment: 'Issue B',
      workingRevision: 'rev-5',
      canUndo: false,
      canRedo: false,
    });
    expect(store.getState().model).toBe(loaded);
    expect(store.undo()).toBeNull();
    // Its parts are what the server holds for it: an edit sends only what changed, from it.
    setName('Edited');
    await store.sync();
    expect(transport.calls[0]!.body).toMatchObject({ parent: 'v-9', working_revision: 'rev-5', arch: null, elec: null, fire: null });
  });

  it('loading the working version makes the identity working-version', () => {
    setName('Mine');
    store.loadVersion({ project_version_id: WORKING_VERSION, comment: null, working_revision: 'rev-8', model: emptyModel() });
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, versionComment: null, workingRevision: 'rev-8' });
  });

  it('an imported model replaces the current one as one undoable edit', () => {
    setName('Before');
    vi.advanceTimersByTime(2000);
    const imported: Model = {
      ...emptyModel(),
      config: { ...emptyModel().config, name: 'Imported' },
      arch: { ...emptyModel().arch, rotation: 12 },
    };
    expect(store.replaceModel(imported, SETTINGS)).toBe(true);
    expect(name()).toBe('Imported');
    expect(store.getState().identity).toBe(UNSYNCED);
    expect(store.undo()).toBe(SETTINGS);
    expect(name()).toBe('Before');
    expect(store.getState().model.arch.rotation).toBe(0);
  });
});

describe('the local working copy', () => {
  it('is written after changes, at most once per burst, with the parts that are not synced', async () => {
    const written: LocalCopy[] = [];
    store = make({}, (copy) => {
      written.push(copy);
      return Promise.resolve();
    });
    setName('A');
    setName('AB');
    expect(written).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, working_revision: 'rev-1', changed_parts: ['config'] });
    expect(written[0]!.model.config.name).toBe('AB');
    // What the server now holds is written at once, not 300 ms later: a reload right after a sync
    // must not find the copy from before it.
    await store.sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(written[1]).toMatchObject({ identity: WORKING_VERSION, parent: null, working_revision: 'rev-2', changed_parts: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toHaveLength(2);
  });

  it('a restored copy sends the parts it lists as changed', async () => {
    store = make({ identity: UNSYNCED, parent: WORKING_VERSION, changedParts: ['arch'] });
    expect(store.changedParts()).toEqual(['arch']);
    await store.sync();
    expect(transport.calls[0]!.body).toMatchObject({ config: null, elec: null, fire: null });
    expect(transport.calls[0]!.body!.arch).not.toBeNull();
  });

  it('dispose writes what is pending; after stopPersisting nothing more is written', async () => {
    const written: LocalCopy[] = [];
    store = make({}, (copy) => {
      written.push(copy);
      return Promise.resolve();
    });
    setName('A');
    await store.dispose();
    expect(written).toHaveLength(1);

    const other = make({}, (copy) => {
      written.push(copy);
      return Promise.resolve();
    });
    other.edit([{ path: ['config', 'name'], value: 'B' }], SETTINGS);
    other.stopPersisting();
    await vi.advanceTimersByTimeAsync(1000);
    await other.dispose();
    expect(written).toHaveLength(1);
  });
});

// --- issue 20: a sync conflict gets their changes and keeps mine; the undo history survives a reload

const SQUARE: [number, number][] = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
];

/** A model with one storey holding two rooms. */
function building(): Model {
  const model = emptyModel();
  const storey = storeySchema.parse({ id: 's1', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['r1', 'r2'] });
  return {
    ...model,
    arch: {
      ...model.arch,
      storeys: { s1: storey },
      rooms: { r1: { ...newRoom('r1', SQUARE), name: 'Kitchen' }, r2: { ...newRoom('r2', SQUARE), name: 'Office' } },
    },
  };
}

/** The working version someone else synced: the model as the server sends it (no object shared with ours). */
const theirVersion = (model: Model, revision = 'rev-9'): LoadedVersion => ({
  project_version_id: WORKING_VERSION,
  comment: null,
  working_revision: revision,
  model: structuredClone(model),
});

/** Their model: `base` with edits at paths. */
const edited = (base: Model, edits: [path: (string | number)[], value: unknown][]) =>
  edits.reduce<Model>((model, [path, value]) => setIn(model, path, value), base);

/** A store on `base`, with a first sync behind it and then `mine` typed on top; its next sync meets the 409. */
async function conflicted(base: Model, mine: [path: (string | number)[], value: unknown][]) {
  store = make({ model: base });
  for (const [path, value] of mine) {
    store.edit([{ path, value }], SETTINGS);
    vi.advanceTimersByTime(2000);
  }
  transport.failNext = new ConflictError(CONFLICT);
  expect(await store.sync()).toEqual({ status: 'conflict', message: CONFLICT });
  expect(store.getState().behind).toBe(true);
  transport.calls.length = 0;
}

describe('get their changes and keep mine', () => {
  it('without a conflict: their changes and mine, unsynced on their revision; the sync sends the merge with it', async () => {
    const base = building();
    await conflicted(base, [
      [['config', 'owner'], 'Acme'],
      [['arch', 'rooms', 'r1', 'name'], 'Big kitchen'],
    ]);
    const theirs = edited(base, [
      [['config', 'tenant'], 'Café Nord'],
      [['arch', 'rooms', 'r1', 'type'], 'Kitchen'],
      [['arch', 'rooms', 'r2', 'name'], 'Office B'],
    ]);
    const prepared = store.prepareMerge(theirVersion(theirs));
    expect(prepared.conflicts).toEqual([]);
    // Nothing changes until it is applied.
    expect(store.getState().model.config.tenant).toBe('');
    expect(store.applyMerge(prepared, [])).toBe(true);

    const model = store.getState().model;
    expect(model.config).toMatchObject({ owner: 'Acme', tenant: 'Café Nord' });
    expect(model.arch.rooms.r1).toMatchObject({ name: 'Big kitchen', type: 'Kitchen' });
    expect(model.arch.rooms.r2!.name).toBe('Office B');
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, parent: WORKING_VERSION, workingRevision: 'rev-9', behind: false });

    expect(await store.sync()).toEqual({ status: 'synced' });
    expect(transport.calls).toHaveLength(1);
    const body = transport.calls[0]!.body!;
    expect(body).toMatchObject({ parent: WORKING_VERSION, working_revision: 'rev-9', elec: null, fire: null });
    expect(body.config).toMatchObject({ owner: 'Acme', tenant: 'Café Nord' });
    expect(body.arch!.rooms.r1).toMatchObject({ name: 'Big kitchen', type: 'Kitchen' });
    expect(body.arch!.rooms.r2!.name).toBe('Office B');
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, workingRevision: 'rev-2' });
  });

  it('a value both changed is a conflict showing both; kept as mine, the sync sends mine with their other changes', async () => {
    const base = building();
    await conflicted(base, [
      [['config', 'name'], 'Harbour House B'],
      [['config', 'owner'], 'Acme AB'],
    ]);
    const theirs = edited(base, [
      [['config', 'name'], 'Harbour Hall'],
      [['config', 'tenant'], 'Café Nord'],
    ]);
    const prepared = store.prepareMerge(theirVersion(theirs));
    expect(prepared.conflicts).toEqual([{ path: ['config', 'name'], base: '', mine: 'Harbour House B', theirs: 'Harbour Hall' }]);
    expect(store.applyMerge(prepared, ['mine'])).toBe(true);
    expect(store.getState().model.config).toMatchObject({ name: 'Harbour House B', owner: 'Acme AB', tenant: 'Café Nord' });

    await store.sync();
    expect(transport.calls[0]!.body).toMatchObject({
      working_revision: 'rev-9',
      config: { name: 'Harbour House B', owner: 'Acme AB', tenant: 'Café Nord' },
      arch: null,
    });
  });

  it('kept as theirs: their value stays; with nothing else of mine the state is synced and no call is made', async () => {
    const base = building();
    await conflicted(base, [[['config', 'name'], 'Harbour House B']]);
    const theirs = edited(base, [
      [['config', 'name'], 'Harbour Hall'],
      [['config', 'tenant'], 'Café Nord'],
    ]);
    const prepared = store.prepareMerge(theirVersion(theirs));
    expect(prepared.conflicts).toHaveLength(1);
    expect(store.applyMerge(prepared, ['theirs'])).toBe(true);
    expect(store.getState().model.config).toMatchObject({ name: 'Harbour Hall', tenant: 'Café Nord' });
    expect(store.getState()).toMatchObject({ identity: WORKING_VERSION, parent: null, workingRevision: 'rev-9' });
    expect(await store.sync()).toEqual({ status: 'idle' });
    expect(transport.calls).toHaveLength(0);
  });

  it('a Clean (a whole model replaced) conflicts only where it really changed something they changed', async () => {
    const base = building();
    store = make({ model: base });
    // As Clean answers: a fresh model, sharing nothing, with one room renamed and one removed.
    const cleaned = structuredClone(base);
    cleaned.arch.rooms.r1!.name = 'Kitchen and store';
    delete (cleaned.arch.rooms as Record<string, unknown>).r2;
    cleaned.arch.storeys.s1!.rooms = ['r1'];
    store.replaceModel(cleaned, MODEL_PAGE);
    // One undo step of the paths that changed, not of the whole model.
    const [step] = store.localCopy().history.undo;
    expect(step!.changes.map((change) => change.path)).toEqual([
      ['arch', 'storeys', 's1', 'rooms'],
      ['arch', 'rooms', 'r1', 'name'],
      ['arch', 'rooms', 'r2'],
    ]);
    transport.failNext = new ConflictError(CONFLICT);
    await store.sync();

    const theirs = edited(base, [
      [['config', 'name'], 'Harbour Hall'],
      [['arch', 'rooms', 'r1', 'type'], 'Kitchen'],
      [['arch', 'rotation'], 15],
    ]);
    const prepared = store.prepareMerge(theirVersion(theirs));
    expect(prepared.conflicts).toEqual([]);
    store.applyMerge(prepared, []);
    const { model } = store.getState();
    expect(model.config.name).toBe('Harbour Hall');
    expect(model.arch.rotation).toBe(15);
    expect(model.arch.rooms.r1).toMatchObject({ name: 'Kitchen and store', type: 'Kitchen' });
    expect(Object.keys(model.arch.rooms)).toEqual(['r1']);
    expect(model.arch.storeys.s1!.rooms).toEqual(['r1']);
    // The Clean can still be undone after the merge: the room is back, their changes stay.
    expect(store.undo()).toBe(MODEL_PAGE);
    expect(Object.keys(store.getState().model.arch.rooms).sort()).toEqual(['r1', 'r2']);
    expect(store.getState().model.arch.rooms.r1).toMatchObject({ name: 'Kitchen', type: 'Kitchen' });
    expect(store.getState().model.config.name).toBe('Harbour Hall');
  });

  it('an edit after the merge was prepared: applying it changes nothing and answers false', async () => {
    const base = building();
    await conflicted(base, [[['config', 'name'], 'Mine']]);
    const prepared = store.prepareMerge(theirVersion(edited(base, [[['config', 'tenant'], 'Café Nord']])));
    setName('Mine again');
    expect(store.applyMerge(prepared, [])).toBe(false);
    expect(store.getState()).toMatchObject({ workingRevision: 'rev-1', behind: true });
    expect(store.getState().model.config.tenant).toBe('');
  });

  it('a save that meets the 409 reports it and offers the merge', async () => {
    transport.failNext = new ConflictError(CONFLICT);
    expect(await store.save('First issue')).toEqual({ status: 'failed', message: CONFLICT });
    expect(errors).toEqual([CONFLICT]);
    expect(store.getState().behind).toBe(true);
  });

  it('loading a version clears the history, and so does the working copy written after it', async () => {
    const written: LocalCopy[] = [];
    store = make({}, (copy) => {
      written.push(copy);
      return Promise.resolve();
    });
    setName('Mine');
    await vi.advanceTimersByTimeAsync(300);
    expect(written.at(-1)!.history.undo).toHaveLength(1);
    store.loadVersion({ project_version_id: WORKING_VERSION, comment: null, working_revision: 'rev-8', model: emptyModel() });
    await vi.advanceTimersByTimeAsync(300);
    expect(written.at(-1)!.history).toEqual({ undo: [], redo: [] });
    expect(store.getState().canUndo).toBe(false);
  });
});

describe('the undo history survives a reload', () => {
  /** The copy a store writes, as a reload reads it back (structured clone, then parsed). */
  const reloaded = (from: ProjectStore): ProjectStore => {
    const parsed = parseLocalCopy(structuredClone(from.localCopy()), 'p1');
    if (!parsed.ok) throw new Error('the copy does not parse');
    const { copy } = parsed;
    return make(initFromCopy('p1', copy));
  };

  it('undo and redo work on a restored copy, step by step, going back to the pages of the edits', () => {
    setName('Harbour');
    vi.advanceTimersByTime(2000);
    store.edit([{ path: ['arch', 'rotation'], value: 30 }], MODEL_PAGE);
    vi.advanceTimersByTime(2000);
    setName('Harbour House');
    store.undo();

    const restored = reloaded(store);
    expect(restored.getState()).toMatchObject({ identity: UNSYNCED, canUndo: true, canRedo: true });
    expect(name(restored)).toBe('Harbour');
    expect(restored.redo()).toBe(SETTINGS);
    expect(name(restored)).toBe('Harbour House');
    restored.undo();
    expect(restored.undo()).toBe(MODEL_PAGE);
    expect(restored.getState().model.arch.rotation).toBe(0);
    expect(restored.undo()).toBe(SETTINGS);
    expect(name(restored)).toBe('');
    expect(restored.getState().canUndo).toBe(false);
  });

  it('a restored copy knows its unsynced edits: undone back to the server copy, nothing is sent', async () => {
    await store.sync();
    setName('Harbour');
    const restored = reloaded(store);
    expect(restored.changedParts()).toEqual(['config']);
    restored.undo();
    expect(await restored.sync()).toEqual({ status: 'unchanged' });
    expect(transport.calls).toHaveLength(0);
  });

  it('a Clean undone after a reload: the rooms are back', () => {
    store = make({ model: building() });
    const cleaned = structuredClone(building());
    delete (cleaned.arch.rooms as Record<string, unknown>).r2;
    cleaned.arch.storeys.s1!.rooms = ['r1'];
    store.replaceModel(cleaned, MODEL_PAGE);
    const restored = reloaded(store);
    expect(Object.keys(restored.getState().model.arch.rooms)).toEqual(['r1']);
    expect(restored.undo()).toBe(MODEL_PAGE);
    expect(restored.getState().model.arch.rooms.r2).toMatchObject({ name: 'Office' });
    expect(restored.getState().model.arch.storeys.s1!.rooms).toEqual(['r1', 'r2']);
  });

  it('a restored copy merges like the store that wrote it: only its own edits are re-applied', () => {
    const base = building();
    store = make({ model: base });
    store.edit([{ path: ['arch', 'rooms', 'r1', 'name'], value: 'Big kitchen' }], MODEL_PAGE);
    const restored = reloaded(store);
    const prepared = restored.prepareMerge(theirVersion(edited(base, [[['arch', 'rooms', 'r2', 'name'], 'Office B']])));
    expect(prepared.conflicts).toEqual([]);
    restored.applyMerge(prepared, []);
    expect(restored.getState().model.arch.rooms.r1!.name).toBe('Big kitchen');
    expect(restored.getState().model.arch.rooms.r2!.name).toBe('Office B');
  });

  it('a copy written before the history was stored (format 1) opens with none, its changed parts sent whole', async () => {
    const old = {
      format: 1,
      project_id: 'p1',
      model: { ...emptyModel(), config: { ...emptyModel().config, name: 'Old copy' } },
      identity: UNSYNCED,
      parent: WORKING_VERSION,
      working_revision: 'rev-1',
      version_comment: null,
      changed_parts: ['config'],
      saved_at: '',
    };
    const parsed = parseLocalCopy(old, 'p1');
    if (!parsed.ok) throw new Error('a format 1 copy must still open');
    expect(parsed.copy).toMatchObject({ format: 2, baseline: [], history: { undo: [], redo: [] } });
    const restored = make({
      model: parsed.copy.model,
      identity: parsed.copy.identity,
      parent: parsed.copy.parent,
      changedParts: parsed.copy.changed_parts,
      baseline: parsed.copy.baseline,
      history: parsed.copy.history,
    });
    expect(restored.getState().canUndo).toBe(false);
    // Its base is not known: a merge cannot tell its edits from theirs, so each difference is the user's to choose.
    const theirs = { ...emptyModel(), config: { ...emptyModel().config, tenant: 'Café Nord' } };
    const prepared = restored.prepareMerge(theirVersion(theirs));
    expect(prepared.conflicts.map((conflict) => conflict.path)).toEqual([
      ['config', 'name'],
      ['config', 'tenant'],
    ]);
    await restored.sync();
    expect(transport.calls[0]!.body!.config).toMatchObject({ name: 'Old copy' });
  });
});
