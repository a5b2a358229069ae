import { createPdf, POINTS_PER_MM, SHEET_SIZES } from '../pdf/document.js';
import type { SymbolSet } from '../symbols/library.js';
import { bulgeBeziers } from './arcs.js';
import type { Item, Pt } from './items.js';
import type { Sheet } from './sheet-set.js';

/** DejaVu Sans's cap height as a share of its em: a text's size is its cap height on paper. */
const CAP_HEIGHT = 0.73;

/**
 * Draws sheets into one PDF, a page each, taking them one at a time from `sheets` (each made, drawn and let go before
 * the next); the PDF's bytes stream out into the chunks returned.
 */
export async function sheetsToPdf(sheets: Iterable<Sheet>, symbols: SymbolSet, title: string): Promise<Uint8Array> {
  const iterator = sheets[Symbol.iterator]();
  let next = iterator.next();
  if (next.done) throw new Error('A drawing needs at least one sheet');
  const doc = createPdf({ size: next.value.layout.size, layout: 'landscape', title });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const fonts = fontsOf(doc);
  let first = true;
  while (!next.done) {
    const sheet = next.value;
    if (!first) doc.addPage({ size: SHEET_SIZES[sheet.layout.size].pt, layout: 'landscape', margin: 0 });
    first = false;
    doc.outline.addItem(sheet.title);
    drawSheet(doc, sheet, symbols, fonts);
    next = iterator.next();
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

type Doc = PDFKit.PDFDocument;

/** A coordinate or length in points as written: a thousandth of a point (0.35 µm) is finer than any printer. */
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/** '#rrggbb' as the three components PDF takes (0–1). */
function rgb(hex: string): string {
  const v = parseInt(hex.slice(1), 16);
  return `${num((v >> 16) / 255)} ${num(((v >> 8) & 0xff) / 255)} ${num((v & 0xff) / 255)}`;
}

/** The Bézier handle of a quarter circle, as pdfkit draws circles. */
const KAPPA = (4 * (Math.SQRT2 - 1)) / 3;

/**
 * What the page writer uses of a pdfkit font (pdfkit 0.20's EmbeddedFont): its resource name, its widths, and its
 * encoding of a text into glyph ids (which also puts the glyphs into the embedded subset and the text into its ToUnicode
 * map, so readers extract the text).
 */
interface PdfFont {
  id: string;
  ref(): unknown;
  widthOfString(text: string, size: number): number;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
}

/** The document's Sans and Sans-Bold, as pdfkit opened them (createPdf registers both, selects Sans). */
function fontsOf(doc: Doc): (bold: boolean) => PdfFont {
  const opened: Partial<Record<'Sans' | 'Sans-Bold', PdfFont>> = {};
  return (bold) => {
    const name = bold ? 'Sans-Bold' : 'Sans';
    // Opened when first used: pdfkit embeds every font opened, used or not.
    if (!opened[name]) {
      doc.font(name);
      opened[name] = (doc as unknown as { _font: PdfFont })._font;
    }
    return opened[name];
  };
}

/** How a path is painted: as drawItem's paint() took it. */
interface PaintStyle {
  fill: string | null | undefined;
  stroke: string | null;
  /** Paper mm. */
  width: number;
  opacity?: number;
  dash?: readonly [number, number];
}

/** Batched operators are handed to pdfkit in pieces of about this many. */
const BATCH = 4096;

/**
 * A page's lines, outlines, circles and texts written as PDF operators straight into its content, a batch at a time,
 * the graphics state (line width, dash, colours, fill opacity) written only where it changes: a plan's sheet has some
 * 100,000 paths and 10,000 texts, and a pdfkit call per operator (its text three width measurements and a dozen
 * buffers each) made the drawings slow and their garbage large. pdfkit keeps the document: pages, fonts (subset and
 * ToUnicode by its font's encode), the graphics states of fill opacities, compression.
 */
class PageWriter {
  private parts: string[] = [];
  private width = '';
  private dash = '';
  private strokeColour = '';
  private fillColour = '';
  /** A page starts at full opacity. */
  private opacity = 1;

  constructor(
    private readonly doc: Doc,
    private readonly font: (bold: boolean) => PdfFont,
  ) {}

  private write(): void {
    if (this.parts.length) this.doc.addContent(this.parts.join('\n'));
    this.parts = [];
  }

  /** At the page's end: the batch written, the fill opacity back to 1 for whatever pdfkit writes after. */
  handOver(): void {
    this.write();
    if (this.opacity !== 1) this.doc.fillOpacity(1);
    [this.width, this.dash, this.strokeColour, this.fillColour, this.opacity] = ['', '', '', '', 1];
  }

  /** The state a path is painted with, set before its first operator (PDF changes no state inside a path). */
  begin(style: PaintStyle): void {
    const { fill, stroke } = style;
    if (stroke) {
      const width = `${num(style.width * POINTS_PER_MM)} w`;
      if (width !== this.width) this.parts.push((this.width = width));
      const dash = style.dash ? `[${num(style.dash[0] * POINTS_PER_MM)} ${num(style.dash[1] * POINTS_PER_MM)}] 0 d` : '[] 0 d';
      if (dash !== this.dash) this.parts.push((this.dash = dash));
      const colour = `${rgb(stroke)} RG`;
      if (colour !== this.strokeColour) this.parts.push((this.strokeColour = colour));
    }
    if (fill) {
      const opacity = Math.max(0, Math.min(1, style.opacity ?? 1));
      if (opacity !== this.opacity) {
        // pdfkit keeps the document's graphics states (ExtGState, one per opacity): its operator follows the batch.
        this.write();
        this.doc.fillOpacity(opacity);
        this.opacity = opacity;
      }
      const colour = `${rgb(fill)} rg`;
      if (colour !== this.fillColour) this.parts.push((this.fillColour = colour));
    }
  }

  moveTo(x: number, y: number): void {
    this.parts.push(`${num(x)} ${num(y)} m`);
  }

  lineTo(x: number, y: number): void {
    this.parts.push(`${num(x)} ${num(y)} l`);
  }

  curveTo(c1: readonly [number, number], c2: readonly [number, number], end: readonly [number, number]): void {
    this.parts.push(`${num(c1[0])} ${num(c1[1])} ${num(c2[0])} ${num(c2[1])} ${num(end[0])} ${num(end[1])} c`);
  }

  close(): void {
    this.parts.push('h');
  }

  circle(x: number, y: number, r: number): void {
    const k = r * KAPPA;
    const c = (...v: number[]) => `${v.map(num).join(' ')} c`;
    this.parts.push(
      `${num(x - r)} ${num(y)} m`,
      c(x - r, y - k, x - k, y - r, x, y - r),
      c(x + k, y - r, x + r, y - k, x + r, y),
      c(x + r, y + k, x + k, y + r, x, y + r),
      c(x - k, y + r, x - r, y + k, x - r, y),
      'h',
    );
  }

  /**
   * One line of text with its baseline's anchor at (x, y) (points, y down), its cap height `size` (paper mm), turned
   * `rotation` degrees counter-clockwise round the anchor, on a white ground where `halo` (not for turned text). The
   * operators are pdfkit's own for text (its _fragment: the page flipped back, a text matrix, the glyphs with their
   * kerning as TJ), written here without pdfkit's per-operator buffers and its three width measurements per text.
   */
  text(
    text: string,
    x: number,
    y: number,
    size: number,
    anchor: 'left' | 'centre' | 'right',
    bold: boolean,
    colour: string,
    rotation: number,
    halo: boolean,
  ): void {
    if (text.length === 0) return;
    const font = this.font(bold);
    const fontSize = (size / CAP_HEIGHT) * POINTS_PER_MM;
    const width = font.widthOfString(text, fontSize);
    const dx = anchor === 'left' ? 0 : anchor === 'centre' ? -width / 2 : -width;
    if (halo && !rotation) {
      const pad = 0.3 * POINTS_PER_MM;
      const cap = size * POINTS_PER_MM;
      const ground: PaintStyle = { fill: '#ffffff', stroke: null, width: 0, opacity: 0.85 };
      this.begin(ground);
      this.parts.push(
        `${num(x + dx - pad)} ${num(y - cap - pad * 1.5)} ${num(width + 2 * pad)} ${num(cap + size * 0.3 * POINTS_PER_MM + 2 * pad)} re`,
      );
      this.paint(ground);
    }
    this.begin({ fill: colour, stroke: null, width: 0, opacity: 1 });
    const page = this.doc.page as unknown as { height: number; fonts: Record<string, unknown> };
    page.fonts[font.id] ??= font.ref();
    this.parts.push('q');
    if (rotation) {
      // pdfkit's rotate(-rotation, { origin: [x, y] }).
      const rad = (-rotation * Math.PI) / 180;
      const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
      this.parts.push(
        `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(x - (x * cos - y * sin))} ${num(y - (x * sin + y * cos))} cm`,
      );
    }
    const [tx, ty] = [x + dx, page.height - y];
    this.parts.push(`1 0 0 -1 0 ${num(page.height)} cm`, 'BT', `1 0 0 1 ${num(tx)} ${num(ty)} Tm`, `/${font.id} ${num(fontSize)} Tf`);
    const [encoded, positions] = font.encode(text);
    const scale = fontSize / 1000;
    // Runs of glyphs as TJ, each closed where a glyph's advance differs from its width (kerning); a glyph moved off the
    // baseline gets its own text matrix, as pdfkit writes it.
    let commands: string[] = [];
    let last = 0;
    let at = tx;
    let moved = false;
    const segment = (end: number) => {
      if (last < end) {
        const p = positions[end - 1]!;
        commands.push(`<${encoded.slice(last, end).join('')}> ${num(-(p.xAdvance - p.advanceWidth))}`);
      }
      last = end;
    };
    const flush = (end: number) => {
      segment(end);
      if (commands.length) this.parts.push(`[${commands.join(' ')}] TJ`);
      commands = [];
    };
    let i = 0;
    for (; i < positions.length; i++) {
      const p = positions[i]!;
      if (p.xOffset || p.yOffset) {
        flush(i);
        this.parts.push(`1 0 0 1 ${num(at + p.xOffset * scale)} ${num(ty + p.yOffset * scale)} Tm`);
        flush(i + 1);
        moved = true;
      } else {
        if (moved) {
          this.parts.push(`1 0 0 1 ${num(at)} ${num(ty)} Tm`);
          moved = false;
        }
        if (p.xAdvance - p.advanceWidth !== 0) segment(i + 1);
      }
      at += p.xAdvance * scale;
    }
    flush(i);
    this.parts.push('ET', 'Q');
    if (this.parts.length >= BATCH) this.write();
  }

  /** Paints the path built: filled, stroked, both, or neither (ended unpainted, so the next path starts clean). */
  paint(style: PaintStyle): void {
    const { fill, stroke } = style;
    this.parts.push(fill && stroke ? 'B' : fill ? 'f' : stroke ? 'S' : 'n');
    if (this.parts.length >= BATCH) this.write();
  }
}

function drawSheet(doc: Doc, sheet: Sheet, symbols: SymbolSet, fonts: (bold: boolean) => PdfFont): void {
  const h = sheet.layout.height;
  const at = (p: Pt): [number, number] => [p[0] * POINTS_PER_MM, (h - p[1]) * POINTS_PER_MM];
  const paths = new PageWriter(doc, fonts);
  for (const item of sheet.items) drawItem(paths, item, at, symbols);
  paths.handOver();
}

function drawItem(paths: PageWriter, item: Item, at: (p: Pt) => [number, number], symbols: SymbolSet): void {
  switch (item.kind) {
    case 'path': {
      if (item.points.length < 2) return;
      const style: PaintStyle = {
        fill: item.closed ? item.fill : null,
        stroke: item.stroke,
        width: item.width,
        opacity: item.fillOpacity,
        dash: item.dash,
      };
      paths.begin(style);
      const points = item.points;
      const bulges = item.bulges;
      for (let i = 0; i < points.length; i++) {
        const [x, y] = at(points[i]!);
        if (i === 0) paths.moveTo(x, y);
        else if (bulges?.[i - 1]) arcTo(paths, points[i - 1]!, points[i]!, bulges[i - 1]!, at);
        else paths.lineTo(x, y);
      }
      // A closed path's last bulge is its closing segment's.
      if (item.closed && bulges?.[points.length - 1]) arcTo(paths, points[points.length - 1]!, points[0]!, bulges[points.length - 1]!, at);
      if (item.closed) paths.close();
      paths.paint(style);
      return;
    }
    case 'circle': {
      const [x, y] = at(item.centre);
      const style: PaintStyle = { fill: item.fill, stroke: item.stroke, width: item.width, opacity: item.fillOpacity, dash: item.dash };
      paths.begin(style);
      paths.circle(x, y, item.radius * POINTS_PER_MM);
      paths.paint(style);
      return;
    }
    case 'text': {
      const [x, y] = at(item.at);
      paths.text(
        item.text,
        x,
        y,
        item.size,
        item.anchor,
        item.bold ?? false,
        item.colour ?? '#000000',
        item.rotation ?? 0,
        item.halo ?? false,
      );
      return;
    }
    case 'symbol': {
      const def = symbols.symbols[item.symbol as keyof SymbolSet['symbols']];
      if (!def) return;
      const unit = symbols.size_mm / 2;
      const rot = ((item.rotation ?? 0) * Math.PI) / 180;
      const [cos, sin] = [Math.cos(rot), Math.sin(rot)];
      const local = (p: readonly [number, number]): Pt => [
        item.at[0] + unit * (p[0] * cos - p[1] * sin),
        item.at[1] + unit * (p[0] * sin + p[1] * cos),
      ];
      for (const shape of def.shapes) {
        if ('circle' in shape) {
          const [x, y] = at(local([shape.circle[0], shape.circle[1]]));
          const style: PaintStyle = { fill: shape.fill ?? null, stroke: '#000000', width: 0.25 };
          paths.begin(style);
          paths.circle(x, y, shape.circle[2] * unit * POINTS_PER_MM);
          paths.paint(style);
        } else if ('poly' in shape) {
          const closed = shape.closed ?? true;
          const style: PaintStyle = { fill: closed ? (shape.fill ?? null) : null, stroke: '#000000', width: 0.25 };
          paths.begin(style);
          for (let i = 0; i < shape.poly.length; i++) {
            const [x, y] = at(local(shape.poly[i]!));
            if (i === 0) paths.moveTo(x, y);
            else paths.lineTo(x, y);
          }
          if (closed) paths.close();
          paths.paint(style);
        } else {
          const size = shape.size * unit;
          const [x, y] = at(local([shape.at[0], shape.at[1] - shape.size / 2]));
          paths.text(shape.text, x, y, size, 'centre', shape.bold ?? false, '#000000', item.rotation ?? 0, false);
        }
      }
      return;
    }
  }
}

/** An arc of a path, from a to b on paper, as Bézier curves on the page (the page's map is affine: curves stay curves). */
function arcTo(paths: PageWriter, a: Pt, b: Pt, bulge: number, at: (p: Pt) => [number, number]): void {
  for (const [c1, c2, end] of bulgeBeziers(a, b, bulge)) paths.curveTo(at(c1), at(c2), at(end));
}
