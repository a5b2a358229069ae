// The Anläggarintyg on A4 portrait pages: a header on every page, the numbered sections as ruled boxes, text wrapped
// inside its box and carried over to the next page where it does not fit (never past the margin), 'Sida 1 av 2'.
import { createPdf, finishPdf, POINTS_PER_MM, SHEET_SIZES } from '../pdf/document.js';
import type { CertificateForm, CertificateHeader, FormCell, FormRow, FormSection } from './form.js';
import { CERTIFICATE_WORDS as W } from './labels.js';

type Doc = PDFKit.PDFDocument;

const [PAGE_W, PAGE_H] = SHEET_SIZES.A4.pt;
/** The frame every box lies in; exported for the tests that check nothing leaves it. */
export const MARGIN = 14 * POINTS_PER_MM;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const HEADER_H = 46;
const TOP = MARGIN + HEADER_H + 10;
/** The footer's line; no box goes below BOTTOM. */
const FOOTER_Y = PAGE_H - MARGIN - 10;
const BOTTOM = FOOTER_Y - 8;

const LABEL_SIZE = 6.5;
const LABEL_H = 8;
const VALUE_SIZE = 9;
const LINE = 11;
const PAD_X = 3.5;
const PAD_TOP = 2;
const PAD_BOTTOM = 3;
/** What a box is besides its lines of text. */
const CHROME = PAD_TOP + LABEL_H + 1 + PAD_BOTTOM;
const TITLE_H = 15;
const HEADING_H = 13;
const INTRO_SIZE = 8.5;
const INTRO_LINE = 11;
const SECTION_GAP = 6;
/** A box of up to this many lines moves whole to the next page; a longer one is split there. */
const SPLIT_FROM = 6;
/** A split leaves at least this many lines on each side. */
const MIN_PART = 2;

const BOX = { checked: '☒', unchecked: '☐' } as const;
const BOX_SIZE = 10.5;
const OPTION_GAP = 14;

/** A box's content broken into lines: plain text, or a line of checkbox options. */
type Line = string | { checked: boolean; label: string }[];

interface LaidCell {
  cell: FormCell;
  x: number;
  width: number;
  lines: Line[];
}

interface LaidRow {
  cells: LaidCell[];
  /** A heading row has no cells and no lines. */
  heading: string;
  /** The number of text lines the row is tall. */
  lines: number;
}

/** The form as PDF bytes. */
export async function certificateToPdf(form: CertificateForm): Promise<Uint8Array> {
  const doc = createPdf({ size: 'A4', layout: 'portrait', title: W.title, bufferPages: true });
  let y = TOP;
  let first = true;
  const newPage = () => {
    if (!first) doc.addPage();
    first = false;
    drawHeader(doc, form.header);
    y = TOP;
  };
  newPage();

  for (const section of form.sections) {
    const rows = section.rows.map((r) => layRow(doc, r));
    const intro = section.intro ? wrap(doc, section.intro, 'Sans', INTRO_SIZE, CONTENT_W - 2 * PAD_X) : [];
    const introH = intro.length ? intro.length * INTRO_LINE + 4 : 0;
    // The title never stands alone at a page's foot: it goes with its first box (a long one: that box's first lines).
    const firstRow = rows[0];
    const firstLines = firstRow ? (firstRow.lines > SPLIT_FROM ? MIN_PART : firstRow.lines) : 0;
    const need = section.keepTogether
      ? TITLE_H + introH + rows.reduce((h, r) => h + rowHeight(r), 0)
      : TITLE_H + introH + (firstRow ? CHROME + firstLines * LINE : 0);
    if (y + need > BOTTOM && y > TOP) newPage();
    drawTitle(doc, section, y, false);
    y += TITLE_H;
    if (intro.length) {
      doc.font('Sans').fontSize(INTRO_SIZE).fillColor('black');
      intro.forEach((line, i) => doc.text(line, MARGIN + PAD_X, y + 3 + i * INTRO_LINE, { lineBreak: false }));
      y += introH;
    }
    for (const [i, laid] of rows.entries()) {
      let row = laid;
      if (row.heading) {
        // A heading goes with the first lines of the row under it.
        const under = rows[i + 1];
        if (under && y + HEADING_H + CHROME + Math.min(under.lines, MIN_PART) * LINE > BOTTOM) {
          newPage();
          drawTitle(doc, section, y, true);
          y += TITLE_H;
        }
        drawHeading(doc, row.heading, y);
        y += HEADING_H;
        continue;
      }
      // A box that does not fit goes on the next page under its section's title, continued; a long one is split
      // and goes on there, and so is one taller than a whole page, whatever its length.
      while (row.lines > roomLines(y)) {
        const room = roomLines(y);
        const mustSplit = row.lines > roomLines(TOP + TITLE_H);
        const split = room >= MIN_PART && (mustSplit || (row.lines > SPLIT_FROM && row.lines - room >= MIN_PART));
        if (split) {
          const [head, tail] = splitRow(row, room);
          drawRow(doc, head, y);
          row = tail;
        }
        newPage();
        drawTitle(doc, section, y, true);
        y += TITLE_H;
      }
      drawRow(doc, row, y);
      y += rowHeight(row);
    }
    y += SECTION_GAP;
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    drawFooter(doc, form.header, W.page(i + 1, pages.count));
  }
  doc.flushPages();
  return finishPdf(doc);
}

/** How many lines of text a box starting at y can hold above the bottom margin. */
const roomLines = (y: number) => Math.floor((BOTTOM - y - CHROME) / LINE);

const rowHeight = (row: LaidRow) => (row.heading ? HEADING_H : CHROME + row.lines * LINE);

/** The row's boxes side by side, each box's text wrapped to its width. */
function layRow(doc: Doc, row: FormRow): LaidRow {
  let x = MARGIN;
  const cells = row.cells.map((cell): LaidCell => {
    const width = cell.width * CONTENT_W;
    const inner = width - 2 * PAD_X;
    const lines: Line[] = cell.options
      ? wrapOptions(doc, cell.options, inner)
      : cell.text
        ? wrap(doc, cell.text, 'Sans', VALUE_SIZE, inner)
        : [];
    const laid = { cell, x, width, lines };
    x += width;
    return laid;
  });
  if (row.heading) return { cells, heading: row.heading, lines: 0 };
  const lines = Math.max(1, ...cells.map((c) => Math.max(c.lines.length, c.cell.minLines)));
  return { cells, heading: '', lines };
}

/** The label of a box's further part, marked once however many pages it runs on. */
const continued = (label: string) => (label.endsWith(W.continued) ? label : `${label} ${W.continued}`);

/** The row cut after `lines` lines: the head to draw here, the tail (labels marked continued) for the next page. */
function splitRow(row: LaidRow, lines: number): [LaidRow, LaidRow] {
  const head = { cells: row.cells.map((c) => ({ ...c, lines: c.lines.slice(0, lines) })), heading: '', lines };
  const tail = {
    heading: '',
    cells: row.cells.map((c) => ({ ...c, cell: { ...c.cell, label: continued(c.cell.label), minLines: 0 }, lines: c.lines.slice(lines) })),
    lines: row.lines - lines,
  };
  return [head, tail];
}

function drawTitle(doc: Doc, section: FormSection, y: number, continued: boolean): void {
  doc.lineWidth(0.6).rect(MARGIN, y, CONTENT_W, TITLE_H).fillAndStroke('#d9d9d9', 'black');
  const number = section.number === null ? '' : `${section.number}  `;
  doc
    .font('Sans-Bold')
    .fontSize(9.5)
    .fillColor('black')
    .text(`${number}${section.title}${continued ? ` ${W.continued}` : ''}`, MARGIN + PAD_X, y + 3, { lineBreak: false });
}

function drawHeading(doc: Doc, text: string, y: number): void {
  doc.lineWidth(0.6).rect(MARGIN, y, CONTENT_W, HEADING_H).fillAndStroke('#f0f0f0', 'black');
  doc
    .font('Sans-Bold')
    .fontSize(7.5)
    .fillColor('black')
    .text(text, MARGIN + PAD_X, y + 2.5, { lineBreak: false });
}

function drawRow(doc: Doc, row: LaidRow, y: number): void {
  const height = CHROME + row.lines * LINE;
  doc.lineWidth(0.6).strokeColor('black');
  for (const c of row.cells) {
    doc.rect(c.x, y, c.width, height).stroke();
    doc
      .font('Sans')
      .fontSize(LABEL_SIZE)
      .fillColor('#444444')
      .text(c.cell.label, c.x + PAD_X, y + PAD_TOP, { width: c.width - 2 * PAD_X, height: LABEL_H, lineBreak: false, ellipsis: true });
    c.lines.forEach((line, i) => {
      const ly = y + PAD_TOP + LABEL_H + 1 + i * LINE;
      if (typeof line === 'string') {
        doc
          .font('Sans')
          .fontSize(VALUE_SIZE)
          .fillColor('black')
          .text(line, c.x + PAD_X, ly + 1, { lineBreak: false });
        return;
      }
      let x = c.x + PAD_X;
      for (const option of line) {
        doc
          .font('Sans')
          .fontSize(BOX_SIZE)
          .fillColor('black')
          .text(option.checked ? BOX.checked : BOX.unchecked, x, ly, { lineBreak: false });
        x += doc.widthOfString(BOX.checked) + 3;
        doc.fontSize(VALUE_SIZE).text(option.label, x, ly + 1, { lineBreak: false });
        x += doc.widthOfString(option.label) + OPTION_GAP;
      }
    });
  }
}

/** The title, the subtitle and the document's fields at the top of every page. */
function drawHeader(doc: Doc, header: CertificateHeader): void {
  const fields: [string, string][] = [
    [W.header.project, header.project],
    [W.header.number, header.number],
    [W.header.date, header.date],
    [W.header.designer, header.designer],
    [W.header.status, header.status],
    [W.header.revision, header.revision],
  ];
  const colW = [130, 95, 75];
  const gridW = colW.reduce((a, b) => a + b, 0);
  const gridX = MARGIN + CONTENT_W - gridW;
  const cellH = HEADER_H / 2;
  const titleW = gridX - MARGIN - 8;
  doc.font('Sans-Bold');
  const titleSize = Math.min(16, (16 * titleW) / doc.fontSize(16).widthOfString(W.title));
  doc
    .fontSize(titleSize)
    .fillColor('black')
    .text(W.title, MARGIN, MARGIN + 6, { lineBreak: false });
  doc
    .font('Sans')
    .fontSize(8.5)
    .fillColor('#333333')
    .text(W.subtitle, MARGIN, MARGIN + 10 + titleSize, { lineBreak: false });
  doc.lineWidth(0.6).strokeColor('black');
  fields.forEach(([label, value], i) => {
    const col = i % 3;
    const x = gridX + colW.slice(0, col).reduce((a, b) => a + b, 0);
    const y = MARGIN + Math.floor(i / 3) * cellH;
    doc.rect(x, y, colW[col]!, cellH).stroke();
    doc
      .font('Sans')
      .fontSize(LABEL_SIZE)
      .fillColor('#444444')
      .text(label, x + PAD_X, y + PAD_TOP, { width: colW[col]! - 2 * PAD_X, lineBreak: false, ellipsis: true });
    doc
      .font(i === 0 ? 'Sans-Bold' : 'Sans')
      .fontSize(8)
      .fillColor('black')
      .text(value, x + PAD_X, y + PAD_TOP + LABEL_H + 1.5, { width: colW[col]! - 2 * PAD_X, height: 10, lineBreak: false, ellipsis: true });
  });
  doc
    .lineWidth(1)
    .moveTo(MARGIN, MARGIN + HEADER_H + 4)
    .lineTo(MARGIN + CONTENT_W, MARGIN + HEADER_H + 4)
    .stroke();
}

function drawFooter(doc: Doc, header: CertificateHeader, page: string): void {
  doc
    .lineWidth(0.4)
    .strokeColor('#666666')
    .moveTo(MARGIN, FOOTER_Y - 3)
    .lineTo(MARGIN + CONTENT_W, FOOTER_Y - 3)
    .stroke();
  doc.font('Sans').fontSize(7.5).fillColor('#333333');
  doc.text(`${W.title} · ${header.number} · ${header.date}`, MARGIN, FOOTER_Y, { lineBreak: false });
  doc.text(page, MARGIN, FOOTER_Y, { width: CONTENT_W, align: 'right', lineBreak: false });
}

/** The text broken into lines no wider than `width`: at its line breaks, between words, inside a word too long. */
export function wrap(doc: Doc, text: string, font: string, size: number, width: number): string[] {
  doc.font(font).fontSize(size);
  const fits = (s: string) => doc.widthOfString(s) <= width;
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      let rest = word;
      while (!fits(rest)) {
        let n = rest.length - 1;
        while (n > 1 && !fits(rest.slice(0, n))) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** Checkbox options side by side, onto further lines where they do not fit the box. */
function wrapOptions(doc: Doc, options: { label: string; checked: boolean }[], width: number): Line[] {
  const boxW = doc.font('Sans').fontSize(BOX_SIZE).widthOfString(BOX.checked) + 3;
  doc.fontSize(VALUE_SIZE);
  const lines: { checked: boolean; label: string }[][] = [];
  let line: { checked: boolean; label: string }[] = [];
  let used = 0;
  for (const option of options) {
    const w = boxW + doc.widthOfString(option.label);
    if (line.length > 0 && used + OPTION_GAP + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length > 0 ? OPTION_GAP : 0) + w;
    line.push(option);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
