// The PDF back end writes its texts' operators itself (pdf.ts, PageWriter): the same sheet drawn through pdfkit's own
// text() as the back end drew it before must look the same (rendered by pdftoppm, pixel by pixel) and read the same
// (pdftotext): anchors left, centre and right, bold, turned, on a white ground, kerned pairs, Swedish letters and Ω.
import { describe, expect, it } from 'vitest';
import { createPdf, POINTS_PER_MM } from '../pdf/document.js';
import { symbolSet } from '../symbols/library.js';
import type { Item } from './items.js';
import { sheetsToPdf } from './pdf.js';
import { pdfGrey, pdfPageTexts } from './read-back.js';
import { sheetLayout } from './sheet.js';

const CAP_HEIGHT = 0.73;
const layout = sheetLayout('A4');

const texts: Extract<Item, { kind: 'text' }>[] = [
  { kind: 'text', layer: 'T', at: [30, 180], text: 'AVATAR To Wa – Förråd Å Ω ≥ 5', size: 4, anchor: 'left' },
  { kind: 'text', layer: 'T', at: [150, 160], text: 'Kontor 12.31', size: 3, anchor: 'centre', bold: true, colour: '#d62828' },
  { kind: 'text', layer: 'T', at: [270, 140], text: 'Z3/17 h=2.95', size: 2.2, anchor: 'right', halo: true },
  { kind: 'text', layer: 'T', at: [60, 60], text: 'Turned 90°', size: 3.5, anchor: 'left', rotation: 90 },
  { kind: 'text', layer: 'T', at: [200, 80], text: 'Turned 30', size: 2.5, anchor: 'centre', rotation: 30, bold: true },
];

/** The same texts drawn as the back end drew them before: pdfkit's widthOfString, rect and text per text. */
async function throughPdfkit(): Promise<Uint8Array> {
  const doc = createPdf({ size: 'A4', layout: 'landscape', title: 't' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  const mm = POINTS_PER_MM;
  doc.rect(240 * mm, (layout.height - 150) * mm, 40 * mm, 20 * mm).fill('#808080');
  for (const t of texts) {
    const [x, y] = [t.at[0] * POINTS_PER_MM, (layout.height - t.at[1]) * POINTS_PER_MM];
    doc.font(t.bold ? 'Sans-Bold' : 'Sans').fontSize((t.size / CAP_HEIGHT) * POINTS_PER_MM);
    const width = doc.widthOfString(t.text);
    const dx = t.anchor === 'left' ? 0 : t.anchor === 'centre' ? -width / 2 : -width;
    if (t.halo && !t.rotation) {
      const pad = 0.3 * POINTS_PER_MM;
      const cap = t.size * POINTS_PER_MM;
      doc
        .rect(x + dx - pad, y - cap - pad * 1.5, width + 2 * pad, cap + t.size * 0.3 * POINTS_PER_MM + 2 * pad)
        .fillOpacity(0.85)
        .fill('#ffffff')
        .fillOpacity(1);
    }
    doc.fillColor(t.colour ?? '#000000');
    if (t.rotation) doc.save().rotate(-t.rotation, { origin: [x, y] });
    doc.text(t.text, x + dx, y, { lineBreak: false, baseline: 'alphabetic' });
    if (t.rotation) doc.restore();
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

describe("the PDF back end's texts", () => {
  it("look and read as pdfkit's text() draws them", async () => {
    // A grey ground under the text on a white ground (both drawings), so that the white ground shows.
    const ground: Item = {
      kind: 'path',
      layer: 'G',
      points: [
        [240, 130],
        [280, 130],
        [280, 150],
        [240, 150],
      ],
      closed: true,
      stroke: null,
      width: 0,
      fill: '#808080',
    };
    const ours = await sheetsToPdf([{ layout, scale: 100, title: 't', items: [ground, ...texts] }], symbolSet('Sbf1108'), 't');
    const reference = await throughPdfkit();
    const squash = (s: string) => s.replace(/\s+/g, '');
    const read = squash(pdfPageTexts(ours)[0]!);
    expect(read).toBe(squash(pdfPageTexts(reference)[0]!));
    // pdftotext reads a text turned 30° letter by letter, in its own order: the upright ones whole.
    for (const t of texts.filter((t) => (t.rotation ?? 0) % 90 === 0)) expect(read, t.text).toContain(squash(t.text));
    const [a, b] = [pdfGrey(ours, 150), pdfGrey(reference, 150)];
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    let dark = 0;
    let differ = 0;
    for (let i = 0; i < a.pixels.length; i++) {
      if (b.pixels[i]! < 100) dark++;
      if (Math.abs(a.pixels[i]! - b.pixels[i]!) > 64) differ++;
    }
    expect(dark).toBeGreaterThan(2000);
    expect(differ).toBeLessThan(dark * 0.005);
  });
});
