// Test support: a form PDF read back as its reader reads it — the words where poppler (pdftotext -bbox) finds them —
// so a test can ask what is written in the box under a label, not merely somewhere on the page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PdfWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Words lower than this (pt) are the boxes' labels (6.5 pt type); values, titles and checkboxes are taller. */
const LABEL_HEIGHT = 8.5;
/** The lines of one box's text are this close (pt, top to top); a box's first line starts within FIRST_LINE of its label. */
const LINE_STEP = 13;
const FIRST_LINE = 14;

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Each page's words with their boxes (pt from the top left). */
export function pdfWords(data: Uint8Array): PdfWord[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'edrf-form-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, data);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return html
      .split('<page ')
      .slice(1)
      .map((page) =>
        [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
          text: unescape(m[5]!),
        })),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isLabel = (w: PdfWord) => w.y1 - w.y0 < LABEL_HEIGHT;

/**
 * What is written in each box labelled `label` on the page, in reading order: its lines joined by '\n', the words of
 * a line by ' ' ('☐ A ☒ B' for checkboxes); '' for an empty box. The box runs from the label to the next label to
 * its right, and down to the next label under it or the first gap wider than a line.
 */
export function fieldValues(words: PdfWord[], label: string): string[] {
  const parts = label.split(' ');
  const out: string[] = [];
  for (let i = 0; i + parts.length <= words.length; i++) {
    const run = words.slice(i, i + parts.length);
    if (!run.every((w, k) => w.text === parts[k] && isLabel(w) && Math.abs(w.y0 - run[0]!.y0) < 0.5)) continue;
    const { x0: left, y0: top } = run[0]!;
    const end = run[run.length - 1]!.x1;
    const right = Math.min(Infinity, ...words.filter((w) => isLabel(w) && Math.abs(w.y0 - top) < 0.5 && w.x0 > end + 4).map((w) => w.x0));
    const inBox = (w: PdfWord) => w.x0 >= left - 1 && w.x0 < right - 1 && w.y0 > top + 1;
    const below = Math.min(Infinity, ...words.filter((w) => isLabel(w) && inBox(w)).map((w) => w.y0));
    const candidates = words.filter((w) => inBox(w) && !isLabel(w) && w.y0 < below).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    const lines: PdfWord[][] = [];
    let last = top;
    for (const w of candidates) {
      const line = lines[lines.length - 1];
      if (line && Math.abs(w.y0 - line[0]!.y0) < 3) {
        line.push(w);
        continue;
      }
      if (w.y0 - last > (lines.length === 0 ? FIRST_LINE : LINE_STEP)) break;
      lines.push([w]);
      last = w.y0;
    }
    out.push(
      lines
        .map((line) =>
          line
            .sort((a, b) => a.x0 - b.x0)
            .map((w) => w.text)
            .join(' '),
        )
        .join('\n'),
    );
  }
  return out;
}

/** The one box labelled `label` on any page; fails when there is none or more than one. */
export function fieldValue(pages: PdfWord[][], label: string): string {
  const found = pages.flatMap((words) => fieldValues(words, label));
  if (found.length !== 1) throw new Error(`${found.length} boxes labelled '${label}'`);
  return found[0]!;
}

/** The options of a checkbox box: each option's label and whether it is crossed (☒) or not (☐). */
export function checkedOptions(value: string): { label: string; checked: boolean }[] {
  return [...value.replace(/\n/g, ' ').matchAll(/([☐☒])\s*([^☐☒]+)/g)].map((m) => ({ label: m[2]!.trim(), checked: m[1] === '☒' }));
}
