import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSYNCED, WORKING_VERSION, emptyModel } from '@edrf/model';
import { startHeadCheck, type HeadCheckHost } from './head-check';
import { NEWER_VERSION, ProjectStore, versionStateLabel, type SyncAnswer } from './project-store';

/** A server whose working revision the test moves (someone else syncing); a sync of this tab moves it too. */
function server() {
  const state = { revision: 'rev-1', syncs: 0, gate: null as Promise<void> | null };
  const transport = {
    async sync(): Promise<SyncAnswer> {
      state.revision = `rev-mine-${++state.syncs}`;
      const answered = state.revision;
      if (state.gate) await state.gate;
      return { working_revision: answered, parent_version_id: null };
    },
    save: () => Promise.resolve({ project_version_id: 'v1', parent_version_id: null }),
  };
  return { state, transport, ask: vi.fn(() => Promise.resolve(state.revision)) };
}

function host(hidden = false) {
  const listeners = new Map<string, () => void>();
  const stub: HeadCheckHost & { fire(type: string): void; isHidden: boolean } = {
    isHidden: hidden,
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type) => listeners.delete(type),
    hidden: () => stub.isHidden,
    fire: (type) => listeners.get(type)?.(),
  };
  return stub;
}

const open = (transport: ReturnType<typeof server>['transport']) =>
  new ProjectStore(
    { projectId: 'p1', model: emptyModel(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    { transport },
  );

const label = (store: ProjectStore) => versionStateLabel(store.getState());

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the head check', () => {
  it('a synced tab says a newer version exists once someone else synced, at the next check', async () => {
    const { state, transport, ask } = server();
    const store = open(transport);
    const stop = startHeadCheck(store, ask, { every: 1000, host: host() });
    await vi.advanceTimersByTimeAsync(1000);
    expect(ask).toHaveBeenCalledWith('p1');
    expect(label(store)).toBe('Synced');
    state.revision = 'rev-theirs';
    await vi.advanceTimersByTimeAsync(999);
    expect(label(store)).toBe('Synced');
    await vi.advanceTimersByTimeAsync(1);
    expect(label(store)).toBe(NEWER_VERSION);
    expect(store.getState().behind).toBe(true);
    stop();
  });

  it('checks when the window comes back, and not while it is hidden', async () => {
    const { state, transport, ask } = server();
    const store = open(transport);
    const window = host(true);
    const stop = startHeadCheck(store, ask, { every: 60_000, host: window });
    state.revision = 'rev-theirs';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ask).not.toHaveBeenCalled();
    window.isHidden = false;
    window.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(0);
    expect(label(store)).toBe(NEWER_VERSION);
    stop();
  });

  it("this tab's own sync is not someone else's: a check crossing it says nothing", async () => {
    const { state, transport, ask } = server();
    const store = open(transport);
    store.edit([{ path: ['config', 'name'], value: 'Tower' }], '/p');
    let open_ = () => {};
    state.gate = new Promise((resolve) => (open_ = resolve));
    const syncing = store.sync();
    // The server has stored the sync (its revision moved) but its answer has not reached the tab.
    store.noteServerRevision(await ask(), 'rev-1');
    expect(store.getState().behind).toBe(false);
    open_();
    await syncing;
    // A check asked before the sync's answer came, answered after it: the revision it was asked with is gone.
    store.noteServerRevision(state.revision, 'rev-1');
    expect(store.getState()).toMatchObject({ behind: false, identity: WORKING_VERSION, workingRevision: 'rev-mine-1' });
    const stop = startHeadCheck(store, ask, { every: 1000, host: host() });
    await vi.advanceTimersByTimeAsync(3000);
    expect(label(store)).toBe('Synced');
    stop();
  });

  it('an unsynced tab keeps saying so, and is offered their changes', async () => {
    const { state, transport, ask } = server();
    const store = open(transport);
    store.edit([{ path: ['config', 'name'], value: 'Tower' }], '/p');
    const stop = startHeadCheck(store, ask, { every: 1000, host: host() });
    state.revision = 'rev-theirs';
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getState()).toMatchObject({ identity: UNSYNCED, behind: true });
    expect(label(store)).toBe('Unsynced changes');
    stop();
  });

  it('stops asking when stopped, and a failed question waits for the next', async () => {
    const { transport } = server();
    const store = open(transport);
    const ask = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startHeadCheck(store, ask, { every: 1000, host: host() });
    await vi.advanceTimersByTimeAsync(2000);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(label(store)).toBe('Synced');
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
