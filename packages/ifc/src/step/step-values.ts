/**
 * One entity's attributes read from the STEP text in web-ifc's raw form (what its GetRawLineData gives): a string as
 * `{type: 1, value}` (escapes decoded), a reference as `{type: 5, value: id}`, an enumeration as `{type: 3, value}`
 * (.T. and .F. as booleans), a real as `{type: 4, value}` with its text as written, an integer as `{type: 10, value}`,
 * a typed value such as IFCLABEL('x') as `{type: 2, typecode, value}`, `$` as null, a list as an array. web-ifc's own
 * FromRawLineData makes its line objects from these (text-lines.ts).
 */
import { ASCII, isBlank, isDigit, isKeyword } from './ascii.js';

const {
  open: OPEN,
  close: CLOSE,
  comma: COMMA,
  quote: QUOTE,
  hash: HASH,
  dollar: DOLLAR,
  star: STAR,
  semicolon: SEMICOLON,
  zero: ZERO,
} = ASCII;
const DOT = 0x2e;
const BACKSLASH = 0x5c;

/** web-ifc's token types (its IfcTokenType), as its raw attributes carry them. */
const STRING = 1;
const LABEL = 2;
const ENUM = 3;
const REAL = 4;
const REF = 5;
const INTEGER = 10;

export type RawValue = { type: number; value: unknown; typecode?: number } | RawValue[] | null;

/**
 * Reads STEP values one after another, the way web-ifc's tokenizer does, from an entity's '(' to its ')'; a ';'
 * before the end (a truncated entity) ends the reading.
 */
class ValueReader {
  i: number;
  constructor(
    private readonly bytes: Buffer,
    open: number,
    private readonly typeOf: (keyword: string) => number,
  ) {
    this.i = open;
  }

  /** The list opening at this.i. */
  list(): RawValue[] {
    const bytes = this.bytes;
    const out: RawValue[] = [];
    this.i++;
    for (;;) {
      while (isBlank(bytes[this.i]) || bytes[this.i] === COMMA) this.i++;
      const c = bytes[this.i];
      if (c === undefined || c === SEMICOLON) return out;
      if (c === CLOSE) {
        this.i++;
        return out;
      }
      if (c === STAR) {
        // `*` (a derived attribute) read as `$`, as stars.ts gives it to web-ifc: web-ifc would drop it altogether.
        this.i++;
        out.push(null);
        continue;
      }
      out.push(this.value());
    }
  }

  private value(): RawValue {
    const bytes = this.bytes;
    const c = bytes[this.i]!;
    if (c === OPEN) return this.list();
    if (c === DOLLAR) {
      this.i++;
      return null;
    }
    if (c === QUOTE) return { type: STRING, value: this.string() };
    if (c === HASH) {
      let id = 0;
      for (this.i++; isDigit(bytes[this.i]); this.i++) id = id * 10 + bytes[this.i]! - ZERO;
      return { type: REF, value: id };
    }
    if (c === DOT) {
      const end = bytes.indexOf(DOT, this.i + 1);
      const name = bytes.toString('latin1', this.i + 1, end < 0 ? bytes.length : end);
      this.i = end < 0 ? bytes.length : end + 1;
      return { type: ENUM, value: name === 'T' ? true : name === 'F' ? false : name === 'U' ? undefined : name };
    }
    if (isKeyword(c) && !isDigit(c)) return this.typed();
    return this.number();
  }

  /** A typed value, KEYWORD(value): web-ifc keeps the inner value and the keyword's type code. */
  private typed(): RawValue {
    const bytes = this.bytes;
    const start = this.i;
    while (isKeyword(bytes[this.i])) this.i++;
    const typecode = this.typeOf(bytes.toString('latin1', start, this.i));
    while (isBlank(bytes[this.i])) this.i++;
    if (bytes[this.i] !== OPEN) return { type: LABEL, typecode, value: null };
    const inner = this.list();
    const first = inner[0];
    const value = first && !Array.isArray(first) ? first.value : (first ?? null);
    return { type: LABEL, typecode, value };
  }

  private number(): RawValue {
    const bytes = this.bytes;
    const start = this.i;
    let real = false;
    for (; this.i < bytes.length; this.i++) {
      const c = bytes[this.i]!;
      if (c === COMMA || c === CLOSE || c === SEMICOLON || isBlank(c)) break;
      if (c === DOT || c === 0x45 || c === 0x65) real = true;
    }
    const text = bytes.toString('latin1', start, this.i);
    if (this.i === start) this.i++;
    return real ? { type: REAL, value: text } : { type: INTEGER, value: Number(text) };
  }

  /** The string opening at this.i, decoded (decodeStepString); this.i ends past its closing quote. */
  private string(): string {
    const bytes = this.bytes;
    const start = this.i + 1;
    let plain = true;
    let end = start;
    for (; end < bytes.length; end++) {
      const c = bytes[end];
      if (c === BACKSLASH) plain = false;
      else if (c === QUOTE) {
        if (bytes[end + 1] !== QUOTE) break;
        plain = false;
        end++;
      }
    }
    this.i = end + 1;
    return plain ? bytes.toString('utf8', start, end) : decodeStepString(bytes.subarray(start, end));
  }
}

/** The attributes of the entity whose '(' is at `open`, raw as web-ifc's GetRawLineData gives them. */
export function rawAttributes(bytes: Buffer, open: number, typeOf: (keyword: string) => number): RawValue[] {
  return new ValueReader(bytes, open, typeOf).list();
}

/** A hex digit's value as web-ifc reads it (0 for anything else). */
const hexDigit = (c: number | undefined): number =>
  c === undefined ? 0 : c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x41 + 10 : 0;

const ISO_8859 = Array.from({ length: 9 }, (_, page) => new TextDecoder(page === 0 ? 'iso-8859-1' : `iso-8859-${page + 1}`));
const MAC_ROMAN = new TextDecoder('macintosh');

/**
 * A STEP string's escapes decoded as web-ifc decodes them (ISO 10303-21, its p21decode): '' a quote, \\ a backslash,
 * \X2\…\X0\ UTF-16, \X4\…\X0\ code points, \X\hh one character (Latin-1; from a byte 0x80–0x9F on, which Latin-1 has
 * not, web-ifc reads such bytes as Mac Roman, as here for the rest of the string), \S\c the character c + 128 of the
 * current code page (\PA\ to \PI\: ISO 8859-1 to 9); any other byte as it is, read as UTF-8. An escape web-ifc cannot
 * read makes the whole string empty, as web-ifc does.
 */
export function decodeStepString(bytes: Buffer): string {
  const out: number[] = [];
  const push = (text: string) => {
    for (const b of Buffer.from(text, 'utf8')) out.push(b);
  };
  let codepage = 0;
  let roman = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      if (bytes[i + 1] !== QUOTE) return '';
      out.push(QUOTE);
      i++;
      continue;
    }
    if (c !== BACKSLASH) {
      out.push(c);
      continue;
    }
    const kind = bytes[i + 1];
    if (kind === BACKSLASH) {
      out.push(BACKSLASH);
      i++;
    } else if (kind === 0x58 /* X */ && bytes[i + 2] === BACKSLASH) {
      const code = hexDigit(bytes[i + 3]) * 16 + hexDigit(bytes[i + 4]);
      if (code >= 0x80 && code <= 0x9f) roman = true;
      push(roman && code >= 0x80 ? MAC_ROMAN.decode(Uint8Array.of(code)) : String.fromCharCode(code));
      i += 4;
    } else if (kind === 0x58 && (bytes[i + 2] === 0x32 || bytes[i + 2] === 0x34) && bytes[i + 3] === BACKSLASH) {
      const width = bytes[i + 2] === 0x32 ? 4 : 8;
      const end = bytes.indexOf('\\X0\\', i + 4, 'latin1');
      if (end < 0) return '';
      const units: number[] = [];
      for (let at = i + 4; at + width <= end; at += width) {
        let unit = 0;
        for (let d = 0; d < width; d++) unit = unit * 16 + hexDigit(bytes[at + d]);
        units.push(unit);
      }
      push(width === 4 ? String.fromCharCode(...units) : String.fromCodePoint(...units));
      i = end + 3;
    } else if (kind === 0x53 /* S */ && bytes[i + 2] === BACKSLASH && i + 3 < bytes.length) {
      push(ISO_8859[codepage]!.decode(Uint8Array.of((bytes[i + 3]! + 128) & 0xff)));
      i += 3;
    } else if (kind === 0x50 /* P */ && bytes[i + 3] === BACKSLASH && bytes[i + 2]! >= 0x41 && bytes[i + 2]! <= 0x49) {
      codepage = bytes[i + 2]! - 0x41;
      i += 3;
    } else return '';
  }
  return Buffer.from(out).toString('utf8');
}
