/**
 * Browser-side data is stored under keys that start with the user's e-mail, so that logging out
 * removes exactly that user's entries (P§7 logout) and a second user on the machine never sees them.
 * Small entries live in localStorage, project working copies in IndexedDB (local-copy.ts); local-cache.ts clears them.
 */
export const localKey = (email: string, name: string) => `${userPrefix(email)}${name}`;

/** What every key of the user starts with. */
export const userPrefix = (email: string) => `${email}/`;
