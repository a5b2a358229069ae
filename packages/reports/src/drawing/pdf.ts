import { createPdf, POINTS_PER_MM, SHEET_SIZES } from '../pdf/document.js';
import type { SymbolSet } from '../symbols/library.js';
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
  let first = true;
  while (!next.done) {
    const sheet = next.value;
    if (!first) doc.addPage({ size: SHEET_SIZES[sheet.layout.size].pt, layout: 'landscape', margin: 0 });
    first = false;
    doc.outline.addItem(sheet.title);
    drawSheet(doc, sheet, symbols);
    next = iterator.next();
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

type Doc = PDFKit.PDFDocument;

function drawSheet(doc: Doc, sheet: Sheet, symbols: SymbolSet): void {
  const h = sheet.layout.height;
  const at = (p: Pt): [number, number] => [p[0] * POINTS_PER_MM, (h - p[1]) * POINTS_PER_MM];
  for (const item of sheet.items) drawItem(doc, item, at, symbols);
}

function drawItem(doc: Doc, item: Item, at: (p: Pt) => [number, number], symbols: SymbolSet): void {
  switch (item.kind) {
    case 'path': {
      if (item.points.length < 2) return;
      const [x0, y0] = at(item.points[0]!);
      doc.moveTo(x0, y0);
      for (let i = 1; i < item.points.length; i++) {
        const [x, y] = at(item.points[i]!);
        doc.lineTo(x, y);
      }
      if (item.closed) doc.closePath();
      paint(doc, item.closed ? item.fill : null, item.stroke, item.width, item.fillOpacity, item.dash);
      return;
    }
    case 'circle': {
      const [x, y] = at(item.centre);
      doc.circle(x, y, item.radius * POINTS_PER_MM);
      paint(doc, item.fill, item.stroke, item.width, item.fillOpacity, item.dash);
      return;
    }
    case 'text': {
      const [x, y] = at(item.at);
      drawText(
        doc,
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
      const local = (p: readonly [number, number]): Pt => [
        item.at[0] + unit * (p[0] * Math.cos(rot) - p[1] * Math.sin(rot)),
        item.at[1] + unit * (p[0] * Math.sin(rot) + p[1] * Math.cos(rot)),
      ];
      for (const shape of def.shapes) {
        if ('circle' in shape) {
          const [x, y] = at(local([shape.circle[0], shape.circle[1]]));
          doc.circle(x, y, shape.circle[2] * unit * POINTS_PER_MM);
          paint(doc, shape.fill ?? null, '#000000', 0.25);
        } else if ('poly' in shape) {
          const points = shape.poly.map((p) => at(local(p)));
          doc.moveTo(points[0]![0], points[0]![1]);
          for (const [x, y] of points.slice(1)) doc.lineTo(x, y);
          const closed = shape.closed ?? true;
          if (closed) doc.closePath();
          paint(doc, closed ? (shape.fill ?? null) : null, '#000000', 0.25);
        } else {
          const size = shape.size * unit;
          const [x, y] = at(local([shape.at[0], shape.at[1] - shape.size / 2]));
          drawText(doc, shape.text, x, y, size, 'centre', shape.bold ?? false, '#000000', item.rotation ?? 0);
        }
      }
      return;
    }
  }
}

function paint(
  doc: Doc,
  fill: string | null | undefined,
  stroke: string | null,
  width: number,
  opacity = 1,
  dash?: readonly [number, number],
): void {
  doc.lineWidth(width * POINTS_PER_MM);
  if (dash) doc.dash(dash[0] * POINTS_PER_MM, { space: dash[1] * POINTS_PER_MM });
  if (fill && stroke) doc.fillOpacity(opacity).fillAndStroke(fill, stroke);
  else if (fill) doc.fillOpacity(opacity).fill(fill);
  else if (stroke) doc.stroke(stroke);
  if (dash) doc.undash();
  doc.fillOpacity(1);
}

function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  anchor: 'left' | 'centre' | 'right',
  bold: boolean,
  colour: string,
  rotation: number,
  halo = false,
): void {
  const fontSize = (size / CAP_HEIGHT) * POINTS_PER_MM;
  doc.font(bold ? 'Sans-Bold' : 'Sans').fontSize(fontSize);
  const width = doc.widthOfString(text);
  const dx = anchor === 'left' ? 0 : anchor === 'centre' ? -width / 2 : -width;
  if (halo && !rotation) {
    const pad = 0.3 * POINTS_PER_MM;
    const cap = size * POINTS_PER_MM;
    doc
      .rect(x + dx - pad, y - cap - pad * 1.5, width + 2 * pad, cap + size * 0.3 * POINTS_PER_MM + 2 * pad)
      .fillOpacity(0.85)
      .fill('#ffffff')
      .fillOpacity(1);
  }
  doc.fillColor(colour);
  if (rotation) doc.save().rotate(-rotation, { origin: [x, y] });
  doc.text(text, x + dx, y, { lineBreak: false, baseline: 'alphabetic' });
  if (rotation) doc.restore();
}
