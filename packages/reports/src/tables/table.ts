/** The table layer's model: one document of tables, written as xlsx (xlsx.ts) or as PDF pages (pdf.ts). */

export type Cell = string | number;

export interface Column {
  title: string;
  /** Relative width: 1 is a narrow number column. */
  width: number;
  /** Numbers are right-aligned and printed with this many decimals. */
  decimals?: number;
}

/** A row; 'total' rows print bold over a rule, 'group' rows start a group (bold, no numbers). */
export interface Row {
  cells: Cell[];
  kind?: 'data' | 'total' | 'group';
}

export interface Table {
  /** The worksheet's name (≤ 31 characters in xlsx) and the heading above the table in the PDF. */
  title: string;
  columns: Column[];
  /** How many leading columns name a row: repeated on each page when the other columns must be split to fit. */
  keyColumns: number;
  rows: Row[];
  /** A line printed under the table (how a figure was made). */
  note?: string;
  /** The PDF starts the table on a page of its own (a card printed to be kept in a cabinet). */
  newPage?: boolean;
}

/** The title block's fields, printed at the top of every sheet and page. */
export interface TitleBlock {
  project: string;
  address: string;
  owner: string;
  title: string;
  number: string;
  revision: string;
  date: string;
  status: string;
  designer: string;
}

/** The title block's field names in the document's language. */
export type TitleBlockLabels = Record<keyof TitleBlock, string> & { page: (page: number, pages: number) => string };

export interface TableDocument {
  /** BCP 47: how numbers print in the PDF ('sv-SE' writes 12,5). */
  locale: string;
  titleBlock: TitleBlock;
  labels: TitleBlockLabels;
  tables: Table[];
}

export const isNumber = (cell: Cell | undefined): cell is number => typeof cell === 'number';
