// A schematic too wide for one sheet (test-model.ts manyLoopsModel: six racks in a ring, one with twelve loops) goes on
// A1 sheets one after the other, each loop on exactly one, a rack repeated where its loops continue, the network
// cables to racks on other sheets labelled with their sheet; no text printed smaller.
import { describe, expect, it } from 'vitest';
import { MIN_TEXT } from '../drawing/furniture.js';
import { pdfPageTexts, pdfPngs, readDxf } from '../drawing/read-back.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { riserWords } from './messages.js';
import { evenLevel } from './riser-layout.js';
import { manyLoopsModel } from './test-model.js';

const INPUT = { date: '2026-11-28', documentStatus: 'For construction', designer: 'Anna Andersson', revision: 'A' };
const squash = (s: string) => s.replace(/\s+/g, '');

describe('a schematic continued over several sheets', () => {
  const regulation = 'Nfpa72' as const;
  const model = manyLoopsModel(regulation, 6, 3, 2, 12);
  const words = riserWords(regulation);
  const loops = Object.values(model.fire!.connections.routes).filter((r) => r.kind === 'Loop');
  const files = async (format: 'pdf' | 'dxf') => {
    const out: ReportFile[] = [];
    for await (const f of renderReport('NfpaRiserDiagram', format, { model, regulation, ...INPUT })) out.push(f);
    return out;
  };

  it('prints every loop on exactly one sheet, every rack, and numbers the sheets', async () => {
    expect(loops).toHaveLength(27);
    const [pdf] = await files('pdf');
    const pages = pdfPageTexts(pdf!.data).map(squash);
    expect(pages.length).toBeGreaterThan(1);
    expect(pdfPngs(pdf!.data, 15)).toHaveLength(pages.length);
    pages.forEach((page, i) => {
      expect(page).toContain(squash(`Riser diagram – ${words.sheetOf(i + 1, pages.length)}`));
      expect(page).toContain(`RD-${String(i + 1).padStart(2, '0')}`);
      expect(page).toContain('A1');
    });
    for (const loop of loops) {
      const heading = squash(`SLC ${loop.id.replace('loop-', '')} · Class A`);
      expect(
        pages.filter((p) => p.includes(heading)),
        heading,
      ).toHaveLength(1);
    }
    // Every rack on a sheet of its own column; the rack of twelve loops continued on the next.
    const home = (n: number) => pages.findIndex((p) => new RegExp(`(?<!to)Skåp${n}(?!\\d|\\(continued\\)|,sheet)`).test(p));
    for (let n = 1; n <= 6; n++) expect(home(n), `Skåp ${n}`).toBeGreaterThanOrEqual(0);
    expect(pages[home(3) + 1]).toContain(squash(`Skåp 3 ${words.continued}`));
    // Each network cable to a rack on another sheet names that sheet.
    const stubs = pages.flatMap((p) => [...p.matchAll(/toSkåp(\d+),sheet(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const));
    expect(stubs.length).toBeGreaterThan(0);
    for (const [rack, sheet] of stubs) expect(home(rack) + 1, `Skåp ${rack}`).toBe(sheet);
  });

  it('writes all sheets side by side into one DXF, no text below legibility', async () => {
    const [file] = await files('dxf');
    const dxf = readDxf(file!.data);
    const texts = dxf.entities.filter((e) => e.type === 'TEXT');
    for (const loop of loops)
      expect(
        texts.filter((t) => t.text === `SLC ${loop.id.replace('loop-', '')} · Class A`),
        loop.id,
      ).toHaveLength(1);
    const heights = texts.map((e) => (e as unknown as { textHeight: number }).textHeight);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(MIN_TEXT * 0.9 - 1e-9);
  });
});

describe('evenLevel', () => {
  it('raises the lowest bands to one level that fills the room', () => {
    // [10, 20] in 50: both to 25. [10, 40] in 60: the first to 20 (20 + 40). [10, 20] in 30: as they are.
    expect(evenLevel([10, 20], 50)).toBeCloseTo(25, 9);
    expect(evenLevel([40, 10], 60)).toBeCloseTo(20, 9);
    expect(evenLevel([10, 20], 30)).toBeCloseTo(10, 9);
  });
});
