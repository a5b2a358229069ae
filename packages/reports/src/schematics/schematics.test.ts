// The system schematics of a hand-built building (test-model.ts): two storeys, two racks networked, two loops (one
// back to its rack, one ending on the second storey), a power supply, an alarm transmitter, a repeater panel. Opened as
// their readers open them: the PDF through pdftotext and pdftoppm, the DXF through dxf-parser.
import type { Model, Regulation } from '@edrf/model';
import { loopFiguresOf, supplyChecks } from '@edrf/fire';
import { describe, expect, it } from 'vitest';
import { MIN_TEXT } from '../drawing/furniture.js';
import { pdfPageTexts, pdfPngs, readDxf } from '../drawing/read-back.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { expectedLoops } from './expected.js';
import { LAYERS } from './layers.js';
import { riserWords } from './messages.js';
import { readBoxes } from './read-schematic.js';
import { riserTestModel, STOREY_NAMES } from './test-model.js';

const INPUT = { date: '2026-11-28', documentStatus: 'Bygghandling', designer: 'Anna Andersson', revision: 'B' };
const squash = (s: string) => s.replace(/\s+/g, '');

export const SCHEMATICS: [key: string, regulation: Regulation, title: string][] = [
  ['UkbsRiserDiagram', 'Bs5839', 'Riser diagram'],
  ['NfpaRiserDiagram', 'Nfpa72', 'Riser diagram'],
  ['SbfOversiktsschema', 'Sbf1108', 'Översiktsschema'],
];

async function files(key: string, model: Model, regulation: Regulation, format: 'pdf' | 'dxf'): Promise<ReportFile[]> {
  const out: ReportFile[] = [];
  for await (const f of renderReport(key, format, { model, regulation, ...INPUT })) out.push(f);
  return out;
}

describe.each(SCHEMATICS)('%s of a two-storey building with two loops', (key, regulation, title) => {
  const model = riserTestModel(regulation);
  const fire = model.fire!;
  const words = riserWords(regulation);
  const figures = loopFiguresOf({ arch: model.arch, fire });
  const expected = expectedLoops(model, regulation);

  it('prints one sheet with the title block, the storeys, the loops, their cables, voltages and the batteries', async () => {
    const [pdf] = await files(key, model, regulation, 'pdf');
    expect(pdf!.name).toBe(`${title}.pdf`);
    const pages = pdfPageTexts(pdf!.data);
    expect(pages).toHaveLength(1);
    expect(pdfPngs(pdf!.data, 20)).toHaveLength(1);
    const page = squash(pages[0]!);
    for (const field of [
      'Kv. Ugglan',
      'Storgatan 1, Växjö',
      'Fastighets AB Ω',
      title,
      `${words.code}-01`,
      INPUT.date,
      INPUT.designer,
      INPUT.documentStatus,
    ])
      expect(page, field).toContain(squash(field));
    for (const storey of STOREY_NAMES) expect(page, storey).toContain(squash(storey));
    for (const loop of expected) {
      expect(page, loop.heading).toContain(squash(loop.heading));
      const route = fire.connections.routes[loop.routeId]!;
      const cable = fire.config.products.cables.find((c) => c.id === route.product_id)!;
      expect(page, cable.name).toContain(squash(cable.name));
      const f = figures(loop.routeId)!;
      expect(page).toContain(squash(`${words.num(f.length, 0)} m`));
      expect(page).toContain(squash(words.num(f.voltages!.worst!.unit.voltage, 2)));
    }
    // The batteries: c1 carries its loops (the loop figures' check), c2 none (supplyChecks alone); both as the engine.
    const c1 = figures('loop-1')!.battery!;
    const c2 = supplyChecks(fire, new Map()).find((c) => c.id === 'c2')!;
    expect(c1.id).toBe('c1');
    for (const check of [c1, c2]) {
      expect(page).toContain(squash(`${words.num(check.battery.capacity, 2)} Ah`));
      expect(page).toContain(squash(`${words.num(check.battery.configured!, 1)} Ah`));
      expect(page).toContain(squash(words.num(check.load.quiescentCurrent, 3)));
    }
    for (const id of ['c1', 'c2', 'psu1']) expect(page).toContain(id);
    expect(page).toContain(squash('+D1 Skåp 1'));
    expect(page).toContain(squash('+D2 Skåp 2'));
    expect(page).toContain(squash(words.transmitter));
    if (regulation === 'Nfpa72') {
      expect(page).toContain(squash('SLC 1 · Class A'));
      expect(page).toContain(squash('SLC 2 · Class B'));
    }
    if (regulation === 'Sbf1108') expect(page).toContain(squash('Larmöverföring: IP, sändare X200, nr 4711, mottagare SOS Alarm.'));
  });

  it('draws the DXF on a layer per kind, a box per loop and storey counting each zone’s devices by symbol as the model has them', async () => {
    const [file] = await files(key, model, regulation, 'dxf');
    expect(file!.name).toBe(`${title}.dxf`);
    const dxf = readDxf(file!.data);
    for (const layer of Object.values(LAYERS)) expect(dxf.layers, layer).toContain(layer);
    const boxes = readBoxes(dxf, (t) => expected.some((l) => l.heading === t));
    // One box per loop and storey it serves.
    expect(boxes).toHaveLength(expected.reduce((n, l) => n + l.counts.size, 0));
    for (const loop of expected) {
      const mine = boxes.filter((b) => b.loop === loop.heading);
      expect(new Set(mine.map((b) => b.storey))).toEqual(new Set(loop.counts.keys()));
      for (const box of mine) expect(box.counts, `${loop.heading} ${box.storey}`).toEqual(loop.counts.get(box.storey));
      // The isolators printed per storey add up to the engine's for the loop.
      expect(mine.reduce((n, b) => n + b.isolators, 0)).toBe(figures(loop.routeId)!.isolators);
    }
    // A panel symbol per rack; the network between them; no text below legibility.
    expect(dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === LAYERS.racks)).toHaveLength(2);
    expect(dxf.entities.filter((e) => e.layer === LAYERS.network).length).toBeGreaterThan(0);
    const heights = dxf.entities.filter((e) => e.type === 'TEXT').map((e) => (e as unknown as { textHeight: number }).textHeight);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(MIN_TEXT * 0.9 - 1e-9);
  });
});
