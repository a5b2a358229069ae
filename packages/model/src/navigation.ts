export const DEFAULT_TARGET = '/projects';

/**
 * Only a path on this site may follow a sign-in (P§5). Besides '//host', browsers read '\' as '/'
 * and drop tabs and newlines, so '/\evil.example' would leave the site too.
 */
export const postLoginTarget = (url: string | null | undefined): string =>
  url && /^\/(?![/\\])[^\\\x00-\x1f\x7f]*$/.test(url) ? url : DEFAULT_TARGET;
