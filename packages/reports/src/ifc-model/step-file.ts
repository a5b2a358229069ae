// The project's IFC file as text: its last entity number, and the design's lines put in at the end of its DATA
// section, the building's bytes left as they were.

/** The file's text, one character a byte (STEP files are 7-bit; latin1 keeps any other byte as it is). */
export const fileText = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

const ENTITY = /(?:^|;)\s*#(\d+)\s*=/g;

/** The highest entity number of the text: new lines are numbered after it. */
export function lastEntityId(text: string): number {
  let last = 0;
  for (const match of text.matchAll(ENTITY)) last = Math.max(last, Number(match[1]));
  return last;
}

/** The file with `lines` (STEP text, one entity a line) added before the ENDSEC that closes its DATA section. */
export function withLines(bytes: Uint8Array, text: string, lines: string): Uint8Array {
  const end = text.lastIndexOf('END-ISO-10303-21');
  const at = text.lastIndexOf('ENDSEC', end < 0 ? text.length : end);
  if (end < 0 || at < 0 || text.lastIndexOf('DATA;', at) < 0) throw new Error('The IFC file has no DATA section to add the design to');
  const newline = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
  const added = Buffer.from(`${newline}${lines}`, 'latin1');
  const out = new Uint8Array(bytes.length + added.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(added, at);
  out.set(bytes.subarray(at), at + added.length);
  return out;
}
