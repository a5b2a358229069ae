/**
 * Where each entity of a file's STEP text is, for reading many small entities straight from the text (facets.ts): a
 * faceted brep of a chair is thousands of faces, loops and points, each of which web-ifc would hand to JavaScript
 * attribute by attribute (4 to 10 µs a line), or triangulate face by face to mesh it.
 */
import { ASCII, isBlank, isDigit, isKeyword } from './ascii.js';
import { IdTable } from './id-table.js';

const { hash: HASH, equals: EQUALS, open: OPEN, close: CLOSE, comma: COMMA, semicolon: SEMICOLON, zero: ZERO } = ASCII;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const E_UPPER = 0x45;
const E_LOWER = 0x65;

/** Powers of ten that are exact in a double, for reading reals (readNumber). */
const EXACT_POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The file's entities `#id=KEYWORD(…);` by express id. An entity starts after the previous one's ';'; a ';' inside a
 * string that happens to be followed by `#id=` would index a wrong place, which is why every read names the keywords
 * it expects (open) and a reader that finds another one gives up.
 */
export class StepIndex {
  /** Per express id, where its keyword starts (0: not an entity of the file, which starts ISO-10303-21). */
  private readonly keywordAt = new IdTable();
  /** How many entities were indexed. */
  private entities = 0;
  /** The list refs() reads into before copying it out. */
  private readonly scratch = refBuffer();

  private constructor(readonly bytes: Buffer) {
    for (let semi = bytes.indexOf(SEMICOLON); semi >= 0; semi = bytes.indexOf(SEMICOLON, semi + 1)) {
      let i = semi + 1;
      while (isBlank(bytes[i])) i++;
      if (bytes[i] === SLASH) i = skipBlanksAndComments(bytes, i);
      if (bytes[i] !== HASH) continue;
      let id = 0;
      let digits = 0;
      for (i++; isDigit(bytes[i]); i++, digits++) id = id * 10 + bytes[i]! - ZERO;
      while (isBlank(bytes[i])) i++;
      if (digits === 0 || bytes[i] !== EQUALS) continue;
      i++;
      while (isBlank(bytes[i])) i++;
      if (!isKeyword(bytes[i])) continue;
      this.entities++;
      this.keywordAt.set(id, i);
      semi = i;
    }
  }

  /** Indexes the text (a pass over its ';', 3 ms for 2 MB, 25 ms for 26 MB). */
  static of(bytes: Buffer): StepIndex {
    return new StepIndex(bytes);
  }

  /** Where the '(' of entity #id is when its keyword is one of `keywords`; -1 otherwise (unknown id, another keyword). */
  open(id: number, keywords: readonly Buffer[]): number {
    const at = this.keywordAt.get(id);
    if (at === 0) return -1;
    const bytes = this.bytes;
    // Compared here byte by byte: Buffer.compare's call costs more than the few bytes of a keyword.
    for (const keyword of keywords) {
      let k = 0;
      while (k < keyword.length && bytes[at + k] === keyword[k]) k++;
      if (k < keyword.length) continue;
      let open = at + k;
      while (isBlank(bytes[open])) open++;
      if (bytes[open] === OPEN) return open;
    }
    return -1;
  }

  /** The keyword of entity #id, upper case as STEP writes it ('' when there is no such entity). */
  keyword(id: number): string {
    const at = this.keywordAt.get(id);
    if (at === 0) return '';
    let end = at;
    while (isKeyword(this.bytes[end])) end++;
    return this.bytes.toString('latin1', at, end);
  }

  /** The references of the attribute list opening at `open`, as refsInto reads them, as an array. */
  refs(open: number): number[] {
    const into = this.scratch;
    into.count = 0;
    this.refsInto(open, into);
    const out: number[] = new Array<number>(into.count);
    for (let i = 0; i < into.count; i++) out[i] = into.ids[i]!;
    return out;
  }

  /** The reference that is attribute `position` (from 0) of the list opening at `open`; undefined when it is not one. */
  refAt(open: number, position: number): number | undefined {
    const bytes = this.bytes;
    let depth = 0;
    let at = 0;
    for (let i = open; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c === OPEN) depth++;
      else if (c === CLOSE) {
        if (--depth === 0) return undefined;
      } else if (c === COMMA && depth === 1) at++;
      else if (c === 0x27) {
        i = bytes.indexOf(0x27, i + 1);
        if (i < 0) return undefined;
      } else if (c === SEMICOLON) return undefined;
      else if (at === position && depth === 1 && !isBlank(c)) {
        if (c !== HASH) return undefined;
        let id = 0;
        let digits = 0;
        for (i++; isDigit(bytes[i]); i++, digits++) id = id * 10 + bytes[i]! - ZERO;
        return digits > 0 ? id : undefined;
      }
    }
    return undefined;
  }

  /** Whether the last attribute of the list opening at `open` is .F. (a face bound's Orientation). */
  lastIsFalse(open: number): boolean {
    const bytes = this.bytes;
    let close = open;
    for (let depth = 0; close < bytes.length; close++) {
      const c = bytes[close];
      if (c === OPEN) depth++;
      else if (c === CLOSE && --depth === 0) break;
      else if (c === SEMICOLON) return false;
    }
    let end = close - 1;
    while (isBlank(bytes[end])) end--;
    return bytes[end] === DOT && bytes[end - 1] === 0x46 && bytes[end - 2] === DOT;
  }

  /** Where entity #id's keyword starts; 0 when there is no such entity. */
  keywordStart(id: number): number {
    return this.keywordAt.get(id);
  }

  /** Where entity #id's text starts: its '#' (the keyword's start when the text is not `#id=` before it). */
  entityStart(id: number): number {
    const bytes = this.bytes;
    const at = this.keywordAt.get(id);
    let i = at - 1;
    while (i > 0 && isBlank(bytes[i])) i--;
    if (bytes[i] !== EQUALS) return at;
    i--;
    while (i > 0 && isBlank(bytes[i])) i--;
    while (i > 0 && isDigit(bytes[i])) i--;
    return bytes[i] === HASH ? i : at;
  }

  /** Where the ';' that ends entity #id is (strings skipped); the end of the text when it has none. */
  entityEnd(id: number): number {
    const bytes = this.bytes;
    const start = this.keywordAt.get(id);
    // Most entities have no string with a ';' in it: their first ';' ends them, found natively.
    const semi = bytes.indexOf(SEMICOLON, start);
    if (semi >= 0 && !bytes.subarray(start, semi).includes(0x27)) return semi;
    for (let i = start; i < bytes.length; i++) {
      const c = bytes[i];
      if (c === SEMICOLON) return i;
      if (c === 0x27) {
        i = bytes.indexOf(0x27, i + 1);
        if (i < 0) break;
      }
    }
    return bytes.length;
  }

  /** Where the '(' of entity #id is, whatever its keyword; -1 when there is no such entity. */
  openAny(id: number): number {
    const at = this.keywordAt.get(id);
    if (at === 0) return -1;
    let open = at;
    while (isKeyword(this.bytes[open])) open++;
    while (isBlank(this.bytes[open])) open++;
    return this.bytes[open] === OPEN ? open : -1;
  }

  /** The top-level attributes of the list opening at `open` (attributesAt). */
  attributes(open: number): (number | string)[] {
    return attributesAt(this.bytes, open);
  }

  /**
   * The express ids of the entities whose keyword is `keyword`, in the file's order (as web-ifc lists a type's lines):
   * those in the keyword's group (byKeyword), checked.
   */
  idsWithKeyword(keyword: Buffer): number[] {
    const groups = (this.byKeyword ??= this.groupByKeyword());
    const group = groups.numberOfHash.get(keywordHash(keyword, 0));
    if (group === undefined) return [];
    const bytes = this.bytes;
    const ids: number[] = [];
    for (let n = groups.starts[group]!; n < groups.starts[group + 1]!; n++) {
      const id = groups.ids[n]!;
      const at = this.keywordAt.get(id);
      let k = 0;
      while (k < keyword.length && bytes[at + k] === keyword[k]) k++;
      if (k === keyword.length && !isKeyword(bytes[at + k])) ids.push(id);
    }
    for (let i = 1; i < ids.length; i++) {
      if (this.keywordAt.get(ids[i]!) < this.keywordAt.get(ids[i - 1]!))
        return ids.sort((a, b) => this.keywordAt.get(a) - this.keywordAt.get(b));
    }
    return ids;
  }

  /** The express ids grouped by their keyword's hash (made on the first idsWithKeyword). */
  private byKeyword: KeywordGroups | undefined;

  /**
   * The express ids grouped by their keyword's hash, in typed arrays (a Map of lists took 40 ms for the 26 MB model,
   * this 15): each hash numbered as it is first met, the ids counted by number, then placed.
   */
  private groupByKeyword(): KeywordGroups {
    const numberOfHash = new Map<number, number>();
    const ids = new Int32Array(this.entities);
    const numbers = new Int32Array(this.entities);
    let count = 0;
    // Entities of one keyword often follow one another (points, faces): the last hash's number is kept at hand.
    let lastHash = 0;
    let lastNumber = 0;
    this.keywordAt.forEach((id, at) => {
      const hash = keywordHash(this.bytes, at);
      if (hash !== lastHash) {
        lastHash = hash;
        lastNumber = numberOfHash.get(hash) ?? numberOfHash.set(hash, numberOfHash.size).size - 1;
      }
      ids[count] = id;
      numbers[count++] = lastNumber;
    });
    // Each number's count at starts[number + 1], then summed into where each number's ids start.
    const starts = new Int32Array(numberOfHash.size + 1);
    for (let n = 0; n < count; n++) starts[numbers[n]! + 1] = starts[numbers[n]! + 1]! + 1;
    for (let number = 1; number < starts.length; number++) starts[number] = starts[number]! + starts[number - 1]!;
    const next = starts.slice();
    const grouped = new Int32Array(count);
    for (let n = 0; n < count; n++) grouped[next[numbers[n]!]!++] = ids[n]!;
    return { numberOfHash, starts, ids: grouped };
  }

  /**
   * The express ids of the entities whose keyword is one of `keywords`, per keyword, in ascending order: one pass over
   * the index, for listing a file's elements by class from its text alone (shared-work.ts).
   */
  idsOf(keywords: readonly Buffer[]): number[][] {
    const out = keywords.map((): number[] => []);
    // Candidates by their length: most keywords of a file are not asked for and are passed over by their length alone.
    const byLength = new Map<number, number[]>();
    keywords.forEach((keyword, k) => byLength.set(keyword.length, [...(byLength.get(keyword.length) ?? []), k]));
    const bytes = this.bytes;
    this.keywordAt.forEach((id, at) => {
      let end = at;
      while (isKeyword(bytes[end])) end++;
      const candidates = byLength.get(end - at);
      if (!candidates) return;
      for (const k of candidates) {
        const keyword = keywords[k]!;
        let i = keyword.length - 1;
        while (i >= 0 && bytes[at + i] === keyword[i]) i--;
        if (i < 0) {
          out[k]!.push(id);
          return;
        }
      }
    });
    return out;
  }

  /**
   * The references (#id) of the attribute list opening at `open`, at any depth, in order, until its ')' (strings
   * skipped), into `into.ids` from `into.count` on (growing it as needed): for entities whose attributes are references
   * and enumerations only (faces, bounds, loops, shells), thousands of which are read without an array each. Returns
   * the new count.
   */
  refsInto(open: number, into: RefBuffer): number {
    const bytes = this.bytes;
    let depth = 0;
    for (let i = open; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c === HASH) {
        let id = 0;
        for (i++; isDigit(bytes[i]); i++) id = id * 10 + bytes[i]! - ZERO;
        pushRef(into, id);
        i--;
      } else if (c === OPEN) depth++;
      else if (c === CLOSE) {
        if (--depth === 0) break;
      } else if (c === 0x27) {
        i = bytes.indexOf(0x27, i + 1);
        if (i < 0) break;
      } else if (c === SEMICOLON) break;
    }
    return into.count;
  }

  /**
   * The numbers of the attribute list opening at `open`, at any depth, in order, until its ')' (for a point's
   * coordinates, `((x,y,z))`). NaN for a token that is not a number.
   */
  numbers(open: number, out: number[] = []): number[] {
    const bytes = this.bytes;
    let depth = 0;
    let i = open;
    while (i < bytes.length) {
      const c = bytes[i]!;
      if (c === OPEN) {
        depth++;
        i++;
      } else if (c === CLOSE) {
        if (--depth === 0) return out;
        i++;
      } else if (c === COMMA || isBlank(c)) i++;
      else if (c === SEMICOLON) return out;
      else i = this.readNumber(i, out);
    }
    return out;
  }

  /**
   * Reads the number starting at `start` into `out`, and returns where it ends. Exactly as Number() would read it: a
   * mantissa up to 2^53 with a power of ten up to 22 are exact in a double, so one multiplication or division rounds
   * it correctly; other numbers are read by Number() itself.
   */
  private readNumber(start: number, out: number[]): number {
    const bytes = this.bytes;
    let i = start;
    let negative = false;
    if (bytes[i] === MINUS || bytes[i] === PLUS) negative = bytes[i++] === MINUS;
    let mantissa = 0;
    let digits = 0;
    let exponent = 0;
    for (; isDigit(bytes[i]); i++, digits++) mantissa = mantissa * 10 + bytes[i]! - ZERO;
    if (bytes[i] === DOT) {
      for (i++; isDigit(bytes[i]); i++, digits++, exponent--) mantissa = mantissa * 10 + bytes[i]! - ZERO;
    }
    if (bytes[i] === E_UPPER || bytes[i] === E_LOWER) {
      let e = 0;
      let eNegative = false;
      i++;
      if (bytes[i] === MINUS || bytes[i] === PLUS) eNegative = bytes[i++] === MINUS;
      for (; isDigit(bytes[i]); i++) e = e * 10 + bytes[i]! - ZERO;
      exponent += eNegative ? -e : e;
    }
    let end = i;
    while (end < bytes.length && bytes[end] !== COMMA && bytes[end] !== CLOSE && !isBlank(bytes[end])) end++;
    if (end !== i || digits === 0) {
      out.push(end === start ? NaN : Number(bytes.toString('latin1', start, end)));
      return Math.max(end, start + 1);
    }
    if (mantissa <= Number.MAX_SAFE_INTEGER && exponent >= -22 && exponent <= 22) {
      const value = exponent < 0 ? mantissa / EXACT_POWERS[-exponent]! : mantissa * EXACT_POWERS[exponent]!;
      out.push(negative ? -value : value);
    } else out.push(Number(bytes.toString('latin1', start, end)));
    return end;
  }
}

const SLASH = 0x2f;
const STAR = 0x2a;

/** Where the next byte after `i` that is neither a blank nor in a /* comment *\/ is. */
function skipBlanksAndComments(bytes: Buffer, i: number): number {
  for (;;) {
    while (isBlank(bytes[i])) i++;
    if (bytes[i] !== SLASH || bytes[i + 1] !== STAR) return i;
    const end = bytes.indexOf('*/', i + 2, 'latin1');
    if (end < 0) return bytes.length;
    i = end + 2;
  }
}

/** Keyword bytes a hash is made of (keywordHash), after the three that most keywords share (IFC). */
const HASHED_FROM = 3;
const HASHED_TO = 9;

/**
 * A hash of the keyword starting at `at`, never 0: FNV-1a of its characters from the fourth to the ninth, for
 * StepIndex.idsWithKeyword. Hashing more of each keyword cost more than the grouping saved; keywords that share those
 * six characters (IFCPROPERTYSET, IFCPROPERTYSINGLEVALUE) share a group, which a lookup checks.
 */
function keywordHash(bytes: Uint8Array, at: number): number {
  let hash = 0x811c9dc5;
  for (let i = at + HASHED_FROM; i < at + HASHED_TO; i++) {
    const c = bytes[i]!;
    if (!isKeyword(c)) break;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  return hash | 0 || 1;
}

/**
 * The top-level attributes of the list opening at `open`, one per attribute: a reference as its express id, any other
 * value ($, *, a number, a list, a string) as its text. For the few entities read by position (placements, relations).
 */
export function attributesAt(bytes: Buffer, open: number): (number | string)[] {
  const out: (number | string)[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === OPEN) depth++;
    else if (c === CLOSE) {
      if (--depth === 0) {
        if (i > start || out.length > 0) out.push(attribute(bytes, start, i));
        return out;
      }
    } else if (c === COMMA && depth === 1) {
      out.push(attribute(bytes, start, i));
      start = i + 1;
    } else if (c === 0x27) {
      i = bytes.indexOf(0x27, i + 1);
      if (i < 0) return out;
    } else if (c === SEMICOLON) return out;
  }
  return out;
}

/** An attribute as attributesAt gives it, read as a number: NaN unless a number is written there. */
export const realOf = (attr: number | string | undefined): number => (typeof attr === 'string' ? Number(attr) : NaN);

/** An attribute as attributesAt gives it, read as a reference: its express id, or undefined when it is none. */
export const refOf = (attr: number | string | undefined): number | undefined => (typeof attr === 'number' ? attr : undefined);

/** The attribute between `start` and `end`, blanks trimmed: a reference as its express id, anything else as its text (`*` as `$`). */
function attribute(bytes: Buffer, start: number, end: number): number | string {
  let a = start;
  let b = end;
  while (isBlank(bytes[a])) a++;
  while (b > a && isBlank(bytes[b - 1])) b--;
  let id = 0;
  let digits = 0;
  if (bytes[a] === HASH) for (let i = a + 1; i < b && isDigit(bytes[i]); i++, digits++) id = id * 10 + bytes[i]! - ZERO;
  if (digits > 0 && digits === b - a - 1) return id;
  // `*` (a derived attribute) reads as `$`, as stars.ts gives it to web-ifc.
  return b === a + 1 && bytes[a] === STAR ? '$' : bytes.toString('latin1', a, b);
}

/** A reusable list of references (StepIndex.refsInto). */
export interface RefBuffer {
  ids: Int32Array;
  count: number;
}

export const refBuffer = (): RefBuffer => ({ ids: new Int32Array(64), count: 0 });

/** Adds an id to a RefBuffer, growing it as needed. */
export function pushRef(into: RefBuffer, id: number): void {
  if (into.count === into.ids.length) {
    const next = new Int32Array(into.ids.length * 2);
    next.set(into.ids);
    into.ids = next;
  }
  into.ids[into.count++] = id;
}

/** STEP keywords as the bytes StepIndex.open compares. */
export const keywords = (...names: string[]): Buffer[] => names.map((name) => Buffer.from(name, 'latin1'));

/**
 * Express ids grouped by their keyword's hash: the group numbered `numberOfHash.get(hash)` holds ids[starts[number]] up
 * to (not including) ids[starts[number + 1]], ascending.
 */
interface KeywordGroups {
  numberOfHash: Map<number, number>;
  starts: Int32Array;
  ids: Int32Array;
}
