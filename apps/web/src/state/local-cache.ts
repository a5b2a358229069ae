import { deleteIndexedDbPrefix } from './indexed-db';
import { userPrefix } from './user-keys';

// A user's entries are those under their keys (user-keys.ts): logging out deletes them here.

const beforeClear = new Set<(email: string) => void>();

/**
 * Called just before a user's entries are deleted: an open project stops writing its working copy,
 * so that a write already scheduled cannot bring it back after the log-out.
 */
export function onLocalCacheClear(listener: (email: string) => void): () => void {
  beforeClear.add(listener);
  return () => beforeClear.delete(listener);
}

/** Deletes every entry of the user in localStorage and IndexedDB. IndexedDB failing is logged, not thrown. */
export async function clearLocalCache(email: string): Promise<void> {
  beforeClear.forEach((listener) => listener(email));
  const prefix = userPrefix(email);
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) doomed.push(key);
  }
  doomed.forEach((key) => localStorage.removeItem(key));
  if (typeof indexedDB === 'undefined') return;
  try {
    await deleteIndexedDbPrefix(prefix);
  } catch (error) {
    console.error('Could not delete the local working copies', error);
  }
}
