import { createPdf, finishPdf, POINTS_PER_MM, SHEET_SIZES } from '../pdf/document.js';
import { isNumber, type Cell, type Column, type Table, type TableDocument, type TitleBlock } from './table.js';

const MARGIN = 12 * POINTS_PER_MM;
export const FONT = 8;
const ROW = 13;
export const PAD = 3;
/** The smallest a column title is printed to fit its column (pt). */
const MIN_HEADER_FONT = 5.5;
/** The widest a width-1 column is drawn: a short table is not stretched across the sheet. */
const MAX_UNIT = 80;
/** The narrowest: below this the columns after the key columns go on pages of their own. */
export const MIN_UNIT = 42;
const TITLE_ROWS: (keyof TitleBlock)[][] = [
  ['project', 'title', 'date'],
  ['address', 'number', 'status'],
  ['owner', 'revision', 'designer'],
];
const TITLE_BLOCK_HEIGHT = TITLE_ROWS.length * ROW + 4;

/**
 * The document as A4 landscape PDF pages: the title block at the top of every page, each table under its heading with
 * its header row repeated on every page; columns that do not fit go on further pages, the key columns repeated.
 */
export async function tablesToPdf(document: TableDocument): Promise<Uint8Array> {
  const doc = createPdf({ size: 'A4', layout: 'landscape', title: document.titleBlock.title, bufferPages: true });
  const [pageHeight, pageWidth] = SHEET_SIZES.A4.pt;
  const width = pageWidth - 2 * MARGIN;
  const bottom = pageHeight - MARGIN - ROW;
  const number = new Intl.NumberFormat(document.locale, { useGrouping: false });
  const format = (cell: Cell | undefined, column: Column): string =>
    cell === undefined ? '' : isNumber(cell) ? formatNumber(number, cell, column.decimals ?? 0, document.locale) : cell;

  let y = 0;
  let first = true;
  const newPage = () => {
    if (!first) doc.addPage();
    first = false;
    drawTitleBlock(doc, document, MARGIN, MARGIN, width);
    y = MARGIN + TITLE_BLOCK_HEIGHT + 10;
  };
  newPage();

  for (const table of document.tables) {
    if (table.newPage && y > MARGIN + TITLE_BLOCK_HEIGHT + 10) newPage();
    const parts = splitColumns(table, width);
    for (const [p, part] of parts.entries()) {
      const title = parts.length > 1 ? `${table.title} (${p + 1}/${parts.length})` : table.title;
      const header = () => {
        doc.font('Sans-Bold').fontSize(11).fillColor('black').text(title, MARGIN, y, { lineBreak: false });
        y += 18;
        drawRow(
          doc,
          part.columns.map((c) => c.title),
          part.widths,
          part.columns,
          y,
          'header',
        );
        y += ROW;
      };
      if (y + 18 + 3 * ROW > bottom) newPage();
      header();
      for (const row of table.rows) {
        if (y + ROW > bottom) {
          newPage();
          header();
        }
        const cells = part.indices.map((i) => format(row.cells[i], table.columns[i]!));
        drawRow(doc, cells, part.widths, part.columns, y, row.kind ?? 'data');
        y += ROW;
      }
      if (table.note) {
        if (y + ROW > bottom) newPage();
        doc
          .font('Sans')
          .fontSize(FONT - 1)
          .fillColor('#333333')
          .text(table.note, MARGIN, y + 3, { width, lineBreak: true });
        y = doc.y;
      }
      y += 14;
    }
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const label = document.labels.page(i + 1, pages.count);
    doc.font('Sans').fontSize(FONT).fillColor('black');
    doc.text(label, MARGIN, pageHeight - MARGIN, { width, align: 'right', lineBreak: false });
  }
  doc.flushPages();
  return finishPdf(doc);
}

function formatNumber(format: Intl.NumberFormat, value: number, decimals: number, locale: string): string {
  if (decimals === 0) return format.format(value);
  return new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

interface ColumnPart {
  indices: number[];
  columns: Column[];
  widths: number[];
}

/** The table's columns in parts that fit the width, each part led by the key columns. */
function splitColumns(table: Table, width: number): ColumnPart[] {
  const keys = table.columns.slice(0, table.keyColumns).map((column, i) => ({ column, i }));
  const rest = table.columns.slice(table.keyColumns).map((column, i) => ({ column, i: i + table.keyColumns }));
  const units = (list: { column: Column }[]) => list.reduce((sum, { column }) => sum + column.width, 0);
  const groups: (typeof rest)[] = [];
  if (units(keys) + units(rest) <= width / MIN_UNIT) groups.push(rest);
  else {
    const room = width / MIN_UNIT - units(keys);
    let group: typeof rest = [];
    for (const entry of rest) {
      if (group.length > 0 && units(group) + entry.column.width > room) {
        groups.push(group);
        group = [];
      }
      group.push(entry);
    }
    groups.push(group);
  }
  return groups.map((group) => {
    const all = [...keys, ...group];
    const unit = Math.min(MAX_UNIT, width / units(all));
    return { indices: all.map((e) => e.i), columns: all.map((e) => e.column), widths: all.map((e) => e.column.width * unit) };
  });
}

function drawRow(
  doc: PDFKit.PDFDocument,
  cells: string[],
  widths: number[],
  columns: Column[],
  y: number,
  kind: 'header' | 'data' | 'total' | 'group',
): void {
  const total = widths.reduce((a, b) => a + b, 0);
  if (kind === 'header') doc.rect(MARGIN, y, total, ROW).fill('#e0e0e0');
  if (kind === 'group') doc.rect(MARGIN, y, total, ROW).fill('#f2f2f2');
  doc.lineWidth(kind === 'total' ? 0.8 : 0.3).strokeColor(kind === 'data' ? '#bbbbbb' : 'black');
  if (kind === 'total')
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + total, y)
      .stroke();
  doc
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .moveTo(MARGIN, y + ROW)
    .lineTo(MARGIN + total, y + ROW)
    .stroke();
  doc
    .font(kind === 'data' ? 'Sans' : 'Sans-Bold')
    .fontSize(FONT)
    .fillColor('black');
  let x = MARGIN;
  cells.forEach((text, i) => {
    const w = widths[i]!;
    const numeric = columns[i]?.decimals !== undefined;
    if (text !== '') {
      // A column title is never cut short: it prints smaller where it is wider than its column.
      if (kind === 'header')
        doc.fontSize(Math.max(MIN_HEADER_FONT, Math.min(FONT, (FONT * (w - 2 * PAD)) / doc.fontSize(FONT).widthOfString(text))));
      doc.text(text, x + PAD, y + (ROW - FONT) / 2 - 1, {
        width: w - 2 * PAD,
        height: ROW,
        align: numeric ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
    }
    x += w;
  });
}

function drawTitleBlock(doc: PDFKit.PDFDocument, document: TableDocument, x: number, y: number, width: number): void {
  const colWidth = width / 3;
  // The labels' column as wide as the longest label ('Ansvarig projektör'), at least 62 pt.
  doc.font('Sans-Bold').fontSize(FONT - 1);
  const labelWidth = Math.max(62, ...TITLE_ROWS.flat().map((field) => doc.widthOfString(document.labels[field]) + 6));
  doc.lineWidth(0.8).strokeColor('black').rect(x, y, width, TITLE_BLOCK_HEIGHT).stroke();
  TITLE_ROWS.forEach((fields, r) => {
    fields.forEach((field, c) => {
      const cx = x + c * colWidth + PAD;
      const cy = y + 2 + r * ROW + 2;
      doc
        .font('Sans-Bold')
        .fontSize(FONT - 1)
        .fillColor('#444444')
        .text(document.labels[field], cx, cy, { width: labelWidth, lineBreak: false });
      doc
        .font(field === 'title' || field === 'project' ? 'Sans-Bold' : 'Sans')
        .fontSize(FONT)
        .fillColor('black');
      doc.text(document.titleBlock[field], cx + labelWidth, cy - 0.5, {
        width: colWidth - labelWidth - 2 * PAD,
        lineBreak: false,
        ellipsis: true,
        height: ROW,
      });
    });
  });
  for (let c = 1; c < 3; c++)
    doc
      .lineWidth(0.3)
      .moveTo(x + c * colWidth, y)
      .lineTo(x + c * colWidth, y + TITLE_BLOCK_HEIGHT)
      .stroke();
}
