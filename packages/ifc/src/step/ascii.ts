/** The bytes of STEP's punctuation, for the passes over a file's bytes (stars.ts, voids.ts, step-text.ts, step-index.ts). */
export const ASCII = {
  tab: 0x09,
  newline: 0x0a,
  carriageReturn: 0x0d,
  space: 0x20,
  hash: 0x23,
  dollar: 0x24,
  quote: 0x27,
  open: 0x28,
  close: 0x29,
  star: 0x2a,
  comma: 0x2c,
  zero: 0x30,
  nine: 0x39,
  semicolon: 0x3b,
  equals: 0x3d,
} as const;

/** Whether a byte is a STEP blank (space, tab, line break). */
export const isBlank = (c: number | undefined): boolean =>
  c === ASCII.space || c === ASCII.newline || c === ASCII.carriageReturn || c === ASCII.tab;

/** Whether a byte is a decimal digit. */
export const isDigit = (c: number | undefined): boolean => c !== undefined && c >= ASCII.zero && c <= ASCII.nine;

/** Whether a byte can be part of a STEP keyword: an upper-case letter, a digit or '_'. */
export const isKeyword = (c: number | undefined): boolean => c !== undefined && ((c >= 0x41 && c <= 0x5a) || isDigit(c) || c === 0x5f);
