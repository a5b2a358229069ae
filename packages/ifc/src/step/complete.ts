/**
 * Whether a file's STEP text is whole: it must end with `END-ISO-10303-21;`. A file cut short (an upload or a copy
 * that stopped at 10 %, 50 % or 99 %) reads as a smaller model that is missing part of the building, with nothing to
 * tell the user so; it is refused instead, saying where it ends (docs/ifc.md, "Incomplete files").
 */
import { ASCII, isBlank, isDigit } from './ascii.js';

const { quote: QUOTE, semicolon: SEMICOLON, hash: HASH, equals: EQUALS, zero: ZERO, newline: NEWLINE } = ASCII;
const SLASH = 0x2f;
const STAR = 0x2a;
const END = Buffer.from('END-ISO-10303-21', 'latin1');
const DATA = Buffer.from('DATA;', 'latin1');
/** How far from the end the closing keyword is looked for: blanks, a comment or a few NULs of padding may follow it. */
const TAIL_BYTES = 4096;

/** Whether the text ends with `END-ISO-10303-21;`, blanks, NUL padding and comments after it allowed. */
export function endsComplete(text: Buffer): boolean {
  const from = Math.max(0, text.length - TAIL_BYTES);
  const at = text.lastIndexOf(END, text.length);
  if (at < from) return false;
  let i = at + END.length;
  while (isBlank(text[i])) i++;
  if (text[i] !== SEMICOLON) return false;
  for (i++; i < text.length; i++) {
    const c = text[i]!;
    if (isBlank(c) || c === 0) continue;
    if (c === SLASH && text[i + 1] === STAR) {
      const close = text.indexOf('*/', i + 2, 'latin1');
      if (close < 0) return false;
      i = close + 1;
      continue;
    }
    return false;
  }
  return true;
}

/**
 * Why the text is not whole, as the user is told (the file is refused): where it ends (line, byte) and in what (an
 * entity, a string in one, the header), e.g. "The IFC file is incomplete: it ends at line 812 (byte 40960) inside
 * entity #123, without the closing 'END-ISO-10303-21;'. Nothing was imported: part of the building would be missing." undefined for a whole file. A pass over the text only when it is cut short.
 */
export function incompleteFile(text: Buffer): string | undefined {
  if (endsComplete(text)) return undefined;
  let line = 1;
  let inString = false;
  let inComment = false;
  /** Whether the statement since the last ';' has begun (anything but blanks and comments). */
  let inStatement = false;
  /** The express id of the entity the current (or, between statements, the last) statement is; 0 for none. */
  let entity = 0;
  let statementEntity = 0;
  const data = text.indexOf(DATA);
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    // The last byte's line: a line break that ends the file does not start another.
    if (c === NEWLINE && i < n - 1) line++;
    if (inComment) {
      if (c === STAR && text[i + 1] === SLASH) {
        inComment = false;
        i++;
      }
    } else if (inString) {
      if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
      inStatement = true;
    } else if (c === SLASH && text[i + 1] === STAR) {
      inComment = true;
      i++;
    } else if (c === SEMICOLON) {
      inStatement = false;
      if (statementEntity !== 0) entity = statementEntity;
      statementEntity = 0;
    } else if (!isBlank(c) && !inStatement) {
      inStatement = true;
      statementEntity = c === HASH ? entityIdAt(text, i) : 0;
    }
  }
  const where = `it ends at line ${line} (byte ${n})`;
  let what: string;
  if (inComment) what = 'inside a comment';
  else if (statementEntity !== 0) what = inString ? `inside a string of entity #${statementEntity}` : `inside entity #${statementEntity}`;
  else if (data < 0) what = inString ? 'inside a string of its header' : 'in its header';
  else if (entity === 0) what = 'before its first entity';
  else what = inString ? `inside a string after entity #${entity}` : `after entity #${entity}`;
  return `The IFC file is incomplete: ${where} ${what}, without the closing 'END-ISO-10303-21;'. Nothing was imported: part of the building would be missing.`;
}

/** The express id of `#id=` at `at`; 0 when the text there is not one. */
function entityIdAt(text: Buffer, at: number): number {
  let id = 0;
  let i = at + 1;
  for (; isDigit(text[i]); i++) id = id * 10 + text[i]! - ZERO;
  if (i === at + 1) return 0;
  while (isBlank(text[i])) i++;
  return text[i] === EQUALS ? id : 0;
}
