// Test support: a drawing read back as a user's tools read it — the PDF through poppler (pdftoppm, pdftotext), the DXF
// through dxf-parser — so that tests assert what the user sees, not what the writer meant.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import DxfParser from 'dxf-parser';

function inTemp<T>(data: Uint8Array, run: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'edrf-drawing-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, data);
    return run(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page as pdftotext extracts it. */
export function pdfPageTexts(data: Uint8Array): string[] {
  return inTemp(data, (_dir, file) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1),
  );
}

/** A word as pdftotext -bbox places it: its page (from 1, and its width) and its box in points from the page's top left. */
export interface PdfWord {
  page: number;
  pageWidth: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every word of the document with where it stands (pdftotext -bbox). */
export function pdfWords(data: Uint8Array): PdfWord[] {
  const html = inTemp(data, (_dir, file) => execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
  const words: PdfWord[] = [];
  html
    .split('<page ')
    .slice(1)
    .forEach((page, i) => {
      const pageWidth = Number(page.match(/^width="([\d.]+)"/)?.[1]);
      for (const m of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g))
        words.push({
          page: i + 1,
          pageWidth,
          text: unescapeXml(m[5]!),
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
        });
    });
  return words;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Each page rendered to PNG by pdftoppm at `dpi`: the files' bytes, in page order. */
export function pdfPngs(data: Uint8Array, dpi = 50): Buffer[] {
  return inTemp(data, (dir, file) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(a.match(/(\d+)\.png$/)![1]) - Number(b.match(/(\d+)\.png$/)![1]))
      .map((f) => readFileSync(path.join(dir, f)));
  });
}

/** A page rendered in grey (pdftoppm -gray, PGM) at `dpi`: width, height and one byte per pixel (0 black). */
export function pdfGrey(data: Uint8Array, dpi: number, page = 1): { width: number; height: number; pixels: Uint8Array } {
  return inTemp(data, (dir, file) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), file, path.join(dir, 'g')]);
    return netpbm(
      readFileSync(
        path.join(
          dir,
          readdirSync(dir).find((f) => f.endsWith('.pgm'))!,
        ),
      ),
    );
  });
}

/** A page rendered in colour (pdftoppm's PPM) at `dpi`: width, height and three bytes (r, g, b) per pixel. */
export function pdfRgb(data: Uint8Array, dpi: number, page = 1): { width: number; height: number; pixels: Uint8Array } {
  return inTemp(data, (dir, file) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), file, path.join(dir, 'c')]);
    return netpbm(
      readFileSync(
        path.join(
          dir,
          readdirSync(dir).find((f) => f.endsWith('.ppm'))!,
        ),
      ),
    );
  });
}

/** A binary PGM or PPM (P5, P6): its header's width and height, and the pixel bytes after it. */
function netpbm(bytes: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[i]!))) i++;
    let token = '';
    while (!/\s/.test(String.fromCharCode(bytes[i]!))) token += String.fromCharCode(bytes[i++]!);
    fields.push(token);
  }
  i++;
  return { width: Number(fields[1]), height: Number(fields[2]), pixels: new Uint8Array(bytes.subarray(i)) };
}

export interface DxfEntity {
  type: string;
  layer: string;
  text?: string;
  name?: string;
  position?: { x: number; y: number };
  startPoint?: { x: number; y: number };
  /** An LWPOLYLINE's vertices, each with the bulge of the segment from it (absent where straight). */
  vertices?: { x: number; y: number; bulge?: number }[];
  center?: { x: number; y: number };
  radius?: number;
  /** An INSERT's scale, a TEXT's height. */
  xScale?: number;
  textHeight?: number;
}

export interface DxfRead {
  layers: string[];
  blocks: string[];
  entities: DxfEntity[];
  header: Record<string, unknown>;
}

/** A DXF read back by dxf-parser. */
export function readDxf(data: Uint8Array | string): DxfRead {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
  const parsed = new DxfParser().parseSync(text) as unknown as {
    tables: { layer: { layers: Record<string, unknown> } };
    blocks: Record<string, unknown>;
    entities: DxfEntity[];
    header: Record<string, unknown>;
  };
  return {
    layers: Object.keys(parsed.tables.layer.layers),
    blocks: Object.keys(parsed.blocks),
    entities: parsed.entities,
    header: parsed.header,
  };
}
