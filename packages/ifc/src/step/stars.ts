/**
 * Some exporters (Renga, in House.ifc) write `*` for attributes they leave unset, where STEP wants `$` (`*` is only
 * for derived attributes). web-ifc drops `*` tokens, so every later attribute of the entity moves one place left:
 * relations lose their ends (no door gets a host wall), openings and stairs lose their placements, doors their
 * operation type. Reading `*` as `$` gives each attribute its place back; for a derived attribute, which web-ifc
 * does not read, `$` is as good. The text reader reads it so (step-values.ts, step-index.ts's attributesAt), and the
 * sub-models web-ifc opens are given so (sub-model.ts): an upload is never copied to be edited (26 MB of fresh memory
 * took 75 ms on CI's machines).
 */
import { ASCII } from './ascii.js';
import { asBuffer } from './step-text.js';

const { star: STAR, dollar: DOLLAR, quote: QUOTE, newline: NEWLINE, open: OPEN, close: CLOSE, comma: COMMA, space: SPACE } = ASCII;

const separates = (c: number | undefined, ...allowed: number[]) => c !== undefined && (c === SPACE || allowed.includes(c));

/**
 * The bytes with every `*` attribute read as `$`: a copy when there is one, else the bytes themselves; with `inPlace`,
 * the bytes themselves changed (a sub-model's text, made for web-ifc).
 */
export function starsAsUnset(bytes: Uint8Array, inPlace = false): Uint8Array {
  let out: Uint8Array | undefined;
  // Buffer's indexOf (memchr) finds the few stars of a 26 MB file in a fifth of the time of Uint8Array's.
  const text = asBuffer(bytes);
  for (let i = text.indexOf(STAR); i >= 0; i = text.indexOf(STAR, i + 1)) {
    if (!separates(bytes[i - 1], COMMA, OPEN) || !separates(bytes[i + 1], COMMA, CLOSE)) continue;
    // Inside a string when an odd number of quotes precede it on its line ('' inside a string counts twice).
    const lineStart = bytes.lastIndexOf(NEWLINE, i) + 1;
    let quotes = 0;
    for (let j = lineStart; j < i; j++) if (bytes[j] === QUOTE) quotes++;
    if (quotes % 2 === 1) continue;
    // A copy even of a Buffer, whose slice() would share its memory.
    out ??= inPlace ? bytes : new Uint8Array(bytes);
    out[i] = DOLLAR;
  }
  return out ?? bytes;
}
