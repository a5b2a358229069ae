/**
 * Browser-side data is stored under keys that start with the user's e-mail, so that logging out
 * removes exactly that user's entries (P§7 logout) and a second user on the machine never sees them.
 */
export const localKey = (email: string, name: string) => `${email}/${name}`;

export function clearLocalCache(email: string): void {
  const prefix = `${email}/`;
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) doomed.push(key);
  }
  doomed.forEach((key) => localStorage.removeItem(key));
}
