// The point-to-point drawings of a real IFC model of the corpus (../shared/ifc or IFC_CORPUS), designed with the fire
// engine as 'Design all' designs it (plans/designed.ts), opened as their readers open them. Skipped, with a message,
// where the corpus is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIfc } from '@edrf/ifc';
import { loopFiguresOf } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPngs, readDxf } from '../drawing/read-back.js';
import { designedModel } from '../plans/designed.js';
import { addressesOf, layoutTexts, p2pFiles, scheduleRows } from './test-read.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const FILE = 'AC20-FZK-Haus.ifc';
const present = fs.existsSync(path.join(corpus, FILE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the point-to-point corpus test is skipped.`);

describe.skipIf(!present)(`point-to-point drawings of ${FILE}`, () => {
  let model: Model;
  beforeAll(async () => {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, FILE))));
    model = designedModel(arch, 'Bs5839', 'FZK-Haus');
  }, 120_000);

  it('each loop’s schedule in cable order with the engine’s voltages, its panel’s battery, and its DXF chain', async () => {
    const fire = model.fire!;
    const figuresOf = loopFiguresOf({ arch: model.arch, fire });
    const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
    expect(loops.length).toBeGreaterThan(0);
    const [pdf] = await p2pFiles(model, 'pdf');
    const pages = layoutTexts(pdf!.data);
    expect(pdfPngs(pdf!.data, 20)).toHaveLength(pages.length);
    const printed = scheduleRows(pages);
    expect(printed).toHaveLength(loops.length);
    const addresses = addressesOf(model);
    const dxfs = await p2pFiles(model, 'dxf');
    loops.forEach((route, i) => {
      const f = figuresOf(route.id)!;
      const rows = printed[i]!;
      expect(rows.map((r) => r.address)).toEqual(f.members.map((m) => addresses.get(m.id)));
      rows.forEach((r, k) => {
        expect(Math.abs(Number(r.fromA) - f.voltages!.fromA.units[k]!.voltage)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(Number(r.fromB) - f.voltages!.fromB.units[k]!.voltage)).toBeLessThanOrEqual(0.005 + 1e-9);
      });
      const total = [...pages.join('\n').matchAll(/Total\s+\d+\.\d\d\s+(\d+\.\d\d)\s+(\d+\.\d)/g)][i]!;
      expect([total[1], total[2]]).toEqual([(f.load * 1000).toFixed(2), f.length.toFixed(1)]);
      expect(pages.join('\n').replace(/\s+/g, '')).toContain(`=${f.battery!.battery.capacity.toFixed(2)}Ah`);
      const dxf = readDxf(dxfs[i]!.data);
      expect(dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === 'F-P2P-DEVICE')).toHaveLength(f.members.length);
      const lengths = dxf.entities
        .filter((e) => e.type === 'TEXT' && e.layer === 'F-P2P-LENGTH')
        .map((e) => Number(e.text!.replace(' m', '')));
      expect(Math.abs(lengths.reduce((s, l) => s + l, 0) - f.length)).toBeLessThanOrEqual(0.05 * lengths.length);
    });
  });
});
