import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Model, type Regulation } from '@edrf/model';
import { renderOne, tableRecords, xlsxSheets } from '../test-support/read-back.js';
import { BOQ_LABELS } from './labels.js';
import { boqModel } from './test-model.js';

const KEYS: Record<Regulation, string> = { Sbf1108: 'SbfBillOfQuantities', Bs5839: 'UkbsBillOfQuantities', Nfpa72: 'NfpaBillOfQuantities' };

const render = (regulation: Regulation, format: 'xlsx' | 'pdf', model = boqModel(regulation)) =>
  renderOne(KEYS[regulation], format, model, regulation);

/** Everything the bill should count on each storey, counted from the model: units, physical racks, rack contents. */
function itemsPerStorey(model: Model): Map<string, number> {
  const fire = model.fire!;
  const count = new Map<string, number>();
  const add = (storeyId: string) => count.set(storeyId, (count.get(storeyId) ?? 0) + 1);
  for (const group of ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const)
    for (const u of Object.values(fire.units[group])) add(u.storey_id);
  for (const rack of Object.values(fire.units.racks)) if (rack.physical) add(rack.storey_id);
  const rackStorey = (id: string) => fire.units.racks[id]!.storey_id;
  for (const group of ['centrals', 'plinths', 'power_supplies', 'others'] as const)
    for (const u of Object.values(fire.connections[group])) add(rackStorey(u.rack_id));
  for (const c of Object.values(fire.connections.centrals)) for (const e of c.extensions) if (e !== '') add(rackStorey(c.rack_id));
  return count;
}

/** Plan segments of the routes on storey P1 that cross the line x = 10 (the rated wall w1), counted geometrically. */
function crossingsOfW1(model: Model): number {
  let n = 0;
  for (const route of Object.values(model.fire!.connections.routes))
    for (const slice of route.slices.filter((s) => s.storey_id === 'P1'))
      for (let i = 1; i < slice.nodes.length; i++) {
        const [a, b] = [slice.nodes[i - 1]!.coord[0], slice.nodes[i]!.coord[0]];
        if (Math.min(a, b) < 10 && Math.max(a, b) > 10) n++;
      }
  return n;
}

describe('bill of quantities', () => {
  for (const regulation of REGULATIONS) {
    const labels = BOQ_LABELS[regulation];

    it(`${regulation}: the xlsx counts every product per storey and in total, as the model has them`, async () => {
      const model = boqModel(regulation);
      const book = await xlsxSheets((await render(regulation, 'xlsx', model)).data);
      expect([...book.keys()]).toEqual([labels.products.title, labels.cables.title, labels.racks.title, labels.seals.title]);

      const products = book.get(labels.products.title)!;
      // The title block in the first rows.
      expect(products[0]).toEqual([
        labels.titleBlock.project,
        'Kv. Ugglan',
        labels.titleBlock.title,
        labels.title,
        labels.titleBlock.date,
        '2026-03-14',
      ]);
      expect(products.flat()).toContain('Anna Ängström');
      expect(products.flat()).toContain('Bygghandling');

      const rows = tableRecords(products, labels.products.category);
      const expected = itemsPerStorey(model);
      const sum = rows.at(-1)!;
      expect(sum[labels.products.category]).toBe(labels.products.sum);
      expect(sum['Plan 1']).toBe(expected.get('P1'));
      expect(sum['Plan 2']).toBe(expected.get('P2'));
      expect(sum[labels.products.total]).toBe(expected.get('P1')! + expected.get('P2')!);
      // Each category's rows add up to that group's units on each storey.
      const detectorRows = rows.filter((r) => r[labels.products.category] === labels.groups.detectors);
      const detectors = Object.values(model.fire!.units.detectors);
      for (const [storey, name] of [
        ['P1', 'Plan 1'],
        ['P2', 'Plan 2'],
      ] as const)
        expect(detectorRows.reduce((s, r) => s + (r[name] as number), 0)).toBe(detectors.filter((d) => d.storey_id === storey).length);
      // The button has no product: listed under the 'no product' name.
      expect(rows.find((r) => r[labels.products.category] === labels.groups.buttons)?.[labels.products.product]).toBe(labels.noProduct);
      // Every row's total is the sum of its storeys.
      for (const r of rows) expect(r[labels.products.total]).toBe((r['Plan 1'] as number) + (r['Plan 2'] as number));
    });

    it(`${regulation}: cable metres are the routes' 3D lengths with the stated allowance, seals one per wall crossing`, async () => {
      const model = boqModel(regulation);
      const book = await xlsxSheets((await render(regulation, 'xlsx', model)).data);
      const cable = tableRecords(book.get(labels.cables.title)!, labels.cables.product);
      // Worked by hand (test-model.ts): loop 4 + 10 + 3 (up) + 3 = 20 m and 4 units; rack to rack 1 + 3 + 1 = 5 m and
      // 2 units. Allowance 10 % + 2 m per unit = 2.5 + 12 = 14.5 m; 39.5 m rounds up to 40 m to order.
      const cableProduct = model.fire!.config.products.cables[0]!;
      expect(cable[0]).toMatchObject({
        [labels.cables.product]: cableProduct.name,
        [labels.cables.routes]: 2,
        [labels.cables.measured]: 25,
        [labels.cables.units]: 6,
        [labels.cables.allowance]: 14.5,
        [labels.cables.total]: 40,
      });
      expect(cable.at(-1)).toMatchObject({ [labels.cables.total]: 40 });

      const seals = tableRecords(book.get(labels.seals.title)!, labels.seals.storey);
      expect(seals[0]).toEqual({
        [labels.seals.storey]: 'Plan 1',
        [labels.seals.rating]: 'EI 60',
        [labels.seals.count]: crossingsOfW1(model),
      });
      expect(seals.at(-1)![labels.seals.count]).toBe(crossingsOfW1(model));

      const racks = tableRecords(book.get(labels.racks.title)!, labels.racks.rack);
      const inRack = (label: string) =>
        racks.filter((r) => r[labels.racks.rack] === label).reduce((s, r) => s + ((r[labels.racks.count] as number) || 0), 0);
      const conn = model.fire!.connections;
      const contents = (rack: string) =>
        [conn.centrals, conn.plinths, conn.power_supplies, conn.others].flatMap((g) => Object.values(g)).filter((u) => u.rack_id === rack)
          .length +
        Object.values(conn.centrals)
          .filter((c) => c.rack_id === rack)
          .flatMap((c) => c.extensions.filter((e) => e !== '')).length;
      // Named as every SBF document names a rack (test-model.ts): r1 by its room record and label, r2 (no room record)
      // by its label, listed last; the room is the room record's.
      expect([...new Set(racks.map((r) => r[labels.racks.rack]))]).toEqual(['+D1 Skåp 1', 'Skåp 2']);
      expect(inRack('+D1 Skåp 1')).toBe(contents('r1'));
      expect(inRack('Skåp 2')).toBe(contents('r2'));
      expect(racks.find((r) => r[labels.racks.rack] === '+D1 Skåp 1')?.[labels.racks.room]).toBe('Förråd Å');
    });

    it(`${regulation}: the PDF prints the title block, the storeys, the products and the totals`, async () => {
      const model = boqModel(regulation);
      const file = await render(regulation, 'pdf', model);
      expect(file.name.endsWith('.pdf')).toBe(true);
      const dir = mkdtempSync(path.join(tmpdir(), 'boq-'));
      const pdf = path.join(dir, 'boq.pdf');
      writeFileSync(pdf, file.data);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      for (const expected of [
        'Kv. Ugglan',
        'Storgatan 1, Växjö',
        'Fastighets AB Ω',
        'Anna Ängström',
        'Bygghandling',
        '2026-03-14',
        labels.title,
        'Plan 1',
        'Plan 2',
        '+D1 Skåp 1',
        'Förråd Å',
        'EI 60',
        labels.cables.note.slice(0, 30),
      ])
        expect(text).toContain(expected);
      for (const product of model.fire!.config.products.detectors.filter((p) =>
        Object.values(model.fire!.units.detectors).some((d) => d.product_id === p.id),
      ))
        expect(text).toContain(product.name);
      const items = itemsPerStorey(model);
      const sumLine = text.split('\n').find((line) => line.trim().startsWith(labels.products.sum))!;
      expect(sumLine.trim().split(/\s+/).slice(1).map(Number)).toEqual([
        items.get('P1'),
        items.get('P2'),
        items.get('P1')! + items.get('P2')!,
      ]);
      expect(text).toContain(labels.titleBlock.page(1, 1));
      // pdftoppm renders it (the page is a valid PDF page).
      execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdf, path.join(dir, 'page')]);
    });
  }
});
