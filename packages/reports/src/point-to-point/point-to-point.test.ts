// The point-to-point drawings of a hand-built building (test-model.ts: a 125-device loop of 5 m legs over several
// sheets and a 6-device loop on one panel), opened as their readers open them: the PDF's text by pdftotext (its
// schedule in layout mode), its pages by pdftoppm, the DXF by dxf-parser. Expected figures are the engine's
// (loopFiguresOf: what the routes page shows), the model's own data and hand arithmetic; never the drawing code's.
import { loopFiguresOf, type LoopFigures } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts, pdfPngs, readDxf, type DxfEntity, type DxfRead } from '../drawing/read-back.js';
import { sheetLayout } from '../drawing/sheet.js';
import { TEXT_WIDTH_FACTOR } from '../drawing/plan-canvas.js';
import type { ReportFile } from '../report-builder.js';
import { corridorModel, STRIP_ROOM } from './test-model.js';
import { addressesOf, layoutTexts, p2pFiles, scheduleRows, P2P_INPUT as INPUT } from './test-read.js';

const LONG = 125;
const SHORT = 6;

/** Loop route ids in the drawing's order: one panel, loops by id. */
const loopIds = (model: Model) =>
  Object.values(model.fire!.connections.routes)
    .filter((r) => r.kind === 'Loop')
    .map((r) => r.id)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

const SHEET = sheetLayout('A3');
const SHEET_STEP = SHEET.width + 20;
const at = (e: DxfEntity) => e.startPoint ?? e.position ?? e.center ?? e.vertices?.[0] ?? { x: NaN, y: NaN };
const texts = (dxf: DxfRead, layer: string) => dxf.entities.filter((e) => e.type === 'TEXT' && e.layer === layer);
/** Chain texts in reading order: sheet by sheet, row by row from the top, left to right. */
const reading = (entities: DxfEntity[]) =>
  [...entities].sort((a, b) => {
    const [p, q] = [at(a), at(b)];
    const sheet = Math.floor(p.x / SHEET_STEP) - Math.floor(q.x / SHEET_STEP);
    return sheet || (Math.abs(p.y - q.y) > 8 ? q.y - p.y : p.x - q.x);
  });

describe('UkbsPointToPoint: a 125-device loop over several sheets and a short loop on one panel', () => {
  const model = corridorModel(LONG, SHORT);
  const figuresOf = loopFiguresOf({ arch: model.arch, fire: model.fire! });
  const figures: LoopFigures[] = loopIds(model).map((id) => figuresOf(id)!);
  const addresses = addressesOf(model);
  let pdf: ReportFile;
  let pages: string[];
  let layout: string[];
  let dxfs: ReportFile[];
  beforeAll(async () => {
    [pdf] = (await p2pFiles(model, 'pdf')) as [ReportFile];
    pages = pdfPageTexts(pdf.data);
    layout = layoutTexts(pdf.data);
    dxfs = await p2pFiles(model, 'dxf');
  }, 60_000);

  it('the engine places isolators and finds the long loop failing: the drawing has something to show', () => {
    expect(figures.map((f) => f.members.length)).toEqual([LONG, SHORT]);
    expect(figures[0]!.isolators).toBeGreaterThanOrEqual(12);
    expect(figures[0]!.voltages!.fromB.below.length).toBeGreaterThan(0);
  });

  it('every sheet carries the title block; the long loop’s chain runs on over sheets with references both ways', () => {
    expect(pdf.name).toBe('Point-to-point drawings.pdf');
    expect(pdfPngs(pdf.data, 20)).toHaveLength(pages.length);
    for (const page of pages)
      for (const field of ['Riverside House', '1 High Street, Leeds', INPUT.designer, INPUT.date, INPUT.documentStatus, 'NTS', 'A3'])
        expect(page, field).toContain(field);
    const long = pages.filter((p) => p.includes('PP-01.'));
    expect(long.length).toBeGreaterThanOrEqual(3);
    long.forEach((page, i) => expect(page).toContain(`Point-to-point – Loop loop-1 (sheet ${i + 1} of ${long.length})`));
    expect(pages.filter((p) => p.includes('PP-02.1'))).toHaveLength(1);
    const all = pages.join('\n');
    for (const reference of ['continued on sheet 2', 'from sheet 1', 'return from sheet 2', 'to CIE c1 IN (B), sheet 1'])
      expect(all, reference).toContain(reference);
  });

  it('the schedule: addresses in cable order, segments of 5 m adding to the loop length, the voltages of both feeds as the engine’s', () => {
    const loops = scheduleRows(layout);
    expect(loops.map((l) => l.length)).toEqual([LONG, SHORT]);
    loops.forEach((rows, i) => {
      const f = figures[i]!;
      expect(rows.map((r) => r.address)).toEqual(f.members.map((m) => addresses.get(m.id)));
      rows.forEach((r, k) => {
        expect(Math.abs(Number(r.fromA) - f.voltages!.fromA.units[k]!.voltage), `${r.address} A`).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(Number(r.fromB) - f.voltages!.fromB.units[k]!.voltage), `${r.address} B`).toBeLessThanOrEqual(0.005 + 1e-9);
      });
      const total = layout.join('\n').match(new RegExp(`Return to IN \\(B\\)\\s+(\\d+\\.\\d)`, 'g'))![i]!;
      const back = Number(total.split(/\s+/).pop());
      const sum = rows.reduce((s, r) => s + r.segment, back);
      expect(Math.abs(sum - f.length)).toBeLessThanOrEqual(0.05 * (rows.length + 1));
    });
    // The long loop by hand: 5 m from the rack to the first room's centre and between rooms; back 2 + 625 + 2 m.
    expect(loops[0]!.every((r) => r.segment === STRIP_ROOM)).toBe(true);
    expect(layout.join('\n')).toMatch(/Return to IN \(B\)\s+629\.0/);
    expect(figures[0]!.length).toBeCloseTo(LONG * STRIP_ROOM + 2 + (LONG - 1) * STRIP_ROOM + 2.5 + 2.5 + 2, 9);
    // Isolators: before the first device of every zone after the first, as the engine places them.
    const before = loops[0]!.filter((r) => r.isolator).map((r) => r.address);
    expect(before).toHaveLength(figures[0]!.isolators);
    for (let z = 2; z <= Math.ceil(LONG / 10); z++) expect(before).toContain(`Z${z}/1`);
  });

  it('the battery of the panel as the engine computes it, on each loop’s first sheet, and the failing checks in red words', () => {
    const battery = figures[0]!.battery!;
    expect(figures[1]!.battery).toEqual(battery);
    const all = layout.join('\n');
    const squash = (s: string) => s.replace(/\s+/g, '');
    const blocks = all.split('Battery calculation – CIE c1').slice(1);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) {
      const text = squash(block);
      expect(text).toContain(squash(`Standby current I₁ ${(battery.load.quiescentCurrent * 1000).toFixed(1)} mA`));
      expect(text).toContain(squash(`Alarm current I₂ ${(battery.load.alarmCurrent * 1000).toFixed(1)} mA`));
      expect(text).toContain(squash(`= ${battery.battery.capacity.toFixed(2)} Ah`));
      expect(text).toContain(squash(`De-rating D ${battery.battery.derating}`));
      expect(text).toContain(squash(`Battery fitted ${battery.battery.configured!.toFixed(2)} Ah`));
      expect(text).toContain(squash(`Smallest standard battery ≥ C ${battery.battery.suggested!.toFixed(2)} Ah`));
    }
    expect(battery.battery.warnings).toHaveLength(1);
    const raw = squash(pages.join('\n'));
    expect(raw).toContain(squash(battery.battery.warnings[0]!));
    expect(raw).toContain(squash(figures[0]!.warnings[0]!));
  });

  it('a DXF per loop: the layers, a symbol per device, the addresses, lengths and voltages along the chain in cable order', () => {
    expect(dxfs.map((f) => f.name)).toEqual(['Point-to-point drawings – Loop loop-1.dxf', 'Point-to-point drawings – Loop loop-2.dxf']);
    dxfs.forEach((file, i) => {
      const dxf = readDxf(file.data);
      const f = figures[i]!;
      for (const layer of [
        'F-P2P-CABLE',
        'F-P2P-DEVICE',
        'F-P2P-ADDRESS',
        'F-P2P-VOLTAGE',
        'F-P2P-LENGTH',
        'F-P2P-PANEL',
        'F-P2P-SCHEDULE',
        'F-P2P-BATTERY',
        'FRAME',
        'TITLE',
        'LEGEND',
      ])
        expect(dxf.layers, layer).toContain(layer);
      expect(dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === 'F-P2P-DEVICE')).toHaveLength(f.members.length);
      expect(reading(texts(dxf, 'F-P2P-ADDRESS')).map((e) => e.text)).toEqual(f.members.map((m) => addresses.get(m.id)));
      const volts = reading(texts(dxf, 'F-P2P-VOLTAGE')).map((e) => e.text!);
      expect(volts.filter((t) => t.startsWith('A '))).toEqual(f.voltages!.fromA.units.map((u) => `A ${u.voltage.toFixed(2)} V`));
      expect(volts.filter((t) => t.startsWith('B '))).toEqual(f.voltages!.fromB.units.map((u) => `B ${u.voltage.toFixed(2)} V`));
      const lengths = texts(dxf, 'F-P2P-LENGTH').map((e) => Number(e.text!.replace(' m', '')));
      expect(lengths).toHaveLength(f.members.length + 1);
      expect(Math.abs(lengths.reduce((s, l) => s + l, 0) - f.length)).toBeLessThanOrEqual(0.05 * lengths.length);
      const marks = dxf.entities.filter((e) => e.layer === 'F-P2P-ISOLATOR' && e.type === 'LWPOLYLINE' && e.vertices!.length === 4);
      expect(marks).toHaveLength(f.isolators);
    });
  });

  it('nothing of the drawing leaves its viewport, and no two texts of the chain overlap', () => {
    const v = SHEET.viewport;
    for (const file of dxfs) {
      const dxf = readDxf(file.data);
      const drawn = dxf.entities.filter((e) => e.layer.startsWith('F-P2P-'));
      for (const e of drawn) {
        const points = e.vertices ?? [at(e)];
        for (const p of points) {
          const x = p.x - Math.floor(p.x / SHEET_STEP) * SHEET_STEP;
          expect(x, `${e.layer} ${e.text ?? e.type}`).toBeGreaterThanOrEqual(v.x);
          expect(x, `${e.layer} ${e.text ?? e.type}`).toBeLessThanOrEqual(v.x + v.w);
          expect(p.y).toBeGreaterThanOrEqual(v.y);
          expect(p.y).toBeLessThanOrEqual(v.y + v.h);
        }
      }
      // Text boxes by the drawing layer's width estimate (cap height up, a fifth of it down for descenders).
      const chain = dxf.entities.filter(
        (e) => e.type === 'TEXT' && /^F-P2P-(ADDRESS|TYPE|VOLTAGE|LENGTH|REFERENCE|PANEL)$/.test(e.layer),
      ) as (DxfEntity & { textHeight: number; halign?: number })[];
      const boxes = chain.map((e) => {
        const p = at(e);
        const w = e.text!.length * e.textHeight * TEXT_WIDTH_FACTOR;
        const left = e.halign === 1 ? p.x - w / 2 : e.halign === 2 ? p.x - w : p.x;
        return { text: e.text!, x0: left, x1: left + w, y0: p.y - e.textHeight * 0.2, y1: p.y + e.textHeight };
      });
      expect(boxes.length).toBeGreaterThan(0);
      expect(boxes.every((b) => Number.isFinite(b.x0 + b.x1 + b.y0 + b.y1))).toBe(true);
      // Sweep from the left: only boxes that start before one ends can meet it.
      boxes.sort((a, b) => a.x0 - b.x0);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length && boxes[j]!.x0 < boxes[i]!.x1; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          expect(a.y0 < b.y1 && b.y0 < a.y1, `${a.text} / ${b.text}`).toBe(false);
        }
    }
  });
});

describe('UkbsPointToPoint: a loop without a cable product', () => {
  it('prints no voltages and says why; addresses and lengths still in cable order', async () => {
    const model = corridorModel(8, 2);
    model.fire!.connections.routes['loop-1']!.product_id = '';
    const [pdf] = await p2pFiles(model, 'pdf');
    const text = pdfPageTexts(pdf!.data).join('\n');
    expect(text).toContain('Cable: none given (no voltages)');
    expect(text).toContain('No voltages: the loop has no cable product or its panel gives no output voltage.');
    const [first] = scheduleRows(layoutTexts(pdf!.data));
    expect(first!.map((r) => r.address)).toEqual(Array.from({ length: 8 }, (_, k) => `Z1/${k + 1}`));
    expect(first!.every((r) => r.fromA === '—' && r.fromB === '—')).toBe(true);
  });
});
