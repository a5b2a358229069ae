// The GlobalIds of what the fire design adds to an IFC file: 128 bits in IFC's base-64 form (22 characters), derived
// from the design's own ids, so that a unit keeps its GlobalId from one export to the next (a coordinator's issues on
// it survive a re-export), and never one the file already holds.
import { createHash } from 'node:crypto';

/** IFC's base-64 alphabet (IfcGloballyUniqueId). */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

const digits = (value: number, count: number): string => {
  let out = '';
  for (let i = count - 1; i >= 0; i--) out += ALPHABET[Math.floor(value / 64 ** i) % 64];
  return out;
};

/** 16 bytes (a UUID) as an IFC GlobalId: the first byte in 2 characters, then 5 groups of 3 bytes in 4 each. */
export function compressGuid(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('A GlobalId is made of 16 bytes');
  let out = digits(bytes[0]!, 2);
  for (let i = 1; i < 16; i += 3) out += digits((bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!, 4);
  return out;
}

/** The 16 bytes of an IFC GlobalId (compressGuid's inverse). */
export function expandGuid(guid: string): Uint8Array {
  const value = (text: string) => [...text].reduce((v, c) => v * 64 + ALPHABET.indexOf(c), 0);
  if (!/^[0-3][0-9A-Za-z_$]{21}$/.test(guid)) throw new Error(`Not an IFC GlobalId: ${guid}`);
  const out = new Uint8Array(16);
  out[0] = value(guid.slice(0, 2));
  for (let g = 0; g < 5; g++) {
    const v = value(guid.slice(2 + g * 4, 6 + g * 4));
    out.set([(v >> 16) & 255, (v >> 8) & 255, v & 255], 1 + g * 3);
  }
  return out;
}

/** A name-based UUID (version 5 layout, SHA-256 of the name) as a GlobalId. */
function guidOfName(name: string): string {
  const bytes = new Uint8Array(createHash('sha256').update(name).digest().subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return compressGuid(bytes);
}

/**
 * Hands out the GlobalIds of one export: the same key gives the same GlobalId every time, unless the file holds it
 * already (an exported file imported again as the building) or another key took it: then the next of its series.
 */
export class GlobalIds {
  private readonly issued = new Set<string>();

  constructor(private readonly taken: ReadonlySet<string>) {}

  of(key: string): string {
    for (let n = 0; ; n++) {
      const guid = guidOfName(n === 0 ? `edrf-fire:${key}` : `edrf-fire:${key}#${n}`);
      if (this.taken.has(guid) || this.issued.has(guid)) continue;
      this.issued.add(guid);
      return guid;
    }
  }
}

const QUOTED_ID = /'([0-3][0-9A-Za-z_$]{21})'/g;

/**
 * The GlobalIds a file holds, from its text: the first attribute of every rooted entity is a quoted 22-character id.
 * Any string of that form is taken, which can only make the ids handed out avoid more than they must.
 */
export function globalIdsInText(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(QUOTED_ID)) out.add(match[1]!);
  return out;
}
