import { describe, expect, it } from 'vitest';
import { symbolSet } from '../symbols/library.js';
import { sheetsToDxf, symbolBlockName } from './dxf.js';
import { clipPolygon } from './clip.js';
import { northArrow, scaleBar, scaleBarLength, sheetFurniture, type TitleFields } from './furniture.js';
import type { Item } from './items.js';
import { sheetWords } from './messages.js';
import { sheetsToPdf } from './pdf.js';
import { PlanCanvas } from './plan-canvas.js';
import { pdfGrey, pdfPageTexts, readDxf } from './read-back.js';
import { chooseSheet, planTransform, sheetLayout } from './sheet.js';

const symbols = symbolSet('Bs5839');
const words = sheetWords('Bs5839');
const fields: TitleFields = {
  project: 'Kv. Ugglan',
  address: 'Storgatan 1',
  owner: 'Ägare AB',
  title: 'Test – plan',
  number: 'DP-101',
  revision: 'B',
  date: '2026-11-28',
  status: 'Preliminary',
  designer: 'Anna Andersson',
};

/** Dark pixels' first and last column in a row of a grey page. */
function darkSpan(page: { width: number; pixels: Uint8Array }, row: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let x = 0; x < page.width; x++)
    if (page.pixels[row * page.width + x]! < 128) {
      if (first < 0) first = x;
      last = x;
    }
  return first < 0 ? null : [first, last];
}

describe('the sheet and scale of a plan', () => {
  // By hand: a landscape sheet's viewport is its long side − 2 × 10 mm margin − 85 mm panel − 2 × 4 mm padding wide,
  // its short side − 2 × 10 − 2 × 4 high. A4: 184 × 182; A3: 307 × 269; A2: 481 × 392; A1: 728 × 566; A0: 1076 × 813.
  it.each([
    [26, 8, 'A3', 100], // 260 mm at 1:100: over A4's 184, within A3's 307
    [15, 10, 'A4', 100], // 150 × 100 at 1:100 fits A4
    [100, 60, 'A1', 200], // 1,000 mm at 1:100 is over A1's 728; 500 at 1:200 over A2's 481, within A1's
    [300, 150, 'A0', 500], // 1,500 mm at 1:200 is over A0's 1,076: the finest that fits A0 is 1:500 (600 × 300)
  ] as const)('%d × %d m goes on %s at 1:%d', (w, h, size, scale) => {
    const chosen = chooseSheet(w, h);
    expect(chosen.layout.size).toBe(size);
    expect(chosen.scale).toBe(scale);
  });

  it('keeps the plan, the panel and the frame apart', () => {
    for (const size of ['A4', 'A3', 'A2', 'A1', 'A0'] as const) {
      const l = sheetLayout(size);
      expect(l.viewport.x + l.viewport.w).toBeLessThanOrEqual(l.panel.x);
      expect(l.frame.x + l.frame.w).toBeLessThanOrEqual(l.width - 10 + 1e-9);
      expect(l.frame.y + l.frame.h).toBeLessThanOrEqual(l.height - 10 + 1e-9);
    }
  });
});

describe('the PDF back end', () => {
  it('draws a 10 m wall 100 mm long at 1:100 and a true scale bar', async () => {
    const layout = sheetLayout('A4');
    const t = planTransform(layout.viewport, 100, [5, 0]);
    const canvas = new PlanCanvas(layout.viewport, t);
    canvas.line(
      'A-WALL',
      [
        [0, 0],
        [10, 0],
      ],
      { stroke: '#000000', width: 0.5 },
    );
    const bar = scaleBar([20, 20], 100, 60, words);
    const pdf = await sheetsToPdf([{ layout, scale: 100, title: 't', items: [...canvas.items, ...bar] }], symbols, 't');
    // 254 dpi: 10 pixels per millimetre; the page is 210 mm high, y from the top.
    const page = pdfGrey(pdf, 254);
    const wallRow = Math.round((layout.height - (layout.viewport.y + layout.viewport.h / 2)) * 10);
    const wall = darkSpan(page, wallRow)!;
    expect(Math.abs(wall[1] - wall[0] + 1 - 1000)).toBeLessThanOrEqual(2);
    // The bar: 5 m (the longest round length within 60 mm at 1:100) is 50 mm, its blocks 2 mm high from y = 20.
    expect(scaleBarLength(100, 60)).toBe(5);
    const barRow = Math.round((layout.height - 21) * 10);
    const span = darkSpan(page, barRow)!;
    expect(Math.abs(span[1] - span[0] + 1 - 500)).toBeLessThanOrEqual(3);
    // pdftotext may drop the narrow space of small text: compared without spaces.
    expect(pdfPageTexts(pdf)[0]!.replace(/\s+/g, '')).toContain('5m');
  });

  it('prints Swedish letters, Ω, ≥ and → as text a reader extracts', async () => {
    const layout = sheetLayout('A4');
    const items: Item[] = [{ kind: 'text', layer: 'T', at: [30, 100], text: 'Förråd Å: R ≥ 5 Ω → ok', size: 3, anchor: 'left' }];
    const pdf = await sheetsToPdf([{ layout, scale: 100, title: 't', items }], symbols, 't');
    expect(pdfPageTexts(pdf)[0]).toContain('Förråd Å: R ≥ 5 Ω → ok');
  });

  it('gives every sheet its own page, of its own size', async () => {
    const sheets = (['A4', 'A1'] as const).map((size) => ({ layout: sheetLayout(size), scale: 100, title: size, items: [] as Item[] }));
    const pdf = await sheetsToPdf(sheets, symbols, 't');
    const a1 = pdfGrey(pdf, 10, 2);
    // A1 landscape at 10 dpi: 841 mm = 331 px wide, 594 mm = 234 px high.
    expect([a1.width, a1.height]).toEqual([Math.ceil((841 / 25.4) * 10), Math.ceil((594 / 25.4) * 10)]);
  });
});

describe('the panel', () => {
  it('points the north arrow counter-clockwise from +y by compass_degrees', () => {
    const tip = (degrees: number) => (northArrow([0, 0], 8, degrees, words)[1] as Extract<Item, { kind: 'path' }>).points[0]!;
    expect(tip(0)[0]).toBeCloseTo(0);
    expect(tip(0)[1]).toBeCloseTo(8);
    expect(tip(90)[0]).toBeCloseTo(-8);
    expect(tip(90)[1]).toBeCloseTo(0);
  });

  it('writes the title block within the panel, every field in it', () => {
    const layout = sheetLayout('A3');
    const items = sheetFurniture(layout, 100, fields, [{ label: 'Smoke detector', symbol: 'smoke' }], 0, symbols, words);
    const texts = items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
    for (const value of Object.values(fields)) expect(texts.some((t) => t.includes(value))).toBe(true);
    for (const item of items) {
      const xs = item.kind === 'path' ? item.points.map((p) => p[0]) : item.kind === 'circle' ? [item.centre[0]] : [item.at[0]];
      // The frame's outline is the one item that spans the sheet.
      if (item.kind === 'path' && item.points.length === 4 && item.points[0]![0] === layout.frame.x) continue;
      for (const x of xs) expect(x).toBeGreaterThanOrEqual(layout.panel.x - 1e-9);
    }
  });
});

describe('clipping to the viewport', () => {
  it('cuts a polygon at the viewport edge', () => {
    // A 10 × 10 square from (-5, 0) cut at x = 0: the half from x = 0 to 5.
    const cut = clipPolygon(
      [
        [-5, 0],
        [5, 0],
        [5, 10],
        [-5, 10],
      ],
      { x: 0, y: 0, w: 100, h: 100 },
    );
    const xs = cut.map((p) => p[0]);
    expect(Math.min(...xs)).toBe(0);
    expect(Math.max(...xs)).toBe(5);
    expect(cut).toHaveLength(4);
  });
});

describe('the DXF back end', () => {
  it('writes R2007 in millimetres, a layer per kind, one block per symbol inserted per unit, UTF-8 texts', () => {
    const layout = sheetLayout('A4');
    const t = planTransform(layout.viewport, 100, [0, 0]);
    const canvas = new PlanCanvas(layout.viewport, t);
    canvas.symbol('F-UNIT', 'smoke', [0, 0], 4);
    canvas.symbol('F-UNIT', 'smoke', [5, 0], 4);
    canvas.symbol('F-UNIT', 'call_point', [0, 5], 4);
    canvas.text('A-ROOM-NAME', [0, -3], 'Förråd Å Ω', { size: 2.2, anchor: 'centre' });
    const dxf = readDxf(sheetsToDxf([{ layout, scale: 100, title: 't', items: canvas.items }], symbols, { 'F-UNIT': 3 }));
    expect(dxf.header.$ACADVER).toBe('AC1021');
    expect(dxf.header.$INSUNITS).toBe(4);
    expect(dxf.layers).toEqual(expect.arrayContaining(['F-UNIT', 'A-ROOM-NAME']));
    expect(dxf.blocks).toEqual(expect.arrayContaining([symbolBlockName('smoke'), symbolBlockName('call_point')]));
    const inserts = dxf.entities.filter((e) => e.type === 'INSERT');
    expect(inserts.map((e) => e.name).sort()).toEqual([symbolBlockName('call_point'), symbolBlockName('smoke'), symbolBlockName('smoke')]);
    // 5 m apart at 1:100: 50 mm on paper.
    const smokes = inserts.filter((e) => e.name === symbolBlockName('smoke')).map((e) => e.position!.x);
    expect(Math.abs(smokes[1]! - smokes[0]!)).toBeCloseTo(50, 6);
    expect(dxf.entities.find((e) => e.type === 'TEXT')?.text).toBe('Förråd Å Ω');
  });

  it("draws a plan sheet in model space at 1:1 in metres: a 10 m wall measures 10, where the model has it; the frame at the sheet's scale", () => {
    const layout = sheetLayout('A3');
    const centre = [105, 42] as const;
    const t = planTransform(layout.viewport, 200, centre);
    const canvas = new PlanCanvas(layout.viewport, t);
    canvas.line(
      'A-WALL',
      [
        [100, 40],
        [110, 40],
      ],
      { stroke: '#000000', width: 0.5 },
    );
    canvas.symbol('F-UNIT', 'smoke', [104, 43], 4);
    canvas.text('A-ROOM-NAME', [104, 45], 'Kontor', { size: 2.5, anchor: 'centre' });
    const furniture = sheetFurniture(layout, 200, fields, [], 0, symbols, words);
    const v = layout.viewport;
    const sheet = {
      layout,
      scale: 200,
      title: 't',
      items: [...canvas.items, ...furniture],
      modelSpace: { paper: [v.x + v.w / 2, v.y + v.h / 2] as const, world: centre },
    };
    // Two tiles of a storey: the second to the right of the first's frame, still at 1:1.
    const dxf = readDxf(sheetsToDxf([sheet, sheet], symbols, {}));
    expect(dxf.header.$INSUNITS).toBe(6);
    const walls = dxf.entities.filter((e) => e.layer === 'A-WALL');
    expect(walls).toHaveLength(2);
    const [a, b] = walls[0]!.vertices!;
    expect([a!.x, a!.y, b!.x, b!.y].map((n) => Math.round(n * 1e9) / 1e9)).toEqual([100, 40, 110, 40]);
    const [c, d] = walls[1]!.vertices!;
    expect(d!.x - c!.x).toBeCloseTo(10, 9);
    // 1:200: a paper mm is 0.2 m. The symbol's block (paper mm) inserted at 0.2; a 2.5 mm text 0.5 m high.
    const insert = dxf.entities.find((e) => e.type === 'INSERT')!;
    expect([insert.position!.x, insert.position!.y, insert.xScale]).toEqual([
      expect.closeTo(104, 9),
      expect.closeTo(43, 9),
      expect.closeTo(0.2, 12),
    ]);
    expect(dxf.entities.find((e) => e.text === 'Kontor')!.textHeight).toBeCloseTo(0.5, 12);
    const frames = dxf.entities.filter((e) => e.layer === 'FRAME' && e.vertices?.length === 4);
    const xs = (e: (typeof frames)[number]) => e.vertices!.map((p) => p.x);
    const widest = frames.filter((e) => Math.abs(Math.max(...xs(e)) - Math.min(...xs(e)) - layout.frame.w * 0.2) < 1e-6);
    expect(widest).toHaveLength(2);
    // The second sheet's frame starts 20 paper mm (4 m) right of the first sheet's edge.
    const left = widest.map((e) => Math.min(...xs(e))).sort((p, q) => p - q);
    expect(left[1]! - left[0]!).toBeCloseTo((layout.width + 20) * 0.2, 9);
  });
});
