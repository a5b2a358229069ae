import { useEffect } from 'react';
import type { ProjectStore } from './project-store';

/**
 * The head check (docs/versions.md 'A newer version on the server'): the open tab asks for the server's working
 * revision now and then, and when the window comes back into view, so that a copy someone else synced past is not
 * shown as 'Synced'. The question is get_project_meta: a few hundred bytes, no model.
 */
export const HEAD_CHECK_MS = 10_000;

/** Where the check listens for the window coming back (the window and document in the app; stand-ins in tests). */
export interface HeadCheckHost {
  addEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  hidden(): boolean;
}

/** Starts checking; answers the stop. A failed question (offline, signed out) is left to the next one. */
export function startHeadCheck(
  store: ProjectStore,
  askRevision: (projectId: string) => Promise<string>,
  opts: { every?: number; host?: HeadCheckHost } = {},
): () => void {
  const host = opts.host ?? browserHost();
  let out = false;
  const check = () => {
    const { projectId, workingRevision, behind, syncing, saving } = store.getState();
    if (out || behind || syncing || saving || host.hidden()) return;
    out = true;
    askRevision(projectId)
      .then((revision) => store.noteServerRevision(revision, workingRevision))
      .catch(() => undefined)
      .finally(() => {
        out = false;
      });
  };
  const timer = setInterval(check, opts.every ?? HEAD_CHECK_MS);
  host.addEventListener('focus', check);
  host.addEventListener('visibilitychange', check);
  return () => {
    clearInterval(timer);
    host.removeEventListener('focus', check);
    host.removeEventListener('visibilitychange', check);
  };
}

function browserHost(): HeadCheckHost {
  return {
    addEventListener: (type, listener) => (type === 'focus' ? window : document).addEventListener(type, listener),
    removeEventListener: (type, listener) => (type === 'focus' ? window : document).removeEventListener(type, listener),
    hidden: () => document.visibilityState === 'hidden',
  };
}

/** The head check while the project is open. */
export function useHeadCheck(store: ProjectStore, askRevision: (projectId: string) => Promise<string>): void {
  useEffect(() => startHeadCheck(store, askRevision), [store, askRevision]);
}
