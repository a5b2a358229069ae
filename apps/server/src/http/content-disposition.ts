/**
 * `attachment` with the file's name for every client: `filename` in plain ASCII for the old ones,
 * `filename*` (RFC 6266 / RFC 8187) for the rest, with the characters that form forbids escaped too.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
