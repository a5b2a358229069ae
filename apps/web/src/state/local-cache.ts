import { deleteIndexedDbPrefix } from './indexed-db';

/**
 * Browser-side data is stored under keys that start with the user's e-mail, so that logging out
 * removes exactly that user's entries (P§7 logout) and a second user on the machine never sees them.
 * Small entries live in localStorage, project working copies in IndexedDB (state/local-copy.ts).
 */
export const localKey = (email: string, name: string) => `${email}/${name}`;

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
  const prefix = `${email}/`;
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
