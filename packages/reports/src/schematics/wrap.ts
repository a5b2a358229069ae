import { TEXT_WIDTH_FACTOR } from '../drawing/plan-canvas.js';

/** DejaVu Sans Bold runs this much wider than the regular face (as furniture.ts's fitText reckons). */
const BOLD_WIDTH = 1.15;

/** The paper width (mm) of a text at cap height `size`. */
export const textWidth = (text: string, size: number, bold = false) => text.length * size * TEXT_WIDTH_FACTOR * (bold ? BOLD_WIDTH : 1);

/**
 * A text broken into lines of at most `width` mm at `size`, at spaces (after ' · ' where it has them); a word wider
 * than a line is cut with '…' rather than printed smaller.
 */
export function wrap(text: string, width: number, size: number, bold = false): string[] {
  const fits = (t: string) => textWidth(t, size, bold) <= width;
  if (fits(text)) return [text];
  const parts = text.includes(' · ') ? text.split(' · ').map((p, i, all) => (i < all.length - 1 ? `${p} ·` : p)) : [text];
  const words = parts.flatMap((part) => (fits(part) ? [part] : part.split(' ')));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) line = next;
    else {
      if (line) lines.push(line);
      line = fits(word) ? word : cut(word, width, size, bold);
    }
  }
  if (line) lines.push(line);
  // A line broken after ' ·' ends without it.
  return lines.map((l) => (l.endsWith(' ·') ? l.slice(0, -2) : l));
}

/** A text cut with '…' to `width` mm at `size`. */
export function cut(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  const chars = Math.max(1, Math.floor(width / textWidth('x', size, bold)) - 1);
  return `${text.slice(0, chars)}…`;
}
