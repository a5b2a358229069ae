// The plan drawings of real IFC models of the corpus (../shared/ifc or IFC_CORPUS), designed with the fire engine as
// 'Design all' designs them, opened as their readers open them. Skipped, with a message, where the corpus is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Model, Regulation } from '@edrf/model';

/** What the tests read of a unit of any group. */
type Unit = { id: string; storey_id: string; coord: [number, number, number] };
import { extractIfc } from '@edrf/ifc';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts, pdfPngs, readDxf } from '../drawing/read-back.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { designedModel } from './designed.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const FILE = 'AC20-FZK-Haus.ifc';
const present = fs.existsSync(path.join(corpus, FILE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the plan drawings' corpus tests are skipped.`);

const INPUT = { date: '2026-11-28', documentStatus: 'Förfrågningsunderlag', designer: 'Anna Andersson', revision: 'A' };
const squash = (s: string) => s.replace(/\s+/g, '');

const REPORTS: [key: string, regulation: Regulation, address: ((section: string, address: number) => string) | null][] = [
  ['UkbsDevicePlacement', 'Bs5839', (s, a) => `Z${s}/${a}`],
  ['NfpaLayoutDrawings', 'Nfpa72', (s, a) => `${s}.${a}`],
  ['SbfInstallationsritning', 'Sbf1108', null],
  ['SbfServiceritning', 'Sbf1108', (s, a) => `${s}.${a}`],
];

describe.skipIf(!present)(`plan drawings of ${FILE}`, () => {
  const models = new Map<Regulation, Model>();
  beforeAll(async () => {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, FILE))));
    for (const regulation of ['Bs5839', 'Nfpa72', 'Sbf1108'] as const) models.set(regulation, designedModel(arch, regulation, 'FZK-Haus'));
  }, 120_000);

  const files = async (key: string, regulation: Regulation, format: 'pdf' | 'dxf') => {
    const out: ReportFile[] = [];
    for await (const f of renderReport(key, format, { model: models.get(regulation)!, regulation, ...INPUT })) out.push(f);
    return out;
  };
  /** The storeys with rooms, lowest first, each with its rooms' names and its units. */
  const storeys = (model: Model) =>
    Object.values(model.arch.storeys)
      .filter((s) => s.rooms.length > 0)
      .sort((a, b) => a.number - b.number || a.height.min_z - b.height.min_z)
      .map((s) => ({
        storey: s,
        rooms: s.rooms.map((id) => model.arch.rooms[id]!.name).filter(Boolean),
        units: (['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const).flatMap((g) =>
          Object.values<Unit>(model.fire!.units[g]).filter((u) => u.storey_id === s.id),
        ),
      }));

  it.each(REPORTS)(
    '%s: a page per storey with its rooms, units and title block; a DXF per storey with an insert per unit',
    async (key, regulation, address) => {
      const model = models.get(regulation)!;
      const expected = storeys(model);
      const [pdf] = await files(key, regulation, 'pdf');
      const pages = pdfPageTexts(pdf!.data);
      expect(pages).toHaveLength(expected.length);
      expect(pdfPngs(pdf!.data, 20)).toHaveLength(expected.length);
      const dxfs = await files(key, regulation, 'dxf');
      expect(dxfs).toHaveLength(expected.length);
      const addressOf = new Map<string, string>();
      for (const section of Object.values(model.fire!.sections))
        for (const [unit, n] of Object.entries(section.addresses)) addressOf.set(unit, address ? address(section.name, n) : '');
      expected.forEach(({ storey, rooms, units }, i) => {
        const page = squash(pages[i]!);
        for (const field of ['FZK-Haus', INPUT.documentStatus, INPUT.designer, INPUT.date, storey.name])
          expect(page, field).toContain(squash(field));
        for (const room of rooms) expect(page, room).toContain(squash(room));
        for (const unit of units) {
          const text = address ? addressOf.get(unit.id) : `h=${(unit.coord[2] - storey.height.min_z).toFixed(2)}`;
          if (text) expect(page, `${unit.id} ${text}`).toContain(text);
        }
        const dxf = readDxf(dxfs[i]!.data);
        expect(dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === 'F-UNIT')).toHaveLength(units.length);
        expect(dxf.entities.filter((e) => e.type === 'TEXT').map((e) => e.text)).toEqual(expect.arrayContaining(rooms));
      });
    },
  );

  it('SbfOrienteringsritning: a page per section with its rooms coloured and the way to the central', async () => {
    const model = models.get('Sbf1108')!;
    const sections = Object.values(model.fire!.sections).filter((s) => s.parts.length > 0);
    const [pdf] = await files('SbfOrienteringsritning', 'Sbf1108', 'pdf');
    const pages = pdfPageTexts(pdf!.data);
    expect(pages.length).toBeGreaterThanOrEqual(sections.length);
    for (const section of sections) expect(pages.some((p) => squash(p).includes(squash(`Sektion ${section.name}`)))).toBe(true);
    const dxfs = await files('SbfOrienteringsritning', 'Sbf1108', 'dxf');
    expect(dxfs).toHaveLength(sections.length);
    const layers = new Set(dxfs.flatMap((f) => readDxf(f.data).layers));
    for (const layer of ['F-SECTION', 'F-WAY', 'A-ROOM', 'A-ROOM-NAME']) expect(layers.has(layer), layer).toBe(true);
  });
});
