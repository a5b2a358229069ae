import { truncateName } from '../lib/files';

/** How much of a file is read for its STEP header name (P§9). */
export const NAME_PREVIEW_BYTES = 128 * 1024;

/** Decodes a STEP string literal's content: '' is a quote, \X2\…\X0\ UTF-16, \X\HH one byte, \S\c and \\ as written. */
export function decodeStepString(raw: string): string {
  return raw
    .replace(/''/g, "'")
    .replace(/\\X2\\((?:[0-9A-Fa-f]{4})+)\\X0\\/g, (_, hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((code) => parseInt(code, 16))),
    )
    .replace(/\\X\\([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\S\\(.)/g, (_, char: string) => String.fromCharCode(char.charCodeAt(0) + 128))
    .replace(/\\\\/g, '\\');
}

/** The FILE_NAME of a STEP header (without its folders), or null when the text has none or it is empty. */
export function stepHeaderName(text: string): string | null {
  const match = /FILE_NAME\s*\(\s*'((?:[^']|'')*)'/i.exec(text);
  if (!match) return null;
  const name = decodeStepString(match[1] ?? '').trim();
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}

/** The name to show for a chosen file: FILE_NAME of its header in the first 128 KB, else the file's own name. */
export async function readIfcName(file: Blob, fileName: string): Promise<string> {
  try {
    const text = await file.slice(0, NAME_PREVIEW_BYTES).text();
    return stepHeaderName(text) ?? fileName;
  } catch {
    return fileName;
  }
}

/** A name as listed: at most 36 characters (P§9), the full name as its title. */
export const shownName = (name: string) => ({ label: truncateName(name), title: name });
