/** The bytes of STEP's punctuation, for the passes over a file's bytes before web-ifc reads it (stars.ts, voids.ts). */
export const ASCII = {
  newline: 0x0a,
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
  equals: 0x3d,
} as const;
