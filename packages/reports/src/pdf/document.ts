import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/** The A-series sheets a report can be printed on. */
export type SheetSize = 'A4' | 'A3' | 'A2' | 'A1' | 'A0';

/** One PDF point is 1/72 inch. */
export const POINTS_PER_MM = 72 / 25.4;

/** Portrait width × height of each sheet, in millimetres and in PDF points (ISO 216). */
export const SHEET_SIZES: Record<SheetSize, { mm: [number, number]; pt: [number, number] }> = {
  A4: sheet(210, 297),
  A3: sheet(297, 420),
  A2: sheet(420, 594),
  A1: sheet(594, 841),
  A0: sheet(841, 1189),
};

function sheet(w: number, h: number): { mm: [number, number]; pt: [number, number] } {
  return { mm: [w, h], pt: [w * POINTS_PER_MM, h * POINTS_PER_MM] };
}

// The standard PDF fonts are WinAnsi only: Ω ≥ → would print as garbage, so DejaVu is embedded.
const fontDir = fileURLToPath(new URL('../../fonts/', import.meta.url));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontBytes(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(fontDir + 'DejaVuSans.ttf'),
    bold: readFileSync(fontDir + 'DejaVuSans-Bold.ttf'),
  };
  return fonts;
}

/** A new PDF on the given sheet with 'Sans' and 'Sans-Bold' registered and 'Sans' selected. */
export function createPdf(options: {
  size: SheetSize;
  layout: 'portrait' | 'landscape';
  title: string;
  /** Keep pages to go back to (a table's 'page 1 of 4' is written once the page count is known). */
  bufferPages?: boolean;
}): PDFKit.PDFDocument {
  const [w, h] = SHEET_SIZES[options.size].pt;
  const doc = new PDFDocument({
    size: [w, h],
    layout: options.layout,
    margin: 0,
    autoFirstPage: true,
    compress: true,
    info: { Title: options.title, Producer: 'edrf', Creator: 'edrf' },
    displayTitle: true,
    bufferPages: options.bufferPages ?? false,
  });
  const { regular, bold } = fontBytes();
  doc.registerFont('Sans', regular);
  doc.registerFont('Sans-Bold', bold);
  doc.font('Sans');
  return doc;
}

/** Ends the document and gives its bytes; call before doc.end(), which this calls. */
export function finishPdf(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}
