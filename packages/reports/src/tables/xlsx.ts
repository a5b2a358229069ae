import ExcelJS from 'exceljs';
import { isNumber, type TableDocument, type TitleBlock } from './table.js';

const TITLE_FIELDS: (keyof TitleBlock)[][] = [
  ['project', 'title', 'date'],
  ['address', 'number', 'status'],
  ['owner', 'revision', 'designer'],
];

// Excel refuses worksheet names over 31 characters or with any of : \ / ? * [ ].
const sheetName = (title: string, used: Set<string>): string => {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  used.add(name.toLowerCase());
  return name;
};

/** The document as an xlsx workbook: one worksheet per table, the title block in its first rows, the header frozen. */
export async function tablesToXlsx(document: TableDocument): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'edrf';
  workbook.title = document.titleBlock.title;
  const used = new Set<string>();
  for (const table of document.tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, used));
    for (const fields of TITLE_FIELDS) {
      const row = sheet.addRow(fields.flatMap((field) => [document.labels[field], document.titleBlock[field]]));
      for (let c = 1; c <= fields.length * 2; c += 2) row.getCell(c).font = { bold: true };
    }
    sheet.addRow([]);
    sheet.addRow([table.title]).getCell(1).font = { bold: true, size: 13 };
    const header = sheet.addRow(table.columns.map((column) => column.title));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE0E0E0' } };
      cell.border = { bottom: { style: 'thin' } };
    });
    sheet.views = [{ state: 'frozen', ySplit: header.number, xSplit: table.keyColumns }];
    for (const source of table.rows) {
      const row = sheet.addRow(source.cells);
      if (source.kind === 'total' || source.kind === 'group') row.font = { bold: true };
      if (source.kind === 'total') row.eachCell((cell) => (cell.border = { top: { style: 'thin' } }));
      source.cells.forEach((cell, i) => {
        const decimals = table.columns[i]?.decimals;
        if (isNumber(cell) && decimals !== undefined && decimals > 0) row.getCell(i + 1).numFmt = `0.${'0'.repeat(decimals)}`;
      });
    }
    if (table.note) {
      sheet.addRow([]);
      sheet.addRow([table.note]).getCell(1).font = { italic: true };
    }
    table.columns.forEach((column, i) => (sheet.getColumn(i + 1).width = Math.max(10, column.width * 10)));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
