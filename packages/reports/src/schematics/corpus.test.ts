// The system schematics of a real IFC model of the corpus (../shared/ifc or IFC_CORPUS), designed as 'Design all'
// designs it, opened as their readers open them. Skipped, with a message, where the corpus is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model, Regulation } from '@edrf/model';
import { loopFiguresOf } from '@edrf/fire';
import { extractIfc } from '@edrf/ifc';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts, pdfPngs, readDxf } from '../drawing/read-back.js';
import { designedModel } from '../plans/designed.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { expectedLoops } from './expected.js';
import { riserWords } from './messages.js';
import { readBoxes } from './read-schematic.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const FILE = 'AC20-FZK-Haus.ifc';
const present = fs.existsSync(path.join(corpus, FILE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the schematics' corpus tests are skipped.`);

const INPUT = { date: '2026-11-28', documentStatus: 'For construction', designer: 'Anna Andersson', revision: 'A' };
const squash = (s: string) => s.replace(/\s+/g, '');

const SCHEMATICS: [key: string, regulation: Regulation][] = [
  ['UkbsRiserDiagram', 'Bs5839'],
  ['NfpaRiserDiagram', 'Nfpa72'],
  ['SbfOversiktsschema', 'Sbf1108'],
];

describe.skipIf(!present)(`system schematics of ${FILE}`, () => {
  const models = new Map<Regulation, Model>();
  beforeAll(async () => {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, FILE))));
    for (const [, regulation] of SCHEMATICS) models.set(regulation, designedModel(arch, regulation, 'FZK-Haus'));
  }, 120_000);

  const files = async (key: string, regulation: Regulation, format: 'pdf' | 'dxf') => {
    const out: ReportFile[] = [];
    for await (const f of renderReport(key, format, { model: models.get(regulation)!, regulation, ...INPUT })) out.push(f);
    return out;
  };

  it.each(SCHEMATICS)(
    '%s: the storeys, each loop with its devices per storey and zone, its cable and its panel’s battery',
    async (key, regulation) => {
      const model = models.get(regulation)!;
      const fire = model.fire!;
      const words = riserWords(regulation);
      const figures = loopFiguresOf({ arch: model.arch, fire });
      const expected = expectedLoops(model, regulation);
      expect(expected.length).toBeGreaterThan(0);

      const [pdf] = await files(key, regulation, 'pdf');
      const pages = pdfPageTexts(pdf!.data);
      expect(pages).toHaveLength(1);
      expect(pdfPngs(pdf!.data, 20)).toHaveLength(1);
      const page = squash(pages[0]!);
      for (const field of ['FZK-Haus', INPUT.documentStatus, INPUT.designer, INPUT.date]) expect(page, field).toContain(squash(field));
      const storeys = new Set(expected.flatMap((l) => [...l.counts.keys()]));
      for (const storey of storeys) expect(page, storey).toContain(squash(storey));
      for (const loop of expected) {
        expect(page).toContain(squash(loop.heading));
        const route = fire.connections.routes[loop.routeId]!;
        expect(page).toContain(squash(fire.config.products.cables.find((c) => c.id === route.product_id)!.name));
        const battery = figures(loop.routeId)!.battery!;
        expect(page).toContain(squash(`${words.num(battery.battery.capacity, 2)} Ah`));
      }

      const [dxf] = await files(key, regulation, 'dxf');
      const boxes = readBoxes(readDxf(dxf!.data), (t) => expected.some((l) => l.heading === t));
      expect(boxes).toHaveLength(expected.reduce((n, l) => n + l.counts.size, 0));
      for (const loop of expected) {
        const mine = boxes.filter((b) => b.loop === loop.heading);
        for (const box of mine) expect(box.counts, `${loop.heading} ${box.storey}`).toEqual(loop.counts.get(box.storey));
        expect(new Set(mine.map((b) => b.storey))).toEqual(new Set(loop.counts.keys()));
        expect(mine.reduce((n, b) => n + b.isolators, 0)).toBe(figures(loop.routeId)!.isolators);
      }
    },
  );
});
