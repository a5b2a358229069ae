// Column widths wide enough for their texts: pdf.ts cuts a text longer than its column short with an ellipsis, which a
// list of designations and cable ends cannot afford. Widths are in pdf.ts's units, of at least MIN_UNIT points each.
import { createPdf } from '../pdf/document.js';
import { FONT, MIN_UNIT, PAD } from './pdf.js';
import { isNumber, type Table } from './table.js';

let measurer: PDFKit.PDFDocument | undefined;
const measure = (text: string, bold: boolean): number => {
  measurer ??= createPdf({ size: 'A4', layout: 'landscape', title: '' });
  return measurer
    .font(bold ? 'Sans-Bold' : 'Sans')
    .fontSize(FONT)
    .widthOfString(text);
};

/**
 * The table with each column at least as wide as its longest text cell (bold in total and group rows) and never
 * narrower than it was; numbers are not measured (a count or a length fits the width it was given). Where the widths then exceed the sheet, pdf.ts continues the columns
 * on further pages rather than narrowing them, so nothing is cut.
 */
export function fitColumnWidths(table: Table): Table {
  const columns = table.columns.map((column, i) => {
    let widest = 0;
    for (const row of table.rows) {
      const cell = row.cells[i];
      if (cell === undefined || cell === '' || isNumber(cell)) continue;
      widest = Math.max(widest, measure(cell, row.kind === 'total' || row.kind === 'group'));
    }
    // One point over the padding: pdfkit's ellipsis test is strict.
    return { ...column, width: Math.max(column.width, (widest + 2 * PAD + 1) / MIN_UNIT) };
  });
  return { ...table, columns };
}
