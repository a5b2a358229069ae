// The three lists of a real IFC model of the corpus (../shared/ifc or IFC_CORPUS), designed as 'Design all' designs
// it under SBF 110:8, read back as their users read them. Skipped, with a message, where the corpus is absent.
import type { Model } from '@edrf/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOQ_LABELS } from '../boq/labels.js';
import { routeLength } from '../boq/quantities.js';
import { pdfPageTexts, pdfPngs } from '../drawing/read-back.js';
import { designedModel } from '../plans/designed.js';
import { corpusArch, corpusHas, FZK_HAUS as FILE } from '../test-support/corpus.js';
import { INPUT, renderOne, tableRecords, xlsxSheets } from '../test-support/read-back.js';
import { LIST_LABELS as L } from './labels.js';

const present = corpusHas(FILE, "the lists' corpus tests");

const BOQ = BOQ_LABELS.Sbf1108;
const squash = (s: string) => s.replace(/\s+/g, '');

describe.skipIf(!present)(`SBF lists of ${FILE}`, () => {
  let model: Model;
  beforeAll(async () => {
    model = designedModel(await corpusArch(FILE), 'Sbf1108', 'FZK-Haus');
  }, 120_000);

  it('Fördelningslista: every addressed unit once, each loop in its route’s node order, with the model’s addresses', async () => {
    const fire = model.fire!;
    const book = await xlsxSheets((await renderOne('SbfFordelningslista', 'xlsx', model)).data);
    const u = L.distribution.units;
    const rows = [...book.entries()]
      .filter(([name]) => name !== L.distribution.loops.title)
      .flatMap(([, sheet]) => tableRecords(sheet, u.loop));
    const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
    expect(loops.length).toBeGreaterThan(0);
    const addressed = new Map(
      Object.values(fire.sections).flatMap((s) => Object.entries(s.addresses).map(([id, a]) => [id, [s.name, a]] as const)),
    );
    for (const loop of loops) {
      const order = loop.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '' && !fire.units.racks[id]);
      const listed = rows.filter((r) => r[u.loop] === loop.id);
      expect(listed.map((r) => r[u.order])).toEqual(order.map((_, i) => i + 1));
      expect(listed.map((r) => [r[u.section], r[u.address]])).toEqual(order.map((id) => addressed.get(id) ?? ['', '']));
      for (const r of listed) expect(r[u.room], `${loop.id} ${String(r[u.order])}`).not.toBe('');
    }
    // Design all addresses every unit on a loop: the lists hold every address once.
    expect(rows).toHaveLength(addressed.size);
    const storeys = new Set(Object.values(model.arch.storeys).map((s) => s.name));
    for (const r of rows) expect(storeys.has(r[u.storey] as string)).toBe(true);
  });

  it('Kabellista: one row per route, its length the route’s, adding up to the bill’s measured metres', async () => {
    const fire = model.fire!;
    const t = L.cables.table;
    const rows = tableRecords((await xlsxSheets((await renderOne('SbfKabellista', 'xlsx', model)).data)).get(t.title)!, t.id);
    const cables = rows.filter((r) => r[t.id] !== L.sum);
    expect(cables.map((r) => r[t.id]).sort()).toEqual(Object.keys(fire.connections.routes).sort());
    for (const route of Object.values(fire.connections.routes))
      expect(cables.find((r) => r[t.id] === route.id)![t.length]).toBeCloseTo(routeLength(route), 9);
    const bill = await xlsxSheets((await renderOne('SbfBillOfQuantities', 'xlsx', model)).data);
    const boqSum = tableRecords(bill.get(BOQ.cables.title)!, BOQ.cables.product).at(-1)!;
    const listed = cables.reduce((s, r) => s + (r[t.length] as number), 0);
    expect(Math.abs(listed - (boqSum[BOQ.cables.measured] as number))).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  it('Stycklista: the rack with its central; the whole job as the bill counts it', async () => {
    const p = L.parts;
    const book = await xlsxSheets((await renderOne('SbfStycklista', 'xlsx', model)).data);
    const racks = tableRecords(book.get(p.racks.title)!, p.racks.rack);
    expect(racks).toHaveLength(Object.keys(model.fire!.units.racks).length);
    const parts = tableRecords(book.get(p.perRack.title)!, p.perRack.rack);
    // A central is a -K unit (SS-EN 81346-2), its cards beside it under the same designation.
    const centrals = parts.filter(
      (r) => /^-K\d+$/.test(String(r[p.perRack.designation])) && r[p.perRack.category] !== p.perRack.kinds.extension,
    );
    expect(centrals).toHaveLength(Object.keys(model.fire!.connections.centrals).length);
    expect(centrals.map((r) => r[p.perRack.category])).toContain('Huvudcentral');
    const bill = await xlsxSheets((await renderOne('SbfBillOfQuantities', 'xlsx', model)).data);
    const billed = tableRecords(bill.get(BOQ.products.title)!, BOQ.products.category).filter(
      (r) => r[BOQ.products.category] !== BOQ.products.sum,
    );
    const job = tableRecords(book.get(p.job.title)!, p.job.pos).filter(
      (r) => r[p.job.unit] === p.job.pieces && r[p.job.category] !== p.job.sumPieces,
    );
    expect(job.map((r) => [r[p.job.category], r[p.job.product], r[p.job.count]]).sort()).toEqual(
      billed.map((r) => [r[BOQ.products.category], r[BOQ.products.product], r[BOQ.products.total]]).sort(),
    );
  });

  it.each([
    ['SbfFordelningslista', L.distribution.title],
    ['SbfKabellista', L.cables.title],
    ['SbfStycklista', L.parts.title],
  ])('%s pdf: the title block on every page; every page renders', async (key, title) => {
    const file = await renderOne(key, 'pdf', model);
    const pages = pdfPageTexts(file.data);
    expect(pages.length).toBeGreaterThan(0);
    expect(pdfPngs(file.data, 30)).toHaveLength(pages.length);
    expect(pages.join('\n')).not.toContain('…');
    pages.forEach((page, i) => {
      for (const s of ['FZK-Haus', title, INPUT.documentStatus, INPUT.designer, INPUT.date, `Sida ${i + 1} av ${pages.length}`])
        expect(squash(page), s).toContain(squash(s));
    });
  });
});
