import { createContext, useCallback, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UNSYNCED, type Model } from '@edrf/model';
import { openTransport, versionTransport } from '../api/versions';
import { enabled, type Action } from '../ui/actions';
import { toast } from '../ui/alerts';
import type { EditRequest } from './history';
import { indexedDbStorage } from './indexed-db';
import { onLocalCacheClear } from './local-cache';
import { localCopyKey, memoryStorage, type LocalCopyStorage } from './local-copy';
import { openProject } from './open-project';
import { ProjectStore, type ProjectSnapshot } from './project-store';
import { PROJECT_KEYS, projectShortcut, type ProjectShortcut } from './shortcuts';

/** React's view of the project store (state/project-store.ts): the open store, its state, edits, commands. */
export const ProjectStoreContext = createContext<ProjectStore | null>(null);

export function useProjectStore(): ProjectStore {
  const store = useContext(ProjectStoreContext);
  if (!store) throw new Error('useProjectStore outside an open project');
  return store;
}

export const useProjectState = (): ProjectSnapshot => {
  const store = useProjectStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
};

export const useModel = (): Model => useProjectState().model;

const pageOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

/** Edits the model from the current page (recorded with the edit for undo and redo). */
export function useModelEdit(): (requests: readonly EditRequest[], opts?: { record?: boolean }) => boolean {
  const store = useProjectStore();
  const location = useLocation();
  const page = pageOf(location);
  return useCallback((requests, opts) => store.edit(requests, page, opts), [store, page]);
}

/** Sync, undo and redo as the buttons and keys run them: undo and redo go back to the page of the edit. */
export function useProjectCommands(store: ProjectStore) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = pageOf(location);
  const goTo = useCallback(
    (page: string | null) => {
      if (page !== null && page !== here) void navigate(page);
    },
    [navigate, here],
  );
  return {
    sync: useCallback(() => store.sync(), [store]),
    undo: useCallback(() => goTo(store.undo()), [store, goTo]),
    redo: useCallback(() => goTo(store.redo()), [store, goTo]),
  };
}

/**
 * Sync, undo and redo as actions (ui/actions.ts): the project bar's buttons and the keys of P§2 read this one list.
 * `when` reads the store as it is when asked, so the keys need no re-render of the layout.
 */
export function useProjectActions(store: ProjectStore): Record<ProjectShortcut, Action> {
  const commands = useProjectCommands(store);
  return {
    sync: {
      id: 'sync',
      label: 'Sync',
      title: 'Send your changes to the working version (Ctrl+S)',
      key: PROJECT_KEYS.sync,
      when: () => store.getState().identity === UNSYNCED,
      run: () => void commands.sync(),
    },
    undo: {
      id: 'undo',
      label: 'Undo',
      title: 'Undo (Ctrl+Z)',
      key: PROJECT_KEYS.undo,
      when: () => store.getState().canUndo,
      run: commands.undo,
    },
    redo: {
      id: 'redo',
      label: 'Redo',
      title: 'Redo (Ctrl+Y)',
      key: PROJECT_KEYS.redo,
      when: () => store.getState().canRedo,
      run: commands.redo,
    },
  };
}

/** P§2 Keyboard: ctrl/cmd+S sync (never the browser's save), ctrl/cmd+Z undo, ctrl/cmd+Y or shift+Z redo. */
export function useProjectShortcuts(store: ProjectStore) {
  const actions = useProjectActions(store);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = projectShortcut(event);
    if (!shortcut) return;
    event.preventDefault();
    const action = actions[shortcut];
    if (enabled(action)) action.run();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
};

function defaultStorage(): LocalCopyStorage {
  return typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
}

export type OpenedProject = { status: 'loading' } | { status: 'ready'; store: ProjectStore } | { status: 'failed'; message: string | null };

/**
 * Opens the project (P§4 Project open) and keeps its store while the project area is shown: the
 * working copy is written to IndexedDB as it changes, and once more when the area is left.
 */
export function useOpenProject(projectId: string, email: string): OpenedProject {
  const [opened, setOpened] = useState<{ key: string; value: OpenedProject }>({ key: '', value: { status: 'loading' } });
  const key = localCopyKey(email, projectId);
  useEffect(() => {
    let active = true;
    let store: ProjectStore | undefined;
    const storage = defaultStorage();
    const stopClearing = onLocalCacheClear((cleared) => {
      if (cleared === email) store?.stopPersisting();
    });
    // A reload or a closed tab: write what is pending (IndexedDB usually finishes it).
    const onHide = () => void store?.flush();
    window.addEventListener('pagehide', onHide);
    void openProject({ projectId, email, transport: openTransport, storage }).then((result) => {
      if (!active) return;
      if (!result.ok) return setOpened({ key, value: { status: 'failed', message: result.message } });
      const opened = new ProjectStore(result.init, {
        transport: versionTransport,
        persist: (copy) => storage.write(key, copy),
        reportError: (message) => toast.error(message),
      });
      store = opened;
      setOpened({ key, value: { status: 'ready', store } });
      // The first write stores the whole copy (or compares it with the one read): once the page is idle, not at the
      // first edit, which then writes only what it changed.
      whenIdle(() => {
        if (active) void opened.persistNow();
      });
    });
    return () => {
      active = false;
      stopClearing();
      window.removeEventListener('pagehide', onHide);
      void store?.dispose();
    };
  }, [projectId, email, key]);
  return opened.key === key ? opened.value : { status: 'loading' };
}
