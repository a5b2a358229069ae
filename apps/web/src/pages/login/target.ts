/** Only a path on this site may follow a sign-in (P§5); anything else goes to /projects. */
export function postLoginTarget(url: string | null): string {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : '/projects';
}
