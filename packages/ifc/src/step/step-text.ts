/**
 * A few facts read straight from a file's STEP text, where asking web-ifc would cost too much: web-ifc hands each line
 * it reads to JavaScript attribute by attribute (4 to 10 µs a line), and some questions would have it read thousands of
 * lines to find a few (properties.ts). What is found here only picks the lines to read: they are read as web-ifc reads
 * them (text-lines.ts), and what is read is what counts.
 */
import { ASCII, isBlank, isDigit } from './ascii.js';

const { equals: EQUALS, open: OPEN, close: CLOSE, hash: HASH, quote: QUOTE, comma: COMMA, semicolon: SEMICOLON } = ASCII;

/** The file's bytes as a Buffer (no copy), for Buffer's indexOf. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** The express id of `#123=` ending just before `at` (blanks allowed around '='), or undefined when it is not one. */
function entityIdBefore(bytes: Buffer, at: number): number | undefined {
  let i = at - 1;
  while (i >= 0 && isBlank(bytes[i])) i--;
  if (bytes[i] !== EQUALS) return undefined;
  i--;
  while (i >= 0 && isBlank(bytes[i])) i--;
  let digits = 0;
  while (i >= 0 && isDigit(bytes[i])) {
    i--;
    digits++;
  }
  if (digits === 0 || bytes[i] !== HASH) return undefined;
  return Number(bytes.toString('latin1', i + 1, i + 1 + digits));
}

export interface EntityAt {
  /** Its express id. */
  id: number;
  /** Where its keyword starts. */
  at: number;
  /** Where its '(' is. */
  open: number;
}

/** The entities `#id=KEYWORD(…)` of the file one by one, in the file's order (the keyword in upper case, as STEP writes it). */
function* entitiesIn(bytes: Buffer, keyword: Buffer): Generator<EntityAt> {
  for (let at = bytes.indexOf(keyword); at >= 0; at = bytes.indexOf(keyword, at + keyword.length)) {
    let open = at + keyword.length;
    while (isBlank(bytes[open])) open++;
    const id = bytes[open] === OPEN ? entityIdBefore(bytes, at) : undefined;
    if (id !== undefined) yield { id, at, open };
  }
}

/** Every entity `#id=KEYWORD(…)` of the file, in the file's order (entitiesIn). */
export const entitiesOf = (bytes: Buffer, keyword: Buffer): EntityAt[] => [...entitiesIn(bytes, keyword)];

/** How many entities `#id=KEYWORD(…)` the file has, counting no further than `upTo`: a large file stops early. */
export function countEntities(bytes: Buffer, keyword: Buffer, upTo: number): number {
  let count = 0;
  const entities = entitiesIn(bytes, keyword);
  while (count < upTo && !entities.next().done) count++;
  return count;
}

/**
 * The reference (`#123`) that is the last attribute of the entity whose '(' is at `open`; undefined when the last
 * attribute is something else ($, a list, a typed value) or the entity does not end. Strings may hold anything.
 */
export function lastAttributeRef(bytes: Buffer, open: number): number | undefined {
  let depth = 0;
  let inString = false;
  let lastComma = open;
  for (let i = open; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      // A quote inside a string is written twice: the second opens the string again.
      if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN) depth++;
    else if (c === COMMA && depth === 1) lastComma = i;
    else if (c === SEMICOLON) return undefined;
    else if (c === CLOSE && --depth === 0) {
      let start = lastComma + 1;
      let end = i;
      while (isBlank(bytes[start])) start++;
      while (isBlank(bytes[end - 1])) end--;
      if (bytes[start] !== HASH || end - start < 2) return undefined;
      for (let d = start + 1; d < end; d++) if (!isDigit(bytes[d])) return undefined;
      return Number(bytes.toString('latin1', start + 1, end));
    }
  }
  return undefined;
}

/** The express id of the entity whose text holds `at`, when its text before `at` holds no ';'. */
function entityIdHolding(bytes: Buffer, at: number): number | undefined {
  let start = bytes.lastIndexOf(SEMICOLON, at) + 1;
  while (isBlank(bytes[start])) start++;
  if (bytes[start] !== HASH) return undefined;
  let end = start + 1;
  while (isDigit(bytes[end])) end++;
  return end === start + 1 ? undefined : Number(bytes.toString('latin1', start + 1, end));
}

/** Names sharing fewer leading characters than this are searched for one by one. */
const SHARED_ENOUGH = 4;

/**
 * For each text, the express ids of the entities whose text holds the STEP string `'text'`, in the file's order;
 * undefined when an occurrence's entity cannot be told (a comment between entities, say). The texts must be plain:
 * STEP writes such strings (letters, digits, '_') as they are, so every entity holding that string value is found. An
 * entity's text before such a string (a GlobalId and references) holds no ';', so the entity starts after the
 * previous one's ';'. Texts that begin alike (Pset_…) are found in one pass over the file.
 */
export function entitiesWithStrings(bytes: Buffer, texts: readonly string[]): Map<string, number[]> | undefined {
  const found = new Map<string, number[]>(texts.map((text) => [text, []]));
  const needles = [...found.keys()].map((text) => ({ text, bytes: Buffer.from(`'${text}'`, 'latin1') }));
  if (needles.length === 0) return found;
  let shared = needles[0]!.bytes.length;
  for (const { bytes: needle } of needles) {
    let same = 0;
    while (same < shared && same < needle.length && needle[same] === needles[0]!.bytes[same]) same++;
    shared = same;
  }
  const groups = shared >= SHARED_ENOUGH ? [needles] : needles.map((needle) => [needle]);
  for (const group of groups) {
    const prefix = group.length === 1 ? group[0]!.bytes : group[0]!.bytes.subarray(0, shared);
    for (let at = bytes.indexOf(prefix); at >= 0; at = bytes.indexOf(prefix, at + 1)) {
      const needle = group.find(({ bytes: n }) => bytes.compare(n, 0, n.length, at, at + n.length) === 0);
      if (!needle) continue;
      const id = entityIdHolding(bytes, at);
      if (id === undefined) return undefined;
      found.get(needle.text)!.push(id);
    }
  }
  return found;
}
